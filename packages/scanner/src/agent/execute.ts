// Runs one scan task for a probe (built-in or remote): the network scan of its targets with its profile's ports and
// tests, progress reported back about once a second and at every checkpoint, pause and cancel taken from the answers.
import { setMaxListeners } from 'node:events';
import type { CheckTemplate } from '../checks/index.ts';
import { runNetworkScan, type NetworkScanOptions } from '../network-scan.ts';
import { profilePorts, type ProfilePortFields } from '../ports/index.ts';
import type { Checkpoint, ScanError, ScanResult } from '../types.ts';

/** What a probe is told to do; plain JSON so it can travel over HTTP to a remote probe. */
export interface TaskSpec {
  id: number;
  targets: string[];
  exclude: string[];
  /** The profile's port fields (the rest of a profile is ignored here). */
  profile: ProfilePortFields;
  /** Hosts an earlier attempt finished: skipped and kept in the result. */
  checkpoint: Checkpoint | null;
  /** Ids of the check templates to run; undefined runs them all, [] runs none. */
  tests?: string[];
}

export interface TaskReport {
  progress: number;
  hostsDone: number;
  hostsTotal: number;
  /** The latest checkpoint (every host finished so far), null before the first host ends. */
  checkpoint: Checkpoint | null;
  /** Errors since the previous report. */
  errors: ScanError[];
}

/** The server's answer to a report: carry on, or pause (keep a checkpoint) or cancel the task. */
export type TaskDecision = 'continue' | 'pause' | 'cancel';

export interface TaskHooks {
  report(report: TaskReport): Promise<TaskDecision>;
}

export type TaskOutcome =
  | { outcome: 'done'; result: ScanResult }
  | { outcome: 'stopped'; checkpoint: Checkpoint | null }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; message: string };

export interface ExecuteOptions {
  /** Templates loaded once by the probe (otherwise the shipped ones are loaded for this task). */
  templates?: CheckTemplate[];
  /** Longest quiet time between two reports, ms (default 1,000). */
  reportEveryMs?: number;
  /** Engine settings passed through (timeouts, concurrency, discovery …). */
  scan?: Omit<NetworkScanOptions, 'targets' | 'exclude' | 'tcpPorts' | 'udpPorts' | 'checkpoint' | 'signal' | 'templates'>;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Executes a task. `signal` aborting (the probe shuts down) ends the task as 'stopped' with its checkpoint, as a
 * pause does, so the server can hand it out again without scanning finished hosts twice.
 */
export async function executeTask(
  spec: TaskSpec,
  hooks: TaskHooks,
  signal?: AbortSignal,
  options: ExecuteOptions = {},
): Promise<TaskOutcome> {
  const every = options.reportEveryMs ?? 1000;
  const stop = new AbortController();
  const scanSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  setMaxListeners(0, scanSignal);

  let ports: { tcp: number[]; udp: number[] };
  try {
    ports = profilePorts(spec.profile);
  } catch (err) {
    return { outcome: 'failed', message: err instanceof Error ? err.message : String(err) };
  }
  const tests = spec.tests ? new Set(spec.tests) : null;
  const templates = options.templates && tests ? options.templates.filter((t) => tests.has(t.id)) : options.templates;

  let decision = 'continue' as TaskDecision;
  const state: Omit<TaskReport, 'errors'> = {
    progress: 0,
    hostsDone: spec.checkpoint?.done.length ?? 0,
    hostsTotal: 0,
    checkpoint: spec.checkpoint ? copy(spec.checkpoint) : null,
  };
  let pendingErrors: ScanError[] = [];
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
    pendingErrors = [];
    lastSent = Date.now();
    inFlight = hooks
      .report({ ...state, errors })
      .then((answer) => {
        if (answer !== 'continue' && decision === 'continue') {
          decision = answer;
          stop.abort();
        }
      })
      .catch(() => {
        // A lost report is not fatal: the next one carries the state again (errors are put back).
        pendingErrors = [...errors, ...pendingErrors];
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
  try {
    send();
    result = await runNetworkScan(
      {
        ...options.scan,
        targets: spec.targets,
        exclude: spec.exclude,
        tcpPorts: ports.tcp,
        udpPorts: ports.udp,
        checkpoint: spec.checkpoint ?? undefined,
        templates,
        checks: tests?.size === 0 ? false : options.scan?.checks,
        signal: scanSignal,
      },
      (event) => {
        if (event.type === 'progress') {
          state.progress = event.percent;
          state.hostsDone = event.hostsDone;
          state.hostsTotal = event.hostsTotal;
        } else if (event.type === 'error') {
          pendingErrors.push(event.error);
        } else if (event.type === 'checkpoint') {
          state.checkpoint = copy(event.checkpoint);
          send();
        }
      },
    );
  } catch (err) {
    clearInterval(timer);
    return { outcome: 'failed', message: err instanceof Error ? err.message : String(err) };
  } finally {
    clearInterval(timer);
  }
  // Errors not yet reported go out now (every error reaches the server through reports, none only in the result);
  // then the last report lands, so a pause or cancel answered at the very end is not lost.
  if (pendingErrors.length > 0 && decision === 'continue') send();
  while (inFlight !== null) await (inFlight as Promise<void>);
  if (decision === 'cancel') return { outcome: 'cancelled' };
  if (decision === 'pause' || signal?.aborted) return { outcome: 'stopped', checkpoint: state.checkpoint };
  return { outcome: 'done', result };
}
