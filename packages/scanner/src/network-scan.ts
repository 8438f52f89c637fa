// One network scan from targets to findings: the native or nmap engine, service identification, then checks.
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { loadTemplates, runChecks, type CheckTemplate } from './checks/index.ts';
import { startCheckCallbacks } from './checks/callbacks.ts';
import type { CheckCallbacks } from './checks/run.ts';
import { runNmap } from './nmap/index.ts';
import { scanNetwork, type ScanNetworkOptions } from './net/index.ts';
import { identifyService, identifyUdpService } from './services/index.ts';
import type { Finding, HostResult, ScanEvent, ScanResult } from './types.ts';
import { lookAtLinuxHost } from './auth/linux-look.ts';
import type { HostAuth, LinuxLogin } from './auth/types.ts';
import { lookAtWindowsHost, type WindowsLogin } from './auth/smb-login.ts';
import { policyNotEvaluated, type PreparedPolicy } from './policy/task.ts';
import { sessionRunner } from './policy/runner.ts';

export type Engine = 'native' | 'nmap';

export interface NetworkScanOptions extends Omit<ScanNetworkOptions, 'identifyService' | 'runChecks'> {
  engine?: Engine;
  /** Identify service, product and version on open ports (default true). */
  serviceDetection?: boolean;
  /** Run the check templates (default true). */
  checks?: boolean;
  /** Folder of YAML check templates (default: the shipped `checks/`). */
  checksDir?: string;
  /** Already loaded templates (a probe loads them once for many tasks). */
  templates?: CheckTemplate[];
  /** Tests the profile names one by one: community web templates among them run on every web port (see runChecks). */
  namedTests?: ReadonlySet<string>;
  /** Timeout of each service-identification attempt, ms. */
  serviceTimeoutMs?: number;
  /** Linux credentials for an authenticated look at each live host (tried in order), and the host keys pinned per address. */
  linuxLogins?: readonly LinuxLogin[];
  pinnedHostKeys?: Readonly<Record<string, string>>;
  /** Windows credentials: SMB with NTLMv2 on hosts no Linux login reached (tried in order). */
  windowsLogins?: readonly WindowsLogin[];
  /** A policy scan: the policy evaluated on each host in the authenticated session. */
  policy?: PreparedPolicy;
  /**
   * The address the out-of-band callback listener listens on and hands to targets (community templates with
   * {{interactsh-url}}); default: it listens on all addresses and each target gets the probe's address on its route.
   */
  oobHost?: string;
}

/**
 * Whether to try a login on the host: the credential's port is open, or the scan did not probe it (a profile without
 * port 22 still gets its authenticated look).
 */
function sshReachable(host: HostResult, port: number): boolean {
  const seen = host.ports.find((p) => p.protocol === 'tcp' && p.port === port);
  return seen ? seen.state === 'open' : true;
}

/** The authenticated look after the checks; its failures are scan errors of the host (auth failed 4). */
async function authenticatedLook(
  host: HostResult,
  options: NetworkScanOptions,
  signal: AbortSignal,
  onEvent: (event: ScanEvent) => void,
): Promise<void> {
  // A port an exception keeps the scan away from is not logged in to either.
  const blocked = options.portExceptions?.of(host.address);
  const logins = (options.linuxLogins ?? []).filter((l) => sshReachable(host, l.port) && !blocked?.has(l.port));
  const policy = options.policy;
  let auth: HostAuth | null = null;
  if (logins.length > 0 && !signal.aborted)
    auth = await lookAtLinuxHost(host.address, logins, {
      pinnedHostKey: options.pinnedHostKeys?.[host.address],
      signal,
      ...(policy
        ? {
            withSession: async (session, a) => {
              try {
                host.policy = await policy.evaluate(sessionRunner(session), { privileged: a.privileged, signal });
              } catch (err) {
                if (signal.aborted) throw err;
                host.policy = policyNotEvaluated(
                  policy,
                  `The policy could not be evaluated: ${err instanceof Error ? err.message : String(err)}`,
                );
              }
            },
          }
        : {}),
    });
  else if (policy && !signal.aborted)
    host.policy = policyNotEvaluated(policy, 'No SSH port of the profile’s credentials is open on this host.');
  // Windows: when no Linux login reached the host (none given, or nothing answered on SSH), SMB with the Windows ones.
  const windows = options.windowsLogins ?? [];
  if (
    windows.length > 0 &&
    !signal.aborted &&
    (!auth || auth.health === 'connection_failed') &&
    sshReachable(host, 445) &&
    !blocked?.has(445)
  ) {
    const smb = await lookAtWindowsHost(host.address, windows, { signal, timeoutMs: 5000 });
    if (smb && (!auth || smb.health !== 'connection_failed')) auth = smb;
  }
  if (!auth) return;
  host.auth = auth;
  if (policy && !host.policy) host.policy = policyNotEvaluated(policy, auth.message || 'The host could not be logged in to.');
  if (auth.health === 'auth_failed' || auth.health === 'host_key_changed')
    onEvent({ type: 'error', error: { type: SCAN_ERROR_TYPE.auth_failed, message: auth.message, host: host.address } });
}

export async function runNetworkScan(options: NetworkScanOptions, onEvent: (event: ScanEvent) => void = () => {}): Promise<ScanResult> {
  let templates = options.templates;
  const errors: ScanResult['errors'] = [];
  if ((options.checks ?? true) && !templates) {
    const loaded = await loadTemplates(options.checksDir);
    templates = loaded.templates;
    for (const r of loaded.refused) {
      const error = { type: SCAN_ERROR_TYPE.internal, message: `Check template ${r.file} refused: ${r.reason}` };
      errors.push(error);
      onEvent({ type: 'error', error });
    }
  }
  const checks = (options.checks ?? true) && templates && templates.length > 0 ? templates : undefined;
  const authenticated = (options.linuxLogins?.length ?? 0) > 0 || (options.windowsLogins?.length ?? 0) > 0 || options.policy !== undefined;
  // One callback listener per scan, only when a selected template needs it (see checks/callbacks.ts).
  const oob = checks?.some((t) => t.interactsh) ? await startCheckCallbacks(options.oobHost) : undefined;
  try {
    return await scanWith(options, checks, authenticated, errors, oob, onEvent);
  } finally {
    await oob?.close();
  }
}

async function scanWith(
  options: NetworkScanOptions,
  checks: CheckTemplate[] | undefined,
  authenticated: boolean,
  errors: ScanResult['errors'],
  oob: CheckCallbacks | undefined,
  onEvent: (event: ScanEvent) => void,
): Promise<ScanResult> {
  const detect = options.serviceDetection ?? true;
  const checkHost =
    checks || authenticated
      ? async (host: HostResult, signal: AbortSignal): Promise<Finding[]> => {
          const findings = checks ? await runChecks(checks, host, { signal, namedTests: options.namedTests, oob }) : [];
          if (authenticated) await authenticatedLook(host, options, signal, onEvent);
          return findings;
        }
      : undefined;

  if ((options.engine ?? 'native') === 'nmap') {
    const started = new Date();
    const run = await runNmap({
      targets: options.targets,
      exclude: options.exclude,
      // nmap cannot skip a port on some hosts only: a port an exception names is skipped on every host.
      tcpPorts: (options.tcpPorts ?? []).filter((p) => !options.portExceptions?.all.has(p)),
      serviceDetection: detect,
      discovery: options.discovery,
      signal: options.signal,
      maxHosts: options.maxHosts,
    });
    let done = 0;
    for (const host of run.hosts) {
      onEvent({ type: 'host', address: host.address, alive: true, hostnames: host.hostnames });
      for (const port of host.ports) onEvent({ type: 'port', address: host.address, port });
      if (checkHost) {
        host.findings = await checkHost(host, options.signal ?? new AbortController().signal);
        for (const finding of host.findings) onEvent({ type: 'finding', address: host.address, finding });
      }
      done += 1;
      onEvent({ type: 'progress', percent: Math.round((done / run.hosts.length) * 100), hostsDone: done, hostsTotal: run.hosts.length });
      onEvent({ type: 'host-done', host });
    }
    const finished = new Date();
    return {
      hosts: run.hosts,
      errors,
      stats: {
        hostsTotal: run.hosts.length + run.down.length,
        hostsUp: run.hosts.length,
        portsProbed: (run.hosts.length + run.down.length) * (options.tcpPorts?.length ?? 0),
        openPorts: run.hosts.reduce((n, h) => n + h.ports.filter((p) => p.state === 'open').length, 0),
        startedAt: started.toISOString(),
        finishedAt: finished.toISOString(),
        durationMs: finished.getTime() - started.getTime(),
      },
    };
  }

  const result = await scanNetwork(
    {
      ...options,
      identifyService: detect
        ? (host, port, signal) =>
            port.protocol === 'udp'
              ? identifyUdpService(host, port.port, { signal })
              : identifyService(host, port.port, { signal, timeoutMs: options.serviceTimeoutMs })
        : undefined,
      runChecks: checkHost,
    },
    onEvent,
  );
  return { ...result, errors: [...errors, ...result.errors] };
}
