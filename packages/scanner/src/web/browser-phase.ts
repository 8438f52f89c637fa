// The web scan's browser phase (step 3 of runWebScan): the headless browser crawls the start pages and the client
// routes the HTTP crawl only saw as the application's shell, within its share of the time left; the pages, requests
// and forms it found join the HTTP crawl, which then fetches them. A browser that cannot start is said and skipped.
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import type { ScanErrorType } from '../types.ts';
import type { BrowserRequest, WebBrowserSession } from './browser.ts';
import type { Crawler } from './crawl/crawler.ts';
import type { WebLimits } from './types.ts';

/**
 * The share of the time left that the browser crawl may take. Without a share, a browser crawl of a large application
 * took the whole run time (measured: Bulwark's own app, 3,600 s): the routes it found were never fetched and no test
 * ran, an empty result. Cut at its share, what it found is crawled and tested in the time left.
 */
export const BROWSER_SHARE_OF_TIME_LEFT = 0.5;

export interface BrowserPhase {
  browser: () => Promise<WebBrowserSession | { unavailable: string }>;
  crawler: Crawler;
  /** The target first, then the other sites' (virtual hosts') roots. */
  startUrls: string[];
  limits: WebLimits;
  inScope(url: string): boolean;
  allowDestructive: boolean;
  signal: AbortSignal;
  /** The scan's clock and its run-time deadline (ms on that clock). */
  now(): number;
  deadline: number;
  /** How often the share is checked on the clock (the engine's progress period). */
  checkEveryMs: number;
  error(type: ScanErrorType, message: string): void;
  skipped: { url: string; reason: string }[];
}

/** A hash route with a query of its own (`#/track-result?id=7`, `#!/search?q=x`). */
const ROUTE_WITH_QUERY = /#!?\/[^?]*\?./;

/**
 * Runs the browser crawl and hands its finds to the crawler; answers the browser, the requests it recorded and the
 * hash routes with a query it reached (the crawler keeps no fragments).
 */
export async function runBrowserPhase(
  p: BrowserPhase,
): Promise<{ browser: WebBrowserSession; requests: BrowserRequest[]; routes: string[] } | null> {
  const b = await p.browser();
  if ('unavailable' in b) {
    p.error(SCAN_ERROR_TYPE.internal, `The browser crawl did not run: ${b.unavailable}`);
    return null;
  }
  const budgetMs = Math.max(0, p.deadline - p.now()) * BROWSER_SHARE_OF_TIME_LEFT;
  const ends = p.now() + budgetMs;
  // Checked on the scan's clock, as the run time is.
  const share = new AbortController();
  const ticker = setInterval(() => {
    if (p.now() > ends) share.abort();
  }, p.checkEveryMs);
  let found;
  try {
    found = await b.crawl([...new Set([...p.startUrls, ...p.crawler.clientRoutes])], {
      maxPages: Math.max(1, p.limits.maxUrls - p.crawler.found),
      maxDepth: p.limits.maxDepth,
      inScope: p.inScope,
      allowDestructive: p.allowDestructive,
      signal: AbortSignal.any([p.signal, share.signal]),
    });
  } finally {
    clearInterval(ticker);
  }
  if (share.signal.aborted && !p.signal.aborted)
    p.error(
      SCAN_ERROR_TYPE.limits_exceeded,
      `The browser crawl used its share of the run time (${Math.round(budgetMs / 1000)} s of the ${Math.round(budgetMs / BROWSER_SHARE_OF_TIME_LEFT / 1000)} s left) and stopped after ${found.pages.length} page${found.pages.length === 1 ? '' : 's'}; the pages it found are crawled and tested, client routes it did not reach are not`,
    );
  const requests = found.requests.filter((r) => p.inScope(r.url));
  p.skipped.push(...(found.skipped ?? []).filter((s) => !p.skipped.some((k) => k.url === s.url)));
  for (const page of found.pages) p.crawler.seed(page.url, 'browser', 1, page.referrer);
  for (const r of requests) if (r.method.toUpperCase() === 'GET') p.crawler.seed(r.url, 'browser', 1, r.page);
  for (const f of found.forms) p.crawler.addForm(f);
  const routes = found.pages.map((page) => page.url).filter((u) => ROUTE_WITH_QUERY.test(u) && p.inScope(u));
  return { browser: b, requests, routes };
}
