// The headless browser's contract with the engine: what a browser crawl finds, the session's calls and the options it
// is started with (apart from browser.ts so the browser's parts can name them without importing their own face).
import type { WebAuthSpec, WebBrowser, WebForm } from '../types.ts';
import type { AssetCache } from './asset-cache.ts';

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

/**
 * An origin's web storage as a login left it: a single-page application keeps its session there (a token in
 * localStorage, sent by its scripts as a bearer header) rather than in a cookie.
 */
export interface OriginStorage {
  origin: string;
  local: [string, string][];
  session: [string, string][];
}

/** What a replayed browser login ended with: the engine's session is made of all three. */
export interface BrowserLogin {
  cookies: BrowserCookie[];
  storage: OriginStorage[];
  /** The bearer token the application's scripts sent after signing in (its API session), when they sent one. */
  bearer?: string;
}

export interface WebBrowserSession extends WebBrowser {
  /** Crawls from the start URLs, staying in scope, up to maxPages pages (client-side routes count as pages). */
  crawl(
    startUrls: string[],
    opts: { maxPages: number; maxDepth: number; inScope(url: string): boolean; allowDestructive: boolean; signal: AbortSignal },
  ): Promise<BrowserCrawlResult>;
  /** Replays a recorded login; answers the cookies, web storage and bearer token it ended with (the engine's session). */
  replayLogin(steps: Extract<WebAuthSpec, { kind: 'recorded' }>['steps'], signal: AbortSignal): Promise<BrowserLogin>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /** The session's cookies for a URL, asked before each page load (so a re-login reaches the browser). */
  cookies(url: string): BrowserCookie[];
  /** The session's web storage, asked when a context opens: put in place before the application's scripts run. */
  storage?(): OriginStorage[];
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
  /** The scan's cache of static files, shared by its contexts (routing turns the browser's own cache off). */
  assetCache?: AssetCache;
  /** The scan's scope, for run() and the session's headers (default: the request's own origin). */
  inScope?(url: string): boolean;
  signal: AbortSignal;
}
