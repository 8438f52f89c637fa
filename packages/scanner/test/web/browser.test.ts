// The headless browser against the SPA fixture: the crawl finds client-side routes and the API requests with their
// bodies (and leaves destructive buttons alone) and fetches a static file the server lets be kept only once, run()
// confirms script payloads by execution and not escaped ones, and a recorded login ends with the session cookie. One
// Chromium for the file; skipped only without Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWebBrowser, type BrowserCookie, type WebBrowserSession } from '../../src/web/browser.ts';
import { findChromium } from '../../src/web/browser/launch.ts';
import { startSpaFixture, type SpaFixture } from './fixtures/spa-app.ts';

const chromium = findChromium();
if (!chromium) console.log('browser tests skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)');

describe.skipIf(!chromium)('web scan headless browser', () => {
  let app: SpaFixture;
  let offsite: SpaFixture;
  let browser: WebBrowserSession;
  const controller = new AbortController();
  let cookies: BrowserCookie[] = [];
  const paced: string[] = [];

  beforeAll(async () => {
    offsite = await startSpaFixture();
    app = await startSpaFixture({ offsite: offsite.base });
    const launched = await launchWebBrowser({
      cookies: () => cookies,
      pace: async (url) => void paced.push(url),
      signal: controller.signal,
    });
    if ('unavailable' in launched) throw new Error(launched.unavailable);
    browser = launched;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await offsite?.close();
  });

  const inScope = (url: string): boolean => url.startsWith(`${app.base}/`);

  it('crawls the client-side routes and records the API requests, without destructive clicks', async () => {
    const result = await browser.crawl([`${app.base}/`], {
      maxPages: 50,
      maxDepth: 5,
      inScope,
      allowDestructive: false,
      signal: controller.signal,
    });
    const pages = result.pages.map((p) => p.url.slice(app.base.length)).sort();
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/about', '/about#/help', '/archive', '/items', '/items/new', '/reports', '/settings']),
    );
    const requests = result.requests.map((r) => `${r.method} ${r.url.slice(app.base.length)}${r.body ? ` ${r.body}` : ''}`);
    expect(requests).toContain('GET /api/items?q=');
    expect(requests).toContain('GET /api/items?q=bulwark');
    expect(requests).toContain('POST /api/items {"name":"bulwark","price":3}');
    expect(requests).toContain('POST /contact message=bulwark&csrf_token=t1');
    const post = result.requests.find((r) => r.url.endsWith('/api/items') && r.method === 'POST');
    expect(post?.contentType).toBe('application/json');
    expect(post?.page).toBe(`${app.base}/items/new`);
    expect(result.forms).toContainEqual(
      expect.objectContaining({ page: `${app.base}/settings`, action: `${app.base}/contact`, method: 'POST', csrfToken: true }),
    );
    // Destructive: neither clicked nor reached.
    expect(app.hits.map((h) => h.line)).not.toContain('POST /api/account/delete');
    expect(app.hits.map((h) => h.line)).not.toContain('POST /api/logout');
    expect(result.skipped?.map((s) => s.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Delete/), expect.stringMatching(/Log out/)]),
    );
    // Out of scope: the partner link is not a page, its beacon never left the browser.
    expect(result.pages.some((p) => p.url.startsWith(offsite.base))).toBe(false);
    expect(offsite.hits).toEqual([]);
    // Every request the browser sent to the application waited for the scan's pace; none to the other origin.
    expect(paced).toEqual(expect.arrayContaining([`${app.base}/`, `${app.base}/app.js`, `${app.base}/api/items?q=bulwark`]));
    expect(paced.filter((u) => !u.startsWith(`${app.base}/`))).toEqual([]);
    // The contact form was posted by the browser but the navigation aborted: the server never saw it.
    expect(app.hits.map((h) => h.line)).not.toContain('POST /contact');
    // Every page is a new document: the script (no lifetime given) is fetched for each, the style sheet (ten minutes)
    // once for the whole crawl, from the scan's cache after that (routing turns Chromium's own cache off).
    const fetched = (path: string): number => app.hits.filter((h) => h.line === `GET ${path}`).length;
    expect(fetched('/app.js')).toBeGreaterThan(3);
    expect(fetched('/style.css')).toBe(1);
  });

  it('keeps to maxPages', async () => {
    const result = await browser.crawl([`${app.base}/`], {
      maxPages: 2,
      maxDepth: 5,
      inScope,
      allowDestructive: false,
      signal: controller.signal,
    });
    expect(result.pages).toHaveLength(2);
  });

  it('run() reports a marker that executed in a script, and nothing when the reflection is escaped', async () => {
    const payload = encodeURIComponent('";__bwk("m-script");//');
    expect((await browser.run({ url: `${app.base}/reflect?q=${payload}` })).executed).toEqual(['m-script']);
    expect((await browser.run({ url: `${app.base}/escaped?q=${payload}` })).executed).toEqual([]);
  });

  it('run() fires onerror and onmouseover payloads, dialogs, DOM sinks and a POSTed body', async () => {
    const img = encodeURIComponent('<img src=x onerror=__bwk("m-err")>');
    expect((await browser.run({ url: `${app.base}/attr?q=${img}` })).executed).toEqual(['m-err']);
    const hover = encodeURIComponent('<b onmouseover=__bwk("m-hover")>x</b>');
    expect((await browser.run({ url: `${app.base}/attr?q=${hover}` })).executed).toEqual(['m-hover']);
    const dialog = encodeURIComponent('<script>alert("m-alert")</script>');
    expect((await browser.run({ url: `${app.base}/attr?q=${dialog}` })).executed).toEqual(['m-alert']);
    const dom = await browser.run({ url: `${app.base}/dom#${encodeURIComponent('<img src=y onerror=__bwk("m-dom")>')}` });
    expect(dom.executed).toEqual(['m-dom']);
    const body = `q=${encodeURIComponent('<svg onload=__bwk("m-post")>')}`;
    const posted = await browser.run({ url: `${app.base}/post`, method: 'POST', body, contentType: 'application/x-www-form-urlencoded' });
    expect(posted).toEqual({ executed: ['m-post'], finalUrl: `${app.base}/post` });
  });

  it('replays a recorded login, and run() then carries the session cookie', async () => {
    const got = await browser.replayLogin(
      [
        { action: 'goto', url: `${app.base}/login` },
        { action: 'fill', selector: 'input[name=user]', value: 'admin' },
        { action: 'fill', selector: 'input[name=pass]', value: 'secret' },
        { action: 'click', selector: '#go' },
        { action: 'wait', selector: '#app' },
      ],
      controller.signal,
    );
    expect(got.cookies).toContainEqual(expect.objectContaining({ name: 'sid', value: 's3cr3t', domain: '127.0.0.1', path: '/' }));
    // A cookie-session application leaves no storage and sends no bearer token.
    expect(got.storage).toEqual([]);
    expect(got.bearer).toBeUndefined();
    const payload = encodeURIComponent('<img src=x onerror=__bwk("m-private")>');
    expect((await browser.run({ url: `${app.base}/private?q=${payload}` })).executed).toEqual([]);
    cookies = got.cookies;
    expect((await browser.run({ url: `${app.base}/private?q=${payload}` })).executed).toEqual(['m-private']);
  });

  it('says which recorded login step failed', async () => {
    const steps = [
      { action: 'goto' as const, url: `${app.base}/login` },
      { action: 'fill' as const, value: 'admin' },
    ];
    await expect(browser.replayLogin(steps, controller.signal)).rejects.toThrow('recorded login step 2 (fill) failed: no selector');
  });

  it('answers an HTTP basic challenge with the credentials, to their origin only', async () => {
    const payload = encodeURIComponent('<img src=x onerror=__bwk("m-basic")>');
    expect((await browser.run({ url: `${app.base}/basic?q=${payload}` })).executed).toEqual([]);
    const stop = new AbortController();
    const own = await launchWebBrowser({
      cookies: () => [],
      httpCredentials: { username: 'scan', password: 'pw', origin: app.base },
      signal: stop.signal,
    });
    if ('unavailable' in own) throw new Error(own.unavailable);
    try {
      expect((await own.run({ url: `${app.base}/basic?q=${payload}` })).executed).toEqual(['m-basic']);
      expect((await own.run({ url: `${offsite.base}/basic?q=${payload}` })).executed).toEqual([]);
    } finally {
      stop.abort();
      await own.close();
    }
  });

  it('reaches a virtual host at its mapped address, with its name as Host', async () => {
    const stop = new AbortController();
    const port = new URL(app.base).port;
    const own = await launchWebBrowser({
      cookies: () => [],
      hostMap: (host) => (host === `intranet.test:${port}` ? `127.0.0.1:${port}` : undefined),
      signal: stop.signal,
    });
    if ('unavailable' in own) throw new Error(own.unavailable);
    try {
      const payload = encodeURIComponent('<img src=x onerror=__bwk("m-vhost")>');
      const got = await own.run({ url: `http://intranet.test:${port}/attr?q=${payload}` });
      expect(got).toEqual({ executed: ['m-vhost'], finalUrl: `http://intranet.test:${port}/attr?q=${payload}` });
      expect(app.hits.find((h) => h.line.startsWith('GET /attr') && h.line.includes('m-vhost'))?.host).toBe(`intranet.test:${port}`);
    } finally {
      stop.abort();
      await own.close();
    }
  });

  it('closes with the scan: a stopped scan ends the browser and its crawl', async () => {
    const stop = new AbortController();
    const own = await launchWebBrowser({ cookies: () => [], signal: stop.signal });
    if ('unavailable' in own) throw new Error(own.unavailable);
    const crawling = own.crawl([`${app.base}/`], { maxPages: 50, maxDepth: 5, inScope, allowDestructive: false, signal: stop.signal });
    stop.abort();
    const result = await crawling;
    expect(result.pages.length).toBeLessThan(6);
    await expect(own.run({ url: `${app.base}/attr` })).rejects.toThrow(/closed/);
  });
});

describe('web scan headless browser, no Chromium', () => {
  it('answers why it is unavailable', async () => {
    const before = process.env.BULWARK_CHROMIUM;
    process.env.BULWARK_CHROMIUM = '/nonexistent/chromium';
    try {
      const got = await launchWebBrowser({ cookies: () => [], signal: new AbortController().signal });
      expect(got).toEqual({ unavailable: expect.stringMatching(/no Chromium found \(\/nonexistent\/chromium\)/) });
    } finally {
      if (before === undefined) delete process.env.BULWARK_CHROMIUM;
      else process.env.BULWARK_CHROMIUM = before;
    }
  });
});
