// Runs one scan task for a probe (built-in or remote): the network scan of its targets with its profile's ports and
// tests, progress reported back about once a second with the hosts finished since the last report (so the server
// holds the task's checkpoint and result, and neither side resends what it already has), pause and cancel taken from
// the answers.
import { setMaxListeners } from 'node:events';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { communityTemplates, loadTemplates, type CheckTemplate, type CommunityCache, type CommunityTemplate } from '../checks/index.ts';
import { runNetworkScan, type NetworkScanOptions } from '../network-scan.ts';
import { profilePorts, type ProfilePortFields } from '../ports/index.ts';
import type { Checkpoint, HostResult, ScanError, ScanResult } from '../types.ts';
import type { LinuxLogin } from '../auth/types.ts';
import type { WindowsLogin } from '../auth/smb-login.ts';
import { preparePolicy, type PolicyContent, type PreparedPolicy } from '../policy/task.ts';
import { runWebScan } from '../web/engine.ts';
import { runCloudScan } from '../cloud/engine.ts';
import type { WebScanProgress, WebScanResult, WebScanSpec } from '../web/types.ts';
import type { CloudScanProgress, CloudScanResult, CloudScanSpec } from '../cloud/types.ts';
import { prepareExceptions, type ScanException } from '../net/exclusions.ts';
import { ClusterScans, type KubernetesScanLogin } from '../kube/scan.ts';

/** What a probe is told to do; plain JSON so it can travel over HTTP to a remote probe. */
export interface TaskSpec {
  id: number;
  targets: string[];
  exclude: string[];
  /**
   * The customer's exceptions (issue 29): addresses, ranges, networks and host names never scanned (with a port: only
   * that port is left alone). Unlike `exclude` (the scan's own), a host name that does not resolve here is no error.
   */
  exceptions?: ScanException[];
  /** The profile's port fields (the rest of a profile is ignored here). */
  profile: ProfilePortFields;
  /** Hosts an earlier attempt finished: skipped and kept in the result. */
  checkpoint: Checkpoint | null;
  /** Ids of the check templates to run; undefined runs them all, [] runs none. */
  tests?: string[];
  /**
   * The community templates (BULWARK_CHECKS_DIRS on the server) among those: the server sends them, so a remote probe
   * runs the same checks as the built-in one without a copy of the operator's folders.
   */
  community?: CommunityTemplate[];
  /** Tests the profile names one by one (plus_tests): community web templates among them run on every web port. */
  namedTests?: string[];
  /**
   * Credentials for the authenticated look, sent only with the task that uses them (decrypted by the server for this
   * task; the probe drops them when the task ends), and the SSH host keys pinned per address.
   */
  credentials?: {
    linux: LinuxLogin[];
    windows?: WindowsLogin[];
    pinnedHostKeys: Record<string, string>;
    /**
     * The profile's Kubernetes credential (kubernetes_auth, issue 32): each cluster is read through its API beside the
     * network scan, and its findings go on the API server's host (kube/scan.ts).
     */
    kubernetesLogins?: KubernetesScanLogin[];
  };
  /**
   * A policy scan: the policy's content, evaluated on each host over the credentials' session (no service
   * identification, no checks: the ports are only the credentials' SSH ports).
   */
  policy?: PolicyContent;
  /**
   * A web-application scan (or, with `discovery`, a crawl only) of one web application: the targets and the port
   * fields are not used. Its progress travels in the reports' `web`, its result in the outcome's `web`.
   */
  web?: WebScanSpec;
  /**
   * A cloud scan of one provider account (issue 32): the targets and port fields are not used. Its progress travels
   * in the reports' `cloud`, its result in the outcome's `cloud`.
   */
  cloud?: CloudScanSpec;
}

export interface TaskReport {
  progress: number;
  hostsDone: number;
  hostsTotal: number;
  /**
   * Hosts finished since the previous report that went through (down ones too): the server adds them to the task's
   * checkpoint and result. A report that fails hands its hosts on to the next one.
   */
  hosts: HostResult[];
  /** Errors since the previous report. */
  errors: ScanError[];
  /** A web task's progress (URLs found, requests sent, the phase, the sign-in state). */
  web?: WebScanProgress;
  /** A cloud task's progress (phase, calls, resources, regions). */
  cloud?: CloudScanProgress;
}

/** The server's answer to a report: carry on, or pause (keep a checkpoint) or cancel the task. */
export type TaskDecision = 'continue' | 'pause' | 'cancel';

export interface TaskHooks {
  report(report: TaskReport): Promise<TaskDecision>;
}

/**
 * How a task ended. 'done': the result's hosts are those no report delivered (none when every report went through
 * and `keepHosts` is off; every host when it is on). 'stopped': the finished hosts no report delivered, which the
 * server adds to the checkpoint it already holds.
 */
export type TaskOutcome =
  | { outcome: 'done'; result: ScanResult; web?: WebScanResult; cloud?: CloudScanResult }
  | { outcome: 'stopped'; hosts: HostResult[]; web?: WebScanResult; cloud?: CloudScanResult }
  // Cancelled and failed tasks carry the hosts they finished that no report delivered: results are never thrown away.
  // A web task's outcome carries what it found so far in `web` (its site map and findings), whatever the outcome.
  | { outcome: 'cancelled'; hosts?: HostResult[]; web?: WebScanResult; cloud?: CloudScanResult }
  | { outcome: 'failed'; message: string; hosts?: HostResult[]; web?: WebScanResult; cloud?: CloudScanResult };

export interface ExecuteOptions {
  /** Templates loaded once by the probe (otherwise the shipped ones are loaded for this task). */
  templates?: CheckTemplate[];
  /** The probe's parsed community templates, kept across tasks (each task carries them again). */
  communityCache?: CommunityCache;
  /** Longest quiet time between two reports, ms (default 1,000). */
  reportEveryMs?: number;
  /** A report goes out early once this many hosts finished since the last one (default 1,000). */
  reportHosts?: number;
  /**
   * Keep every host in the 'done' result as well (default true). Probes turn it off: their hosts reach the server
   * in the reports, so a task of thousands of hosts is never held whole.
   */
  keepHosts?: boolean;
  /** Engine settings passed through (timeouts, concurrency, discovery …). */
  scan?: Omit<NetworkScanOptions, 'targets' | 'exclude' | 'tcpPorts' | 'udpPorts' | 'checkpoint' | 'signal' | 'templates' | 'keepHosts'>;
}

/**
 * Drops the task's secrets once the scan is over: the fields are cleared and the references let go,
 * so nothing of the probe keeps them after the task (JavaScript strings themselves cannot be zeroed in place; the
 * garbage collector reclaims them).
 */
function forgetCredentials(spec: TaskSpec): void {
  for (const login of spec.credentials?.linux ?? []) {
    login.password = undefined;
    login.privateKey = undefined;
    login.passphrase = undefined;
    login.escalationPassword = undefined;
  }
  for (const login of spec.credentials?.windows ?? []) login.password = undefined;
  for (const login of spec.credentials?.kubernetesLogins ?? []) login.token = '';
  spec.credentials = undefined;
}

/**
 * Executes a task. `signal` aborting (the probe shuts down) ends the task as 'stopped' with its undelivered hosts, as
 * a pause does, so the server can hand it out again without scanning finished hosts twice.
 */
export async function executeTask(
  spec: TaskSpec,
  hooks: TaskHooks,
  signal?: AbortSignal,
  options: ExecuteOptions = {},
): Promise<TaskOutcome> {
  if (spec.web) return executeWebTask(spec.web, hooks, signal, options.reportEveryMs ?? 1000);
  if (spec.cloud) return executeCloudTask(spec.cloud, hooks, signal, options.reportEveryMs ?? 1000);
  const every = options.reportEveryMs ?? 1000;
  const batch = Math.max(1, options.reportHosts ?? 1000);
  const keep = options.keepHosts ?? true;
  const stop = new AbortController();
  const scanSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  setMaxListeners(0, scanSignal);

  let ports: { tcp: number[]; udp: number[] };
  let policy: PreparedPolicy | undefined;
  let stage = 'ports';
  try {
    ports = profilePorts(spec.profile);
    stage = 'policy';
    // Read once for every host of the task; the text itself is not needed once parsed.
    policy = spec.policy ? preparePolicy(spec.policy) : undefined;
    spec.policy = undefined;
  } catch (err) {
    forgetCredentials(spec);
    const message = err instanceof Error ? err.message : String(err);
    return { outcome: 'failed', message: stage === 'policy' ? `The policy content could not be read: ${message}` : message };
  }
  const tests = spec.tests ? new Set(spec.tests) : null;
  let pendingErrors: ScanError[] = [];
  let templates = options.templates;
  // Without templates handed in, the engine would load every shipped one and ignore the profile's selection: load
  // them here when a selection or community templates have to be applied.
  if (!templates && (tests || spec.community?.length) && tests?.size !== 0) {
    const shipped = await loadTemplates(options.scan?.checksDir);
    templates = shipped.templates;
    for (const r of shipped.refused)
      pendingErrors.push({ type: SCAN_ERROR_TYPE.internal, message: `Check template ${r.file} refused: ${r.reason}` });
  }
  if (templates && spec.community?.length) {
    const shippedIds = new Set(templates.map((t) => t.id));
    const community = communityTemplates(spec.community, options.communityCache);
    templates = [...templates, ...community.templates.filter((t) => !shippedIds.has(t.id))];
    for (const r of community.refused)
      pendingErrors.push({
        type: SCAN_ERROR_TYPE.internal,
        message: `Community check template ${r.file} refused by this probe: ${r.reason}`,
      });
  }
  if (templates && tests) templates = templates.filter((t) => tests.has(t.id));

  let decision = 'continue' as TaskDecision;
  const state: Omit<TaskReport, 'errors' | 'hosts'> = {
    progress: 0,
    hostsDone: spec.checkpoint?.done.length ?? 0,
    hostsTotal: 0,
  };
  let pendingHosts: HostResult[] = [];
  let inFlight: Promise<void> | null = null;
  let again = false;
  let lastSent = 0;

  // One report at a time; a report asked for while one is in flight is sent right after it, with the latest state.
  const send = (): void => {
    if (inFlight) {
      again = true;
      return;
    }
    const errors = pendingErrors;
    const hosts = pendingHosts;
    pendingErrors = [];
    pendingHosts = [];
    lastSent = Date.now();
    inFlight = hooks
      .report({ ...state, hosts, errors })
      .then((answer) => {
        if (answer !== 'continue' && decision === 'continue') {
          decision = answer;
          stop.abort();
        }
      })
      .catch(() => {
        // A lost report is not fatal: its hosts and errors go with the next one.
        pendingErrors = [...errors, ...pendingErrors];
        pendingHosts = [...hosts, ...pendingHosts];
      })
      .finally(() => {
        inFlight = null;
        if (again && decision === 'continue') {
          again = false;
          send();
        }
      });
  };
  const timer = setInterval(
    () => {
      if (Date.now() - lastSent >= every) send();
    },
    Math.min(every, 250),
  );

  let result: ScanResult;
  let clusters: ClusterScans | null = null;
  try {
    // Exceptions first: what they leave out is known (and reported) before any packet is sent.
    const excepted = spec.exceptions?.length ? await prepareExceptions(spec.exceptions, options.scan?.resolve) : undefined;
    if (excepted) pendingErrors.push(...(await excepted.leftOut(spec.targets)));
    // Clusters are read beside the network scan; the API servers' hosts wait for them (kube/scan.ts).
    const kube = spec.credentials?.kubernetesLogins;
    clusters = kube?.length ? await ClusterScans.start(kube, { signal: scanSignal }) : null;
    send();
    result = await runNetworkScan(
      {
        ...options.scan,
        targets: spec.targets,
        exclude: excepted ? [...spec.exclude, ...excepted.exclude] : spec.exclude,
        ...(excepted ? { portExceptions: excepted.ports } : {}),
        tcpPorts: ports.tcp,
        udpPorts: ports.udp,
        checkpoint: spec.checkpoint ?? undefined,
        templates,
        namedTests: new Set(spec.namedTests ?? []),
        checks: tests?.size === 0 || policy ? false : options.scan?.checks,
        ...(policy ? { policy, serviceDetection: false } : {}),
        signal: scanSignal,
        keepHosts: keep,
        linuxLogins: spec.credentials?.linux,
        pinnedHostKeys: spec.credentials?.pinnedHostKeys,
        windowsLogins: spec.credentials?.windows,
      },
      (event) => {
        if (event.type === 'progress') {
          state.progress = event.percent;
          state.hostsDone = event.hostsDone;
          state.hostsTotal = event.hostsTotal;
        } else if (event.type === 'error') {
          pendingErrors.push(event.error);
        } else if (event.type === 'host-done') {
          if (clusters?.holds(event.host.address)) return clusters.hold(event.host);
          pendingHosts.push(event.host);
          if (pendingHosts.length >= batch) send();
        }
      },
    );
    if (clusters) {
      const merged = await clusters.finish(spec.checkpoint?.done);
      pendingErrors.push(...merged.errors);
      pendingHosts.push(...merged.hosts);
      const at = new Set(merged.hosts.map((h) => h.address));
      if (keep) result = { ...result, hosts: [...result.hosts.filter((h) => !at.has(h.address)), ...merged.hosts] };
    }
  } catch (err) {
    clearInterval(timer);
    while (inFlight !== null) await (inFlight as Promise<void>);
    const held = (clusters as ClusterScans | null)?.heldHosts() ?? [];
    return { outcome: 'failed', message: err instanceof Error ? err.message : String(err), hosts: [...pendingHosts, ...held] };
  } finally {
    clearInterval(timer);
    forgetCredentials(spec);
  }
  // What no report carried yet goes out now (every error and host reaches the server through reports when it can);
  // then the last report lands, so a pause or cancel answered at the very end is not lost.
  while (inFlight !== null) await (inFlight as Promise<void>);
  if ((pendingErrors.length > 0 || pendingHosts.length > 0) && decision === 'continue') send();
  while (inFlight !== null) await (inFlight as Promise<void>);
  if (decision === 'cancel') return { outcome: 'cancelled', hosts: pendingHosts };
  if (decision === 'pause' || signal?.aborted) return { outcome: 'stopped', hosts: pendingHosts };
  if (keep) return { outcome: 'done', result };
  const undelivered = pendingHosts.filter((h) => h.alive);
  return { outcome: 'done', result: { ...result, hosts: undelivered } };
}

/**
 * The reporting loop of the engine tasks (web, cloud): progress goes out about once a second (`state()`, with the
 * errors since the last report), a 'pause' or 'cancel' answer or the probe shutting down stops the engine, which hands
 * back what it found so far, and the last report carries the final progress. `forget` drops the task's secrets once
 * the engine is done, whatever the outcome.
 */
async function runReported<R>(
  hooks: TaskHooks,
  signal: AbortSignal | undefined,
  every: number,
  state: () => Omit<TaskReport, 'errors'>,
  run: (scanSignal: AbortSignal, error: (error: ScanError) => void) => Promise<R>,
  forget: () => void,
): Promise<{ result: R; decision: TaskDecision } | { failed: string }> {
  const stop = new AbortController();
  const scanSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  setMaxListeners(0, scanSignal);
  let decision = 'continue' as TaskDecision;
  let pendingErrors: ScanError[] = [];
  let inFlight: Promise<void> | null = null;
  let lastSent = 0;
  const send = (): void => {
    if (inFlight) return;
    const errors = pendingErrors;
    pendingErrors = [];
    lastSent = Date.now();
    inFlight = hooks
      .report({ ...state(), errors })
      .then((answer) => {
        if (answer !== 'continue' && decision === 'continue') {
          decision = answer;
          stop.abort();
        }
      })
      .catch(() => {
        // A lost report is not fatal: its errors go with the next one.
        pendingErrors = [...errors, ...pendingErrors];
      })
      .finally(() => {
        inFlight = null;
      });
  };
  const timer = setInterval(
    () => {
      if (Date.now() - lastSent >= every) send();
    },
    Math.min(every, 250),
  );
  let result: R;
  try {
    send();
    result = await run(scanSignal, (error) => pendingErrors.push(error));
  } catch (err) {
    return { failed: err instanceof Error ? err.message : String(err) };
  } finally {
    clearInterval(timer);
    forget();
  }
  // The last report carries the final progress and the errors not yet sent; its answer still counts.
  while (inFlight !== null) await (inFlight as Promise<void>);
  if (decision === 'continue') send();
  while (inFlight !== null) await (inFlight as Promise<void>);
  return { result, decision: decision === 'continue' && signal?.aborted ? 'pause' : decision };
}

/** The empty network result of an engine task (its own result travels in `web` or `cloud`). */
const emptyResult = (stats: { startedAt: string; finishedAt?: string; durationMs?: number }): ScanResult => ({
  hosts: [],
  errors: [],
  stats: {
    hostsTotal: 1,
    hostsUp: 1,
    portsProbed: 0,
    openPorts: 0,
    startedAt: stats.startedAt,
    finishedAt: stats.finishedAt,
    durationMs: stats.durationMs,
  },
});

/**
 * A web task: the web engine instead of the network scan. Progress goes out about once a second (the web part in
 * `web`, its errors as they come); a 'pause' or 'cancel' answer, or the probe shutting down, stops the engine, which
 * hands back what it found so far. A paused web scan starts again from the beginning when resumed: a crawl has no
 * checkpoint worth keeping (the site may have changed, and the session is new).
 */
async function executeWebTask(web: WebScanSpec, hooks: TaskHooks, signal: AbortSignal | undefined, every: number): Promise<TaskOutcome> {
  let latest: WebScanProgress = { percent: 0, urlsFound: 0, requestsSent: 0, phase: 'login', auth: 'none' };
  const ran = await runReported(
    hooks,
    signal,
    every,
    () => ({ progress: latest.percent, hostsDone: 0, hostsTotal: 1, hosts: [], web: latest }),
    (scanSignal, error) =>
      runWebScan(web, {
        signal: scanSignal,
        progressEveryMs: Math.min(every, 1000),
        onEvent: (event) => {
          if (event.type === 'progress') latest = event.progress;
          else if (event.type === 'error') error(event.error);
        },
      }),
    // The credentials of the web login are not kept past the task.
    () => (web.auth = undefined),
  );
  if ('failed' in ran) return { outcome: 'failed', message: ran.failed };
  const { result, decision } = ran;
  if (decision === 'cancel') return { outcome: 'cancelled', web: result };
  if (decision === 'pause') return { outcome: 'stopped', hosts: [], web: result };
  return { outcome: 'done', result: emptyResult(result.stats), web: result };
}

/**
 * A cloud task (issue 32): the cloud engine reads one provider account. Progress goes out about once a second (in
 * `cloud`), its errors as they come; pause, cancel or the probe shutting down stop the engine, which hands back the
 * resources it found so far. The opened credentials are dropped when the task ends. A paused cloud scan reads the
 * account again from the beginning when resumed (the account may have changed meanwhile).
 */
async function executeCloudTask(
  cloud: CloudScanSpec,
  hooks: TaskHooks,
  signal: AbortSignal | undefined,
  every: number,
): Promise<TaskOutcome> {
  let latest: CloudScanProgress = {
    percent: 0,
    phase: 'authenticate',
    calls: 0,
    resources: 0,
    regionsDone: 0,
    regionsTotal: cloud.regions.length,
  };
  const ran = await runReported(
    hooks,
    signal,
    every,
    () => ({ progress: latest.percent, hostsDone: 0, hostsTotal: 1, hosts: [], cloud: latest }),
    (scanSignal, error) =>
      runCloudScan(cloud, {
        signal: scanSignal,
        progressEveryMs: Math.min(every, 1000),
        onEvent: (event) => {
          if (event.type === 'progress') latest = event.progress;
          else error(event.error);
        },
      }),
    () => {
      for (const key of Object.keys(cloud.credentials)) delete cloud.credentials[key];
    },
  );
  if ('failed' in ran) return { outcome: 'failed', message: ran.failed };
  const { result, decision } = ran;
  if (decision === 'cancel') return { outcome: 'cancelled', cloud: result };
  if (decision === 'pause') return { outcome: 'stopped', hosts: [], cloud: result };
  return { outcome: 'done', result: emptyResult(result.stats), cloud: result };
}
