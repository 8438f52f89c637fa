// The HTTP crawl of the web engine on a fixture shop: what it reaches (links of every kind, forms, robots.txt and
// sitemaps, script URLs, redirects, the directory listing one link below the home page), what it refuses (destructive
// links and forms, out-of-scope hosts), and that paging and calendars do not make it run away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebScan } from '../../src/web/engine.ts';
import type { WebScanResult } from '../../src/web/types.ts';
import { startShop } from './fixtures/site-shop.ts';
import type { Site } from './fixtures/site-server.ts';
import { webSpec } from './fixtures/site-spec.ts';

describe('web crawl', () => {
  let shop: Site;
  let result: WebScanResult;
  const paths = (): string[] => result.sitemap.map((e) => new URL(e.url).pathname);

  beforeAll(async () => {
    shop = await startShop();
    result = await runWebScan(webSpec(`${shop.base}/`), { signal: new AbortController().signal });
  });
  afterAll(() => shop.close());

  it('follows links, frames, areas, link rel, meta refresh and redirects', () => {
    expect(paths()).toEqual(
      expect.arrayContaining(['/', '/about', '/contact', '/map-area', '/frame', '/feed.xml', '/old', '/new', '/go', '/target']),
    );
    const target = result.sitemap.find((e) => e.url.endsWith('/target'))!;
    expect(target.source).toBe('redirect');
    expect(result.sitemap.find((e) => e.url.endsWith('/go'))!.status).toBe(302);
    expect(result.errors).toEqual([]);
  });

  it('reaches the directory listing one link below the home page, and the files it lists', () => {
    const listing = result.sitemap.find((e) => new URL(e.url).pathname === '/files/')!;
    expect(listing).toMatchObject({ depth: 1, source: 'link', title: 'Index of /files/', status: 200 });
    expect(paths()).toEqual(expect.arrayContaining(['/files/report.pdf', '/files/backup.sql']));
  });

  it('reads robots.txt, the sitemap index and its sitemap', () => {
    expect(result.sitemap.find((e) => e.url.endsWith('/admin/'))?.source).toBe('robots');
    expect(result.sitemap.find((e) => e.url.endsWith('/public/'))?.source).toBe('robots');
    expect(result.sitemap.find((e) => e.url.endsWith('/hidden-page'))?.source).toBe('sitemap');
  });

  it('finds URLs named in inline and external scripts', () => {
    for (const p of ['/api/items', '/api/config', '/api/users'])
      expect(result.sitemap.find((e) => new URL(e.url).pathname === p)?.source, p).toBe('script');
  });

  it('follows URLs named in JSON answers', () => {
    expect(paths()).toContain('/api/items-page-2');
  });

  it('reads forms with every field and submits the safe ones', () => {
    const contact = result.forms.find((f) => f.action.endsWith('/contact'))!;
    expect(contact).toMatchObject({ method: 'POST', csrfToken: true, enctype: 'application/x-www-form-urlencoded' });
    expect(contact.fields.map((f) => f.name)).toEqual(['csrf_token', 'name', 'email', 'topic', 'message', 'prio', 'send']);
    expect(contact.fields.find((f) => f.name === 'topic')).toMatchObject({ value: 'support', options: ['sales', 'support'] });
    expect(contact.fields.find((f) => f.name === 'prio')).toMatchObject({ value: 'high', options: ['low', 'high'] });
    const post = shop.hits.find((h) => h.method === 'POST' && h.path === '/contact')!;
    expect(Object.fromEntries(new URLSearchParams(post.body))).toMatchObject({
      csrf_token: 'a1b2c3d4e5f6a7b8',
      email: 'bulwark@example.com',
      topic: 'support',
      message: 'Hello',
      send: '1',
    });
    expect(paths()).toContain('/contact/thanks-only');
    expect(result.sitemap.find((e) => e.url.includes('/search/results?q=bulwark'))?.source).toBe('form');
    expect(result.sitemap.find((e) => e.url.endsWith('/contact') && e.method === 'GET')?.parameters).toContain('email');
  });

  it('never follows or submits what destroys state, and says which it skipped', () => {
    expect(shop.count('/logout')).toBe(0);
    expect(shop.count('/items')).toBe(0);
    expect(shop.count('/settings/reset')).toBe(0);
    expect(shop.count('/account')).toBe(0);
    const skipped = result.skipped.map((s) => new URL(s.url).pathname);
    expect(skipped).toEqual(expect.arrayContaining(['/logout', '/items', '/settings/reset', '/account']));
    expect(result.skipped.find((s) => s.url.endsWith('/logout'))!.reason).toMatch(/log ?out/i);
  });

  it('caps same-page variants: paging and the calendar stop after a few pages', () => {
    expect(shop.count('/products')).toBeLessThanOrEqual(6);
    expect(shop.count('/calendar')).toBeLessThanOrEqual(3);
    expect(result.errors.find((e) => e.type === 7)).toBeUndefined();
  });

  it('stays on the target host', () => {
    expect(result.sitemap.every((e) => e.url.startsWith(shop.base))).toBe(true);
    expect(result.stats.urlsFound).toBe(result.sitemap.length);
    expect(result.stats.requestsSent).toBe(shop.hits.length);
  });

  it('sends a Cookie header of the profile through the jar', async () => {
    const r = await runWebScan(webSpec(`${shop.base}/me`, { headers: { Cookie: 'pref=dark' }, limits: { maxDepth: 0 } as never }), {
      signal: new AbortController().signal,
    });
    expect(r.sitemap[0]!.title).toBe('Me');
    const hit = shop.hits.filter((h) => h.path === '/me').at(-1)!;
    expect(hit.cookie).toBe('pref=dark');
  });
});
