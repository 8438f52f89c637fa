// Runs nmap (-sT -oX -) as a child process without a shell and returns its result in the scanner's shape.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { formatPortSpec } from '../ports/spec.ts';
import { expandTargets, type TargetOptions } from '../targets/expand.ts';
import { formatIp, familyBits } from '../targets/ip.ts';
import { toCidrs } from '../targets/intervals.ts';
import type { HostResult } from '../types.ts';
import { parseNmapXml, type NmapRun } from './parse.ts';

export const DEFAULT_NMAP_PATH = '/usr/bin/nmap';

export interface NmapOptions extends TargetOptions {
  targets: readonly string[];
  exclude?: readonly string[];
  tcpPorts: readonly number[];
  /** -sV: service and version detection. */
  serviceDetection?: boolean;
  /** 'none' adds -Pn (consider every host up); anything else leaves nmap's own discovery. */
  discovery?: 'tcp' | 'icmp' | 'both' | 'none';
  /** Reverse DNS for every address (nmap's default); off by default here (-n), as it is slow and noisy. */
  reverseDns?: boolean;
  signal?: AbortSignal;
  nmapPath?: string;
  /** Also keep closed and filtered ports. */
  reportClosed?: boolean;
  /** nmap timing template -T0 … -T5 (nmap's default is 3). */
  timing?: 0 | 1 | 2 | 3 | 4 | 5;
}

export class NmapError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'NmapError';
  }
}

/** Whether an executable nmap exists at the path. */
export async function nmapAvailable(path = DEFAULT_NMAP_PATH): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The nmap argument list. Targets are expanded by our own rules first (de-duplicated, exclusions applied,
 * IPv4 network and broadcast addresses left out, capped) and handed to nmap as the exact CIDR blocks of
 * what is left, so both engines scan the same hosts. nmap needs -6 for IPv6, so one run takes one family.
 */
export async function nmapArguments(
  options: NmapOptions,
): Promise<{ family: 4 | 6; args: string[]; names: ReadonlyMap<string, readonly string[]> }[]> {
  if (options.tcpPorts.length === 0) throw new RangeError('nmap needs at least one TCP port.');
  const set = await expandTargets(options.targets, options.exclude ?? [], options);
  const base = ['-sT', '-oX', '-', '-p', formatPortSpec(options.tcpPorts)];
  if (options.serviceDetection) base.push('-sV');
  if (options.timing !== undefined) base.push(`-T${options.timing}`);
  if (options.discovery === 'none') base.push('-Pn');
  if (!options.reverseDns) base.push('-n');
  const runs: { family: 4 | 6; args: string[]; names: ReadonlyMap<string, readonly string[]> }[] = [];
  for (const family of [4, 6] as const) {
    const blocks = set.intervals
      .filter((i) => i.family === family)
      .flatMap((i) => toCidrs(i.start, i.end, familyBits(family)))
      .map(([start, prefix]) => (prefix === familyBits(family) ? formatIp(family, start) : `${formatIp(family, start)}/${prefix}`));
    if (blocks.length) runs.push({ family, args: [...base, ...(family === 6 ? ['-6'] : []), ...blocks], names: set.names });
  }
  return runs;
}

function runOnce(path: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(e));
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new NmapError(`nmap exited with ${code ?? 'a signal'}: ${stderr.trim().split('\n')[0] ?? ''}`, code, stderr));
    });
  });
}

/** Runs nmap over the targets and returns its hosts (up ones) in address order; rejects with AbortError on abort. */
export async function runNmap(options: NmapOptions): Promise<NmapRun> {
  const path = options.nmapPath ?? DEFAULT_NMAP_PATH;
  const runs = await nmapArguments(options);
  const hosts: HostResult[] = [];
  const down: string[] = [];
  let summary: string | undefined;
  for (const run of runs) {
    const xml = await runOnce(path, run.args, options.signal);
    const parsed = parseNmapXml(xml, { openOnly: !options.reportClosed });
    for (const host of parsed.hosts) {
      host.hostnames = [...new Set([...(run.names.get(host.address) ?? []), ...host.hostnames])];
      hosts.push(host);
    }
    down.push(...parsed.down);
    summary = parsed.summary;
  }
  return { hosts, down, summary };
}
