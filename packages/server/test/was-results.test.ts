// What web runs found, through the API (web_scans read): web-application assets with their latest run
// (scan/webapps/), pickers (scan_basics/webapps/), a run's site map paged and filtered (sitemaps/?run=) and as a path
// tree (sitemaps/tree/?run=), a run's extras (scan/wruns/{id}/web/), and the OWASP top 10 widget — with the guards:
// 401 anonymous, 403 without web_scans read, 404 for another customer's run, a LIMITED member held to its tags.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitemapEntry, SitemapTree, WebAppBasic, WebAppRow, WebRunDetail, WidgetData } from '@bulwark/core';
import { assetTags, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { aWebFinding, aWebResult, processTestWebRun, webAsset, webRuns } from './helpers/was-results.ts';

type Page<T> = { count: number; next: string | null; results: T[] };

const SHOP = 'http://127.0.0.7:8080/';
const BLOG = 'http://127.0.0.8:8080/';

describe.each(BACKENDS)('web results through the API on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let nobody: Client;
  let rival: Client;
  let shop: number;
  let blog: number;
  let shopRun: number;
  let blogRun: number;
  let rivalRun: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    shop = await webAsset(t.ctx.db, 1, SHOP);
    blog = await webAsset(t.ctx.db, 1, BLOG);
    [shopRun] = await webRuns(t.ctx.db, 1, shop, 1);
    [blogRun] = await webRuns(t.ctx.db, 1, blog, 1);
    await processTestWebRun(t.ctx.db, {
      customerId: 1,
      runId: shopRun!,
      assetId: shop,
      result: aWebResult(SHOP, [
        aWebFinding('web-sqli-error', `${SHOP}shop/item?id=1`, 'id'),
        aWebFinding('web-xss-reflected', `${SHOP}search?q=a`, 'q'),
        aWebFinding('web-open-redirect', `${SHOP}go?to=x`, 'to'),
      ]),
    });
    await processTestWebRun(t.ctx.db, {
      customerId: 1,
      runId: blogRun!,
      assetId: blog,
      result: aWebResult(BLOG, [aWebFinding('web-xss-reflected', `${BLOG}search?q=a`, 'q')]),
    });
    const other = await t.otherCustomer();
    rival = await signedIn(t, other.adminEmail);
    const theirs = await webAsset(t.ctx.db, other.customerId, 'http://127.0.0.9:8080/');
    [rivalRun] = await webRuns(t.ctx.db, other.customerId, theirs, 1);
    await processTestWebRun(t.ctx.db, {
      customerId: other.customerId,
      runId: rivalRun!,
      assetId: theirs,
      result: aWebResult('http://127.0.0.9:8080/', [aWebFinding('web-sqli-error', 'http://127.0.0.9:8080/x?id=1', 'id')]),
    });
    // A member of a LIMITED team that sees only the blog; a user without web_scans.
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { web_scans: ['read'] } })
      .where(eq(users.id, m.id));
    member = await signedIn(t, 'member@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Blog' }).returning();
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: blog, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
  });
  afterAll(() => t?.close());

  it('lists web applications with their latest run, open findings by severity and technologies', async () => {
    const res = await admin.get<Page<WebAppRow>>('/api/scan/webapps/?ordering=-findings');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((a) => [a.url, a.findings.total, a.findings.critical, a.findings.high, a.findings.medium])).toEqual([
      [SHOP, 3, 1, 1, 1],
      [BLOG, 1, 0, 1, 0],
    ]);
    expect(res.body.results[0]!.last_scan).toMatchObject({ run_id: shopRun, urls: 5, forms: 1, complete: true });
    expect(res.body.results[0]!.technologies.map((x) => x.name)).toEqual(['nginx']);
    expect((await admin.get<Page<WebAppRow>>('/api/scan/webapps/?search=127.0.0.8')).body.results.map((a) => a.id)).toEqual([blog]);
    const basics = await admin.get<WebAppBasic[]>('/api/scan_basics/webapps/');
    expect(basics.body.map((b) => b.id).sort()).toEqual([shop, blog].sort());
  });

  it('pages and filters a run’s site map, and builds its path tree', async () => {
    const all = await admin.get<Page<SitemapEntry>>(`/api/sitemaps/?run=${shopRun}&page_size=2`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.count).toBe(5);
    expect(all.body.results).toHaveLength(2);
    expect(all.body.next).toContain('page=2');
    const links = await admin.get<Page<SitemapEntry>>(`/api/sitemaps/?run=${shopRun}&source=link&status=200`);
    expect(links.body.results.map((e) => e.url)).toEqual([`${SHOP}shop/item?id=1`]);
    const search = await admin.get<Page<SitemapEntry>>(`/api/sitemaps/?run=${shopRun}&search=robots`);
    expect(search.body.results.map((e) => [e.url, e.status, e.source])).toEqual([[`${SHOP}robots.txt`, 404, 'robots']]);
    const under = await admin.get<Page<SitemapEntry>>(`/api/sitemaps/?run=${shopRun}&under=${encodeURIComponent(`${SHOP}shop`)}`);
    expect(under.body.count).toBe(2);
    expect((await admin.get(`/api/sitemaps/?run=${shopRun}&source=nowhere`)).status).toBe(400);

    const tree = await admin.get<SitemapTree>(`/api/sitemaps/tree/?run=${shopRun}`);
    expect(tree.status).toBe(200);
    const site = 'http://127.0.0.7:8080';
    expect(tree.body.nodes.map((n) => [n.path, n.parent, n.entries, n.total])).toEqual([
      [site, '', 1, 5],
      [`${site}/robots.txt`, site, 1, 1],
      [`${site}/search`, site, 1, 1],
      [`${site}/shop`, site, 0, 2],
      [`${site}/shop/cart`, `${site}/shop`, 1, 1],
      [`${site}/shop/item`, `${site}/shop`, 1, 1],
    ]);
    expect(tree.body.nodes[0]!.statuses).toEqual({ '2xx': 3, '3xx': 1, '4xx': 1 });
  });

  it('shows a run’s technologies, virtual hosts, forms, figures and findings by OWASP category', async () => {
    const res = await admin.get<WebRunDetail>(`/api/scan/wruns/${shopRun}/web/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      run: shopRun,
      asset: { id: shop, url: SHOP },
      vhosts: ['admin.local'],
      skipped: [{ url: `${SHOP}logout`, reason: 'logout' }],
      stats: { urls_found: 5, requests_sent: 120, auth: 'none' },
      urls: 5,
      findings: 3,
    });
    expect(res.body.forms).toEqual([expect.objectContaining({ action: `${SHOP}search`, method: 'GET', csrf_token: false })]);
    // The run's pace, in seconds from its start, for the requests-over-time chart.
    expect(res.body.stats.timeline).toEqual([
      { at_s: 0, requests: 0, urls: 0, phase: 'crawl' },
      { at_s: 30.3, requests: 80, urls: 5, phase: 'test' },
      { at_s: 60, requests: 120, urls: 5, phase: 'done' },
    ]);
    const counts = Object.fromEntries(res.body.owasp.filter((o) => o.count > 0).map((o) => [o.id, o.count]));
    expect(counts).toEqual({ 'A01:2021': 1, 'A03:2021': 2 });
  });

  it('lists exactly the findings a run saw (the run page’s table), another customer’s run as none', async () => {
    const of = async (run: number | string) => admin.get<Page<{ name: string }>>(`/api/remediation/vulnerability-simple/?run=${run}`);
    expect((await of(shopRun)).body.count).toBe(3);
    expect((await of(blogRun)).body.count).toBe(1);
    expect((await of(rivalRun)).body.count).toBe(0);
    const bad = await of('abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('run');
  });

  it('counts open web findings by OWASP category in the OWASP top 10 widget', async () => {
    const res = await admin.post<WidgetData>('/api/dashboard/widgets/preview/', { kind: 'owasp_top_10' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body as Extract<WidgetData, { kind: 'owasp_top_10' }>;
    expect(data.total).toBe(4);
    expect(Object.fromEntries(data.categories.filter((c) => c.count > 0).map((c) => [c.id, c.count]))).toEqual({
      'A01:2021': 1,
      'A03:2021': 3,
    });
    expect(data.categories).toHaveLength(10);
    // A segment opens the vulnerability list on its category.
    const a01 = data.categories.find((c) => c.id === 'A01:2021')!;
    expect(a01.link).toBe('/vm/unified-vulnerabilities?source=web&owasp=A01%3A2021');
    const listed = await admin.get<Page<{ name: string }>>('/api/remediation/vulnerability-simple/?source=web&owasp=A01:2021');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.results.map((v) => v.name)).toEqual(['Open redirect']);
    expect((await admin.get('/api/remediation/vulnerability-simple/?owasp=A11:2021')).status).toBe(400);
    const limited = (await member.post<WidgetData>('/api/dashboard/widgets/preview/', { kind: 'owasp_top_10' })).body as typeof data;
    expect(limited.total).toBe(1);
    const theirs = (await rival.post<WidgetData>('/api/dashboard/widgets/preview/', { kind: 'owasp_top_10' })).body as typeof data;
    expect(theirs.total).toBe(1);
  });

  it('holds a LIMITED member to its tags, another customer to its own runs, and guards every call', async () => {
    expect((await member.get<Page<WebAppRow>>('/api/scan/webapps/')).body.results.map((a) => a.id)).toEqual([blog]);
    expect((await member.get<WebAppBasic[]>('/api/scan_basics/webapps/')).body.map((a) => a.id)).toEqual([blog]);
    expect((await member.get(`/api/sitemaps/?run=${blogRun}`)).status).toBe(200);
    for (const url of [`/api/sitemaps/?run=${shopRun}`, `/api/sitemaps/tree/?run=${shopRun}`, `/api/scan/wruns/${shopRun}/web/`])
      expect((await member.get(url)).status, url).toBe(404);
    expect((await rival.get<Page<WebAppRow>>('/api/scan/webapps/')).body.results.map((a) => a.url)).toEqual(['http://127.0.0.9:8080/']);
    for (const url of [`/api/sitemaps/?run=${shopRun}`, `/api/sitemaps/tree/?run=${shopRun}`, `/api/scan/wruns/${shopRun}/web/`])
      expect((await rival.get(url)).status, url).toBe(404);
    expect((await admin.get(`/api/scan/wruns/${rivalRun}/web/`)).status).toBe(404);
    const anon = await anonymous(t);
    for (const url of [
      '/api/scan/webapps/',
      '/api/scan_basics/webapps/',
      `/api/sitemaps/?run=${shopRun}`,
      `/api/sitemaps/tree/?run=${shopRun}`,
      `/api/scan/wruns/${shopRun}/web/`,
    ]) {
      expect((await anon.get(url)).status, url).toBe(401);
      expect((await nobody.get(url)).status, url).toBe(403);
    }
  });
});
