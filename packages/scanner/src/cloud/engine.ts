// Runs one cloud scan task: authenticate, inventory the account through the provider's collector within the call
// budget, evaluate the provider's controls on what was collected, and hand back resources, results and errors.
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import type { ScanError } from '../types.ts';
import { CLOUD_PROVIDERS } from './providers.ts';
import { CloudStoppedError, errorMessage, isAuthFailure, isThrottling, retryAfterOf } from './errors.ts';
import { cloudFailureErrors } from './failures.ts';

export {
  CloudAuthError,
  CloudStoppedError,
  cloudErrorCode,
  errorMessage,
  isAuthFailure,
  isThrottling,
  retryAfterHeader,
  retryAfterOf,
} from './errors.ts';
import {
  DEFAULT_CLOUD_LIMITS,
  type CloudCollectContext,
  type CloudControlResult,
  type CloudInventory,
  type CloudLimits,
  type CloudProviderModule,
  type CloudRunOptions,
  type CloudScanProgress,
  type CloudScanResult,
  type CloudScanSpec,
} from './types.ts';

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export interface CloudCallBudget {
  call<T>(name: string, fn: () => Promise<T>): Promise<T>;
  readonly calls: number;
  readonly throttled: number;
  /** The most calls that were in flight at once. */
  readonly peak: number;
}

/** Retries of one call on throttling before its error is handed back. */
const THROTTLE_RETRIES = 8;
/** The longest wait a provider's Retry-After may impose on the account. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Time as the call budget sees it: injectable, so the waits it imposes can be checked without waiting. */
export interface BudgetClock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** The jitter of the back-off, in [0, 1). */
  random(): number;
}

const REAL_CLOCK: BudgetClock = { now: () => Date.now(), sleep: wait, random: () => Math.random() };

/**
 * The call budget of one account: at most `parallel` calls in flight, calls started no faster than
 * `requestsPerSecond`, and a throttling or busy answer backs every call off (exponentially, with jitter, or as long
 * as the provider's Retry-After asks, up to a minute) before the call is tried again. Each call is bounded by
 * `callTimeoutMs`. Once `signal` aborts, calls not yet started are refused (CloudStoppedError).
 */
export function cloudCallBudget(limits: CloudLimits, signal: AbortSignal, clock: BudgetClock = REAL_CLOCK): CloudCallBudget {
  const parallel = Math.max(1, Math.floor(limits.parallel));
  const interval = limits.requestsPerSecond > 0 ? 1000 / limits.requestsPerSecond : 0;
  let active = 0;
  let peak = 0;
  let calls = 0;
  let throttled = 0;
  let nextStart = 0;
  let pausedUntil = 0;
  const queue: (() => void)[] = [];

  const acquire = async (): Promise<void> => {
    if (active >= parallel) await new Promise<void>((resolve) => queue.push(resolve));
    else active++;
    peak = Math.max(peak, active);
  };
  const release = (): void => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  const slot = async (): Promise<void> => {
    for (;;) {
      const now = clock.now();
      const at = Math.max(now, nextStart, pausedUntil);
      if (at <= now) {
        nextStart = now + interval;
        return;
      }
      await clock.sleep(at - now, signal);
      if (signal.aborted) return;
    }
  };
  const once = <T>(fn: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new Error(`The call did not answer within ${limits.callTimeoutMs} ms.`);
        err.name = 'TimeoutError';
        reject(err);
      }, limits.callTimeoutMs);
    });
    return Promise.race([fn(), timeout]).finally(() => clearTimeout(timer));
  };

  return {
    get calls() {
      return calls;
    },
    get throttled() {
      return throttled;
    },
    get peak() {
      return peak;
    },
    async call<T>(_name: string, fn: () => Promise<T>): Promise<T> {
      if (signal.aborted) throw new CloudStoppedError();
      await acquire();
      try {
        for (let attempt = 0; ; attempt++) {
          await slot();
          if (signal.aborted) throw new CloudStoppedError();
          calls++;
          try {
            return await once(fn);
          } catch (err) {
            if (!isThrottling(err) || attempt >= THROTTLE_RETRIES) throw err;
            throttled++;
            // Every call of the account waits: the provider counts the account's rate, not this call's.
            const backOff = Math.min(20_000, 100 * 2 ** attempt) * (0.75 + clock.random() / 2);
            const asked = retryAfterOf(err);
            pausedUntil = Math.max(pausedUntil, clock.now() + Math.max(backOff, Math.min(asked ?? 0, MAX_RETRY_AFTER_MS)));
          }
        }
      } finally {
        release();
      }
    },
  };
}

/**
 * Scans one account. Never throws for what the account answers: refused credentials, unreadable services, a
 * control that fails to evaluate and the resource limit all become the result's errors (or a control's status
 * error); the reads the collector could not make become one error per call and error code (CloudReadError). `options.signal` aborting hands back what was found so far.
 */
export async function runCloudScan(
  spec: CloudScanSpec,
  options: CloudRunOptions = {},
  provider: CloudProviderModule = CLOUD_PROVIDERS[spec.provider],
): Promise<CloudScanResult> {
  const started = Date.now();
  const limits: CloudLimits = { ...DEFAULT_CLOUD_LIMITS, ...spec.limits };
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const budget = cloudCallBudget(limits, signal);
  const errors: ScanError[] = [];
  const progress: CloudScanProgress = {
    percent: 0,
    phase: 'authenticate',
    calls: 0,
    resources: 0,
    regionsDone: 0,
    regionsTotal: spec.regions.length,
  };
  const emitProgress = () => {
    progress.calls = budget.calls;
    const regionShare = progress.regionsTotal > 0 ? progress.regionsDone / progress.regionsTotal : 0;
    progress.percent =
      progress.phase === 'done'
        ? 100
        : progress.phase === 'evaluate'
          ? 95
          : progress.phase === 'inventory'
            ? Math.min(94, Math.round(5 + 89 * regionShare))
            : 0;
    options.onEvent?.({ type: 'progress', progress: { ...progress } });
  };
  const error = (e: ScanError) => {
    errors.push(e);
    options.onEvent?.({ type: 'error', error: e });
  };
  let limitHit = false;
  const context: CloudCollectContext = {
    signal,
    limits,
    call: async (name, fn) => {
      const answer = await budget.call(name, fn);
      if (progress.phase === 'authenticate') progress.phase = 'inventory';
      return answer;
    },
    regionDone: () => {
      progress.regionsDone = Math.min(progress.regionsTotal, progress.regionsDone + 1);
    },
    found: (count) => {
      progress.resources += count;
      if (progress.resources > limits.maxResources && !limitHit) {
        limitHit = true;
        error({
          type: SCAN_ERROR_TYPE.limits_exceeded,
          message: `The inventory stopped at ${limits.maxResources} resources (the scan's resource limit): the rest of the account was not read.`,
        });
        stop.abort();
      }
    },
    error,
  };

  emitProgress();
  const ticker = setInterval(emitProgress, options.progressEveryMs ?? 1000);
  let inventory: CloudInventory | null = null;
  try {
    inventory = await provider.collect(spec, context);
  } catch (err) {
    if (isAuthFailure(err)) error({ type: SCAN_ERROR_TYPE.auth_failed, message: `The credentials were refused: ${errorMessage(err)}` });
    else if (!(err instanceof CloudStoppedError) || !signal.aborted)
      error({ type: SCAN_ERROR_TYPE.internal, message: `The inventory failed: ${errorMessage(err)}` });
  }

  // The reads the collector could not make: one run error per call and error code (the controls say error on their own).
  if (inventory) for (const e of cloudFailureErrors(inventory.failures)) error(e);

  const resources = inventory ? inventory.resources.slice(0, limits.maxResources) : [];
  const results: CloudControlResult[] = [];
  if (inventory) {
    progress.phase = 'evaluate';
    emitProgress();
    const evaluated = { ...inventory, resources };
    const minus = new Set(spec.minusControls ?? []);
    for (const control of provider.controls) {
      if (minus.has(control.id)) continue;
      try {
        results.push(...control.evaluate(evaluated));
      } catch (err) {
        results.push({
          control: control.id,
          resource: null,
          status: 'error',
          evidence: '',
          message: `The control could not be evaluated: ${errorMessage(err)}`,
        });
      }
    }
  }
  clearInterval(ticker);
  progress.phase = 'done';
  progress.resources = resources.length;
  emitProgress();
  const finished = Date.now();
  return {
    provider: spec.provider,
    account: inventory?.account ?? '',
    ...(inventory?.accountName ? { accountName: inventory.accountName } : {}),
    resources,
    results,
    errors,
    stats: {
      calls: budget.calls,
      throttled: budget.throttled,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      durationMs: finished - started,
    },
  };
}
