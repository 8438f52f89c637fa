// Concurrency and rate limits: a counting semaphore and a token bucket, both cancellable with an AbortSignal.
export class AbortedError extends Error {
  constructor() {
    super('Aborted');
    this.name = 'AbortError';
  }
}

/** A counting semaphore; waiters are served in order and leave the queue when their signal aborts. */
export class Semaphore {
  private free: number;
  private readonly waiters: Array<() => void> = [];

  constructor(size: number) {
    this.free = Math.max(1, Math.floor(size));
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new AbortedError();
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const i = this.waiters.indexOf(grant);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(new AbortedError());
      };
      this.waiters.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.free++;
  }
}

/** At most `perSecond` acquisitions per second, with bursts of up to a tenth of a second's worth. */
export class RateLimiter {
  private tokens: number;
  private last = performance.now();
  private readonly burst: number;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly perSecond: number) {
    this.burst = Math.max(1, perSecond / 10);
    this.tokens = this.burst;
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (!Number.isFinite(this.perSecond) || this.perSecond <= 0) return Promise.resolve();
    const turn = this.chain.then(() => this.take(signal));
    this.chain = turn.catch(() => undefined);
    return turn;
  }

  private async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw new AbortedError();
      const now = performance.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - this.tokens) / this.perSecond) * 1000), signal);
    }
  }
}

/** Resolves after `ms`, rejects with AbortedError when the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
