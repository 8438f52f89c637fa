// firstInOrder: staggered candidates give the result a one-after-another run would, without adding up silent deadlines.
import { describe, expect, it } from 'vitest';
import { firstInOrder, type Candidate } from '../src/services/staggered.ts';

/** A candidate that answers `value` after `ms` (nothing when aborted before), logging its start and abort as a fingerprint would. */
function after(ms: number, value: string | undefined, log: string[], name: string): Candidate<string> {
  return (signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      log.push(name);
      const onAbort = () => {
        clearTimeout(timer);
        log.push(`${name} aborted`);
        resolve(undefined);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
}

/** A candidate that stays silent until the test calls `expire` (its deadline, as far as the test is concerned). */
function silent(log: string[], name: string): { candidate: Candidate<string>; expire: () => void } {
  let expire = (): void => undefined;
  const candidate: Candidate<string> = (signal) =>
    new Promise((resolve) => {
      log.push(name);
      const onAbort = () => {
        log.push(`${name} aborted`);
        resolve(undefined);
      };
      expire = () => {
        signal.removeEventListener('abort', onAbort);
        log.push(`${name} expired`);
        resolve(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  return { candidate, expire: () => expire() };
}

/** Lets every pending promise reaction run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('firstInOrder', () => {
  it('starts the next candidate at once when one fails, and never starts those after a success', async () => {
    const log: string[] = [];
    const r = await firstInOrder([after(5, undefined, log, 'a'), after(5, 'b', log, 'b'), after(5, 'c', log, 'c')], 1000);
    expect(r).toBe('b');
    expect(log).toEqual(['a', 'b']);
  });

  it('staggers silent candidates instead of waiting out their deadlines', async () => {
    const log: string[] = [];
    const slow1 = silent(log, 'slow1');
    const slow2 = silent(log, 'slow2');
    let dnsAnswered = (): void => undefined;
    const answered = new Promise<void>((resolve) => (dnsAnswered = resolve));
    const dns: Candidate<string> = async () => {
      log.push('dns');
      dnsAnswered();
      return 'dns';
    };
    let known = false;
    const r = firstInOrder([slow1.candidate, slow2.candidate, dns], 30).finally(() => (known = true));
    expect(log).toEqual(['slow1']); // the next one waits for the stagger
    // The silent ones never expire before dns has answered: dns starts on the stagger alone. Run one after another,
    // dns would wait for deadlines that do not come, and the test would time out here.
    await answered;
    expect(log).toEqual(['slow1', 'slow2', 'dns']);
    // The earlier ones keep precedence: the answer waits for each of them, not for dns alone.
    await settle();
    expect(known).toBe(false);
    slow1.expire();
    await settle();
    expect(known).toBe(false);
    slow2.expire();
    expect(await r).toBe('dns');
    expect(log).toEqual(['slow1', 'slow2', 'dns', 'slow1 expired', 'slow2 expired']);
  });

  it('keeps precedence: an earlier success wins over a later one that answered first', async () => {
    const log: string[] = [];
    const r = await firstInOrder([after(120, 'tls', log, 'tls'), after(5, 'http', log, 'http')], 10);
    expect(r).toBe('tls');
  });

  it('aborts the candidates still running once the answer is known', async () => {
    const log: string[] = [];
    const r = await firstInOrder([after(5, undefined, log, 'a'), after(50, 'b', log, 'b')], 1);
    expect(r).toBe('b');
    expect(log).toEqual(['a', 'b']);
    const log2: string[] = [];
    await firstInOrder([after(40, 'x', log2, 'x'), after(1000, 'y', log2, 'y')], 1);
    expect(log2).toEqual(['x', 'y', 'y aborted']);
  });

  it('gives undefined when nothing matches, when empty, and when the caller aborts', async () => {
    expect(await firstInOrder([after(1, undefined, [], 'a'), async () => undefined], 1)).toBeUndefined();
    expect(await firstInOrder([], 1)).toBeUndefined();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    expect(await firstInOrder([after(5000, 'late', [], 'late')], 10, ac.signal)).toBeUndefined();
    expect(await firstInOrder([after(1, 'never', [], 'n')], 10, AbortSignal.abort())).toBeUndefined();
  });
});
