// DOM-based XSS in a hash route's own query (Juice Shop's #/search?q=, issue 28), on a tiny hash-routed application
// served locally: the search screen writes q through innerHTML (vulnerable) or textContent (the safe twin). The payload
// must keep the route, or the screen that reads q is never drawn. Also the shell as the crawl records it (no fragment:
// the application routes itself), a route without a query (the common names, tried in the watched load) and a route
// that writes its whole fragment (the fragment's payload follows the route), and the routes the browser crawl reached. Skipped only without Chromium.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWebBrowser, type WebBrowserSession } from '../../src/web/browser.ts';
import { findChromium } from '../../src/web/browser/launch.ts';
import { xssDom } from '../../src/web/tests/active/xss-dom.ts';
import { crawledPage, harness, serve, type Harness } from './fixtures/harness.ts';

const chromium = findChromium();
if (!chromium) console.log('DOM-XSS hash-route tests skipped: no Chromium at /usr/bin/chromium');

/** The application: `show` draws the search screen's text; an unknown or missing route goes to #/search. */
const app = (show: string): string => `<!doctype html><html><body><div id="out"></div><script>
  const out = document.getElementById('out');
  const ROUTES = {
    search: (p) => { ${show} },
    about: () => { out.innerHTML = 'Page ' + decodeURIComponent(location.hash); },
    track: (p) => { ${show.replace("'Results for '", "'Order '").replace("p.get('q')", "p.get('id')")} },
  };
  function render() {
    const m = /^#!?\\/([^?]*)(?:\\?(.*))?$/.exec(location.hash);
    const screen = m && ROUTES[m[1]];
    if (!screen) return void location.replace(location.pathname + location.search + '#/search');
    screen(new URLSearchParams(m[2] || ''));
  }
  addEventListener('hashchange', render);
  render();
</script></body></html>`;

const PAGES: Record<string, string> = {
  '/shop': app(`out.innerHTML = 'Results for ' + (p.get('q') || '');`),
  '/safe': app(`out.textContent = 'Results for ' + (p.get('q') || '');`),
};

describe.skipIf(!chromium)('DOM-based XSS in a hash route', () => {
  let site: Awaited<ReturnType<typeof serve>>;
  let browser: WebBrowserSession;
  const controller = new AbortController();
  const harnesses: Harness[] = [];
  /** Browser navigations to each path (hash changes are not navigations). */
  const loads = new Map<string, number>();

  beforeAll(async () => {
    site = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.headers['sec-fetch-mode'] === 'navigate') loads.set(url.pathname, (loads.get(url.pathname) ?? 0) + 1);
      const body = PAGES[url.pathname];
      if (!body) return void res.writeHead(404).end();
      // A slow path of the shell: it must still be the one a finding names when its test started first.
      setTimeout(
        () => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(body);
        },
        url.searchParams.get('slow') === '1' ? 800 : 0,
      );
    });
    const launched = await launchWebBrowser({ cookies: () => [], signal: controller.signal });
    if ('unavailable' in launched) throw new Error(launched.unavailable);
    browser = launched;
  });
  afterAll(async () => {
    for (const h of harnesses) h.close();
    await browser?.close();
    await site?.close();
  });

  /** Runs the check on one page (a scan of its own: shells are tried once a scan); its findings and its loads. */
  const check = async (pathAndHash: string) => {
    const h = harness({ browser });
    harnesses.push(h);
    const page = await crawledPage(h, `${site.base}${pathAndHash}`);
    const path = new URL(page.url).pathname;
    loads.delete(path);
    const found = await xssDom.page!(page, h.ctx);
    return { found, loads: loads.get(path) ?? 0 };
  };

  it("the route's own q: the payload goes into the route's query and keeps #/search; nothing on the textContent twin", async () => {
    const { found, loads } = await check('/shop#/search?q=apple');
    expect(found).toMatchObject([
      { test: 'web-xss-dom', url: `${site.base}/shop#/search`, parameter: 'fragment query parameter q', confidence: 'confirmed' },
    ]);
    // The server never sees the fragment: no query location.
    expect(found[0]).not.toHaveProperty('location');
    expect(found[0]!.payload).toMatch(/^<img src=x onerror=__bwk\('bwk\w+'\)>$/);
    expect(found[0]!.evidence.request).toMatch(
      new RegExp(`^GET ${site.base}/shop#/search\\?q=%3Cimg%20src%3Dx%20onerror%3D__bwk\\('bwk\\w+'\\)%3E$`),
    );
    expect(found[0]!.evidence.proof).toContain('fragment query parameter q of the route #/search');
    // The fragment's watched load (q keeps apple), q's, then q's markup payload.
    expect(loads).toBe(3);
    expect(await check('/safe#/search?q=apple')).toEqual({ found: [], loads: 2 });
  });

  it('a route without a query: q is tried in the watched load, and found', async () => {
    const { found, loads } = await check('/shop#/search');
    expect(found).toMatchObject([{ parameter: 'fragment query parameter q', confidence: 'confirmed' }]);
    expect(found[0]!.evidence.request).toContain('/shop#/search?q=%3Cimg');
    expect(loads).toBe(2);
    expect(await check('/safe#/search')).toEqual({ found: [], loads: 1 });
  });

  it('the shell as crawled (no fragment): the route it lands on has its query read, one load more', async () => {
    const { found, loads } = await check('/shop');
    expect(found).toMatchObject([{ parameter: 'fragment query parameter q', confidence: 'confirmed' }]);
    expect(found[0]!.evidence.request).toContain('/shop#/search?q=%3Cimg');
    expect(loads).toBe(3);
    expect(await check('/safe')).toEqual({ found: [], loads: 2 });
  });

  it('the same shell again in one scan: its landing route is not read twice', async () => {
    const h = harness({ browser });
    harnesses.push(h);
    const first = await xssDom.page!(await crawledPage(h, `${site.base}/safe`), h.ctx);
    loads.delete('/safe');
    const again = await xssDom.page!(await crawledPage(h, `${site.base}/safe?from=menu`), h.ctx);
    expect([first, again]).toEqual([[], []]);
    // The fragment's load and the parameter's, no landing route's.
    expect(loads.get('/safe')).toBe(2);
  });

  it('the same shell at two paths at once: the page whose test started first is the one tried, however slow', async () => {
    const h = harness({ browser });
    harnesses.push(h);
    const slow = await crawledPage(h, `${site.base}/shop?slow=1`);
    const fast = await crawledPage(h, `${site.base}/shop?from=menu`);
    const [first, second] = await Promise.all([xssDom.page!(slow, h.ctx), xssDom.page!(fast, h.ctx)]);
    // The finding names the route it ran on, under the page's own path.
    expect(first).toMatchObject([{ url: `${slow.url}#/search`, parameter: 'fragment query parameter q' }]);
    expect(second).toEqual([]);
  });

  it("the browser crawl's routes with a query (the site map keeps no fragments): one URL a route, found by its own name", async () => {
    const h = harness({ browser });
    harnesses.push(h);
    h.ctx.clientRoutes = [`${site.base}/shop#/track?id=5`, `${site.base}/shop#/track?id=6`, `${site.base}/safe#/track?id=5`];
    loads.clear();
    const found = await xssDom.site!(site.base, h.ctx);
    expect(found).toMatchObject([{ url: `${site.base}/shop#/track`, parameter: 'fragment query parameter id', confidence: 'confirmed' }]);
    expect(found[0]!.evidence.request).toContain('/shop#/track?id=%3Cimg');
    // The route's other id was not loaded: the watched loads and the payload's on /shop, the watched ones on /safe.
    expect(loads.get('/shop')).toBe(3);
    expect(loads.get('/safe')).toBe(2);
    expect(await xssDom.site!('http://127.0.0.9:1', h.ctx)).toEqual([]);
  });

  it('a route that writes its whole fragment: the payload follows the route instead of replacing it', async () => {
    const { found, loads } = await check('/shop#/about');
    expect(found).toMatchObject([{ parameter: 'fragment', confidence: 'confirmed' }]);
    expect(found[0]).not.toHaveProperty('location');
    expect(found[0]!.evidence.request).toMatch(/\/shop#\/about\?<img src=x onerror=__bwk\('bwk\w+'\)>$/);
    // The names guessed with the fragment rode on the whole fragment: not tried on their own.
    expect(loads).toBe(2);
  });
});
