// Watched websites and mail servers through the API (globalview/websites/, globalview/mailservers/, their scan logs and
// the scan-now calls), on every test database: create 201 / read / PUT / PATCH / delete 204 with the recipients answered
// as JSON strings (sent as JSON strings or lists), the schedule following the monitor, a field message for each bad
// input (an asset of another type or customer included), the mail server's domain from its host, the scan logs newest
// first with their filters, the audit events of writes, and the guards: 401, 403 without the permission or a flag
// (cm-mailservers for mail servers only), another customer's monitor 404 with the spec's text, and a LIMITED team member
// who sees only the monitors on assets it sees and may not change or run any.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_SERVER_NOT_FOUND,
  WEBSITE_NOT_FOUND,
  type MailServerMonitor,
  type MailServerScanLog,
  type WebsiteMonitor,
  type WebsiteScanLog,
} from '@bulwark/core';
import {
  assets,
  assetTags,
  auditEvents,
  mailServerMonitors,
  mailServerScanLogs,
  tags,
  teamMembers,
  teams,
  teamTags,
  users,
  websiteMonitors,
  websiteScanLogs,
} from '../src/db/schema/index.ts';
import { SECURITY_TOOLS_DUE_QUEUE } from '../src/modules/security-tools/index.ts';
import { LIMITED_MONITORS } from '../src/modules/security-tools/routes.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const NOW = new Date('2026-06-01T08:00:00Z');
const MINUTE = 60_000;
const WEB = '/api/globalview/websites/';
const MAIL = '/api/globalview/mailservers/';
const CM = ['continuous-monitoring', 'cm-mailservers'];
const ALL = ['read', 'create', 'update', 'delete', 'execute'];

describe.each(BACKENDS)('watched websites and mail servers on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  let rivalCustomer: number;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    await setFlags(t.ctx, 1, CM);
    // The test app's own per-minute pass would run the monitors this file creates at moments of its choosing: this
    // file runs them itself (scan-website/, runDueMonitors with its own clock).
    await t.ctx.jobs!.boss.offWork(SECURITY_TOOLS_DUE_QUEUE);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const perms = async (email: string, monitoring: string[] | null) => {
      const u = await t.user({ email });
      if (monitoring) await t.ctx.db.update(users).set({ permissions: { monitoring } }).where(eq(users.id, u.id));
      return u.id;
    };
    await perms('reader@example.com', ['read']);
    reader = await signedIn(t, 'reader@example.com');
    await perms('nobody@example.com', null);
    nobody = await signedIn(t, 'nobody@example.com');
    const limitedId = await perms('limited@example.com', ALL);
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rivalCustomer = other.customerId;
    await setFlags(t.ctx, rivalCustomer, CM);
    rival = await signedIn(t, other.adminEmail);

    const db = t.ctx.db;
    const [prod] = await db.insert(tags).values({ customerId: 1, name: 'Production' }).returning();
    const [team] = await db.insert(teams).values({ customerId: 1, name: 'Web team', assetPermissions: 'LIMITED' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: limitedId });
    await db.insert(teamTags).values({ teamId: team!.id, tagId: prod!.id, role: 'permission' });
    const rows = await db
      .insert(assets)
      .values([
        { customerId: 1, kind: 'webapp', type: 3, value: 'https://shop.example.com/', name: 'Shop' },
        { customerId: 1, kind: 'webapp', type: 3, value: 'https://blog.example.com/' },
        { customerId: 1, kind: 'host', type: 2, value: 'mail.example.org', name: 'mail.example.org', address: '10.0.0.5' },
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.6', address: '10.0.0.6' },
        { customerId: rivalCustomer, kind: 'webapp', type: 3, value: 'https://rival.example.net/' },
        { customerId: rivalCustomer, kind: 'host', type: 2, value: 'mx.rival.example.net', name: 'mx.rival.example.net' },
      ])
      .returning();
    [id.shop, id.blog, id.mailHost, id.bareHost, id.rivalApp, id.rivalHost] = rows.map((r) => r.id);
    await db.insert(assetTags).values([
      { customerId: 1, assetId: id.shop!, tagId: prod!.id },
      { customerId: 1, assetId: id.mailHost!, tagId: prod!.id },
    ]);
  });
  afterAll(() => t.close());

  const website = (extra: Record<string, unknown> = {}) => ({
    name: 'Shop front',
    url: 'https://shop.example.com/',
    asset: id.shop,
    ...extra,
  });

  it('creates a website with its defaults, recipients answered as JSON strings and due at once', async () => {
    const res = await admin.post<WebsiteMonitor>(
      WEB,
      website({
        notification_email_recipients: '["ops@example.com", "ops@example.com", "web@example.com"]',
        notification_sms_recipients: ['+45 12 34 56 78'],
        keywords_required: ['Add to basket'],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Shop front',
      url: 'https://shop.example.com/',
      asset: { id: id.shop, name: 'Shop' },
      interval: 15,
      expected_status: null,
      timeout: 15,
      watch_content: true,
      cert_days: 30,
      keywords_required: ['Add to basket'],
      notification_email_recipients: '["ops@example.com","web@example.com"]',
      notification_sms_recipients: '["+4512345678"]',
      active: true,
      last_run: null,
      next_run: NOW.toISOString(),
      last_status: null,
      created: NOW.toISOString(),
    });
    id.site = res.body.id;
    const got = await admin.get<WebsiteMonitor>(`${WEB}${id.site}/`);
    expect(got.body).toEqual(res.body);
  });

  it('answers a message per bad field, never a 500', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'ftp://shop.example.com/' }, 'url', /http:\/\/ or https:\/\//],
      [{ url: '' }, 'url', /blank/i],
      [{ interval: 1 }, 'interval', /5 to 10080/],
      [{ expected_status: 700 }, 'expected_status', /100 to 599/],
      [{ timeout: 0 }, 'timeout', /1 to 60/],
      [{ cert_days: 400 }, 'cert_days', /1 to 365/],
      [{ notification_email_recipients: '["not-an-address"]' }, 'notification_email_recipients', /valid email/],
      [{ notification_email_recipients: 'ops@example.com' }, 'notification_email_recipients', /JSON list/],
      [{ notification_sms_recipients: ['call me'] }, 'notification_sms_recipients', /international format/],
      [{ keywords_forbidden: [''] }, 'keywords_forbidden', /./],
      [{ asset: id.mailHost }, 'asset', /No web application with id/],
      [{ asset: id.rivalApp }, 'asset', /No web application with id/],
      [{ asset: 'shop' }, 'asset', /./],
    ];
    for (const [extra, field, message] of cases) {
      const res = await admin.post<Record<string, string[]>>(WEB, website(extra));
      expect(res.status, `${JSON.stringify(extra)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body[field]?.join(' '), `${field} of ${JSON.stringify(extra)}: ${JSON.stringify(res.body)}`).toMatch(message);
    }
    const unknown = await admin.post(WEB, website({ colour: 'red' }));
    expect(unknown.status).toBe(400);
    const missing = await admin.post<Record<string, string[]>>(WEB, {});
    expect(missing.status).toBe(400);
    expect(missing.body.url).toBeDefined();
  });

  it('changes a website by PATCH (the rest kept) and PUT (the whole), and the schedule follows', async () => {
    const patched = await admin.patch<WebsiteMonitor>(`${WEB}${id.site}/`, { interval: 60, expected_status: 200 });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Shop front',
      interval: 60,
      expected_status: 200,
      keywords_required: ['Add to basket'],
      notification_email_recipients: '["ops@example.com","web@example.com"]',
      next_run: NOW.toISOString(),
    });
    const off = await admin.patch<WebsiteMonitor>(`${WEB}${id.site}/`, { active: false });
    expect(off.body).toMatchObject({ active: false, next_run: null });
    // After a run, a re-activated monitor is next due one interval after it.
    const ran = new Date(NOW.getTime() - 10 * MINUTE);
    await t.ctx.db.execute(sql`update website_monitors set last_run = ${ran.toISOString()}::timestamptz where id = ${id.site!}`);
    const on = await admin.patch<WebsiteMonitor>(`${WEB}${id.site}/`, { active: true });
    expect(on.body.next_run).toBe(new Date(ran.getTime() + 60 * MINUTE).toISOString());
    await t.ctx.db
      .update(websiteMonitors)
      .set({ failing: ['status_code'], contentHash: 'f'.repeat(64) })
      .where(eq(websiteMonitors.id, id.site!));
    // The same address keeps what the last run found; another address starts afresh.
    await admin.patch(`${WEB}${id.site}/`, { name: 'Shop front' });
    const kept = await t.ctx.db.select().from(websiteMonitors).where(eq(websiteMonitors.id, id.site!));
    expect([kept[0]!.failing, kept[0]!.contentHash]).toEqual([['status_code'], 'f'.repeat(64)]);
    const put = await admin.request<WebsiteMonitor>('PUT', `${WEB}${id.site}/`, { url: 'https://shop.example.com/en/' });
    const fresh = await t.ctx.db.select().from(websiteMonitors).where(eq(websiteMonitors.id, id.site!));
    expect([fresh[0]!.failing, fresh[0]!.contentHash]).toEqual([[], null]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // PUT is the whole monitor: what it leaves out takes its default.
    expect(put.body).toMatchObject({ name: '', asset: null, interval: 15, expected_status: null, keywords_required: [] });
    expect(put.body.notification_email_recipients).toBe('[]');
    const bad = await admin.patch<Record<string, string[]>>(`${WEB}${id.site}/`, { timeout: 99 });
    expect(bad.status).toBe(400);
    expect(bad.body.timeout).toBeDefined();
    await admin.request('PUT', `${WEB}${id.site}/`, website({ notification_email_recipients: ['ops@example.com'] }));
  });

  it('lists websites paged, searched, filtered and ordered', async () => {
    const blog = await admin.post<WebsiteMonitor>(WEB, { url: 'https://blog.example.com/', asset: id.blog, active: false });
    id.blogSite = blog.body.id;
    const bare = await admin.post<WebsiteMonitor>(WEB, { name: 'Status page', url: 'https://status.example.com/' });
    id.bareSite = bare.body.id;
    const all = await admin.get<Page<WebsiteMonitor>>(`${WEB}?ordering=name`);
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((w) => w.name || w.url)).toEqual(['https://blog.example.com/', 'Shop front', 'Status page']);
    const desc = await admin.get<Page<WebsiteMonitor>>(`${WEB}?ordering=-name&page_size=1&page=2`);
    expect(desc.body).toMatchObject({ count: 3, next: expect.stringContaining('page=3'), previous: expect.stringContaining('page=1') });
    expect(desc.body.results.map((w) => w.id)).toEqual([id.site]);
    const searched = await admin.get<Page<WebsiteMonitor>>(`${WEB}?search=blog`);
    expect(searched.body.results.map((w) => w.id)).toEqual([id.blogSite]);
    const active = await admin.get<Page<WebsiteMonitor>>(`${WEB}?active=false`);
    expect(active.body.results.map((w) => w.id)).toEqual([id.blogSite]);
    const badOrder = await admin.get<Record<string, string[]>>(`${WEB}?ordering=colour`);
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.ordering).toBeDefined();
    const badStatus = await admin.get<Record<string, string[]>>(`${WEB}?last_status=great`);
    expect(badStatus.status).toBe(400);
  });

  it('derives a mail server’s domain from its host (name, else address) unless one is given', async () => {
    const named = await admin.post<MailServerMonitor>(MAIL, {
      asset: id.mailHost,
      notification_email_recipients: '["postmaster@example.org"]',
    });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body).toMatchObject({
      asset: { id: id.mailHost, name: 'mail.example.org', address: '10.0.0.5' },
      domain: 'mail.example.org',
      domain_override: null,
      dkim_selectors: [],
      check_relay: true,
      interval: 1440,
      notification_email_recipients: '["postmaster@example.org"]',
      notification_sms_recipients: '[]',
      next_run: NOW.toISOString(),
      passed: null,
    });
    id.mail = named.body.id;
    const bare = await admin.post<MailServerMonitor>(MAIL, { asset: id.bareHost });
    expect(bare.body.domain).toBe('10.0.0.6');
    id.bareMail = bare.body.id;
    await t.ctx.db.update(mailServerMonitors).set({ failing: ['spf'] });
    const override = await admin.patch<MailServerMonitor>(`${MAIL}${id.bareMail}/`, { domain: 'Example.ORG', dkim_selectors: ['mx2024'] });
    // Another domain starts afresh; the monitor whose domain stayed keeps what its last run found.
    const failing = await t.ctx.db.select().from(mailServerMonitors);
    expect(Object.fromEntries(failing.map((m) => [m.id, m.failing]))).toEqual({ [id.mail!]: ['spf'], [id.bareMail!]: [] });
    expect(override.status, JSON.stringify(override.body)).toBe(200);
    expect(override.body).toMatchObject({ domain: 'example.org', domain_override: 'example.org', dkim_selectors: ['mx2024'] });
    const list = await admin.get<Page<MailServerMonitor>>(`${MAIL}?ordering=domain`);
    expect(list.body.results.map((m) => m.domain)).toEqual(['example.org', 'mail.example.org']);
    expect((await admin.get<Page<MailServerMonitor>>(`${MAIL}?search=10.0.0.6`)).body.results.map((m) => m.id)).toEqual([id.bareMail]);

    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{}, 'asset', /Mail server is required/],
      [{ asset: id.shop }, 'asset', /No host with id/],
      [{ asset: id.rivalHost }, 'asset', /No host with id/],
      [{ asset: id.mailHost, domain: 'not a domain' }, 'domain', /domain name/],
      [{ asset: id.mailHost, dkim_selectors: ['bad selector!'] }, 'dkim_selectors', /DKIM selector/],
      [{ asset: id.mailHost, interval: 100_000 }, 'interval', /5 to 10080/],
      [{ asset: id.mailHost, notification_sms_recipients: '[1]' }, 'notification_sms_recipients', /JSON list/],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post<Record<string, string[]>>(MAIL, body);
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body[field]?.join(' '), JSON.stringify(res.body)).toMatch(message);
    }
  });

  it('lists the scan logs newest first with their filters, and one entry', async () => {
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE);
    const result = (status: number) => ({
      url: 'https://shop.example.com/',
      final_url: 'https://shop.example.com/',
      status_code: status,
      response_ms: 120,
      redirects: [],
      tls: null,
      security_headers: [],
      content_hash: 'abc',
      content_changed: false,
      checks: [
        { check: 'status_code', target: 'https://shop.example.com/', status: status === 200 ? 'pass' : 'fail', detail: `HTTP ${status}` },
      ],
      error: null,
    });
    const logs = await t.ctx.db
      .insert(websiteScanLogs)
      .values([
        { customerId: 1, websiteId: id.site!, startedAt: at(30), finishedAt: at(30), status: 'ok', statusCode: 200, result: result(200) },
        {
          customerId: 1,
          websiteId: id.site!,
          startedAt: at(15),
          finishedAt: at(15),
          status: 'failed',
          trigger: 'manual',
          statusCode: 500,
          newlyFailing: ['status_code'],
          result: result(500),
        },
        { customerId: 1, websiteId: id.blogSite!, startedAt: at(5), status: 'ok', result: result(200) },
      ])
      .returning();
    const page = await admin.get<Page<WebsiteScanLog>>(`/api/website-scan-log/?website=${id.site}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.results.map((l) => l.id)).toEqual([logs[1]!.id, logs[0]!.id]);
    expect(page.body.results[0]).toMatchObject({
      website: id.site,
      status: 'failed',
      trigger: 'manual',
      status_code: 500,
      newly_failing: ['status_code'],
      started: at(15).toISOString(),
      result: { status_code: 500 },
    });
    expect((await admin.get<Page<WebsiteScanLog>>('/api/website-scan-log/')).body.count).toBe(3);
    const failed = await admin.get<Page<WebsiteScanLog>>(`/api/website-scan-log/?website=${id.site}&status=failed`);
    expect(failed.body.results.map((l) => l.id)).toEqual([logs[1]!.id]);
    const since = await admin.get<Page<WebsiteScanLog>>(`/api/website-scan-log/?started_after=${at(20).toISOString()}`);
    expect(since.body.results.map((l) => l.id)).toEqual([logs[2]!.id, logs[1]!.id]);
    const one = await admin.get<WebsiteScanLog>(`/api/website-scan-log/${logs[0]!.id}/`);
    expect(one.body).toMatchObject({ id: logs[0]!.id, status: 'ok', trigger: 'schedule' });
    expect((await admin.get<Record<string, string[]>>('/api/website-scan-log/?website=abc')).status).toBe(400);
    expect((await admin.get<Record<string, string[]>>('/api/website-scan-log/?started_after=yesterday')).status).toBe(400);
    id.siteLog = logs[0]!.id;

    const [mailLog] = await t.ctx.db
      .insert(mailServerScanLogs)
      .values({
        customerId: 1,
        mailServerId: id.mail!,
        startedAt: at(60),
        status: 'warning',
        passed: 5,
        warnings: 1,
        result: { domain: 'mail.example.org', mx: [], checks: [], error: null },
      })
      .returning();
    const mail = await admin.get<Page<MailServerScanLog>>(`/api/mailserver-scan-log/?mail_server=${id.mail}`);
    expect(mail.body.results).toEqual([
      expect.objectContaining({ id: mailLog!.id, mail_server: id.mail, passed: 5, warnings: 1, failed: 0 }),
    ]);
    expect((await admin.get(`/api/mailserver-scan-log/?mail_server=${id.bareMail}`)).body).toMatchObject({ count: 0 });
    id.mailLog = mailLog!.id;
  });

  it('refuses the anonymous (401), the unpermitted (403) and reads without writes for a reader', async () => {
    const anon = await anonymous(t);
    const calls: [string, string, unknown?][] = [
      ['GET', WEB],
      ['POST', WEB, website()],
      ['GET', `${WEB}${id.site}/`],
      ['PUT', `${WEB}${id.site}/`, website()],
      ['PATCH', `${WEB}${id.site}/`, { name: 'x' }],
      ['DELETE', `${WEB}${id.site}/`],
      ['GET', `/api/website-scan-log/?website=${id.site}`],
      ['GET', `/api/website-scan-log/${id.siteLog}/`],
      ['POST', '/api/scan-website/', { id: id.site }],
      ['GET', MAIL],
      ['POST', MAIL, { asset: id.mailHost }],
      ['GET', `${MAIL}${id.mail}/`],
      ['PATCH', `${MAIL}${id.mail}/`, { interval: 60 }],
      ['DELETE', `${MAIL}${id.mail}/`],
      ['GET', `/api/mailserver-scan-log/?mail_server=${id.mail}`],
      ['GET', `/api/mailserver-scan-log/${id.mailLog}/`],
      ['POST', '/api/scan-mailserver/', { id: id.mail }],
    ];
    for (const [method, url, body] of calls) {
      expect((await anon.request(method, url, body)).status, `anonymous ${method} ${url}`).toBe(401);
      expect((await nobody.request(method, url, body)).status, `nobody ${method} ${url}`).toBe(403);
      const read = await reader.request(method, url, body);
      expect(read.status, `reader ${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
    }
  });

  it('needs continuous-monitoring for every route, and cm-mailservers for mail servers', async () => {
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
    try {
      expect((await admin.get(WEB)).status).toBe(200);
      for (const url of [MAIL, `${MAIL}${id.mail}/`, `/api/mailserver-scan-log/?mail_server=${id.mail}`]) {
        const res = await admin.get(url);
        expect(res.status, url).toBe(403);
        expect(res.body).toMatchObject({ code: 'feature_not_enabled' });
      }
      expect((await admin.post('/api/scan-mailserver/', { id: id.mail })).status).toBe(403);
      await setFlags(t.ctx, 1, ['cm-mailservers']);
      for (const url of [WEB, `${WEB}${id.site}/`, '/api/website-scan-log/', MAIL]) expect((await admin.get(url)).status, url).toBe(403);
      expect((await admin.post('/api/scan-website/', { id: id.site })).status).toBe(403);
    } finally {
      await setFlags(t.ctx, 1, CM);
    }
  });

  it('keeps each customer to its own monitors: another customer’s id is not found, with the spec’s text', async () => {
    expect((await rival.get<Page<WebsiteMonitor>>(WEB)).body.count).toBe(0);
    expect((await rival.get<Page<WebsiteScanLog>>(`/api/website-scan-log/?website=${id.site}`)).body.count).toBe(0);
    const web = [
      await rival.get(`${WEB}${id.site}/`),
      await rival.patch(`${WEB}${id.site}/`, { name: 'mine' }),
      await rival.request('PUT', `${WEB}${id.site}/`, website({ asset: null })),
      await rival.request('DELETE', `${WEB}${id.site}/`),
      await rival.post('/api/scan-website/', { id: id.site }),
    ];
    for (const res of web) expect(res.body).toEqual({ detail: WEBSITE_NOT_FOUND });
    expect(web.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    const mail = [
      await rival.get(`${MAIL}${id.mail}/`),
      await rival.request('DELETE', `${MAIL}${id.mail}/`),
      await rival.post('/api/scan-mailserver/', { id: id.mail }),
    ];
    for (const res of mail) expect([res.status, res.body]).toEqual([404, { detail: MAIL_SERVER_NOT_FOUND }]);
    expect((await rival.get(`/api/website-scan-log/${id.siteLog}/`)).status).toBe(404);
    expect((await rival.get(`/api/mailserver-scan-log/${id.mailLog}/`)).status).toBe(404);
    // An id past PostgreSQL's integers names nothing, and a bad one is a 400 keyed by the field.
    expect((await admin.get(`${WEB}99999999999/`)).status).toBe(404);
    const bad = await admin.post<Record<string, string[]>>('/api/scan-website/', { id: 'first' });
    expect(bad.status).toBe(400);
    expect(bad.body.id).toBeDefined();
    expect((await admin.post<Record<string, string[]>>('/api/scan-mailserver/', {})).body.id).toBeDefined();
  });

  it('shows a LIMITED member only the monitors on assets it sees, and lets it change or run none', async () => {
    const sites = await limited.get<Page<WebsiteMonitor>>(WEB);
    expect(sites.body.results.map((w) => w.id)).toEqual([id.site]);
    expect((await limited.get(`${WEB}${id.blogSite}/`)).status).toBe(404);
    expect((await limited.get(`${WEB}${id.bareSite}/`)).status).toBe(404);
    expect((await limited.get<Page<MailServerMonitor>>(MAIL)).body.results.map((m) => m.id)).toEqual([id.mail]);
    expect((await limited.get(`${MAIL}${id.bareMail}/`)).status).toBe(404);
    expect((await limited.get<Page<WebsiteScanLog>>('/api/website-scan-log/')).body.count).toBe(2);
    expect((await limited.get(`/api/mailserver-scan-log/${id.mailLog}/`)).status).toBe(200);
    const writes = [
      await limited.post(WEB, website()),
      await limited.patch(`${WEB}${id.site}/`, { name: 'x' }),
      await limited.request('DELETE', `${WEB}${id.site}/`),
      await limited.post('/api/scan-website/', { id: id.site }),
      await limited.post(MAIL, { asset: id.mailHost }),
      await limited.post('/api/scan-mailserver/', { id: id.mail }),
    ];
    for (const res of writes) expect([res.status, res.body]).toEqual([403, { detail: LIMITED_MONITORS }]);
  });

  it('records an audit event for each write, and deletes a monitor with its scan log', async () => {
    const events = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'monitoring'), eq(auditEvents.customerId, 1)));
    const seen = new Set(events.map((e) => `${e.method} ${e.route}`));
    for (const route of [
      'POST /api/globalview/websites/',
      'PATCH /api/globalview/websites/:id/',
      'PUT /api/globalview/websites/:id/',
      'POST /api/globalview/mailservers/',
    ])
      expect(seen, route).toContain(route);
    expect(events.find((e) => e.method === 'POST' && e.route === WEB)?.objectId).toBe(String(id.site));

    const gone = await admin.request('DELETE', `${WEB}${id.site}/`);
    expect(gone.status).toBe(204);
    expect(await admin.get(`${WEB}${id.site}/`)).toMatchObject({ status: 404, body: { detail: WEBSITE_NOT_FOUND } });
    expect((await admin.get(`/api/website-scan-log/${id.siteLog}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `${WEB}${id.site}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `${MAIL}${id.bareMail}/`)).status).toBe(204);
    const deleted = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.method, 'DELETE'), eq(auditEvents.resource, 'monitoring')));
    expect(deleted.map((e) => e.objectId).sort()).toEqual([String(id.bareMail), String(id.site)].sort());
  });
});
