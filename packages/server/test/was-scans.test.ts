// Web and discovery scans through the API: scan/wscans/ and scan/wdscans/ (create with the field messages, list,
// read, change, delete; a discovery scan without a profile takes the built-in Standard one), nvt/wvtests-simple/
// (paging, search, filters), the task a remote probe is handed (spec.web from the profile and the asset, the password
// opened for it, no tests on discovery), error 11 for a probe that does not say a current web engine, and a run on a
// web-application asset served by node:http on loopback that the built-in probe takes to the end.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebProfile, WebRunDetail, WebScan, WebScanRunRow, WebTestRow } from '@bulwark/core';
import { WEB_ENGINE_VERSION, webTestCatalogue, type TaskSpec } from '@bulwark/scanner';
import { eq } from 'drizzle-orm';
import { assets, assetTags, scanRuns, tags, users } from '../src/db/schema/index.ts';
import { runDueScanSchedules } from '../src/modules/scans/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };

/** A tiny site: a home page linking two pages, one with a form. */
function startSite(host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'text/html');
    if (url.pathname === '/') res.end('<html><title>Home</title><a href="/about">About</a> <a href="/search?q=a">Search</a></html>');
    else if (url.pathname === '/about') res.end('<html><title>About</title>About us</html>');
    else if (url.pathname === '/search')
      res.end(`<html><form action="/search"><input name="q"></form>${url.searchParams.get('q')?.length ?? 0}</html>`);
    else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve(server)));
}

describe.each(BACKENDS)('web scans on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let site: Server;
  let siteUrl: string;
  let webapp: number;
  let host: number;
  let standard: WebProfile;
  let quick: WebProfile;
  const loopback = backend === 'pglite' ? '127.0.0.41' : '127.0.0.42';

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    site = await startSite(loopback);
    siteUrl = `http://${loopback}:${(site.address() as AddressInfo).port}/`;
    const [row] = await t.ctx.db.insert(assets).values({ customerId: 1, kind: 'webapp', value: siteUrl, type: 3 }).returning();
    webapp = row!.id;
    const [h] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'host', value: '127.0.0.9', type: 2, address: '127.0.0.9' })
      .returning();
    host = h!.id;
    const profiles = (await admin.get<Page<WebProfile>>('/api/scan/wprofiles/?page_size=100')).body.results;
    standard = profiles.find((p) => p.name === 'Standard')!;
    quick = profiles.find((p) => p.name === 'Quick (passive only)')!;
  });
  afterAll(async () => {
    site?.close();
    await t.close();
  });

  it('creates, lists, changes and deletes web and discovery scans, with field messages', async () => {
    const empty = await admin.post('/api/scan/wscans/', { name: 'Nothing', start: false });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ assets: ['Choose at least one web application.'] });
    const noProfile = await admin.post('/api/scan/wscans/', { name: 'No profile', assets: [webapp], start: false });
    expect(noProfile.status).toBe(400);
    expect(noProfile.body).toEqual({ profile: ['This field is required.'] });
    const wrongKind = await admin.post('/api/scan/wscans/', { name: 'Host', assets: [host], profile: standard.id, start: false });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body).toEqual({ assets: [`Invalid pk "${host}" - object does not exist.`] });

    const web = await admin.post<WebScan>('/api/scan/wscans/', { name: 'Shop', assets: [webapp], profile: quick.id, start: false });
    expect(web.status, JSON.stringify(web.body)).toBe(201);
    expect(web.body).toMatchObject({
      scan_type: 'was',
      is_was_discovery: false,
      targets: [siteUrl],
      profile: { id: quick.id, type: 'was' },
    });
    const discovery = await admin.post<WebScan>('/api/scan/wdscans/', {
      name: 'Map the shop',
      assets: [webapp],
      vhosts: ['admin.shop.test'],
      start: false,
    });
    expect(discovery.status, JSON.stringify(discovery.body)).toBe(201);
    expect(discovery.body).toMatchObject({ is_was_discovery: true, vhosts: ['admin.shop.test'], profile: { id: standard.id } });

    expect((await admin.get<Page<WebScan>>('/api/scan/wscans/')).body.results.map((s) => s.name)).toEqual(['Shop']);
    expect((await admin.get<Page<WebScan>>('/api/scan/wdscans/')).body.results.map((s) => s.name)).toEqual(['Map the shop']);
    // Each path has its own scans; network scans do not list them.
    expect((await admin.get(`/api/scan/wscans/${discovery.body.id}/`)).status).toBe(404);
    expect((await admin.get(`/api/scan/nscans/${web.body.id}/`)).status).toBe(404);

    const renamed = await admin.patch<WebScan>(`/api/scan/wscans/${web.body.id}/`, { name: 'Shop (quick)' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Shop (quick)', assets: [webapp] });
    expect((await admin.request('DELETE', `/api/scan/wdscans/${discovery.body.id}/`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/scan/wscans/${web.body.id}/`)).status).toBe(204);
  });

  it('lists the web test catalogue with paging, search and filters', async () => {
    const all = webTestCatalogue();
    const first = await admin.get<Page<WebTestRow>>('/api/nvt/wvtests-simple/?page_size=5');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(all.length);
    expect(first.body.results).toHaveLength(Math.min(5, all.length));
    const passive = await admin.get<Page<WebTestRow>>('/api/nvt/wvtests-simple/?kind=passive&page_size=500');
    expect(passive.body.count).toBe(all.filter((x) => x.kind === 'passive').length);
    expect(passive.body.results.every((x) => x.kind === 'passive')).toBe(true);
    const some = all[0]!;
    const byOwasp = await admin.get<Page<WebTestRow>>(`/api/nvt/wvtests-simple/?owasp=${encodeURIComponent(some.owasp)}&page_size=500`);
    expect(byOwasp.body.results.every((x) => x.owasp === some.owasp)).toBe(true);
    expect(byOwasp.body.results.map((x) => x.id)).toContain(some.id);
    const search = await admin.get<Page<WebTestRow>>(`/api/nvt/wvtests-simple/?search=${some.id}`);
    expect(search.body.results.map((x) => x.id)).toContain(some.id);
    const bad = await admin.get('/api/nvt/wvtests-simple/?owasp=A11:2021&severity=9');
    expect(bad.status).toBe(400);
  });

  it('hands a remote probe the web task with its spec, and refuses a probe without a current web engine (error 11)', async () => {
    const created = await admin.post<{ id: number; registration: { token: string } }>('/api/probe/probes/', { name: 'Web probe' });
    expect(created.status).toBe(201);
    const agent = t.client();
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', {
      token: created.body.registration.token,
    });
    const auth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };
    const profile = await admin.post<WebProfile>('/api/scan/wprofiles/', {
      name: 'Basic login',
      auth_kind: 'basic',
      auth_username: 'alice',
      auth_password: 'pa55word',
      minus_categories: [webTestCatalogue()[0]!.category],
      sc_ss_dan: true,
      max_duration: 2,
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);

    // An old probe (no web_engine in its claim): the task fails with error 11 and the run ends in error.
    const old = await admin.post<WebScan>('/api/scan/wscans/', {
      name: 'Old probe',
      assets: [webapp],
      profile: profile.body.id,
      node: reg.body.probe_id,
    });
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    expect((await agent.post('/api/probe-agent/claim/', {}, auth)).status).toBe(204);
    const oldRun = (await admin.get<Page<WebScanRunRow>>(`/api/scan/wruns/?scan=${old.body.id}`)).body.results[0]!;
    const errors = await admin.get<{ type: number; message: string }[]>(`/api/scan/wruns/${oldRun.id}/errors/`);
    expect(errors.body.map((e) => e.type)).toEqual([11]);
    expect(errors.body[0]!.message).toContain('update the probe');

    // A current probe gets the web spec: the asset's URL, the profile's settings, the password opened for it.
    const scan = await admin.post<WebScan>('/api/scan/wdscans/', {
      name: 'Current probe',
      assets: [webapp],
      profile: profile.body.id,
      node: reg.body.probe_id,
      vhosts: ['intranet.test'],
    });
    const claim = await agent.post<{ task: TaskSpec }>('/api/probe-agent/claim/', { web_engine: WEB_ENGINE_VERSION }, auth);
    expect(claim.status).toBe(200);
    const web = claim.body.task.web!;
    expect(web).toMatchObject({
      target: siteUrl,
      discovery: true,
      tests: [],
      auth: { kind: 'basic', username: 'alice', password: 'pa55word' },
      sensitive: { countries: ['dk'] },
      scope: { vhosts: ['intranet.test'] },
      limits: { maxDurationS: 120 },
    });
    // Its progress shows on the run.
    const run = (await admin.get<Page<WebScanRunRow>>(`/api/scan/wruns/?scan=${scan.body.id}`)).body.results[0]!;
    const report = await agent.post(
      `/api/probe-agent/tasks/${claim.body.task.id}/report/`,
      { progress: 10, errors: [], web: { percent: 10, urlsFound: 7, requestsSent: 21, phase: 'crawl', auth: 'signed-in' } },
      auth,
    );
    expect(report.status).toBe(200);
    const live = await admin.get<WebScanRunRow>(`/api/scan/wruns/${run.id}/`);
    expect(live.body).toMatchObject({ is_was_discovery: true, urls_found: 7, requests_sent: 21, auth_state: 'signed-in', phase: 'crawl' });
    // Cancel works as for network runs: the probe hears it on its next report.
    const cancel = await admin.post<WebScanRunRow & { message: string }>(`/api/scan/wruns/${run.id}/cancel/`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({ scan_type: 'was', is_was_discovery: true, urls_found: 7 });
    const heard = await agent.post<{ action: string }>(`/api/probe-agent/tasks/${claim.body.task.id}/report/`, { errors: [] }, auth);
    expect(heard.body.action).toBe('cancel');
    expect((await agent.post(`/api/probe-agent/tasks/${claim.body.task.id}/finish/`, { outcome: 'cancelled' }, auth)).status).toBe(200);
    const ended = (await admin.get<WebScanRunRow>(`/api/scan/wruns/${run.id}/`)).body;
    expect(ended.actions).not.toContain('cancel');
    // The task is cancelled (-1, shown as Stopped).
    expect(ended.children.map((c) => c.state)).toEqual([-1]);
  });

  it('schedules a discovery scan: a web profile makes a web scan, with its discovery flag and virtual hosts', async () => {
    const probe = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const body = {
      name: 'Weekly map',
      profile: standard.id,
      start_date: '2026-12-01',
      time: '02:30',
      time_zone: 'UTC',
      repeat: 'weekly',
      weekdays: [1],
      assets: [webapp],
      node: probe,
      is_was_discovery: true,
      vhosts: ['intranet.test'],
    };
    const created = await admin.post<{ scan: number; next_run_at: string }>('/api/scan/schedules/', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const scan = await admin.get<WebScan>(`/api/scan/wdscans/${created.body.scan}/`);
    expect(scan.body).toMatchObject({ is_was_discovery: true, vhosts: ['intranet.test'], assets: [webapp] });
    const started = await runDueScanSchedules(t.ctx.db, t.ctx, new Date(new Date(created.body.next_run_at).getTime() + 1000), t.ctx.log);
    expect(started).toHaveLength(1);
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, started[0]!));
    expect(run).toMatchObject({ scanType: 'was', isWasDiscovery: true, vhosts: ['intranet.test'], scheduled: true, targets: [siteUrl] });
    // A network profile cannot make a discovery schedule.
    const network = (await admin.get<Page<{ id: number }>>('/api/scan/nprofiles/')).body.results[0]!.id;
    const wrong = await admin.post('/api/scan/schedules/', { ...body, name: 'Wrong', profile: network });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ profile: ['A discovery schedule needs a web scan profile.'] });
    await admin.post(`/api/scan/wruns/${started[0]}/cancel/`);
  });

  it('scans the web applications a tag selects when the run starts (never the hosts with that tag)', async () => {
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Shop apps' }).returning();
    await t.ctx.db.insert(assetTags).values([
      { customerId: 1, assetId: webapp, tagId: tag!.id },
      { customerId: 1, assetId: host, tagId: tag!.id },
    ]);
    const probe = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Tag probe' })).body.id;
    const set = { inclusion_tags: [tag!.id], exclusion_tags: [], inclusion_tags_mode_all: false, exclusion_tags_mode_all: false };
    const scan = await admin.post<WebScan>('/api/scan/wscans/', { name: 'By tag', unified_tags_set: set, profile: quick.id, node: probe });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const run = (await admin.get<Page<WebScanRunRow>>(`/api/scan/wruns/?scan=${scan.body.id}`)).body.results[0]!;
    expect(run.targets).toEqual([siteUrl]);
    expect(run.children.map((c) => c.targets)).toEqual([[siteUrl]]);
    expect((await admin.post(`/api/scan/wruns/${run.id}/cancel/`)).status).toBe(200);
  });

  it('keeps customers apart and guards every call (401, 403 without web_scans, read-only cannot change or act)', async () => {
    const probe = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Guard probe' })).body.id;
    const web = (await admin.post<WebScan>('/api/scan/wscans/', { name: 'Guarded', assets: [webapp], profile: quick.id, node: probe }))
      .body;
    const map = (await admin.post<WebScan>('/api/scan/wdscans/', { name: 'Guarded map', assets: [webapp], start: false })).body;
    const run = (await admin.get<Page<WebScanRunRow>>(`/api/scan/wruns/?scan=${web.id}`)).body.results[0]!;
    const scanCalls: [string, string][] = [
      ['GET', `/api/scan/wscans/${web.id}/`],
      ['PATCH', `/api/scan/wscans/${web.id}/`],
      ['POST', `/api/scan/wscans/${web.id}/start/`],
      ['DELETE', `/api/scan/wscans/${web.id}/`],
      ['GET', `/api/scan/wdscans/${map.id}/`],
      ['PATCH', `/api/scan/wdscans/${map.id}/`],
      ['POST', `/api/scan/wdscans/${map.id}/start/`],
      ['DELETE', `/api/scan/wdscans/${map.id}/`],
    ];
    const runCalls: [string, string][] = [
      ['GET', `/api/scan/wruns/${run.id}/`],
      ['GET', `/api/scan/wruns/${run.id}/errors/`],
      ['POST', `/api/scan/wruns/${run.id}/stop/`],
      ['POST', `/api/scan/wruns/${run.id}/resume/`],
      ['POST', `/api/scan/wruns/${run.id}/cancel/`],
      ['POST', `/api/scan/wruns/${run.id}/cancel/force/`],
      ['DELETE', `/api/scan/wruns/${run.id}/`],
    ];
    const lists = ['/api/scan/wscans/', '/api/scan/wdscans/', '/api/scan/wruns/', '/api/scan/wprofiles/', '/api/nvt/wvtests-simple/'];
    const body = (method: string) => (method === 'PATCH' ? { name: 'x' } : undefined);

    // Another customer finds none of it, and may not name my web application or my profile.
    const other = await t.otherCustomer();
    const them = await signedIn(t, other.adminEmail);
    for (const [method, url] of [...scanCalls, ...runCalls])
      expect((await them.request(method, url, body(method))).status, `${method} ${url}`).toBe(404);
    for (const url of ['/api/scan/wscans/', '/api/scan/wdscans/', '/api/scan/wruns/'])
      expect((await them.get<Page<unknown>>(url)).body.count, url).toBe(0);
    const theirs = await them.post('/api/scan/wscans/', { name: 'x', assets: [webapp], profile: quick.id, start: false });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({ assets: [`Invalid pk "${webapp}" - object does not exist.`] });
    const [their] = await t.ctx.db
      .insert(assets)
      .values({ customerId: other.customerId, kind: 'webapp', value: 'http://127.0.0.43:8080/', type: 3 })
      .returning();
    const mine = (await admin.post<WebProfile>('/api/scan/wprofiles/', { name: 'Mine only' })).body;
    const withMine = await them.post('/api/scan/wscans/', { name: 'x', assets: [their!.id], profile: mine.id, start: false });
    expect(withMine.status).toBe(400);
    expect(withMine.body).toEqual({ profile: [`Invalid pk "${mine.id}" - object does not exist.`] });
    // The built-in profiles are everyone's.
    expect((await them.post('/api/scan/wscans/', { name: 'Theirs', assets: [their!.id], profile: quick.id, start: false })).status).toBe(
      201,
    );

    // Signed out: 401 on every call.
    const anon = await anonymous(t);
    for (const [method, url] of [...scanCalls, ...runCalls, ...lists.map((u): [string, string] => ['GET', u])])
      expect((await anon.request(method, url, body(method))).status, `${method} ${url}`).toBe(401);
    expect((await anon.post('/api/scan/wscans/', { name: 'x', assets: [webapp], profile: quick.id })).status).toBe(401);

    // Without web_scans: 403 on every call; with web_scans read: it reads, and may neither change nor act.
    const plain = await t.user({ email: `plain-web-${backend}@example.com` });
    const nobody = await signedIn(t, `plain-web-${backend}@example.com`, PASSWORD);
    for (const [method, url] of [...scanCalls, ...runCalls, ...lists.map((u): [string, string] => ['GET', u])])
      expect((await nobody.request(method, url, body(method))).status, `${method} ${url}`).toBe(403);
    expect((await nobody.post('/api/scan/wscans/', { name: 'x', assets: [webapp], profile: quick.id })).status).toBe(403);
    await t.ctx.db
      .update(users)
      .set({ permissions: { web_scans: ['read'] } })
      .where(eq(users.id, plain.id));
    for (const [method, url] of [...scanCalls, ...runCalls, ...lists.map((u): [string, string] => ['GET', u])])
      expect((await nobody.request(method, url, body(method))).status, `${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
    expect((await nobody.post('/api/scan/wscans/', { name: 'x', assets: [webapp], profile: quick.id })).status).toBe(403);

    // Nothing of mine changed; the run is still mine to cancel.
    expect((await admin.get<WebScan>(`/api/scan/wscans/${web.id}/`)).body.name).toBe('Guarded');
    expect((await admin.post(`/api/scan/wruns/${run.id}/cancel/`)).status).toBe(200);
  });

  it('runs a web scan on a web application through the built-in probe to the end', async () => {
    const scan = await admin.post<WebScan>('/api/scan/wscans/', { name: 'Quick look', assets: [webapp], profile: quick.id });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const runId = scan.body.last_run!;
    const until = Date.now() + 90_000;
    let run: WebScanRunRow | undefined;
    while (Date.now() < until) {
      run = (await admin.get<WebScanRunRow>(`/api/scan/wruns/${runId}/`)).body;
      if (run.status === 2 || run.status === 3) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(run, JSON.stringify(run)).toMatchObject({ status: 2, scan_type: 'was', is_was_discovery: false });
    expect(run!.urls_found).toBeGreaterThanOrEqual(3);
    expect(run!.requests_sent).toBeGreaterThan(0);
    // The engine's timeline reached the run's detail through the probe's delivery: it ends with every request sent.
    let detail = await admin.get<WebRunDetail>(`/api/scan/wruns/${runId}/web/`);
    for (let i = 0; i < 100 && detail.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 200));
      detail = await admin.get<WebRunDetail>(`/api/scan/wruns/${runId}/web/`);
    }
    expect(detail.status).toBe(200);
    expect(detail.body.stats.timeline.length).toBeGreaterThanOrEqual(1);
    expect(detail.body.stats.timeline.at(-1)).toMatchObject({ phase: 'done' });
    expect(detail.body.stats.timeline.at(-1)!.requests).toBeGreaterThan(0);
  }, 120_000);
});
