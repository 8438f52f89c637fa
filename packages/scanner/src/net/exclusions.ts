// Exceptions in a network scan (issue 29): addresses, ranges, networks and host names the customer keeps out of
// scanning. A whole-address exception becomes an exclusion of the targets, so the host is never discovered, pinged or
// connected to; one with a port leaves only that port alone on those addresses (discovery included). What they left
// out of the task's targets is reported as scan errors, so the run shows it.
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { lookup } from 'node:dns/promises';
import { count, normalize, subtract, type Interval } from '../targets/intervals.ts';
import { formatIp, parseIp, type IpFamily } from '../targets/ip.ts';
import { parseTarget } from '../targets/parse.ts';
import type { ScanError } from '../types.ts';

/** One exception as the task spec carries it: an address, range `a-b`, network `a/m` or host name, maybe one port. */
export interface ScanException {
  /** The server's id, named in what the run reports. */
  id?: number;
  value: string;
  port?: number;
}

interface Block {
  family: IpFamily;
  set: Interval[];
}

/** Ports a scan must not ask of particular addresses. */
export interface PortExceptions {
  /** The ports never asked of this address (undefined: none). */
  of(address: string): ReadonlySet<number> | undefined;
  /** Every port some exception names (an engine that cannot skip per host skips these everywhere). */
  readonly all: ReadonlySet<number>;
}

export interface PreparedExceptions {
  /** Whole-address exceptions as exclusion texts (`a-b`), host names already resolved. */
  exclude: string[];
  ports: PortExceptions;
  /** What the exceptions leave out of these targets: one error each (empty target, 2) that left something out. */
  leftOut(targets: readonly string[]): Promise<ScanError[]>;
}

type Resolve = (name: string) => Promise<string[]>;

async function defaultResolve(name: string): Promise<string[]> {
  return (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
}

/** The address blocks of one text; a name that does not resolve here has none (nothing of it can be scanned either). */
async function blocksOf(text: string, resolve: Resolve, whole: boolean): Promise<Block[]> {
  let parsed;
  try {
    parsed = parseTarget(text, whole);
  } catch {
    return [];
  }
  if (parsed.kind === 'interval') return [{ family: parsed.family, set: [[parsed.start, parsed.end]] }];
  let addresses: string[];
  try {
    addresses = await resolve(parsed.name);
  } catch {
    return [];
  }
  const out: Block[] = [];
  for (const a of addresses) {
    const ip = parseIp(a.split('%')[0]!);
    if (ip) out.push({ family: ip.family, set: [[ip.value, ip.value]] });
  }
  return out;
}

const byFamily = (blocks: readonly Block[], family: IpFamily): Interval[] =>
  normalize(blocks.filter((b) => b.family === family).flatMap((b) => b.set));

/** Resolves the exceptions' names once, for the whole task. */
export async function prepareExceptions(
  exceptions: readonly ScanException[],
  resolve: Resolve = defaultResolve,
): Promise<PreparedExceptions> {
  const resolved = await Promise.all(exceptions.map(async (e) => ({ e, blocks: await blocksOf(e.value, resolve, true) })));
  const exclude: string[] = [];
  const portRules: { family: IpFamily; set: Interval[]; port: number }[] = [];
  for (const { e, blocks } of resolved) {
    for (const b of blocks) {
      if (e.port === undefined) for (const [s, t] of b.set) exclude.push(`${formatIp(b.family, s)}-${formatIp(b.family, t)}`);
      else portRules.push({ family: b.family, set: b.set, port: e.port });
    }
  }
  const all = new Set(portRules.map((r) => r.port));
  const ports: PortExceptions = {
    all,
    of(address) {
      if (portRules.length === 0) return undefined;
      const ip = parseIp(address);
      if (!ip) return undefined;
      let found: Set<number> | undefined;
      for (const r of portRules)
        if (r.family === ip.family && r.set.some(([s, t]) => ip.value >= s && ip.value <= t)) (found ??= new Set()).add(r.port);
      return found;
    },
  };
  return {
    exclude,
    ports,
    async leftOut(targets) {
      const targetBlocks = (await Promise.all(targets.map((t) => blocksOf(t, resolve, false)))).flat();
      const errors: ScanError[] = [];
      for (const { e, blocks } of resolved) {
        let n = 0n;
        for (const family of [4, 6] as const) {
          const t = byFamily(targetBlocks, family);
          const x = byFamily(blocks, family);
          n += count(t) - count(subtract(t, x));
        }
        if (n === 0n) continue;
        const what = e.port === undefined ? `${n} address${n === 1n ? '' : 'es'}` : `port ${e.port} on ${n} address${n === 1n ? '' : 'es'}`;
        errors.push({
          type: SCAN_ERROR_TYPE.empty_target,
          message: `Left out by exception${e.id !== undefined ? ` #${e.id}` : ''} (${e.value}${e.port !== undefined ? `, port ${e.port}` : ''}): ${what} not scanned.`,
          host: e.value,
        });
      }
      return errors;
    },
  };
}
