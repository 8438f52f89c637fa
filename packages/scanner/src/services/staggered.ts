// Runs candidates in a fixed order without waiting out each silent one's deadline: the next starts when the previous one has
// failed or after a stagger delay, and the result is the same as running them one after another (earliest success wins).

/** One candidate; it must give up (resolve undefined) soon after `signal` aborts. */
export type Candidate<T> = (signal: AbortSignal) => Promise<T | undefined>;

/**
 * The result of the first candidate, in order, that finds something; undefined when none does. Candidate i+1 starts when
 * candidate i resolves with nothing or `staggerMs` after candidate i started, whichever comes first; no candidate starts
 * once one has found something, and the ones still running are aborted when the answer is known.
 */
export function firstInOrder<T>(candidates: readonly Candidate<T>[], staggerMs: number, signal?: AbortSignal): Promise<T | undefined> {
  const inner = new AbortController();
  const onAbort = () => inner.abort();
  if (signal?.aborted) inner.abort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const results: ({ value: T | undefined } | undefined)[] = candidates.map(() => undefined);
  let started = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;

  return new Promise((resolve) => {
    const finish = (value: T | undefined) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      inner.abort();
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    // The answer is known when every candidate before the first success has finished (or all have, with nothing).
    const check = () => {
      for (let i = 0; i < candidates.length; i++) {
        const r = results[i];
        if (!r) return;
        if (r.value !== undefined) return finish(r.value);
      }
      finish(undefined);
    };
    const startNext = () => {
      clearTimeout(timer);
      if (finished || started >= candidates.length || results.some((r) => r?.value !== undefined)) return;
      const i = started++;
      candidates[i](inner.signal)
        .catch(() => undefined)
        .then((value) => {
          results[i] = { value };
          if (value === undefined) startNext();
          check();
        });
      timer = setTimeout(startNext, staggerMs);
    };
    if (candidates.length === 0) return finish(undefined);
    startNext();
  });
}
