// firstInOrder: staggered probes give the result a one-after-another run would, without adding up silent deadlines.
import { describe, expect, it } from 'vitest';
import { firstInOrder, type Candidate } from '../src/services/staggered.ts';

/** A candidate that answers `value` after `ms` (nothing when aborted before), logging its start and abort as a probe would. */
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

describe('firstInOrder', () => {
  it('starts the next candidate at once when one fails, and never starts those after a success', async () => {
    const log: string[] = [];
    const r = await firstInOrder([after(5, undefined, log, 'a'), after(5, 'b', log, 'b'), after(5, 'c', log, 'c')], 1000);
    expect(r).toBe('b');
    expect(log).toEqual(['a', 'b']);
  });

  it('staggers silent candidates instead of waiting out their deadlines', async () => {
    const log: string[] = [];
    const t = Date.now();
    const r = await firstInOrder(
      [after(500, undefined, log, 'slow1'), after(500, undefined, log, 'slow2'), after(5, 'dns', log, 'dns')],
      30,
    );
    // The earlier ones keep precedence: the answer waits for them (~530 ms), not for the sum of their deadlines (1 s).
    expect(r).toBe('dns');
    expect(Date.now() - t).toBeLessThan(900);
    expect(log.slice(0, 3)).toEqual(['slow1', 'slow2', 'dns']);
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
