// What the cloud engine's call budget treats as "slow down and try again": throttling codes and 429s of every
// provider, a 503 that says the service is busy or names a Retry-After (and not a plain 503), and the Retry-After
// header read as seconds or an HTTP date. The budget retries such a call and hands back other errors at once.
import { describe, expect, it } from 'vitest';
import { cloudCallBudget, isThrottling, retryAfterHeader, retryAfterOf } from '../src/cloud/engine.ts';
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
});
