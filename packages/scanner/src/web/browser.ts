// The headless browser of a web scan (Debian's Chromium through playwright-core): crawls single-page applications
// (runs their scripts, follows client-side routes, fires events, records the requests they make), replays a recorded
// login, and loads a test's request to see whether a script payload ran (EXEC_HOOK).
import type { Browser } from 'playwright-core';
import { AssetCache } from './browser/asset-cache.ts';
import { browserCrawl } from './browser/crawl.ts';
import { launchChromium } from './browser/launch.ts';
import { replayLogin } from './browser/login.ts';
import { browserRun } from './browser/run.ts';

export type {
  BrowserCookie,
  BrowserLogin,
  OriginStorage,
  BrowserCrawlPage,
  BrowserCrawlResult,
  BrowserOptions,
  BrowserRequest,
  WebBrowserSession,
} from './browser/types.ts';
import type { BrowserOptions, WebBrowserSession } from './browser/types.ts';

/** Pages the browser works on at once (crawl pages and test runs together): it shares the probe's cores. */
export const BROWSER_PAGES_AT_ONCE = 3;

/** Starts the browser, or answers why not (no Chromium installed, it did not start, the scan was stopped). */
export async function launchWebBrowser(opts: BrowserOptions): Promise<WebBrowserSession | { unavailable: string }> {
  if (opts.signal.aborted) return { unavailable: 'the scan was stopped' };
  const launched = await launchChromium();
  if ('unavailable' in launched) return launched;
  const browser: Browser = launched;
  if (opts.signal.aborted) {
    await browser.close().catch(() => undefined);
    return { unavailable: 'the scan was stopped' };
  }
  const slots = new Slots(BROWSER_PAGES_AT_ONCE);
  // One cache of static files for the scan's crawl, checks and login replays (each opens its own context).
  const shared: BrowserOptions = { ...opts, assetCache: opts.assetCache ?? new AssetCache() };
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    opts.signal.removeEventListener('abort', onAbort);
    await browser.close().catch(() => undefined);
  };
  const onAbort = (): void => void close();
  opts.signal.addEventListener('abort', onAbort, { once: true });
  // Chromium gone (crashed, killed): later calls say so at once instead of failing each its own way.
  browser.on('disconnected', () => {
    closed = true;
    opts.signal.removeEventListener('abort', onAbort);
  });
  const alive = (): void => {
    if (closed) throw new Error('the browser is closed');
  };

  return {
    async run(req) {
      alive();
      return slots.use(() => browserRun(browser, shared, req));
    },
    async crawl(startUrls, crawlOpts) {
      alive();
      // The crawl runs its own small pool of pages (CRAWL_LIMITS.parallel); it comes before the tests' runs.
      const signal = AbortSignal.any([opts.signal, crawlOpts.signal]);
      return browserCrawl(browser, { ...shared, inScope: opts.inScope ?? crawlOpts.inScope }, startUrls, { ...crawlOpts, signal });
    },
    async replayLogin(steps, signal) {
      alive();
      return slots.use(() => replayLogin(browser, shared, steps, AbortSignal.any([opts.signal, signal])));
    },
    close,
  };
}

/** A counting semaphore: at most n tasks at once, the rest wait their turn in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(n: number) {
    this.free = n;
  }

  async use<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
