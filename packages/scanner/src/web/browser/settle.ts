// Knowing when a page has settled: the requests a browser context has in flight, counted from Playwright's events,
// and a wait that ends once none has been in flight for a quiet spell (or at a bound, for pages that never go quiet:
// long polling, streams). Event-driven, so a quick page costs only the quiet spell.
import type { BrowserContext } from 'playwright-core';

export class NetworkTracker {
  private inflight = 0;
  private readonly listeners = new Set<() => void>();

  constructor(context: BrowserContext) {
    context.on('request', () => this.change(1));
    context.on('requestfinished', () => this.change(-1));
    context.on('requestfailed', () => this.change(-1));
  }

  private change(delta: number): void {
    this.inflight = Math.max(0, this.inflight + delta);
    for (const listener of this.listeners) listener();
  }

  /** Resolves once nothing has been in flight for quietMs, or after maxMs, or when the signal aborts. */
  settle(quietMs: number, maxMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let quiet: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(quiet);
        clearTimeout(bound);
        this.listeners.delete(check);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const check = (): void => {
        clearTimeout(quiet);
        quiet = this.inflight === 0 ? setTimeout(done, quietMs) : undefined;
      };
      const bound = setTimeout(done, maxMs);
      if (signal?.aborted) return done();
      signal?.addEventListener('abort', done, { once: true });
      this.listeners.add(check);
      check();
    });
  }
}
