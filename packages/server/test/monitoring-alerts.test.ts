// Monitoring alerts through the API (cm/alerts/) on every test database, with alert rows written straight into the
// database: every filter (profile, trigger, asset, state, first and last seen, severity, search) on data where it
// changes the answer, the orderings and paging, the field messages of bad filters, the counts by trigger, one alert
// with what changed, dismissing (204, the profile's state kept), and the guards: 401, 403 without the permission or
// the flag, another customer's alert 404, a LIMITED member sees and dismisses only alerts on assets in its scope.
// New alerts are told once per profile (notifyAlerts) to a real SMTP server (owner and cc), a webhook receiver that
// checks the HMAC signature, and an SMS provider stand-in, through the outbox jobs.
import { createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringAlert, MonitoringProfile } from '@bulwark/core';
import {
  assets,
  assetTags,
  monitoringAlerts,
  monitoringProfiles,
  monitoringStates,
  notificationDeliveries,
  tags,
  teamMembers,
  teams,
  teamTags,
  users,
} from '../src/db/schema/index.ts';
import { notifyAlerts } from '../src/modules/monitoring/notify.ts';
import { BACKENDS } from './helpers/backends.ts';
import { httpReceiver, startMailReceiver, until, type HttpReceiver, type MailReceiver, type ReceivedMail } from './helpers/receivers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-03-10T09:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ALERTS = '/api/cm/alerts/';
const SECRET = 'whsec-monitoring-0123456789';
const SMS_TOKEN = 'sms-provider-token';

describe.each(BACKENDS)('monitoring alerts on %s', (backend) => {
  const host = backend === 'pglite' ? '127.30.4.1' : '127.30.5.1';
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  let smtp: MailReceiver;
  let mails: ReceivedMail[] = [];
  let hooks: HttpReceiver;
  let sms: HttpReceiver;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    smtp = await startMailReceiver(host);
    mails = smtp.mails;
    hooks = await httpReceiver(host, (hit) => {
      const ts = String(hit.headers['x-bulwark-timestamp']);
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${hit.body}`).digest('hex')}`;
      return hit.headers['x-bulwark-signature'] === expected ? 204 : 401;
    });
    sms = await httpReceiver(host, (hit) => (hit.headers.authorization === `Bearer ${SMS_TOKEN}` ? 200 : 401));
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off', BULWARK_SMS_URL: `${sms.url}/send`, BULWARK_SMS_TOKEN: SMS_TOKEN });
    t.ctx.clock = () => NOW;
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { monitoring: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { monitoring: ['read', 'delete'] } })
      .where(eq(users.id, l.id));
    limited = await signedIn(t, 'limited@example.com');
    id.owner = (await t.user({ email: 'owner@example.com' })).id;
    const other = await t.otherCustomer('Rival Corp');
    await setFlags(t.ctx, other.customerId, ['continuous-monitoring']);
    rival = await signedIn(t, other.adminEmail);

    const db = t.ctx.db;
    const [prod] = await db.insert(tags).values({ customerId: 1, name: 'Production' }).returning();
    const [team] = await db.insert(teams).values({ customerId: 1, name: 'Ops', assetPermissions: 'LIMITED' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await db.insert(teamTags).values({ teamId: team!.id, tagId: prod!.id, role: 'permission' });
    const rows = await db
      .insert(assets)
      .values([
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.1', address: '10.0.0.1', name: 'web01' },
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.2', address: '10.0.0.2', name: 'db01' },
        { customerId: other.customerId, kind: 'host', type: 2, value: '10.9.9.9', address: '10.9.9.9', name: 'theirs' },
      ])
      .returning();
    [id.web, id.db, id.rivalAsset] = rows.map((a) => a.id);
    await db.insert(assetTags).values({ customerId: 1, assetId: id.web!, tagId: prod!.id });

    const profile = async (c: Client, body: Record<string, unknown>) => {
      const res = await c.post<MonitoringProfile>('/api/cm/profiles/', { check_interval: 0, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    id.perimeter = await profile(admin, { name: 'Perimeter', assets: [id.web, id.db], ports: '22,443' });
    id.certs = await profile(admin, { name: 'Certificates', assets: [id.web, id.db] });
    id.rivalProfile = await profile(rival, { name: 'Theirs', assets: [id.rivalAsset] });
    const alert = async (o: Partial<typeof monitoringAlerts.$inferInsert> & { profileId: number; assetId: number; subject: string }) => {
      const [row] = await db
        .insert(monitoringAlerts)
        .values({
          customerId: 1,
          trigger: 'unexpected_port',
          title: `Alert on ${o.subject}`,
          severity: 3,
          source: 'check',
          firstSeen: ago(DAY),
          lastSeen: NOW,
          // Told already: only the notification test's alerts are new.
          notifiedAt: NOW,
          ...o,
        })
        .returning();
      return row!.id;
    };
    id.a1 = await alert({
      profileId: id.perimeter,
      assetId: id.web!,
      subject: 'tcp/5432',
      title: 'Unexpected open port tcp/5432 (postgresql)',
      before: { state: 'closed' },
      after: { state: 'open', service: 'postgresql' },
      firstSeen: ago(2 * DAY),
      lastSeen: ago(HOUR),
      count: 4,
    });
    id.a2 = await alert({
      profileId: id.perimeter,
      assetId: id.db!,
      trigger: 'service_changed',
      subject: 'tcp/22',
      title: 'Service changed on tcp/22: OpenSSH 8.9 → 9.6',
      severity: 1,
      firstSeen: ago(5 * DAY),
      lastSeen: ago(3 * DAY),
      resolvedAt: ago(3 * DAY),
      count: 2,
    });
    id.a3 = await alert({
      profileId: id.certs,
      assetId: id.web!,
      trigger: 'cert_expiring',
      subject: 'certificate tcp/443',
      title: 'Certificate on tcp/443 expires in 12 days',
      severity: 2,
      firstSeen: ago(DAY),
      lastSeen: NOW,
      count: 1,
    });
    id.a4 = await alert({
      profileId: id.certs,
      assetId: id.db!,
      trigger: 'new_kev',
      subject: 'CVE-2024-6387',
      title: 'New known-exploited vulnerability: regreSSHion',
      severity: 4,
      source: 'scan',
      firstSeen: ago(10 * DAY),
      lastSeen: ago(2 * HOUR),
      count: 7,
    });
    id.rivalAlert = await alert({ customerId: other.customerId, profileId: id.rivalProfile, assetId: id.rivalAsset!, subject: 'tcp/3389' });
  });
  afterAll(async () => {
    await t.close();
    await hooks.close();
    await sms.close();
    await smtp.close();
  });

  const ids = async (q: string, c = admin) => {
    const res = await c.get<Page<MonitoringAlert>>(`${ALERTS}${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results.map((a) => a.id);
  };

  it('lists alerts last seen first, and each filter keeps what it names', async () => {
    expect(await ids('')).toEqual([id.a3, id.a1, id.a4, id.a2]);
    expect(await ids(`?profile=${id.perimeter}`)).toEqual([id.a1, id.a2]);
    expect(await ids(`?profile=${id.perimeter}&profile=${id.certs}`)).toHaveLength(4);
    expect(await ids('?trigger=cert_expiring')).toEqual([id.a3]);
    expect(await ids('?trigger=unexpected_port&trigger=new_kev')).toEqual([id.a1, id.a4]);
    expect(await ids(`?profile=${id.certs}&trigger=new_kev`)).toEqual([id.a4]);
    expect(await ids(`?asset=${id.db}`)).toEqual([id.a4, id.a2]);
    expect(await ids('?state=open')).toEqual([id.a3, id.a1, id.a4]);
    expect(await ids('?state=resolved')).toEqual([id.a2]);
    expect(await ids(`?first_seen_after=${ago(3 * DAY).toISOString()}`)).toEqual([id.a3, id.a1]);
    expect(await ids(`?first_seen_before=${ago(4 * DAY).toISOString()}`)).toEqual([id.a4, id.a2]);
    // A bare day as an upper bound takes the whole day.
    expect(await ids('?first_seen_before=2026-03-08')).toEqual([id.a1, id.a4, id.a2]);
    expect(await ids(`?last_seen_after=${ago(90 * 60_000).toISOString()}`)).toEqual([id.a3, id.a1]);
    expect(await ids(`?last_seen_before=${ago(2 * HOUR).toISOString()}`)).toEqual([id.a4, id.a2]);
    expect(await ids('?severity_min=3')).toEqual([id.a1, id.a4]);
    expect(await ids('?search=5432')).toEqual([id.a1]);
    expect(await ids('?search=DB01')).toEqual([id.a4, id.a2]);
    expect(await ids('?search=10.0.0.1')).toEqual([id.a3, id.a1]);
    expect(await ids('?search=regreSSHion')).toEqual([id.a4]);
    expect(await ids('?search=nothing-like-it')).toEqual([]);
  });

  it('orders and pages alerts, and refuses bad filters by field', async () => {
    expect(await ids('?ordering=severity')).toEqual([id.a2, id.a3, id.a1, id.a4]);
    expect(await ids('?ordering=-count')).toEqual([id.a4, id.a1, id.a2, id.a3]);
    expect(await ids('?ordering=first_seen')).toEqual([id.a4, id.a2, id.a1, id.a3]);
    expect(await ids('?ordering=last_seen')).toEqual([id.a2, id.a4, id.a1, id.a3]);
    const page = await admin.get<Page<MonitoringAlert>>(`${ALERTS}?page_size=3`);
    expect(page.body.count).toBe(4);
    expect(page.body.next).toContain('page=2');
    expect(await ids('?page_size=3&page=2')).toEqual([id.a2]);
    const bad = async (q: string) => {
      const res = await admin.get<Record<string, string[]>>(`${ALERTS}${q}`);
      expect(res.status, q).toBe(400);
      return res.body;
    };
    expect((await bad('?trigger=port_scan')).trigger![0]).toMatch(/^Choose from: unexpected_port, new_host/);
    expect(await bad('?state=closed')).toEqual({ state: ['Choose from: open, resolved.'] });
    expect(await bad('?first_seen_after=yesterday')).toEqual({
      first_seen_after: ['Enter a valid date or date and time (YYYY-MM-DD or ISO 8601).'],
    });
    expect(await bad('?severity_min=5')).toEqual({ severity_min: ['Choose a severity from 0 (Info) to 4 (Critical).'] });
    expect(await bad('?profile=abc')).toHaveProperty('profile');
    expect(await bad('?asset=99999999999')).toEqual({ asset: ['Ensure this value is less than or equal to 2147483647.'] });
    expect(await bad('?ordering=title')).toHaveProperty('ordering');
  });

  it('counts the alerts the filters keep by trigger', async () => {
    const counts = async (q: string) => (await admin.get<Record<string, number>>(`${ALERTS}counts/${q}`)).body;
    const zero = { unexpected_port: 0, new_host: 0, service_changed: 0, new_vulnerability: 0, new_kev: 0 };
    expect(await counts(`?profile=${id.perimeter}`)).toEqual({
      ...zero,
      unexpected_port: 1,
      service_changed: 1,
      cert_expiring: 0,
      cert_expired: 0,
      cert_replaced: 0,
      tls_weakened: 0,
    });
    expect(await counts(`?profile=${id.perimeter}&state=open`)).toMatchObject({ unexpected_port: 1, service_changed: 0 });
    // The trigger filter is not applied: the screen's tabs count every trigger.
    expect(await counts('?trigger=new_kev')).toMatchObject({ unexpected_port: 1, service_changed: 1, new_kev: 1, cert_expiring: 1 });
    expect((await admin.get(`${ALERTS}counts/?state=gone`)).status).toBe(400);
  });

  it('answers one alert with what changed, on which asset, by which profile', async () => {
    const one = await admin.get<MonitoringAlert>(`${ALERTS}${id.a1}/`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      id: id.a1,
      profile: { id: id.perimeter, name: 'Perimeter' },
      trigger: 'unexpected_port',
      asset: { id: id.web, name: 'web01', type: 2, address: '10.0.0.1' },
      subject: 'tcp/5432',
      title: 'Unexpected open port tcp/5432 (postgresql)',
      before: { state: 'closed' },
      after: { state: 'open', service: 'postgresql' },
      severity: 3,
      state: 'open',
      source: 'check',
      first_seen: ago(2 * DAY).toISOString(),
      last_seen: ago(HOUR).toISOString(),
      count: 4,
      resolved_at: null,
      run: null,
      finding: null,
    });
    expect((await admin.get<MonitoringAlert>(`${ALERTS}${id.a2}/`)).body).toMatchObject({
      state: 'resolved',
      resolved_at: ago(3 * DAY).toISOString(),
      before: null,
    });
    expect((await admin.get<MonitoringAlert>(`${ALERTS}${id.a4}/`)).body.source).toBe('scan');
    expect((await admin.get(`${ALERTS}999999/`)).status).toBe(404);
    expect((await admin.get(`${ALERTS}99999999999/`)).status).toBe(404);
  });

  it('guards every call: 401, 403 without the permission or the flag, another customer 404, LIMITED members in scope', async () => {
    const anon = await anonymous(t);
    const calls: [string, string][] = [
      ['GET', ALERTS],
      ['GET', `${ALERTS}counts/`],
      ['GET', `${ALERTS}${id.a1}/`],
      ['DELETE', `${ALERTS}${id.a1}/`],
    ];
    for (const [method, url] of calls) {
      expect((await anon.request(method, url)).status, `${method} ${url}`).toBe(401);
      expect((await nobody.request(method, url)).status, `${method} ${url}`).toBe(403);
    }
    expect((await reader.get<Page<MonitoringAlert>>(ALERTS)).body.count).toBe(4);
    expect((await reader.request('DELETE', `${ALERTS}${id.a1}/`)).status).toBe(403);
    // Another customer sees its own alert only, and none of these.
    expect(await ids('', rival)).toEqual([id.rivalAlert]);
    expect((await rival.get(`${ALERTS}${id.a1}/`)).status).toBe(404);
    expect((await rival.request('DELETE', `${ALERTS}${id.a1}/`)).status).toBe(404);
    expect((await admin.get(`${ALERTS}${id.rivalAlert}/`)).status).toBe(404);
    // A LIMITED member (Production only) sees the alerts on web01, not db01's.
    expect(await ids('', limited)).toEqual([id.a3, id.a1]);
    expect((await limited.get<Record<string, number>>(`${ALERTS}counts/`)).body).toMatchObject({ new_kev: 0, cert_expiring: 1 });
    expect((await limited.get(`${ALERTS}${id.a4}/`)).status).toBe(404);
    expect((await limited.request('DELETE', `${ALERTS}${id.a4}/`)).status).toBe(404);
    expect((await admin.get(`${ALERTS}${id.a4}/`)).status).toBe(200);
    // Without the flag: 403 "not enabled".
    await setFlags(t.ctx, 1, []);
    try {
      for (const [method, url] of calls) {
        const off = await admin.request(method, url);
        expect(off.status, `${method} ${url}`).toBe(403);
        expect(off.body).toMatchObject({ detail: 'This feature is not enabled for your organisation.' });
      }
    } finally {
      await setFlags(t.ctx, 1, ['continuous-monitoring']);
    }
  });

  it("dismisses an alert: the row goes, the profile's state stays", async () => {
    const [state] = await t.ctx.db
      .insert(monitoringStates)
      .values({
        customerId: 1,
        profileId: id.certs!,
        assetId: id.web!,
        subject: 'cert:tcp/443',
        value: { days: 12 },
        firstSeen: ago(DAY),
        lastSeen: NOW,
      })
      .returning();
    // A LIMITED member may dismiss what it sees.
    expect((await limited.request('DELETE', `${ALERTS}${id.a3}/`)).status).toBe(204);
    expect((await admin.get(`${ALERTS}${id.a3}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `${ALERTS}${id.a3}/`)).status).toBe(404);
    expect(await ids('')).toEqual([id.a1, id.a4, id.a2]);
    expect(await t.ctx.db.select().from(monitoringStates).where(eq(monitoringStates.id, state!.id))).toHaveLength(1);
    expect((await admin.request('DELETE', `${ALERTS}${id.a2}/`)).status).toBe(204);
    expect(await ids('')).toEqual([id.a1, id.a4]);
  });

  it("tells a profile's owner (with cc), its phones and the webhook about new alerts, once", async () => {
    const db = t.ctx.db;
    const base = '/api/app1/customer/1';
    const port = smtp.port;
    expect((await admin.request('PUT', `${base}/email/`, { enabled: true, host, port, channel: 'alerts@bulwark.test' })).status).toBe(200);
    expect((await admin.request('PUT', `${base}/webhooks/`, { enabled: true, url: `${hooks.url}/bulwark`, token: SECRET })).status).toBe(
      200,
    );
    const created = await admin.post<MonitoringProfile>('/api/cm/profiles/', {
      name: 'DMZ',
      user: id.owner,
      assets: [id.web, id.db],
      check_interval: 0,
      notif_cc: ['soc@example.com'],
      notif_sms_recipients: ['+45 12 34 56 78', '+4587654321'],
      webhooks: true,
    });
    const quiet = await admin.post<MonitoringProfile>('/api/cm/profiles/', {
      name: 'Quiet',
      assets: [id.web],
      check_interval: 0,
      notify_owner: false,
    });
    const raise = async (profileId: number, assetId: number, subject: string, title: string) =>
      (
        await db
          .insert(monitoringAlerts)
          .values({
            customerId: 1,
            profileId,
            assetId,
            trigger: 'unexpected_port',
            subject,
            title,
            severity: 3,
            source: 'check',
            firstSeen: NOW,
            lastSeen: NOW,
          })
          .returning()
      )[0]!.id;
    const n1 = await raise(created.body.id, id.web!, 'tcp/5432', 'Unexpected open port tcp/5432');
    const n2 = await raise(created.body.id, id.db!, 'tcp/6379', 'Unexpected open port tcp/6379');
    const n3 = await raise(quiet.body.id, id.web!, 'tcp/8081', 'Unexpected open port tcp/8081');

    await notifyAlerts(t.ctx, [n1, n2, n3]);
    const deliveries = () => db.select().from(notificationDeliveries).where(eq(notificationDeliveries.event, 'monitoring_alert'));
    await until(async () => {
      const rows = await deliveries();
      return rows.length === 4 && rows.every((r) => r.state === 'sent');
    }, 'the alert messages');
    expect((await deliveries()).map((r) => [r.channel, r.target]).sort()).toEqual([
      ['email', 'owner@example.com'],
      ['sms', '+4512345678'],
      ['sms', '+4587654321'],
      ['webhooks', new URL(hooks.url).host],
    ]);
    const link = `http://bulwark.test/policies/alerts/show/${created.body.id}/unexpected_port`;
    const mail = mails.find((m) => m.raw.includes('2 new alerts: DMZ'))!;
    expect(mail.to.sort()).toEqual(['owner@example.com', 'soc@example.com']);
    expect(mail.raw).toContain('web01: Unexpected open port tcp/5432 (High)');
    expect(mail.raw).toContain('db01: Unexpected open port tcp/6379 (High)');
    expect(mail.raw).toContain(link);
    const hook = JSON.parse(hooks.hits.at(-1)!.body) as Record<string, unknown>;
    expect(hook).toMatchObject({ event: 'monitoring_alert', title: '2 new alerts: DMZ', link, profile: created.body.id });
    expect((hook.alerts as number[]).sort((a, b) => a - b)).toEqual([n1, n2]);
    expect(hooks.hits.at(-1)!.headers['x-bulwark-event']).toBe('monitoring_alert');
    const texts = sms.hits.map((h) => ({ path: h.path, ...(JSON.parse(h.body) as { to: string; message: string }) }));
    expect(texts.map((s) => s.to).sort()).toEqual(['+4512345678', '+4587654321']);
    for (const s of texts) {
      expect(s.path).toBe('/send');
      expect(s.message.startsWith('2 new alerts: DMZ\n')).toBe(true);
      expect(s.message.endsWith(link)).toBe(true);
    }
    // Every alert is marked told (the quiet profile's too: it has no one to tell), and is never told twice.
    const told = await db
      .select()
      .from(monitoringAlerts)
      .where(inArray(monitoringAlerts.id, [n1, n2, n3]));
    expect(told.every((a) => a.notifiedAt?.getTime() === NOW.getTime())).toBe(true);
    await notifyAlerts(t.ctx, [n1, n2, n3]);
    expect(await deliveries()).toHaveLength(4);

    // One alert: its own page; more than twenty: the first twenty, and how many more.
    const single = await raise(created.body.id, id.web!, 'tcp/9200', 'Unexpected open port tcp/9200');
    await db
      .update(monitoringProfiles)
      .set({ notifSmsRecipients: [], notifyOwner: false, notifCc: [] })
      .where(eq(monitoringProfiles.id, created.body.id));
    await notifyAlerts(t.ctx, [single]);
    const [one] = (await deliveries()).filter((r) => r.subject === '1 new alert: DMZ');
    expect(one).toMatchObject({ channel: 'webhooks' });
    expect((one!.message as { link: string }).link).toBe(`http://bulwark.test/policies/alerts/view/${single}`);
    const many: number[] = [];
    for (let p = 10000; p < 10022; p++) many.push(await raise(created.body.id, id.db!, `tcp/${p}`, `Unexpected open port tcp/${p}`));
    await notifyAlerts(t.ctx, many);
    const [bulk] = (await deliveries()).filter((r) => r.subject === '22 new alerts: DMZ');
    const message = bulk!.message as { facts: [string, string][]; lines: string[] };
    expect(message.facts).toHaveLength(20);
    expect(message.lines).toContain('2 more alerts are not listed here.');
    await until(async () => (await deliveries()).every((r) => r.state === 'sent'), 'the last messages');
  });
});
