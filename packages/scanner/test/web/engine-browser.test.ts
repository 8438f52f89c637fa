// The engine's browser phase: the pages, API requests and forms the browser crawl finds join the HTTP crawl (site map
// source 'browser', JSON bodies as insertion points), what it skipped is reported, tests get ctx.browser, and a scan
// without a browser says why and carries on. The last test crawls a single-page application with Debian's Chromium.
import { afterEach, describe, expect, it } from 'vitest';
import type { WebBrowserSession } from '../../src/web/browser.ts';
import { runWebScan } from '../../src/web/engine.ts';
import type { InsertionPoint, WebTest } from '../../src/web/types.ts';
import type { Site } from './fixtures/site-server.ts';
import { startShop } from './fixtures/site-shop.ts';
import { webSpec } from './fixtures/site-spec.ts';
import { startSpaFixture, type SpaFixture } from './fixtures/spa-app.ts';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((s) => s.close()));
});
const signal = (): AbortSignal => new AbortController().signal;

const recorder = (points: InsertionPoint[], browsers: unknown[]): WebTest => ({
  id: 'web-test-rec',
  name: 'Recorder',
  category: 'test',
  severity: 0,
  cwe: [],
  owasp: 'A03:2021',
  description: '',
  solution: '',
  references: [],
  kind: 'active',
  async point(p, ctx) {
    points.push(p);
    browsers.push(ctx.browser);
    return [];
  },
});

describe('web scan with the browser', () => {
  it("merges the browser crawl's pages, requests, forms and skipped controls", async () => {
    const shop: Site = await startShop();
    closers.push(shop);
    let closed = 0;
    let crawled: string[] = [];
    const fake: WebBrowserSession = {
      crawl: async (start, o) => {
        crawled = start;
        expect(o.inScope(`${shop.base}/x`)).toBe(true);
        expect(o.inScope('http://127.0.0.2:9/')).toBe(false);
        return {
          pages: [
            { url: `${shop.base}/spa/route`, referrer: `${shop.base}/` },
            { url: `${shop.base}/#/orders?id=7`, referrer: `${shop.base}/` },
            { url: `${shop.base}/#/about`, referrer: `${shop.base}/` },
          ],
          requests: [
            {
              method: 'POST',
              url: `${shop.base}/api/items`,
              body: '{"name":"n","price":3}',
              contentType: 'application/json',
              page: `${shop.base}/`,
            },
          ],
          forms: [
            {
              page: `${shop.base}/spa/route`,
              action: `${shop.base}/spa/save`,
              method: 'POST',
              enctype: 'application/x-www-form-urlencoded',
              fields: [{ name: 'title', type: 'text', value: '' }],
              csrfToken: false,
            },
          ],
          skipped: [{ url: `${shop.base}/#delete-button`, reason: 'looks destructive ("delete")' }],
        };
      },
      replayLogin: async () => ({ cookies: [], storage: [] }),
      run: async () => ({ executed: [], finalUrl: '' }),
      close: async () => {
        closed++;
      },
    };
    const points: InsertionPoint[] = [];
    const browsers: unknown[] = [];
    const routes: (readonly string[] | undefined)[] = [];
    const r = await runWebScan(webSpec(`${shop.base}/`, { browser: true, discovery: false }), {
      signal: signal(),
      tests: [{ ...recorder(points, browsers), site: async (_origin, ctx) => (routes.push(ctx.clientRoutes), []) }],
      launchBrowser: async () => fake,
    });
    expect(crawled).toEqual([`${shop.base}/`]);
    expect(r.sitemap.find((e) => e.url.endsWith('/spa/route'))).toMatchObject({ source: 'browser', depth: 1 });
    expect(shop.hits.some((h) => h.method === 'POST' && h.path === '/spa/save')).toBe(true);
    expect(r.forms.some((f) => f.action.endsWith('/spa/save'))).toBe(true);
    expect(points.filter((p) => p.location === 'json').map((p) => p.name)).toEqual(['name', 'price']);
    expect(browsers.every((b) => b === fake)).toBe(true);
    expect(r.skipped.some((s) => s.url.endsWith('#delete-button'))).toBe(true);
    expect(closed).toBe(1);
    // The hash routes with a query reach the tests (the site map keeps no fragments); a route without one does not.
    expect(routes).toEqual([[`${shop.base}/#/orders?id=7`]]);
  });

  it('stops the browser crawl at half the time left, then crawls and tests what it found within the run time', async () => {
    const shop = await startShop();
    closers.push(shop);
    let clock = 1_000_000;
    let stoppedAt = 0;
    const fake: WebBrowserSession = {
      // A crawl that would go on and on: 400 s pass (on the scan's clock) and it ends only when it is told to stop,
      // with what it found so far.
      crawl: (_start, o) =>
        new Promise((resolve) => {
          clock += 400_000;
          o.signal.addEventListener(
            'abort',
            () => {
              stoppedAt = clock;
              resolve({ pages: [{ url: `${shop.base}/spa/route`, referrer: `${shop.base}/` }], requests: [], forms: [], skipped: [] });
            },
            { once: true },
          );
        }),
      replayLogin: async () => ({ cookies: [], storage: [] }),
      run: async () => ({ executed: [], finalUrl: '' }),
      close: async () => undefined,
    };
    const points: InsertionPoint[] = [];
    const r = await runWebScan(webSpec(`${shop.base}/`, { browser: true, discovery: false, limits: { maxDurationS: 600 } as never }), {
      signal: signal(),
      tests: [recorder(points, [])],
      launchBrowser: async () => fake,
      now: () => clock,
      progressEveryMs: 20,
    });
    // Stopped by its share (about 300 s of the 600 s), not by the run time: the scan is not cut.
    expect(stoppedAt).toBe(1_400_000);
    expect(r.errors.map((e) => e.type)).toEqual([14]);
    expect(r.errors[0]!.message).toMatch(
      /^The browser crawl used its share of the run time \(300 s of the 600 s left\) and stopped after 1 page;/,
    );
    // What it found was fetched and tested.
    expect(r.sitemap.find((e) => e.url.endsWith('/spa/route'))).toMatchObject({ source: 'browser' });
    expect(shop.hits.some((h) => h.path === '/spa/route')).toBe(true);
    expect(points.length).toBeGreaterThan(0);
  });

  it('says why the browser crawl did not run and keeps the HTTP crawl', async () => {
    const shop = await startShop();
    closers.push(shop);
    const r = await runWebScan(webSpec(`${shop.base}/`, { browser: true }), {
      signal: signal(),
      launchBrowser: async () => ({ unavailable: 'no Chromium found' }),
    });
    expect(r.errors.map((e) => e.message)).toEqual(['The browser crawl did not run: no Chromium found']);
    expect(r.sitemap.length).toBeGreaterThan(10);
  });

  it('crawls a single-page application with Chromium: client-side routes and API calls, nothing destructive', async () => {
    const app: SpaFixture = await startSpaFixture();
    closers.push(app);
    const r = await runWebScan(webSpec(`${app.base}/`, { browser: true }), { signal: signal() });
    expect(r.errors).toEqual([]);
    // The routes are named in the application's script too, so the HTTP crawl may find them first.
    expect(r.sitemap.map((e) => new URL(e.url).pathname)).toEqual(expect.arrayContaining(['/items', '/settings', '/items/new', '/about']));
    expect(r.sitemap.some((e) => e.source === 'browser')).toBe(true);
    // Neither the browser's clicks nor the script URL search reached the destructive endpoints.
    expect(app.hits.filter((h) => /delete|logout/.test(h.line))).toEqual([]);
    expect(r.skipped.map((s) => new URL(s.url).pathname)).toEqual(expect.arrayContaining(['/api/account/delete', '/api/logout']));
  }, 90_000);
});
