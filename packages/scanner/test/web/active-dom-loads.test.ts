// The DOM-XSS check's page loads, counted on a local fixture server (navigations the browser makes to each page): a
// single-page application's route whose scripts carry no URL value to a sink takes one load (the fragment and the
// guessed parameter share it), a page with parameters of its own two, and only a source whose marker reached a sink
// (innerHTML, eval, a URL) costs further loads, one a payload, and is still found: by markup, by a javascript: URL and
// by a string in code. It was four loads a route, eight with parameters (issue 28). Skipped only without Chromium.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWebBrowser, type WebBrowserSession } from '../../src/web/browser.ts';
import { findChromium } from '../../src/web/browser/launch.ts';
import { xssDom } from '../../src/web/tests/active/xss-dom.ts';
import { crawledPage, harness, serve, type Harness } from './fixtures/harness.ts';

const chromium = findChromium();
if (!chromium) console.log('DOM-XSS load tests skipped: no Chromium at /usr/bin/chromium');

/** Each page's script, run with `params` (the query) and `hash` (the fragment, decoded) in scope. */
const PAGES: Record<string, string> = {
  // A client route of an application: it shows where it is, as text, and reads a filter of its own.
  '/app/list': `document.getElementById('out').textContent = 'Showing ' + (params.get('view') || 'all') + ' ' + hash;
    history.replaceState(null, '', location.pathname + location.search);
    const a = document.createElement('a'); a.href = '/app/list?page=2&' + params.toString(); a.textContent = 'next';
    document.body.appendChild(a);`,
  // Markup from the fragment.
  '/dom/html': `document.getElementById('out').innerHTML = hash;`,
  // A link from the fragment: only a javascript: URL runs (when the link is clicked).
  '/dom/link': `const a = document.createElement('a'); a.href = hash; a.textContent = 'go'; document.body.appendChild(a);`,
  // A query parameter in a string that is evaluated: only a payload breaking out of the string runs.
  '/dom/eval': `eval("var shown = '" + (params.get('name') || '') + "'");`,
};

describe.skipIf(!chromium)('DOM-based XSS: browser loads per page', () => {
  let app: Awaited<ReturnType<typeof serve>>;
  let browser: WebBrowserSession;
  let h: Harness;
  const controller = new AbortController();
  /** Browser navigations to each path (the check's own GETs are not navigations). */
  const loads = new Map<string, number>();

  beforeAll(async () => {
    app = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.headers['sec-fetch-mode'] === 'navigate') loads.set(url.pathname, (loads.get(url.pathname) ?? 0) + 1);
      if (url.pathname === '/app.js') {
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' });
        return void res.end('window.appReady = true;');
      }
      const script = PAGES[url.pathname];
      if (!script) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><html><body><div id="out"></div><script src="/app.js"></script><script>
        const params = new URLSearchParams(location.search); const hash = decodeURIComponent(location.hash.slice(1));
        ${script}</script></body></html>`,
      );
    });
    const launched = await launchWebBrowser({ cookies: () => [], signal: controller.signal });
    if ('unavailable' in launched) throw new Error(launched.unavailable);
    browser = launched;
    h = harness({ browser });
  });
  afterAll(async () => {
    h?.close();
    await browser?.close();
    await app?.close();
  });

  /** Runs the check on one page; answers its findings and the browser's loads of that page. */
  const check = async (pathAndQuery: string) => {
    const page = await crawledPage(h, `${app.base}${pathAndQuery}`);
    const path = new URL(page.url).pathname;
    loads.delete(path);
    const found = await xssDom.page!(page, h.ctx);
    return { found, loads: loads.get(path) ?? 0 };
  };

  it('a route whose scripts carry no URL value to a sink: one load, with its own parameters two', async () => {
    expect(await check('/app/list')).toEqual({ found: [], loads: 1 });
    expect(await check('/app/list?view=open&sort=asc')).toEqual({ found: [], loads: 2 });
  });

  it('markup from the fragment: the watched load, then the markup payload', async () => {
    const { found, loads } = await check('/dom/html');
    expect(found).toMatchObject([{ test: 'web-xss-dom', parameter: 'fragment', confidence: 'confirmed' }]);
    expect(found[0]!.payload).toMatch(/^<img src=x onerror=__bwk\('bwk\w+'\)>$/);
    expect(loads).toBe(2);
  });

  it('a link from the fragment: found by the javascript: URL after the markup payload', async () => {
    const { found, loads } = await check('/dom/link');
    expect(found).toMatchObject([{ parameter: 'fragment', payload: expect.stringMatching(/^javascript:__bwk/) }]);
    expect(loads).toBe(3);
  });

  it('a parameter in evaluated code: tried with every payload, the fragment with none', async () => {
    const { found, loads } = await check('/dom/eval?name=ann');
    expect(found).toMatchObject([{ parameter: 'query parameter name', payload: expect.stringMatching(/^'-__bwk/) }]);
    // The fragment's watched load, the parameter's, then the parameter alone with each payload.
    expect(loads).toBe(5);
  });

  it('the watch names the sink a marker reached, and nothing for a value shown as text', async () => {
    const html = await browser.run({ url: `${app.base}/dom/html#bwkhtml1`, watch: ['bwkhtml1'] });
    expect(html.reached).toEqual([{ marker: 'bwkhtml1', sink: 'html' }]);
    const eval1 = await browser.run({ url: `${app.base}/dom/eval?name=bwkcode1`, watch: ['bwkcode1'] });
    expect(eval1.reached).toEqual([{ marker: 'bwkcode1', sink: 'code' }]);
    const text = await browser.run({ url: `${app.base}/app/list?view=bwktext1#bwktext2`, watch: ['bwktext1', 'bwktext2'] });
    expect(text.reached).toEqual([]);
  });
});
