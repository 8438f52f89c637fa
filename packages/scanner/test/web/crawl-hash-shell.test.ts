// A hash-routed application (as OWASP Juice Shop) answers every unknown path with its shell, and its router then
// routes the fragment (/promotion → /promotion#/). The browser crawl must take the shell at another path for the
// same application: its routes once, under the start URL, not once per path (on Juice Shop, 65 of 80 pages were such
// repeats). A history-API application's fragment on a path stays that path's (browser.test.ts: /about#/help).
// Skipped only without Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWebBrowser, type WebBrowserSession } from '../../src/web/browser.ts';
import { HashShells } from '../../src/web/browser/hash-shells.ts';
import { findChromium } from '../../src/web/browser/launch.ts';
import { startSite, type Site } from './fixtures/site-server.ts';

const NONCE = { n: 0 };
const SHELL = (): string =>
  `<!doctype html><html><head><title>Shop</title><script nonce="n${NONCE.n++}" src="/app.js"></script></head><body><div id="app"></div></body></html>`;
const APP = `
const nav = '<a href="#/">Home</a> <a href="#/search">Search</a> <a href="#/basket">Basket</a> <a href="#/about">About</a> <a href="/ftp/legal.md">Legal</a> <a href="/promotion">Promotion</a>';
function render() {
  const route = location.hash.slice(1);
  document.getElementById('app').innerHTML = nav + '<h1>' + route + '</h1>';
  if (route === '/search') fetch('/api/products/search?q=apple');
}
addEventListener('hashchange', render);
addEventListener('DOMContentLoaded', () => {
  if (!/^#\\//.test(location.hash)) history.replaceState(null, '', '#/');
  render();
});
`;

const chromium = findChromium();
if (!chromium) console.log('hash-routed shell crawl test skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)');

describe('a hash-routed shell served at many paths', () => {
  it('is taken for one application only once a load has routed its fragment, nonces aside', () => {
    const shells = new HashShells();
    const body = (nonce: string): Buffer => Buffer.from(`<html><script nonce="${nonce}" src="/a.js"></script></html>`);
    // A route loaded first says nothing yet; nor does a history-API page (no fragment routed on load).
    shells.loaded('http://h/x#/basket', 'http://h/x#/basket', body('1'));
    expect(shells.route('http://h/x#/basket')).toBe('http://h/x#/basket');
    shells.loaded('http://h/', 'http://h/#/', body('2'));
    expect(shells.route('http://h/x#/basket')).toBe('http://h/#/basket');
    shells.loaded('http://h/promo', 'http://h/promo#!/', body('3'));
    expect(shells.route('http://h/promo#!/deals')).toBe('http://h/#!/deals');
    // Not a route, another document, another application: unchanged.
    expect(shells.route('http://h/promo#top')).toBe('http://h/promo#top');
    shells.loaded('http://h/admin/', 'http://h/admin/#/', Buffer.from('<html>admin</html>'));
    expect(shells.route('http://h/admin/#/users')).toBe('http://h/admin/#/users');
    expect(shells.route('http://h/other#/users')).toBe('http://h/other#/users');
  });
});

describe.skipIf(!chromium)('browser crawl of a hash-routed shell served at many paths', () => {
  let site: Site;
  let browser: WebBrowserSession;
  const controller = new AbortController();

  beforeAll(async () => {
    site = await startSite((req) => {
      const path = req.url.pathname;
      if (path === '/app.js') return { type: 'text/javascript', body: APP };
      if (path.startsWith('/api/')) return { type: 'application/json', body: '[]' };
      if (path === '/ftp/legal.md') return { type: 'text/markdown', body: '# Legal' };
      return { body: SHELL() };
    });
    const launched = await launchWebBrowser({ cookies: () => [], signal: controller.signal });
    if ('unavailable' in launched) throw new Error(launched.unavailable);
    browser = launched;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('crawls each route once, under the start URL, however many paths answer with the shell', async () => {
    // The HTTP crawl hands over the paths where it saw the shell again (client routes, to a history-API application).
    const result = await browser.crawl([`${site.base}/`, `${site.base}/redirect`, `${site.base}/profile`], {
      maxPages: 100,
      maxDepth: 5,
      inScope: (u) => u.startsWith(`${site.base}/`),
      allowDestructive: false,
      signal: controller.signal,
    });
    const pages = result.pages.map((p) => p.url.slice(site.base.length)).sort();
    expect(pages).toEqual(
      ['/', '/#/', '/#/about', '/#/basket', '/#/search', '/ftp/legal.md', '/profile', '/promotion', '/redirect'].sort(),
    );
    expect(result.requests.map((r) => `${r.method} ${r.url.slice(site.base.length)}`)).toContain('GET /api/products/search?q=apple');
    // Each path's shell was loaded once: its routes were not visited under it.
    for (const path of ['/redirect', '/profile', '/promotion']) expect(site.count(path)).toBe(1);
  });
});
