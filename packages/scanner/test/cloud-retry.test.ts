// What the cloud engine's call budget treats as "slow down and try again": throttling codes and 429s of every
// provider, a 503 that says the service is busy or names a Retry-After (and not a plain 503), and the Retry-After
// header read as seconds or an HTTP date. The budget retries such a call and hands back other errors at once.
import { describe, expect, it } from 'vitest';
import { cloudCallBudget, isThrottling, retryAfterHeader, retryAfterOf, type BudgetClock } from '../src/cloud/engine.ts';
import { DEFAULT_CLOUD_LIMITS } from '../src/cloud/types.ts';

const err = (fields: Record<string, unknown>): Error => Object.assign(new Error('answer'), fields);

describe('cloud throttling and Retry-After', () => {
  it('knows throttling answers and busy 503s from other errors', () => {
    expect(isThrottling(err({ name: 'ThrottlingException' }))).toBe(true);
    expect(isThrottling(err({ code: 'RequestLimitExceeded', $metadata: { httpStatusCode: 503 } }))).toBe(true);
    expect(isThrottling(err({ status: 429 }))).toBe(true);
    expect(isThrottling(err({ code: 'ServerBusy', status: 503 }))).toBe(true);
    expect(isThrottling(err({ code: 'ServiceUnavailable', statusCode: 503 }))).toBe(true);
    expect(isThrottling(err({ code: 'InternalServerError', status: 503, retryAfterMs: 2000 }))).toBe(true);
    expect(isThrottling(err({ code: 'InternalServerError', status: 503 }))).toBe(false);
    expect(isThrottling(err({ code: 'AccessDenied', status: 403 }))).toBe(false);
    expect(isThrottling(new Error('socket hang up'))).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(retryAfterHeader('5', now)).toBe(5000);
    expect(retryAfterHeader('0', now)).toBe(0);
    expect(retryAfterHeader('Sun, 29 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterHeader('Sun, 29 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterHeader('soon', now)).toBeUndefined();
    expect(retryAfterHeader(null, now)).toBeUndefined();
    expect(retryAfterOf(err({ retryAfterMs: 1500 }))).toBe(1500);
    expect(retryAfterOf(err({ retryAfterMs: -1 }))).toBeUndefined();
    expect(retryAfterOf('text')).toBeUndefined();
  });

  it('retries a busy call until it answers, and hands back a refusal at once', async () => {
    const budget = cloudCallBudget({ ...DEFAULT_CLOUD_LIMITS, requestsPerSecond: 0 }, new AbortController().signal);
    let tries = 0;
    const answer = await budget.call('ListThings', () => {
      tries++;
      if (tries < 3) return Promise.reject(err({ code: 'ServerBusy', status: 503, retryAfterMs: 0 }));
      return Promise.resolve('listed');
    });
    expect(answer).toBe('listed');
    expect(budget.throttled).toBe(2);
    expect(budget.calls).toBe(3);

    let refusals = 0;
    await expect(
      budget.call('GetSecret', () => {
        refusals++;
        return Promise.reject(err({ code: 'AccessDenied', status: 403 }));
      }),
    ).rejects.toThrow('answer');
    expect(refusals).toBe(1);
  });

  /** A clock that moves only when the budget sleeps, and notes each sleep. */
  const fakeClock = (): BudgetClock & { sleeps: number[] } => {
    let t = Date.parse('2026-11-30T00:00:00Z');
    const sleeps: number[] = [];
    return {
      sleeps,
      now: () => t,
      sleep: (ms) => {
        sleeps.push(ms);
        t += ms;
        return Promise.resolve();
      },
      random: () => 0.5,
    };
  };
  const busyFor = (times: number, retryAfterMs?: number) => {
    let tries = 0;
    return () => {
      tries++;
      if (tries <= times)
        return Promise.reject(err({ code: 'Throttling', status: 429, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) }));
      return Promise.resolve(tries);
    };
  };

  it('waits as long as Retry-After asks, at least the back-off, at most a minute', async () => {
    const limits = { ...DEFAULT_CLOUD_LIMITS, requestsPerSecond: 0 };
    const asked = fakeClock();
    await cloudCallBudget(limits, new AbortController().signal, asked).call('List', busyFor(1, 30_000));
    expect(asked.sleeps).toEqual([30_000]);

    const capped = fakeClock();
    await cloudCallBudget(limits, new AbortController().signal, capped).call('List', busyFor(1, 600_000));
    expect(capped.sleeps).toEqual([60_000]);

    // No Retry-After (or a shorter one than the back-off): 100 ms doubled per attempt, the jitter at its middle.
    const backOff = fakeClock();
    await cloudCallBudget(limits, new AbortController().signal, backOff).call('List', busyFor(3, 10));
    expect(backOff.sleeps).toEqual([100, 200, 400]);
  });

  it('makes every call of the account wait once one is throttled', async () => {
    // A clock whose sleeps end only when the test moves it.
    let t = 0;
    const pending: { until: number; resolve: () => void; ms: number }[] = [];
    const clock: BudgetClock = {
      now: () => t,
      sleep: (ms) => new Promise<void>((resolve) => pending.push({ until: t + ms, resolve, ms })),
      random: () => 0.5,
    };
    const advance = async (ms: number) => {
      t += ms;
      for (const p of pending.splice(0))
        if (p.until <= t) p.resolve();
        else pending.push(p);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const budget = cloudCallBudget({ ...DEFAULT_CLOUD_LIMITS, requestsPerSecond: 0, parallel: 4 }, new AbortController().signal, clock);
    const throttled = budget.call('Throttled', busyFor(1, 7_000));
    await settle();
    let otherDone = false;
    const other = budget.call('Other', () => Promise.resolve('ok')).then((v) => ((otherDone = true), v));
    await settle();
    // Both the retry and the other call wait out the provider's seven seconds.
    expect(pending.map((p) => p.ms)).toEqual([7_000, 7_000]);
    await advance(6_999);
    expect(otherDone).toBe(false);
    await advance(1);
    await expect(other).resolves.toBe('ok');
    await expect(throttled).resolves.toBe(2);
  });

  it('paces calls at the requests-per-second limit on the clock', async () => {
    const clock = fakeClock();
    const budget = cloudCallBudget({ ...DEFAULT_CLOUD_LIMITS, requestsPerSecond: 4, parallel: 1 }, new AbortController().signal, clock);
    for (let i = 0; i < 3; i++) await budget.call('List', () => Promise.resolve(i));
    expect(clock.sleeps).toEqual([250, 250]);
  });
});
