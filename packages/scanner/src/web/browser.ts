// The headless browser of a web scan (Debian's Chromium through playwright-core): crawls single-page applications
// (runs their scripts, follows client-side routes, fires events, records the requests they make), replays a recorded
// login, and loads a test's request to see whether a script payload ran (EXEC_HOOK).
import type { Browser } from 'playwright-core';
import { browserCrawl } from './browser/crawl.ts';
import { launchChromium } from './browser/launch.ts';
import { replayLogin } from './browser/login.ts';
import { browserRun } from './browser/run.ts';
import type { WebAuthSpec, WebBrowser, WebForm } from './types.ts';

export interface BrowserCrawlPage {
  url: string;
  title?: string;
  referrer?: string;
}

/** A request the application's own scripts made (fetch, XHR, form posts) while the browser crawled it. */
export interface BrowserRequest {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
  /** The page that made it. */
  page: string;
}

export interface BrowserCrawlResult {
  pages: BrowserCrawlPage[];
  requests: BrowserRequest[];
  forms: WebForm[];
  /** Links, controls and forms not followed, clicked or submitted because they look destructive (the result's skipped). */
  skipped?: { url: string; reason: string }[];
}

export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
}

export interface WebBrowserSession extends WebBrowser {
  /** Crawls from the start URLs, staying in scope, up to maxPages pages (client-side routes count as pages). */
  crawl(
    startUrls: string[],
    opts: { maxPages: number; maxDepth: number; inScope(url: string): boolean; allowDestructive: boolean; signal: AbortSignal },
  ): Promise<BrowserCrawlResult>;
  /** Replays a recorded login; answers the cookies it ended with (the engine puts them in its jar). */
  replayLogin(steps: Extract<WebAuthSpec, { kind: 'recorded' }>['steps'], signal: AbortSignal): Promise<BrowserCookie[]>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /** The session's cookies for a URL, asked before each page load (so a re-login reaches the browser). */
  cookies(url: string): BrowserCookie[];
  /** Headers sent with every request (the profile's and the auth's). */
  headers?: Record<string, string>;
  userAgent?: string;
  /**
   * Awaited before each in-scope request the browser sends (page loads, scripts, the application's API calls), so
   * the browser keeps to the scan's requests per second and is counted with its requests. Optional.
   */
  pace?(url: string): Promise<void>;
  /**
   * Virtual hosts the scan reaches at another address ("host:port" → "address:port", the client's hostMap): the
   * browser never resolves such a name; the router sends the request to the address with the name as Host.
   */
  hostMap?(host: string): string | undefined;
  /** HTTP basic or digest credentials (auth kind basic/digest), answered to the origin's challenges only. */
  httpCredentials?: { username: string; password: string; origin: string };
  /** The scan's scope, for run() and the session's headers (default: the request's own origin). */
  inScope?(url: string): boolean;
  signal: AbortSignal;
}

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
      return slots.use(() => browserRun(browser, opts, req));
    },
    async crawl(startUrls, crawlOpts) {
      alive();
      // The crawl runs its own small pool of pages (CRAWL_LIMITS.parallel); it comes before the tests' runs.
      const signal = AbortSignal.any([opts.signal, crawlOpts.signal]);
      return browserCrawl(browser, { ...opts, inScope: opts.inScope ?? crawlOpts.inScope }, startUrls, { ...crawlOpts, signal });
    },
    async replayLogin(steps, signal) {
      alive();
      return slots.use(() => replayLogin(browser, opts, steps, AbortSignal.any([opts.signal, signal])));
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
