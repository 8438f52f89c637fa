// The browser crawl of a single-page application: breadth-first over start URLs and the URLs it finds, each loaded
// in a fresh context with the session. On each page it waits for the network to settle, reads the routes the
// application navigated to (history API, hash), the links and the forms, then acts as a user would: fills the
// fields, clicks what has a click handler (not what looks destructive), submits the forms, so the API calls the
// application makes are revealed. Navigations those actions start are recorded and aborted, so the page stays.
import type { Browser, Page, Request } from 'playwright-core';
import type { BrowserCrawlPage, BrowserCrawlResult, BrowserOptions, BrowserRequest } from '../browser.ts';
import type { FormField, WebForm } from '../types.ts';
import { openScanContext } from './context.ts';
import { destructiveReason } from './destructive.ts';
import { CLICK, CLICKABLES, COLLECT, CRAWL_INIT, FILL, SUBMIT } from './page-scripts.ts';

export interface CrawlOptions {
  maxPages: number;
  maxDepth: number;
  inScope(url: string): boolean;
  allowDestructive: boolean;
  signal: AbortSignal;
}

/** Tuning of the crawl, per page: how long the network must be quiet, how long a page may take at most. */
export const CRAWL_TIMING = {
  /** The network is settled after this long with nothing in flight. */
  quietMs: 120,
  /** A page's load, or an action's effects, are waited for at most this long. */
  settleMaxMs: 3000,
  /** Clicks per page at most (a page of a thousand buttons is sampled, not exhausted). */
  clicksPerPage: 40,
  /** Forms submitted per page at most. */
  formsPerPage: 10,
  /** Pages crawled at once (each its own context). */
  parallel: 2,
};

/** Request types that are the application talking to its server (not the assets it loads). */
const API_TYPES = new Set(['xhr', 'fetch', 'eventsource', 'ping', 'other']);

interface Queued {
  url: string;
  depth: number;
  referrer?: string;
}

interface Collected {
  url: string;
  title: string;
  routes: string[];
  links: { url: string; text: string }[];
  forms: { action: string; method: 'GET' | 'POST'; enctype: string; fields: FormField[]; text: string }[];
}

/** Same page for the crawl: the fragment is dropped unless it is a client-side route (#/items, #!/items). */
export function pageKey(url: string): string {
  try {
    const u = new URL(url);
    if (!/^#!?\//.test(u.hash)) u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

export async function browserCrawl(
  browser: Browser,
  browserOpts: BrowserOptions,
  startUrls: string[],
  opts: CrawlOptions,
): Promise<BrowserCrawlResult & { skipped: { url: string; reason: string }[] }> {
  const pages: BrowserCrawlPage[] = [];
  const requests: BrowserRequest[] = [];
  const forms: WebForm[] = [];
  const skipped: { url: string; reason: string }[] = [];
  const seenPages = new Set<string>();
  const seenRequests = new Set<string>();
  const seenForms = new Set<string>();
  const seenSkips = new Set<string>();
  const queue: Queued[] = [];

  const skip = (url: string, reason: string): void => {
    if (seenSkips.has(url)) return;
    seenSkips.add(url);
    skipped.push({ url, reason });
  };
  /** Adds a page found (a link, a route, a navigation) to the site and the queue. */
  const found = (url: string, depth: number, referrer?: string, title?: string, text?: string): void => {
    if (!/^https?:/i.test(url) || !opts.inScope(url)) return;
    const key = pageKey(url);
    if (seenPages.has(key)) return;
    const reason = opts.allowDestructive ? null : destructiveReason(new URL(url).pathname, text);
    if (reason) return skip(url, reason);
    if (pages.length >= opts.maxPages) return;
    seenPages.add(key);
    pages.push({ url: key, ...(title ? { title } : {}), ...(referrer ? { referrer } : {}) });
    if (depth <= opts.maxDepth) queue.push({ url: key, depth, ...(referrer ? { referrer } : {}) });
  };
  const recordRequest = (req: Request, page: string): void => {
    const method = req.method();
    const body = req.postData() ?? undefined;
    const key = `${method} ${req.url()} ${body ?? ''}`;
    if (seenRequests.has(key)) return;
    seenRequests.add(key);
    const contentType = req.headers()['content-type'];
    requests.push({ method, url: req.url(), page, ...(body !== undefined ? { body } : {}), ...(contentType ? { contentType } : {}) });
  };
  const recordForm = (page: string, f: Collected['forms'][number]): void => {
    const key = `${f.method} ${f.action} ${f.fields.map((x) => x.name).join(',')}`;
    if (seenForms.has(key)) return;
    seenForms.add(key);
    forms.push({
      page,
      action: f.action,
      method: f.method,
      enctype: ENCTYPES.has(f.enctype) ? (f.enctype as WebForm['enctype']) : 'application/x-www-form-urlencoded',
      fields: f.fields,
      csrfToken: f.fields.some((x) => x.type === 'hidden' && CSRF_NAME.test(x.name)),
    });
  };

  for (const url of startUrls) found(url, 0);

  /** One page run: load, collect, act; everything it finds goes through found/recordRequest/recordForm. */
  const visit = async (item: Queued): Promise<void> => {
    // Until the page has loaded, its own navigations (redirects, a script's location change) are followed.
    let loaded = false;
    const scan = await openScanContext(browser, browserOpts, {
      inScope: opts.inScope,
      onRequest(req) {
        const frame = req.frame();
        const mainNavigation = req.isNavigationRequest() && frame.parentFrame() === null;
        if (mainNavigation && loaded) {
          // Leaving the page (a link clicked, a form submitted, location changed): noted, not followed here.
          if (req.method() === 'GET') found(req.url(), item.depth + 1, item.url);
          else recordRequest(req, item.url);
          return 'abort';
        }
        if (API_TYPES.has(req.resourceType()) || (req.isNavigationRequest() && req.method() !== 'GET')) recordRequest(req, item.url);
        return 'continue';
      },
    });
    try {
      const { context, network } = scan;
      await context.addInitScript({ content: CRAWL_INIT });
      await scan.addCookies(item.url);
      const page = await context.newPage();
      page.on('dialog', (d) => void d.dismiss().catch(() => undefined));
      const settle = (): Promise<void> => network.settle(CRAWL_TIMING.quietMs, CRAWL_TIMING.settleMaxMs, opts.signal);
      const response = await page.goto(item.url, { waitUntil: 'load' }).catch(() => null);
      if (!response && page.url() === 'about:blank') return;
      await settle();
      loaded = true;
      const gather = async (): Promise<Collected | null> => {
        const c = (await page.evaluate(COLLECT).catch(() => null)) as Collected | null;
        if (!c) return null;
        const here = pageKey(c.url);
        // The page itself may have routed elsewhere on load (/ → /home): that URL is a page too.
        found(here, item.depth, item.url, c.title);
        const entry = pages.find((p) => p.url === here);
        if (entry && !entry.title && c.title) entry.title = c.title;
        for (const r of c.routes) found(r, item.depth + 1, item.url);
        for (const l of c.links) found(l.url, item.depth + 1, item.url, undefined, l.text);
        for (const f of c.forms) recordForm(here, f);
        return c;
      };
      const first = await gather();
      if (!first || opts.signal.aborted) return;
      await page.evaluate(FILL).catch(() => 0);
      await settle();
      await clickAround(page, first.url, opts, settle, gather, skip);
      if (!opts.signal.aborted) await submitForms(page, first, opts, settle, gather, skip);
    } finally {
      await scan.close();
    }
  };

  // Breadth-first with a small pool: a depth's pages run in parallel, their finds join the queue's end.
  const running = new Set<Promise<void>>();
  while ((queue.length > 0 || running.size > 0) && !opts.signal.aborted) {
    while (queue.length > 0 && running.size < CRAWL_TIMING.parallel) {
      const item = queue.shift()!;
      const job: Promise<void> = visit(item)
        .catch(() => undefined)
        .finally(() => running.delete(job));
      running.add(job);
    }
    if (running.size > 0) await Promise.race(running);
  }
  await Promise.allSettled(running);
  return { pages, requests, forms, skipped };
}

const ENCTYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'application/json']);
const CSRF_NAME = /csrf|xsrf|token|authenticity|nonce|__requestverification/i;

/**
 * Clicks each clickable once (by key, so a re-rendered button is not clicked again); after
 * a click that routed the application elsewhere, goes back (history, else a reload) so the next click acts on this
 * page. New controls a click revealed (a menu, a dialog) are clicked in turn.
 */
async function clickAround(
  page: Page,
  home: string,
  opts: CrawlOptions,
  settle: () => Promise<void>,
  gather: () => Promise<Collected | null>,
  skip: (url: string, reason: string) => void,
): Promise<void> {
  const clicked = new Set<string>();
  let clicks = 0;
  // The targets are looked up afresh before every click: a click may render the page again (new elements, same keys).
  while (clicks < CRAWL_TIMING.clicksPerPage && !opts.signal.aborted) {
    const targets = (await page.evaluate(CLICKABLES).catch(() => [])) as { key: string; text: string; form: string | null }[];
    const i = targets.findIndex((t) => !clicked.has(t.key));
    const t = targets[i];
    if (!t) return;
    clicked.add(t.key);
    const reason = opts.allowDestructive ? null : destructiveReason(t.text, t.form ? new URL(t.form).pathname : undefined);
    if (reason) {
      skip(`${pageKey(home)} [${t.text || t.key}]`, reason);
      continue;
    }
    clicks++;
    if (!(await page.evaluate(CLICK(i)).catch(() => false))) continue;
    await settle();
    await gather();
    if (pageKey(page.url()) !== pageKey(home)) {
      // Routed elsewhere (history API, hash): back to this page, through history when the application handles it.
      await page.goBack({ waitUntil: 'commit', timeout: 3000 }).catch(() => null);
      await settle();
      if (pageKey(page.url()) !== pageKey(home)) {
        await page.goto(home, { waitUntil: 'load' }).catch(() => null);
        await settle();
      }
      // The page was rendered again: its fields are empty again.
      await page.evaluate(FILL).catch(() => 0);
      await settle();
    }
  }
}

/** Submits each form the page shows (filled by FILL), unless its button or action looks destructive. */
async function submitForms(
  page: Page,
  first: Collected,
  opts: CrawlOptions,
  settle: () => Promise<void>,
  gather: () => Promise<Collected | null>,
  skip: (url: string, reason: string) => void,
): Promise<void> {
  const now = (await gather()) ?? first;
  for (const [i, f] of now.forms.slice(0, CRAWL_TIMING.formsPerPage).entries()) {
    if (opts.signal.aborted) return;
    const reason = opts.allowDestructive ? null : destructiveReason(f.text, new URL(f.action).pathname);
    if (reason) {
      skip(f.action, reason);
      continue;
    }
    await page.evaluate(FILL).catch(() => 0);
    const ok = await page.evaluate(SUBMIT(i)).catch(() => false);
    if (!ok) continue;
    await settle();
    await gather();
  }
}
