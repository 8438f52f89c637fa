// The headless browser of a web scan (Debian's Chromium through playwright-core): crawls single-page applications
// (runs their scripts, follows client-side routes, fires events, records the requests they make), replays a recorded
// login, and loads a test's request to see whether a script payload ran (EXEC_HOOK).
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
  signal: AbortSignal;
}

/** Starts the browser, or answers null (with the reason) when no Chromium is installed. */
export async function launchWebBrowser(opts: BrowserOptions): Promise<WebBrowserSession | { unavailable: string }> {
  void opts;
  return { unavailable: 'the headless browser is not built yet' };
}
