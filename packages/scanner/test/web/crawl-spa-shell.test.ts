// A single-page application answers every client route with its one shell document. The client routes its scripts
// name are kept for the browser crawl and do not count against the URL limit, so they cannot fill it before the
// browser runs; nor do the bundle's script chunks (static files have a budget of their own); the application's API
// answers do count, and a real limit is still reported (error 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { runWebScan } from '../../src/web/engine.ts';
import { startSite, type Site } from './fixtures/site-server.ts';
import { webSpec } from './fixtures/site-spec.ts';

const ROUTES = Array.from({ length: 40 }, (_, i) => `/section-${i}/overview`);
const CHUNKS = Array.from({ length: 8 }, (_, i) => `/assets/page-${i}.js`);
const SHELL =
  '<!doctype html><html><head><title>App</title><script type="module" src="/assets/app.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('web crawl of a single-page application shell', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite((req) => {
      if (req.url.pathname === '/assets/app.js')
        return {
          type: 'text/javascript',
          body:
            `const routes = [${ROUTES.map((r) => `'${r}'`).join(', ')}]; fetch('/api/items'); fetch('/api/config');` +
            CHUNKS.map((c) => `import('${c}');`).join(''),
        };
      if (req.url.pathname.startsWith('/assets/page-')) return { type: 'text/javascript', body: 'export default 1;' };
      if (req.url.pathname.startsWith('/api/')) return { type: 'application/json', body: '{"ok":true}' };
      if (req.url.pathname === '/robots.txt' || req.url.pathname === '/sitemap.xml') return undefined;
      return { body: SHELL };
    });
  });
  afterAll(() => site.close());

  it('keeps the client routes out of the URL limit, and still crawls them', async () => {
    const result = await runWebScan(webSpec(`${site.base}/`, { limits: { maxUrls: 10 } as never }), {
      signal: new AbortController().signal,
    });
    expect(result.errors).toEqual([]);
    const paths = result.sitemap.map((e) => new URL(e.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/', '/assets/app.js', '/api/items', '/api/config', ...ROUTES, ...CHUNKS]));
    expect(result.stats.urlsFound).toBe(result.sitemap.length);
  });

  it('still stops at the URL limit when real URLs exceed it (error 7)', async () => {
    const result = await runWebScan(webSpec(`${site.base}/`, { limits: { maxUrls: 2 } as never }), {
      signal: new AbortController().signal,
    });
    expect(result.errors.map((e) => e.type)).toContain(SCAN_ERROR_TYPE.max_urls_reached);
  });
});
