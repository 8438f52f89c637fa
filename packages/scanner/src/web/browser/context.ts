// A fresh browser context for one page run: the session's cookies and headers (headers only to in-scope URLs, never
// to a CDN), the scan's user agent, TLS errors ignored (a scanner looks at what is there), no service workers (so every
// request passes the router), no downloads, virtual hosts sent to their address with their name as Host. The router keeps the browser in scope: out-of-scope documents, XHR and
// fetches are aborted; out-of-scope static assets (a CDN's script, style, font, image) may load so the page works.
import {
  request as apiRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Request,
  type Response,
  type Route,
} from 'playwright-core';
import type { BrowserOptions, OriginStorage } from './types.ts';
import { NetworkTracker } from './settle.ts';
import { CACHEABLE_TYPES, type AssetCache, type CachedAsset } from './asset-cache.ts';

/** Resource types a page may fetch from outside the scope: what it needs to render and run, nothing it sends data to. */
const ASSET_TYPES = new Set(['script', 'stylesheet', 'font', 'image', 'media', 'texttrack', 'manifest']);

/** Headers about how an answer was carried, not what it is: dropped from a kept (decoded) copy. */
const HOP_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

export interface ContextHooks {
  /** The URL is in the scan's scope (the session's headers go only there). */
  inScope(url: string): boolean;
  /**
   * Decides about an in-scope request before it is sent: 'continue' (the default), or 'abort' (e.g. a navigation
   * the crawl only records). Called for every request the router sees.
   */
  onRequest?(req: Request): 'continue' | 'abort';
  /** Where the session's headers go (default: in scope). */
  sendHeaders?(url: string): boolean;
  /** Rewrites the first request to this URL (run() sends a test's POST as the page load). */
  firstRequest?: { url: string; method: string; body?: string; contentType?: string };
}

export interface ScanContext {
  context: BrowserContext;
  network: NetworkTracker;
  /** Adds the session's cookies for a URL before it is loaded (a re-login reaches the browser). */
  addCookies(url: string): Promise<void>;
  close(): Promise<void>;
}

export async function openScanContext(browser: Browser, opts: BrowserOptions, hooks: ContextHooks): Promise<ScanContext> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
    acceptDownloads: false,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    // Chromium answers the challenge (basic or digest); the origin keeps the password from other hosts.
    ...(opts.httpCredentials ? { httpCredentials: { ...opts.httpCredentials, send: 'unauthorized' as const } } : {}),
  });
  const storage = opts.storage?.() ?? [];
  if (storage.length > 0) await context.addInitScript({ content: restoreStorage(storage) });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  const network = new NetworkTracker(context);
  const headers = opts.headers ?? {};
  let first = hooks.firstRequest;

  const cache = opts.assetCache;
  /** Requests answered from the scan's cache (their answers are not kept again). */
  const fromCache = new WeakSet<Request>();
  const cached = (route: Route, req: Request): Promise<void> | null => {
    const hit = cache?.get(req.method(), req.resourceType(), req.url());
    if (!hit) return null;
    fromCache.add(req);
    return route.fulfill({ status: hit.status, headers: hit.headers, body: hit.body });
  };

  const handle = async (route: Route, req: Request): Promise<void> => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    if (!hooks.inScope(url)) {
      const asset = ASSET_TYPES.has(req.resourceType()) && req.method() === 'GET';
      return asset ? (cached(route, req) ?? route.continue()) : route.abort('blockedbyclient');
    }
    if (hooks.onRequest?.(req) === 'abort') return route.abort('aborted');
    const hit = cached(route, req);
    if (hit) return hit;
    if (opts.pace) await opts.pace(url);
    const host = new URL(url).host;
    const mapped = opts.hostMap?.(host);
    if (mapped) return viaAddress(route, req, url, host, mapped, hooks.sendHeaders?.(url) === false ? {} : headers);
    const overrides: Parameters<Route['continue']>[0] = {};
    if (first && req.isNavigationRequest() && sameUrl(first.url, url)) {
      overrides.method = first.method;
      if (first.body !== undefined) overrides.postData = first.body;
      if (first.contentType)
        overrides.headers = {
          ...(await req.allHeaders()),
          'content-type': first.contentType,
          ...(hooks.sendHeaders?.(url) === false ? {} : headers),
        };
      first = undefined;
    }
    const withHeaders = Object.keys(headers).length > 0 && (hooks.sendHeaders?.(url) ?? true);
    if (withHeaders && !overrides.headers) overrides.headers = { ...(await req.allHeaders()), ...headers };
    return route.continue(overrides);
  };
  await context.route('**/*', (route, req) => handle(route, req).catch(() => undefined));
  if (cache)
    context.on('response', (res) => {
      const req = res.request();
      if (fromCache.has(req) || !CACHEABLE_TYPES.has(req.resourceType())) return;
      void keep(cache, req, res).catch(() => undefined);
    });

  /** Virtual hosts: fetched from Node (its own cookie-less client; the browser's cookies go as the header). */
  let api: Promise<APIRequestContext> | null = null;
  const viaAddress = async (route: Route, req: Request, url: string, host: string, mapped: string, extra: Record<string, string>) => {
    api ??= apiRequest.newContext({ ignoreHTTPSErrors: true });
    const target = new URL(url);
    target.host = mapped;
    const body = req.postDataBuffer();
    const response = await (
      await api
    ).fetch(target.href, {
      method: req.method(),
      headers: { ...(await req.allHeaders()), ...extra, host },
      ...(body ? { data: body } : {}),
      maxRedirects: 0,
      timeout: 15_000,
    });
    await route.fulfill({ response });
  };

  return {
    context,
    network,
    async addCookies(url) {
      const cookies = opts.cookies(url);
      if (cookies.length === 0) return;
      await context.addCookies(
        cookies.map((c) =>
          c.domain ? { name: c.name, value: c.value, domain: c.domain, path: c.path || '/' } : { name: c.name, value: c.value, url },
        ),
      );
    },
    async close() {
      await context.close().catch(() => undefined);
      if (api) await (await api).dispose().catch(() => undefined);
    },
  };
}

/**
 * The session's web storage, put back on each document of its origin before the application's scripts run. Only what
 * is missing: a token the application renewed in this context is kept, and one it removed comes back on the next load.
 */
function restoreStorage(storage: OriginStorage[]): string {
  const byOrigin = Object.fromEntries(storage.map((s) => [s.origin, { local: s.local, session: s.session }]));
  return `(() => {
  const s = (${JSON.stringify(byOrigin)})[location.origin];
  if (!s) return;
  try {
    for (const [k, v] of s.local) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
    for (const [k, v] of s.session) if (sessionStorage.getItem(k) === null) sessionStorage.setItem(k, v);
  } catch {}
})();`;
}

/** Keeps a loaded file in the scan's cache when its answer allows it. */
async function keep(cache: AssetCache, req: Request, res: Response): Promise<void> {
  const headers = await res.allHeaders();
  const lifetime = cache.lifetime(req.method(), req.resourceType(), res.status(), headers);
  if (lifetime <= 0) return;
  const body = await res.body();
  // The body is kept decoded: its transfer headers no longer describe it.
  const kept: CachedAsset['headers'] = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_HEADERS.has(name)) kept[name] = value;
  cache.put(res.url(), { status: res.status(), headers: kept, body }, lifetime);
}

function sameUrl(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    x.hash = y.hash = '';
    return x.href === y.href;
  } catch {
    return a === b;
  }
}
