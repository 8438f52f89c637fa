// The web engine's scope and limits: path prefixes, include/exclude, other hosts, virtual hosts, the URL limit
// (error 7), the run time on a moved clock (error 3), a start URL redirecting away (error 8), a firewall blocking the
// tests (error 9), a target that does not answer (error 1), the request rate (counted by the server), and cancel.
import { afterEach, describe, expect, it } from 'vitest';
import { runWebScan } from '../../src/web/engine.ts';
import type { WebScanEvent, WebTest } from '../../src/web/types.ts';
import { startAppSite, startEndlessSite, startRedirectSite, startSlowSite, startVhostSite, startWafSite } from './fixtures/site-misc.ts';
import type { Site } from './fixtures/site-server.ts';
import { startShop } from './fixtures/site-shop.ts';
import { webSpec } from './fixtures/site-spec.ts';

const sites: Site[] = [];
const keep = async (s: Promise<Site>): Promise<Site> => {
  const site = await s;
  sites.push(site);
  return site;
};
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});
const signal = (): AbortSignal => new AbortController().signal;
const paths = (urls: { url: string }[]): string[] => urls.map((e) => new URL(e.url).pathname);

/** A point test that sends a script tag in the parameter (what a firewall blocks). */
const probeTest: WebTest = {
  id: 'web-test-probe',
  name: 'Probe',
  category: 'xss',
  severity: 2,
  cwe: ['CWE-79'],
  owasp: 'A03:2021',
  description: '',
  solution: '',
  references: [],
  kind: 'active',
  async point(p, ctx) {
    const u = new URL(p.url);
    u.searchParams.set(p.name, "<script>alert('x')</script>");
    const res = await ctx.client.send({ method: 'GET', url: u.href });
    return res.body.includes('<script>')
      ? [
          {
            test: this.id,
            url: p.url,
            method: 'GET',
            parameter: p.name,
            confidence: 'confirmed',
            evidence: { request: '', response: '', proof: '', how: '' },
          },
        ]
      : [];
  },
};

describe('web scan scope', () => {
  it('stays under the target directory by default, and honours include, exclude and other hosts', async () => {
    const partner = await keep(startAppSite('')); // its root is the partner site
    const app = await keep(startAppSite(`${partner.base}/`));
    const plain = await runWebScan(webSpec(`${app.base}/app/`), { signal: signal() });
    expect(paths(plain.sitemap).sort()).toEqual(['/app/', '/app/a', '/app/b', '/app/private']);
    expect(partner.hits).toEqual([]);

    const scoped = await runWebScan(
      webSpec(`${app.base}/app/`, { scope: { hosts: [partner.host], pathPrefixes: ['/app/', '/'], exclude: ['/private$'], include: [] } }),
      { signal: signal() },
    );
    const urls = scoped.sitemap.map((e) => e.url);
    expect(urls).toEqual(expect.arrayContaining([`${app.base}/other`, `${partner.base}/`, `${partner.base}/partner-page`]));
    expect(app.count('/app/private')).toBe(1); // only the first scan's request
  });

  it('include patterns: only matching URLs are requested', async () => {
    const app = await keep(startAppSite('http://127.0.0.2:9/'));
    const r = await runWebScan(webSpec(`${app.base}/app/`, { scope: { include: ['/app/$', '/app/a$'] } }), { signal: signal() });
    expect(paths(r.sitemap).sort()).toEqual(['/app/', '/app/a']);
    expect(app.count('/app/b')).toBe(0);
  });

  it('crawls a virtual host with a site of its own, and only that one', async () => {
    const site = await keep(startVhostSite());
    const r = await runWebScan(webSpec(`${site.base}/`, { scope: { vhosts: ['admin.test', 'www.test'] } }), { signal: signal() });
    expect(r.vhosts).toEqual(['admin.test']);
    expect(r.sitemap.map((e) => e.url)).toEqual(
      expect.arrayContaining([
        `${site.base}/`,
        `${site.base}/news`,
        `http://admin.test:${site.port}/admin-secret`,
        `http://admin.test:${site.port}/users?id=1`,
      ]),
    );
    expect(site.hits.filter((h) => h.host === `admin.test:${site.port}` && h.path === '/admin-secret')).toHaveLength(1);
    expect(site.hits.filter((h) => h.host.startsWith('www.test') && h.path !== '/')).toEqual([]);
  });

  it('a server refusing unknown names does not make every name a virtual host', async () => {
    const site = await keep(startVhostSite(true));
    const r = await runWebScan(webSpec(`${site.base}/`, { scope: { vhosts: ['admin.test', 'nothere.test'] } }), { signal: signal() });
    expect(r.vhosts).toEqual(['admin.test']);
  });
});

describe('web scan limits', () => {
  it('stops at the URL limit with error 7', async () => {
    const site = await keep(startEndlessSite());
    const r = await runWebScan(webSpec(`${site.base}/`, { limits: { maxUrls: 6 } as never }), { signal: signal() });
    expect(r.errors.map((e) => e.type)).toEqual([7]);
    expect(r.sitemap.length).toBeLessThanOrEqual(6);
    expect(site.hits.filter((h) => h.path !== '/robots.txt' && h.path !== '/sitemap.xml').length).toBeLessThanOrEqual(7);
  });

  it('stops at the depth limit without an error', async () => {
    const site = await keep(startEndlessSite());
    const r = await runWebScan(webSpec(`${site.base}/`, { limits: { maxDepth: 2 } as never }), { signal: signal() });
    expect(Math.max(...r.sitemap.map((e) => e.depth))).toBe(2);
    expect(r.sitemap).toHaveLength(7);
    expect(r.errors).toEqual([]);
  });

  it('stops everything with error 3 when the clock passes the run time', async () => {
    const site = await keep(startEndlessSite());
    let clock = 1_000_000;
    // Each page the site serves moves the clock by 10 s: the limit (60 s) is reached after about six requests.
    const r = await runWebScan(webSpec(`${site.base}/`, { limits: { maxDurationS: 60, parallel: 1 } as never }), {
      signal: signal(),
      now: () => clock,
      onEvent: (e) => {
        if (e.type === 'page') clock += 10_000;
      },
    });
    expect(r.errors.map((e) => e.type)).toEqual([3]);
    expect(r.sitemap.length).toBeGreaterThan(3);
    expect(r.sitemap.length).toBeLessThan(10);
    expect(r.stats.durationMs).toBeGreaterThan(60_000);
  });

  it('reports error 8 when the start URL redirects out of scope, and crawls nothing', async () => {
    const site = await keep(startRedirectSite('http://127.0.0.2:9/elsewhere'));
    const r = await runWebScan(webSpec(`${site.base}/`), { signal: signal() });
    expect(r.errors.map((e) => e.type)).toEqual([8]);
    expect(r.errors[0]!.message).toContain('127.0.0.2:9/elsewhere');
    expect(r.sitemap).toEqual([]);
  });

  it('reports error 5 when the start URL is not found, and error 6 for URLs that did not answer', async () => {
    const site = await keep(startAppSite('http://127.0.0.2:9/'));
    const r = await runWebScan(webSpec(`${site.base}/missing/`), { signal: signal() });
    expect(r.errors.map((e) => e.type)).toEqual([5]);
    expect(r.errors[0]!.message).toContain('404');
    const slow = await keep(startSlowSite());
    const t = await runWebScan(webSpec(`${slow.base}/`, { limits: { requestTimeoutMs: 200 } as never }), { signal: signal() });
    expect(t.errors.map((e) => e.type)).toEqual([6]);
    expect(t.errors[0]!.message).toMatch(/1 URL of the crawl got no answer \(first: .*\/slow: No answer within 200 ms/);
  });

  it('reports error 1 when the start URL does not answer', async () => {
    const site = await startEndlessSite();
    const base = site.base;
    await site.close();
    const r = await runWebScan(webSpec(`${base}/`), { signal: signal() });
    expect(r.errors.map((e) => e.type)).toEqual([1]);
  });

  it('reports a firewall blocking the test payloads once (error 9) and carries on', async () => {
    const site = await keep(startWafSite());
    const r = await runWebScan(webSpec(`${site.base}/`, { discovery: false }), { signal: signal(), tests: [probeTest] });
    const waf = r.errors.filter((e) => e.type === 9);
    expect(waf).toHaveLength(1);
    expect(waf[0]!.message).toMatch(/ModSecurity.*incomplete/);
    expect(r.sitemap.length).toBeGreaterThanOrEqual(2);
    expect(r.findings).toEqual([]);
  });

  it('reports a firewall that blocks the scanner at the start URL (error 9)', async () => {
    const site = await keep(startWafSite());
    const r = await runWebScan(webSpec(`${site.base}/?q='`), { signal: signal() });
    expect(r.errors.map((e) => e.type)).toEqual([9]);
    expect(r.errors[0]!.message).toMatch(/ModSecurity.*at the start URL/);
  });

  it('keeps to the request rate (counted by the server, any one-second window)', async () => {
    const site = await keep(startEndlessSite());
    const times: number[] = [];
    const r = await runWebScan(webSpec(`${site.base}/`, { limits: { maxUrls: 30, requestsPerSecond: 20, parallel: 4 } as never }), {
      signal: signal(),
      onEvent: (e) => {
        if (e.type === 'page') times.push(performance.now());
      },
    });
    expect(r.sitemap.length).toBeGreaterThanOrEqual(25);
    // Pages arrive no faster than the rate allows: at most 20 in any second, +1 for the window's edge and +4 (the
    // requests in flight) for answers a busy machine delivers together. Unpaced, the fixture serves hundreds a second.
    for (const t of times) expect(times.filter((x) => x >= t && x < t + 1000).length).toBeLessThanOrEqual(25);
  });

  it('returns what it found so far when cancelled', async () => {
    const site = await keep(startEndlessSite());
    const stop = new AbortController();
    const events: WebScanEvent[] = [];
    const r = await runWebScan(webSpec(`${site.base}/`, { limits: { parallel: 1 } as never }), {
      signal: stop.signal,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'page' && events.filter((x) => x.type === 'page').length === 5) stop.abort();
      },
    });
    expect(r.sitemap.length).toBeGreaterThanOrEqual(5);
    expect(r.sitemap.length).toBeLessThan(8);
    expect(r.errors).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'progress', progress: { phase: 'done', percent: 100 } });
  });
});

describe('web scan of the shop with tests', () => {
  it('runs page, point and site tests once each where they apply, dedupes findings, reports progress', async () => {
    const shop = await keep(startShop());
    const seen = { page: 0, point: 0, site: 0, response: 0 };
    const test: WebTest = {
      ...probeTest,
      id: 'web-test-count',
      response: () => {
        seen.response++;
        return [];
      },
      page: async (p) => {
        seen.page++;
        return [
          {
            test: 'web-test-count',
            url: p.url,
            method: 'GET',
            confidence: 'potential',
            evidence: { request: '', response: '', proof: '', how: '' },
          },
        ];
      },
      point: async () => {
        seen.point++;
        return [];
      },
      site: async () => {
        seen.site++;
        return [];
      },
    };
    const events: WebScanEvent[] = [];
    const r = await runWebScan(webSpec(`${shop.base}/`, { discovery: false }), {
      signal: signal(),
      tests: [test],
      progressEveryMs: 20,
      onEvent: (e) => events.push(e),
    });
    expect(seen.site).toBe(1);
    expect(seen.page).toBe(r.sitemap.length);
    expect(seen.response).toBeGreaterThanOrEqual(r.sitemap.length);
    // One point per (method, path, location, name): products?page= on many pages is one point.
    expect(seen.point).toBeGreaterThan(10);
    expect(seen.point).toBeLessThan(40);
    // The page finding is per page path: /products?page=1 and ?page=2 are one finding.
    expect(r.findings.filter((f) => f.url.includes('/products'))).toHaveLength(1);
    const progress = events.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.progress : null)!);
    expect(progress.at(-1)).toMatchObject({ percent: 100, phase: 'done' });
    expect(progress.some((p) => p.phase === 'test')).toBe(true);
  });

  it('a discovery scan runs no tests', async () => {
    const shop = await keep(startShop());
    let calls = 0;
    const test: WebTest = { ...probeTest, page: async () => (calls++, []), point: async () => (calls++, []) };
    const r = await runWebScan(webSpec(`${shop.base}/`), { signal: signal(), tests: [test] });
    expect(calls).toBe(0);
    expect(r.sitemap.length).toBeGreaterThan(10);
  });
});
