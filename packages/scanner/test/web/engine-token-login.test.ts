// A single-page application whose session is a token, not a cookie (as OWASP Juice Shop): its login is a JSON call,
// its scripts keep the token in localStorage (and a basket id in sessionStorage) and send it as a bearer header; the
// screens for the signed-in user are drawn only when the token is there. A recorded browser login must hand the scan
// all of it: the HTTP client sends the bearer token (the session check needs it), and every browser context of the
// crawl starts with the storage (the signed-in screen and its API call are reached). Skipped only without Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebScan } from '../../src/web/engine.ts';
import { findChromium } from '../../src/web/browser/launch.ts';
import type { WebAuthSpec } from '../../src/web/types.ts';
import { startSite, type Site } from './fixtures/site-server.ts';
import { webSpec } from './fixtures/site-spec.ts';

const TOKEN = 'tk-5d41402abc4b2a76';
const SHELL =
  '<!doctype html><html><head><title>Tokens</title><script src="/app.js"></script></head><body><div id="app"></div></body></html>';
const APP = `
const token = () => localStorage.getItem('token');
const api = (path) => fetch(path, { headers: token() ? { authorization: 'Bearer ' + token() } : {} });
addEventListener('DOMContentLoaded', () => {
  const app = document.getElementById('app');
  if (location.pathname === '/login') {
    app.innerHTML = '<input id="email"> <input id="password" type="password"> <button id="go">Log in</button>';
    document.getElementById('go').addEventListener('click', async () => {
      const r = await fetch('/rest/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: document.getElementById('email').value, password: document.getElementById('password').value }),
      });
      if (!r.ok) return;
      localStorage.setItem('token', (await r.json()).token);
      sessionStorage.setItem('basket', '7');
      await api('/rest/whoami');
      app.innerHTML = '<p id="welcome">Welcome</p>';
    });
    return;
  }
  if (!token()) { app.innerHTML = '<a href="/login">Log in</a>'; return; }
  app.innerHTML = '<a href="/orders">Your orders</a>';
  if (location.pathname === '/orders') api('/api/orders?basket=' + sessionStorage.getItem('basket'));
});
`;

const chromium = findChromium();
if (!chromium) console.log('token login test skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)');

describe.skipIf(!chromium)('web scan of a token application with a recorded browser login', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite((req) => {
      const bearer = req.authorization === `Bearer ${TOKEN}`;
      switch (req.url.pathname) {
        case '/app.js':
          return { type: 'text/javascript', body: APP };
        case '/rest/login': {
          if (req.method !== 'POST') return { status: 405, body: '' };
          const { email, password } = JSON.parse(req.body || '{}') as { email?: string; password?: string };
          return email === 'admin@shop.test' && password === 'admin123'
            ? { type: 'application/json', body: JSON.stringify({ token: TOKEN }) }
            : { status: 401, type: 'application/json', body: '{"error":"Invalid email or password."}' };
        }
        case '/rest/whoami':
          return { type: 'application/json', body: bearer ? '{"user":{"email":"admin@shop.test"}}' : '{"user":{}}' };
        case '/api/orders':
          return bearer
            ? { type: 'application/json', body: '[{"id":1,"total":12}]' }
            : { status: 401, type: 'application/json', body: '{"error":"Unauthorized"}' };
        case '/robots.txt':
        case '/sitemap.xml':
          return undefined;
        default:
          return { body: SHELL };
      }
    });
  });
  afterAll(() => site?.close());

  const auth = (password: string): WebAuthSpec => ({
    kind: 'recorded',
    steps: [
      { action: 'goto', url: `${site.base}/login` },
      { action: 'fill', selector: '#email', value: 'admin@shop.test' },
      { action: 'fill', selector: '#password', value: password },
      { action: 'click', selector: '#go' },
    ],
    loggedInIndicator: 'admin@shop\\.test',
    checkUrl: `${site.base}/rest/whoami`,
  });

  it("signs the HTTP client in with the bearer token and the browser crawl with the application's storage", async () => {
    const result = await runWebScan(webSpec(`${site.base}/`, { auth: auth('admin123'), browser: true }), {
      signal: new AbortController().signal,
    });
    expect(result.errors).toEqual([]);
    expect(result.stats.auth).toBe('signed-in');
    // The session check on whoami carried the token the application's scripts sent after the login.
    expect(site.hits.some((h) => h.path === '/rest/whoami' && h.authorization === `Bearer ${TOKEN}` && !h.body)).toBe(true);
    // The browser drew the signed-in screen (localStorage) and its call read the basket (sessionStorage).
    const paths = result.sitemap.map((e) => new URL(e.url).pathname + new URL(e.url).search);
    expect(paths).toEqual(expect.arrayContaining(['/orders', '/api/orders?basket=7']));
    const orders = site.hits.filter((h) => h.path === '/api/orders?basket=7');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((h) => h.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('ends with error 4 when the recorded login does not sign in', async () => {
    const result = await runWebScan(webSpec(`${site.base}/`, { auth: auth('wrong'), browser: true }), {
      signal: new AbortController().signal,
    });
    expect(result.stats.auth).toBe('failed');
    expect(result.errors.map((e) => e.type)).toEqual([4]);
  });
});
