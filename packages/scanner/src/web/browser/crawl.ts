// The browser crawl of a single-page application: breadth-first over start URLs and the URLs it finds, each loaded
// as a new document with the session (a worker's context serves a run of pages). On each page it waits for the
// network to settle, reads the routes the application navigated to (history API, hash), the links and the forms,
// then acts as a user would: fills the fields, clicks what has a click handler (not what looks destructive), submits
// the forms, so the API calls the application makes are revealed. Navigations those actions start are recorded and
// aborted, so the page stays.
import type { Browser, Page, Request } from 'playwright-core';
import type { BrowserCrawlPage, BrowserCrawlResult, BrowserOptions, BrowserRequest } from './types.ts';
import type { FormField, WebForm } from '../types.ts';
import { openScanContext } from './context.ts';
import { destructiveReason } from './destructive.ts';
import { CLICK, CRAWL_INIT, SUBMIT, SURVEY } from './page-scripts.ts';
import { CrawlMemory } from './crawl-memory.ts';
import { HashShells } from './hash-shells.ts';
import { pageKey, samePage, sameScreen, variantUrl, withoutOwnValues } from './page-urls.ts';
import { VariantLimiter } from '../variants.ts';
import type { NetworkTracker } from './settle.ts';

export interface CrawlOptions {
  maxPages: number;
  maxDepth: number;
  inScope(url: string): boolean;
  allowDestructive: boolean;
  signal: AbortSignal;
}

/** The crawl's bounds and tuning: how long the network must be quiet, how much a page may cost, how much is kept. */
export const CRAWL_LIMITS = {
  /** The network is settled after this long with nothing in flight. */
  quietMs: 120,
  /**
   * A control clicked on this many pages without revealing anything (no new page, request or form) is not clicked on
   * further pages: the menus and buttons of an application's frame are the same on every screen.
   */
  dullAfter: 2,
  /** Pages visited per same-page pattern (paging, sort orders, ids), as the HTTP crawl's variant limit. */
  variantsPerPattern: 3,
  /**
   * Children of one page visited with the same screen shape before its other children are taken for the template,
   * when it has at least templateSiblings children.
   */
  templateAfter: 3,
  templateSiblings: 10,
  /** A page's load, or an action's effects, are waited for at most this long. */
  settleMaxMs: 3000,
  /** Clicks per page at most (a page of a thousand buttons is sampled, not exhausted). */
  clicksPerPage: 40,
  /** Forms submitted per page at most. */
  formsPerPage: 10,
  /** Distinct requests recorded at most, and the longest request body kept. */
  maxRequests: 5000,
  maxBodyChars: 256 * 1024,
  /** A page's actions stop after this long (a page that never goes quiet costs settleMaxMs a step). */
  pageBudgetMs: 30_000,
  /** Pages crawled at once (each worker its own context and page). */
  parallel: 2,
  /** A worker's context is renewed after this many pages. */
  pagesPerContext: 25,
};

/** Request types that are the application talking to its server (not the assets it loads). */
const API_TYPES = new Set(['xhr', 'fetch', 'eventsource', 'ping', 'other']);

interface Queued {
  url: string;
  depth: number;
  referrer?: string;
}

/** What SURVEY answers. */
interface Survey {
  url: string;
  title: string;
  routes: string[];
  links: { url: string; text: string }[];
  forms: { action: string; method: 'GET' | 'POST'; enctype: string; fields: FormField[]; text: string }[];
  filled: number;
  targets: { key: string; text: string; form: string | null }[];
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
  const variants = new VariantLimiter(CRAWL_LIMITS.variantsPerPattern);
  const memory = new CrawlMemory(CRAWL_LIMITS);
  const shells = new HashShells();

  const skip = (url: string, reason: string): void => {
    if (seenSkips.has(url)) return;
    seenSkips.add(url);
    skipped.push({ url, reason });
  };
  /** Adds a page found (a link, a route, a navigation) to the site and the queue. */
  const found = (url: string, depth: number, referrer?: string, title?: string, text?: string): void => {
    if (!/^https?:/i.test(url) || !opts.inScope(url)) return;
    const key = shells.route(pageKey(url));
    if (seenPages.has(key)) return;
    const reason = opts.allowDestructive ? null : destructiveReason(new URL(url).pathname, text);
    if (reason) return skip(url, reason);
    if (pages.length >= opts.maxPages) return;
    // A screen the crawl filtered by typing (its own values in the query), or the page's own screen in another state
    // (a filter, page or sort order in the URL), is a page of the site (its parameters are tested), not one to visit;
    // and only when it names a parameter the screen had not shown yet (every combination of a dozen filters is not).
    const filtered =
      (withoutOwnValues(key) !== key && seenPages.has(pageKey(withoutOwnValues(key)))) ||
      (referrer !== undefined && sameScreen(key, referrer));
    if (filtered) {
      if (!memory.addsParams(key)) return;
    } else {
      // A page the variant limit refuses names no parameters: a later filter state naming them is still recorded.
      if (depth > 0 && !variants.admit(variantUrl(key))) return;
      memory.addsParams(key);
    }
    seenPages.add(key);
    memory.discovered();
    memory.child(key);
    pages.push({ url: key, ...(title ? { title } : {}), ...(referrer ? { referrer } : {}) });
    if (depth <= opts.maxDepth && !filtered) queue.push({ url: key, depth, ...(referrer ? { referrer } : {}) });
  };
  const recordRequest = (req: Request, page: string): void => {
    // A page that polls with a fresh query each time must not fill memory: the first so many distinct requests.
    if (requests.length >= CRAWL_LIMITS.maxRequests) return;
    const method = req.method();
    const raw = req.postData() ?? undefined;
    // An upload's megabytes say nothing a test can use; the request is kept without them.
    const body = raw !== undefined && raw.length <= CRAWL_LIMITS.maxBodyChars ? raw : undefined;
    const key = `${method} ${req.url()} ${body ?? ''}`;
    if (seenRequests.has(key)) return;
    seenRequests.add(key);
    memory.discovered();
    const contentType = req.headers()['content-type'];
    requests.push({ method, url: req.url(), page, ...(body !== undefined ? { body } : {}), ...(contentType ? { contentType } : {}) });
  };
  const recordForm = (page: string, f: Survey['forms'][number]): void => {
    const key = `${f.method} ${f.action} ${f.fields.map((x) => x.name).join(',')}`;
    if (seenForms.has(key)) return;
    seenForms.add(key);
    memory.discovered();
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

  /** One page run on a worker's page: load, survey, act; what it finds goes through found/recordRequest/recordForm. */
  const visit = async (worker: Worker, item: Queued): Promise<void> => {
    const { page, network } = worker;
    const settle = (): Promise<void> => network.settle(CRAWL_LIMITS.quietMs, CRAWL_LIMITS.settleMaxMs, opts.signal);
    const survey = async (): Promise<Survey | null> => {
      const c = (await page.evaluate(SURVEY).catch(() => null)) as Survey | null;
      if (!c) return null;
      const here = shells.route(pageKey(c.url));
      // The page itself may have routed elsewhere on load (/ → /home): that URL is a page too.
      found(here, item.depth, item.url, c.title);
      const entry = pages.find((p) => p.url === here);
      if (entry && !entry.title && c.title) entry.title = c.title;
      for (const r of c.routes) found(r, item.depth + 1, item.url);
      for (const l of c.links) found(l.url, item.depth + 1, item.url, undefined, l.text);
      for (const f of c.forms) recordForm(here, f);
      // Filled fields may start requests (a search box fetching as it is typed in).
      if (c.filled > 0) await settle();
      return c;
    };

    worker.current.item = item;
    worker.current.loaded = false;
    await worker.addCookies(item.url);
    // A new document for every page: a URL differing only in its fragment would otherwise not load again.
    if (pageKey(page.url()).split('#')[0] === item.url.split('#')[0]) await page.goto('about:blank').catch(() => null);
    const response = await page.goto(item.url, { waitUntil: 'load' }).catch(() => null);
    if (!response && page.url() === 'about:blank') return;
    await settle();
    worker.current.loaded = true;
    if (response && /html/i.test(response.headers()['content-type'] ?? ''))
      shells.loaded(item.url, page.url(), await response.body().catch(() => null));
    firstLoaded();
    let now = await survey();
    if (!now || opts.signal.aborted) return;
    // A hash-routed shell at another path, on a route of the first: that screen is (or will be) acted on there.
    if (shells.route(pageKey(now.url)) !== pageKey(now.url)) return;
    memory.shape(item.url, now);
    // Where the page is once its fields are filled (a list may write its filter to the URL): the page to come back to.
    const home = now.filled > 0 && samePage(page.url(), now.url) ? page.url() : now.url;
    const deadline = Date.now() + CRAWL_LIMITS.pageBudgetMs;
    const more = (): boolean => !opts.signal.aborted && Date.now() < deadline;
    /** The page after an action: surveyed, once more after the load if a navigation was under way. */
    const after = async (): Promise<Survey | null> => {
      const s = await survey();
      if (s) return s;
      await page.waitForLoadState('load', { timeout: 3000 }).catch(() => null);
      await settle();
      return survey();
    };
    /** The position in the tab's history (the Navigation API's entry index; the history length where it is missing). */
    const place = async (): Promise<number> =>
      Number(
        await page
          .evaluate('(window.navigation && navigation.currentEntry) ? navigation.currentEntry.index : history.length')
          .catch(() => -1),
      );
    let homePlace = await place();
    /**
     * Back to this page after an action routed elsewhere: through history when the action added entries after this
     * page's (a client-side route), else by loading the page again. The load is the crawl's own navigation, so the
     * router lets it through (after the page's load every navigation is recorded and aborted: the reload was aborted
     * too, and the page was left blank, ending its clicks).
     */
    const restore = async (): Promise<Survey | null> => {
      if ((await place()) > homePlace) {
        await page.goBack({ waitUntil: 'commit', timeout: 3000 }).catch(() => null);
        await settle();
        const back = await after();
        if (back && samePage(back.url, home) && (await place()) === homePlace) return back;
      }
      worker.current.loaded = false;
      // The page's own URL: the survey fills its fields again (a filter in the URL comes back with them).
      await page.goto(item.url, { waitUntil: 'load' }).catch(() => null);
      await settle();
      worker.current.loaded = true;
      homePlace = await place();
      return after();
    };

    // Clicks each clickable once (by key: a re-rendered button is not clicked again), except the controls that
    // revealed nothing on other pages; after a click that routed the application elsewhere (or left it on no page at
    // all), back to this page so the next click acts on it.
    const clicked = new Set<string>();
    let clicks = 0;
    while (now && clicks < CRAWL_LIMITS.clicksPerPage && more()) {
      const i = now.targets.findIndex((t) => !clicked.has(t.key) && !memory.isDull(t.key));
      const t = now.targets[i];
      if (!t) break;
      clicked.add(t.key);
      const reason = opts.allowDestructive ? null : destructiveReason(t.text, t.form ? new URL(t.form).pathname : undefined);
      if (reason) {
        skip(`${pageKey(home)} [${t.text || t.key}]`, reason);
        continue;
      }
      clicks++;
      const before = memory.discoveries;
      if (await page.evaluate(CLICK(i)).catch(() => false)) await settle();
      now = await after();
      // A filter or view state of this screen written into its URL is still this screen: no need to come back.
      if (!now || !(samePage(now.url, home) || sameScreen(now.url, home))) now = await restore();
      memory.clicked(t.key, before);
    }

    // Submits each form the page shows (filled by the survey), unless its button or action looks destructive.
    const count = Math.min(now?.forms.length ?? 0, CRAWL_LIMITS.formsPerPage);
    for (let i = 0; i < count && now && more(); i++) {
      const f = now.forms[i];
      if (!f) break;
      const reason = opts.allowDestructive ? null : destructiveReason(f.text, new URL(f.action).pathname);
      if (reason) {
        skip(f.action, reason);
        continue;
      }
      if (await page.evaluate(SUBMIT(i)).catch(() => false)) await settle();
      now = await survey();
    }
  };

  /** A worker: one context and page for a run of pages (a new page costs more than the load of an application). */
  const openWorker = async (): Promise<Worker> => {
    const current: Worker['current'] = { item: { url: '', depth: 0 }, loaded: false };
    const scan = await openScanContext(browser, browserOpts, {
      inScope: opts.inScope,
      onRequest(req) {
        const { item, loaded } = current;
        const mainNavigation = req.isNavigationRequest() && req.frame().parentFrame() === null;
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
      await scan.context.addInitScript({ content: CRAWL_INIT });
      const page = await scan.context.newPage();
      // Alerts and confirms are dismissed (a confirm answered no); leaving the page is always allowed.
      page.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()).catch(() => undefined));
      // A page the application opens (a form with target=_blank) has had its navigation recorded; it is closed.
      scan.context.on('page', (p) => void (p === page ? undefined : p.close().catch(() => undefined)));
      return { page, network: scan.network, addCookies: scan.addCookies, close: scan.close, current, visits: 0 };
    } catch (err) {
      await scan.close();
      throw err;
    }
  };

  // Breadth-first with a small pool of workers: a depth's pages run in parallel, their finds join the queue's end.
  // A worker's context is renewed after a number of pages, or when its page failed, so no state builds up for long.
  const work = async (n: number): Promise<void> => {
    let worker: Worker | null = null;
    // The first page loads alone: a hash-routed shell is then known under the start URL, not a path found with it.
    if (n > 0) await first;
    try {
      while (!opts.signal.aborted) {
        const item = queue.shift();
        if (!item) {
          if (busy === 0) return;
          await new Promise<void>((resolve) => wakers.push(resolve));
          continue;
        }
        // A detail screen whose siblings showed one template: a page of the site, not visited.
        if (item.depth > 0 && memory.templated(item.url)) continue;
        busy++;
        try {
          if (!worker || worker.visits >= CRAWL_LIMITS.pagesPerContext || worker.page.isClosed()) {
            await worker?.close();
            worker = await openWorker();
          }
          worker.visits++;
          await visit(worker, item);
        } catch {
          await worker?.close();
          worker = null;
        } finally {
          firstLoaded();
          busy--;
          // New pages may be queued, or the crawl may be over: idle workers look again.
          for (const wake of wakers.splice(0)) wake();
        }
      }
    } finally {
      firstLoaded();
      await worker?.close();
    }
  };
  let busy = 0;
  let firstLoaded: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (firstLoaded = resolve));
  const wakers: (() => void)[] = [];
  const onAbort = (): void => {
    firstLoaded();
    for (const wake of wakers.splice(0)) wake();
  };
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.all(Array.from({ length: CRAWL_LIMITS.parallel }, (_, n) => work(n)));
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
  }
  return { pages, requests, forms, skipped };
}

interface Worker {
  page: Page;
  network: NetworkTracker;
  addCookies(url: string): Promise<void>;
  close(): Promise<void>;
  /** The page being crawled, for the router; loaded once its own load is over (then navigations are recorded). */
  current: { item: Queued; loaded: boolean };
  visits: number;
}

const ENCTYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'application/json']);
const CSRF_NAME = /csrf|xsrf|token|authenticity|nonce|__requestverification/i;
