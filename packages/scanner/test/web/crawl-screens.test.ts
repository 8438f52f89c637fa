// The browser crawl on screens like a real application's (Bulwark's own among them): a frame of menus repeated on
// every screen, content rendered a moment after the load with no request to wait for, a list whose search box writes
// its filter into the URL, and a view switch (a radio group). The crawl must click what a screen shows once it has
// shown (surveying again after each action), click the frame's controls only until they have shown they reveal
// nothing, record the filtered list as a page without loading it again, choose the other view, come back to the list
// after each action so every row's button is clicked, and visit three detail screens of one template rather than all
// of them. Skipped only without Chromium.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWebBrowser, type WebBrowserSession } from '../../src/web/browser.ts';
import { findChromium } from '../../src/web/browser/launch.ts';
import { parentOf, sameScreen, withoutOwnValues } from '../../src/web/browser/page-urls.ts';
import { ROUTER_JS } from './fixtures/spa-app.ts';

const APP = `
${ROUTER_JS}const frame = '<nav><button id="menu">Menu</button> <a href="/a" data-link>A</a> <a href="/b" data-link>B</a> <a href="/c" data-link>C</a> <a href="/d" data-link>D</a> <a href="/list" data-link>List</a> <a href="/tests" data-link>Tests</a></nav>';
const SLUGS = ['ssh-weak-keys', 'ftp-anonymous', 'smb-signing', 'tls-old-versions', 'http-trace', 'dns-zone-transfer', 'snmp-public', 'redis-no-auth', 'mongodb-no-auth', 'rdp-nla-off', 'vnc-no-auth', 'telnet-open'];
function render() {
  const p = location.pathname;
  app.innerHTML = frame + '<main></main>';
  document.getElementById('menu').addEventListener('click', () => fetch('/api/menu'));
  const main = app.querySelector('main');
  if (p === '/list') {
    // A view switch (a radio group, as a segmented control is) that writes the view into the URL in place.
    main.innerHTML = '<input id="q" type="search"><label><input type="radio" name="view" value="table" checked> Table</label>' +
      '<label><input type="radio" name="view" value="cards"> Cards</label><button id="ra">Row A</button><button id="rb">Row B</button>';
    for (const r of main.querySelectorAll('input[name=view]')) r.addEventListener('change', () => {
      history.replaceState({}, '', '/list?view=' + r.value);
      fetch('/api/list?view=' + r.value);
    });
    document.getElementById('q').addEventListener('input', (e) => {
      history.replaceState({}, '', '/list?q=' + encodeURIComponent(e.target.value));
      fetch('/api/list?q=' + encodeURIComponent(e.target.value));
    });
    // A row's button opens the row's screen (another route), as a table's row action does.
    document.getElementById('ra').addEventListener('click', () => { fetch('/api/row/a'); go('/row/a'); });
    document.getElementById('rb').addEventListener('click', () => { fetch('/api/row/b'); go('/row/b'); });
  } else if (p === '/tests') {
    // A list of detail screens of one template, and a quick filter written as a link.
    main.innerHTML = SLUGS.map((s) => '<a href="/tests/' + s + '" data-link>' + s + '</a>').join(' ') + ' <a href="/tests?severity=4" data-link>Critical</a>';
  } else if (p.startsWith('/tests/')) {
    const slug = p.slice(7);
    main.innerHTML = '<h1>' + slug + '</h1><button id="copy">Copy id</button><form method="post" action="/api/notes"><input name="note"><button>Save</button></form>';
    document.getElementById('copy').addEventListener('click', () => fetch('/api/copy/' + slug));
  } else if (p === '/') {
    // Rendered bit by bit after the load, with nothing on the network meanwhile (a long list rendered in chunks): the
    // button comes last, some 300 ms after the network went quiet.
    let k = 0;
    const tick = () => {
      main.insertAdjacentHTML('beforeend', '<p>row ' + k + '</p>');
      if (++k < 10) return void setTimeout(tick, 30);
      main.insertAdjacentHTML('beforeend', '<button id="report">Load report</button>');
      document.getElementById('report').addEventListener('click', () => fetch('/api/report'));
    };
    setTimeout(tick, 30);
  } else {
    main.innerHTML = '<h1>' + p + '</h1>';
  }
}
render();
`;

const chromium = findChromium();
if (!chromium) console.log('browser crawl screens test skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)');

describe('the crawl ignores only the values it typed itself', () => {
  it('drops its own fill values from the query, and nothing else', () => {
    expect(withoutOwnValues('http://a/list?q=bulwark&page=2')).toBe('http://a/list?page=2');
    expect(withoutOwnValues('http://a/list?from=2020-01-01&to=2031-05-05')).toBe('http://a/list?to=2031-05-05');
    expect(withoutOwnValues('http://a/list?q=shop')).toBe('http://a/list?q=shop');
  });

  it("tells a screen's own states (filters, paging, sort by data values) from other pages", () => {
    expect(sameScreen('http://a/list?severity=4', 'http://a/list')).toBe(true);
    expect(sameScreen('http://a/list?from=2020-01-01&q=bulwark', 'http://a/list?from=2019-05-05')).toBe(true);
    expect(sameScreen('http://a/list?page=3', 'http://a/list?page=2')).toBe(true);
    expect(sameScreen('http://a/list?group=asset', 'http://a/list')).toBe(false);
    expect(sameScreen('http://a/index.php?page=reports', 'http://a/index.php?page=home')).toBe(false);
    expect(sameScreen('http://a/other?severity=4', 'http://a/list')).toBe(false);
    expect(sameScreen('http://a/#/b?x=1', 'http://a/#/a')).toBe(false);
    expect(sameScreen('http://a/list', 'http://a/list')).toBe(false);
    expect(parentOf('http://a/tests/ssh-weak-keys')).toBe('http://a/tests');
    expect(parentOf('http://a/#/tickets/open')).toBe('http://a/~/tickets');
  });
});

describe.skipIf(!chromium)('browser crawl on application screens', () => {
  let server: http.Server;
  let base = '';
  const hits: string[] = [];
  let browser: WebBrowserSession;
  const controller = new AbortController();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      if (req.url === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(APP);
      if (req.url?.startsWith('/api/')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>App</title><div id="app"></div><script src="/app.js"></script>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const launched = await launchWebBrowser({ cookies: () => [], signal: controller.signal });
    if ('unavailable' in launched) throw new Error(launched.unavailable);
    browser = launched;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('surveys screens once shown, skips dull frame controls, keeps filtered lists as pages and clicks every row', async () => {
    const result = await browser.crawl([`${base}/`], {
      maxPages: 50,
      maxDepth: 5,
      inScope: (url) => url.startsWith(`${base}/`),
      allowDestructive: false,
      signal: controller.signal,
    });
    const pages = result.pages.map((p) => p.url.slice(base.length));
    const requests = result.requests.map((r) => `${r.method} ${r.url.slice(base.length)}`);
    // The home screen's button appeared once its rendering was over: it was found and clicked.
    expect(requests).toContain('GET /api/report');
    // The list's filter is a page of the site, but the crawl did not load it as a new document.
    expect(pages).toContain('/list?q=bulwark');
    expect(hits).not.toContain('GET /list?q=bulwark');
    // The view switch's other option was chosen, and that view is a page of its own.
    expect(requests).toContain('GET /api/list?view=cards');
    expect(pages).toContain('/list?view=cards');
    // Back on the filtered list after the first row's action, the second row's button was clicked too.
    expect(requests).toEqual(expect.arrayContaining(['GET /api/row/a', 'GET /api/row/b']));
    // The frame's Menu button: clicked on the first screens, then no more once it had twice revealed nothing.
    const screens = hits.filter((h) => /^GET \/(a|b|c|d|list|tests|row\/a|row\/b)?$/.test(h)).length;
    const menus = hits.filter((h) => h === 'GET /api/menu').length;
    // Three screens (a couple more when the other worker's finds fell within a click), not every one of the nine or more.
    expect(screens).toBeGreaterThanOrEqual(9);
    expect(menus).toBeGreaterThanOrEqual(3);
    expect(menus).toBeLessThanOrEqual(5);
    // Detail screens of one template: all are pages, a few were visited (loaded), and the quick filter was not loaded.
    const details = pages.filter((p) => p.startsWith('/tests/'));
    expect(details).toHaveLength(12);
    // Three, or four when the other worker had taken one before the third's shape was known.
    const loaded = hits.filter((h) => h.startsWith('GET /tests/')).length;
    expect(loaded).toBeGreaterThanOrEqual(3);
    expect(loaded).toBeLessThanOrEqual(4);
    expect(pages).toContain('/tests?severity=4');
    expect(hits).not.toContain('GET /tests?severity=4');
  });
});
