// Watched websites run for real, on every test database: a local HTTP server on 127.30.80.x answers the shop page with
// fresh CSRF tokens, nonces and timestamps on every load, then a real change, then errors; scan-website/ answers each
// run's log row, and the recipients get one e-mail (through the notification outbox to a real smtp-server) per check
// that turns to failing — none for a page that differs only in its tokens, one for a real change, one when the status
// turns to 500 and none while it stays so, the failing list cleared when it recovers — and no alert on a changed page
// without watch_content. The per-minute pass runs what the clock says is due, once, and moves next_run on.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebsiteMonitor, WebsiteScanLog } from '@bulwark/core';
import { notificationDeliveries, websiteMonitors } from '../src/db/schema/index.ts';
import { runDueMonitors, SECURITY_TOOLS_DUE_QUEUE } from '../src/modules/security-tools/index.ts';
import { makeCert } from '../../scanner/test/checks-helpers/certs.ts';
import { render, shopPage } from '../../scanner/test/monitor-website-fixtures/render.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startMailReceiver, until, type MailReceiver, type ReceivedMail } from './helpers/receivers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const NOW = new Date('2026-06-01T08:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
// The certificate test counts days from the real time (whole seconds), as the certificate's dates are real.
const REAL = new Date(Math.floor(Date.now() / 1000) * 1000);
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

describe.each(BACKENDS)('website runs on %s', (backend) => {
  const host = backend === 'pglite' ? '127.30.80.1' : '127.30.80.2';
  let t: TestApp;
  let admin: Client;
  let site: Server;
  let secure: Server;
  let secureBase = '';
  let smtp: MailReceiver;
  let base = '';
  /** What the site answers now. */
  const state = { status: 200, price: '19 EUR', hits: 0 };
  let mails: ReceivedMail[] = [];

  beforeAll(async () => {
    site = createServer((req, res) => {
      state.hits++;
      if (state.status !== 200) return res.writeHead(state.status, HEADERS).end('<h1>Something went wrong</h1>');
      res.writeHead(200, HEADERS).end(render(shopPage.replace('19 EUR', state.price)).html);
    });
    await new Promise<void>((resolve) => site.listen(0, host, resolve));
    base = `http://${host}:${(site.address() as AddressInfo).port}`;
    smtp = await startMailReceiver(host);
    mails = smtp.mails;
    // An HTTPS copy of the site whose certificate (of a test CA the installation trusts) expires in 40 days.
    const ca = makeCert({ cn: 'Bulwark Website Test CA' });
    const leaf = makeCert({
      cn: host,
      san: [`IP:${host}`],
      ca,
      notBefore: new Date(REAL.getTime() - DAY),
      notAfter: new Date(REAL.getTime() + 40 * DAY),
    });
    const caFile = path.join(mkdtempSync(path.join(tmpdir(), 'bulwark-website-monitor-')), 'ca.pem');
    writeFileSync(caFile, ca.cert);
    secure = createHttpsServer({ key: leaf.key, cert: leaf.cert + ca.cert }, (_req, res) => {
      res.writeHead(200, { ...HEADERS, 'strict-transport-security': 'max-age=31536000' }).end(render().html);
    });
    await new Promise<void>((resolve) => secure.listen(0, host, resolve));
    secureBase = `https://${host}:${(secure.address() as AddressInfo).port}`;
    t = await startTestApp(backend, {
      SMTP_URL: smtp.url,
      BULWARK_EXTRA_CA_FILE: caFile,
    });
    t.ctx.clock = () => NOW;
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
    // The test app's own per-minute pass would run the monitors this file creates at moments of its choosing: this
    // file runs them itself (scan-website/, runDueMonitors with its own clock).
    await t.ctx.jobs!.boss.offWork(SECURITY_TOOLS_DUE_QUEUE);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await new Promise<void>((resolve) => secure.close(() => resolve()));
    await smtp.close();
  });

  const alerts = async () =>
    (
      await t.ctx.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.event, 'website_alert'))
        .orderBy(notificationDeliveries.id)
    ).map((d) => ({ subject: d.subject, target: d.target }));
  /** Watched by hand only (inactive), so the per-minute pass of the test app never runs it between two looks. */
  const watch = async (extra: Record<string, unknown> = {}) => {
    const res = await admin.post<WebsiteMonitor>('/api/globalview/websites/', {
      name: 'Shop',
      url: `${base}/`,
      timeout: 5,
      active: false,
      notification_email_recipients: '["web@example.com"]',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const scan = async (id: number) => {
    const res = await admin.post<WebsiteScanLog>('/api/scan-website/', { id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('tells nobody about a page that differs only in its tokens, and once about a real change', async () => {
    const id = await watch({ notification_sms_recipients: '["+45 12 34 56 78"]' });
    const first = await scan(id);
    expect(first).toMatchObject({
      website: id,
      status: 'ok',
      trigger: 'manual',
      status_code: 200,
      content_changed: null,
      newly_failing: [],
    });
    expect(first.result.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.response_ms).toBeGreaterThanOrEqual(0);

    const again = await scan(id);
    expect(again).toMatchObject({ status: 'ok', content_changed: false, newly_failing: [] });
    expect(again.result.content_hash).toBe(first.result.content_hash);
    expect(await alerts()).toEqual([]);

    state.price = '24 EUR';
    const changed = await scan(id);
    expect(changed).toMatchObject({ status: 'failed', content_changed: true, newly_failing: ['content_change'] });
    // One message, by e-mail and by SMS.
    expect(await alerts()).toEqual([
      { subject: `Website Shop: Content change`, target: 'web@example.com' },
      { subject: `Website Shop: Content change`, target: '+4512345678' },
    ]);
    await until(() => mails.some((m) => m.raw.includes('Content change')), 'the content-change e-mail');
    expect(mails.at(-1)!.to).toEqual(['web@example.com']);
    // Quoted-printable: soft line breaks joined again.
    expect(mails.at(-1)!.raw.replace(/=\r?\n/g, '')).toContain(`/security-tools/websites/view/${id}`);

    // The new page is the new baseline: unchanged since, nothing more to tell.
    const settled = await scan(id);
    expect(settled).toMatchObject({ status: 'ok', content_changed: false, newly_failing: [] });
    expect(await alerts()).toHaveLength(2);
    const monitor = await admin.get<WebsiteMonitor>(`/api/globalview/websites/${id}/`);
    expect(monitor.body).toMatchObject({ last_status: 'ok', last_status_code: 200, last_run: NOW.toISOString() });
    state.price = '19 EUR';
  });

  it('alerts once when the status turns to 500, not again while it stays, and clears the failing list on recovery', async () => {
    const id = await watch({ name: 'Checkout', watch_content: false });
    expect((await scan(id)).status).toBe('ok');
    const before = (await alerts()).length;

    state.status = 500;
    const down = await scan(id);
    expect(down).toMatchObject({ status: 'failed', status_code: 500, newly_failing: ['status_code'] });
    expect(down.result.checks).toContainEqual(expect.objectContaining({ check: 'status_code', status: 'fail' }));
    const told = await alerts();
    expect(told.slice(before)).toEqual([{ subject: 'Website Checkout: Status code', target: 'web@example.com' }]);

    const still = await scan(id);
    expect(still).toMatchObject({ status: 'failed', newly_failing: [] });
    expect(await alerts()).toHaveLength(told.length);
    const [row] = await t.ctx.db.select().from(websiteMonitors).where(eq(websiteMonitors.id, id));
    expect(row!.failing).toEqual(['status_code']);

    state.status = 200;
    const back = await scan(id);
    expect(back).toMatchObject({ status: 'ok', newly_failing: [] });
    const [after] = await t.ctx.db.select().from(websiteMonitors).where(eq(websiteMonitors.id, id));
    expect(after!.failing).toEqual([]);
    expect(await alerts()).toHaveLength(told.length);

    // Failing again after recovering is news again.
    state.status = 503;
    expect((await scan(id)).newly_failing).toEqual(['status_code']);
    expect(await alerts()).toHaveLength(told.length + 1);
    state.status = 200;

    // A changed page is shown but never alerted on without watch_content.
    state.price = '99 EUR';
    const changed = await scan(id);
    expect(changed.newly_failing).toEqual([]);
    expect(changed.status).toBe('ok');
    state.price = '19 EUR';

    const log = await admin.get<Page<WebsiteScanLog>>(`/api/website-scan-log/?website=${id}`);
    expect(log.body.count).toBe(6);
    expect(log.body.results.map((l) => l.status_code)).toEqual([200, 503, 200, 500, 500, 200]);
  });

  it('tells once, by the monitor’s clock, that a certificate enters its warning window, and once that it expired; renewal clears it', async () => {
    const id = await watch({ name: 'Secure shop', url: `${secureBase}/`, cert_days: 30 });
    const at = async (days: number) => {
      t.ctx.clock = () => new Date(REAL.getTime() + days * DAY);
      try {
        return await scan(id);
      } finally {
        t.ctx.clock = () => NOW;
      }
    };
    const before = (await alerts()).length;
    const fine = await at(0);
    expect(fine).toMatchObject({ status: 'ok', cert_days_left: 40, newly_failing: [] });
    expect(fine.result.tls).toMatchObject({ chain_ok: true, name_ok: true, days_left: 40 });

    const soon = await at(15);
    expect(soon).toMatchObject({ status: 'warning', cert_days_left: 25, newly_failing: ['tls_expiry'] });
    expect((await alerts()).slice(before)).toEqual([{ subject: 'Website Secure shop: Certificate expiry', target: 'web@example.com' }]);
    expect((await at(16)).newly_failing).toEqual([]);
    const monitor = await admin.get<WebsiteMonitor>(`/api/globalview/websites/${id}/`);
    expect(monitor.body.cert_days_left).toBe(24);
    // Back before the window (as after a renewal): cleared, so the next window is news again.
    expect((await at(0)).newly_failing).toEqual([]);
    expect((await at(20)).newly_failing).toEqual(['tls_expiry']);
    expect(await alerts()).toHaveLength(before + 2);
    // Past its end the certificate is no longer valid: that is news too (told once), not the warning still standing.
    const expired = await at(41);
    expect(expired).toMatchObject({ status: 'failed', newly_failing: ['tls_valid'] });
    expect((await alerts()).at(-1)).toEqual({ subject: 'Website Secure shop: Certificate valid', target: 'web@example.com' });
    expect((await at(42)).newly_failing).toEqual([]);
    expect(await alerts()).toHaveLength(before + 3);
  });

  it('makes a failed run, not a lost one, of a site that refuses or never answers', async () => {
    const id = await watch({ name: 'Gone', url: 'http://127.30.80.9:9/' });
    const gone = await scan(id);
    expect(gone).toMatchObject({ status: 'failed', status_code: null, newly_failing: ['availability'] });
    expect(gone.result.error).toBeTruthy();

    // A site that takes the connection and never answers: the run ends at the monitor's timeout, failed.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, host, resolve));
    try {
      const hung = await watch({ name: 'Silent', url: `http://${host}:${(silent.address() as AddressInfo).port}/`, timeout: 1 });
      const log = await scan(hung);
      expect(log).toMatchObject({ status: 'failed', status_code: null, newly_failing: ['availability'] });
      expect(log.result.error).toBeTruthy();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('runs on the schedule what the clock says is due, once, and moves next_run on by the interval', async () => {
    const id = await watch({ name: 'Scheduled', interval: 30 });
    // Due in ten minutes: the test app's own per-minute pass (at the test clock, NOW) leaves it alone.
    const due = new Date(NOW.getTime() + 10 * MINUTE);
    await t.ctx.db.update(websiteMonitors).set({ active: true, nextRun: due }).where(eq(websiteMonitors.id, id));
    const idle = await t.ctx.db.select().from(websiteMonitors).where(eq(websiteMonitors.id, id));
    expect(idle[0]!.lastRun).toBeNull();

    expect((await runDueMonitors(t.ctx, new Date(due.getTime() - 1000))).website).toBe(0);
    const counts = await runDueMonitors(t.ctx, due);
    expect(counts.website).toBe(1);
    const [ran] = await t.ctx.db.select().from(websiteMonitors).where(eq(websiteMonitors.id, id));
    expect(ran!.lastRun?.toISOString()).toBe(due.toISOString());
    expect(ran!.nextRun?.toISOString()).toBe(new Date(due.getTime() + 30 * MINUTE).toISOString());
    const log = await admin.get<Page<WebsiteScanLog>>(`/api/website-scan-log/?website=${id}`);
    expect(log.body.results).toEqual([expect.objectContaining({ trigger: 'schedule', status: 'ok', started: due.toISOString() })]);
    // Run once: the same moment again finds nothing due.
    expect((await runDueMonitors(t.ctx, due)).website).toBe(0);

    // An inactive monitor, or one of a customer without the flag, is never due.
    await admin.patch(`/api/globalview/websites/${id}/`, { active: false });
    const later = new Date(due.getTime() + 60 * MINUTE);
    expect((await runDueMonitors(t.ctx, later)).website).toBe(0);
    await admin.patch(`/api/globalview/websites/${id}/`, { active: true });
    await setFlags(t.ctx, 1, []);
    try {
      expect((await runDueMonitors(t.ctx, later)).website).toBe(0);
    } finally {
      await setFlags(t.ctx, 1, ['continuous-monitoring']);
    }
    expect((await runDueMonitors(t.ctx, later)).website).toBe(1);

    // A pass claims a bounded batch; what is left stays due for the next pass.
    const other = await watch({ name: 'Scheduled too', interval: 30 });
    const next = new Date(later.getTime() + 60 * MINUTE);
    await t.ctx.db.update(websiteMonitors).set({ active: true, nextRun: next }).where(eq(websiteMonitors.id, other));
    await t.ctx.db.update(websiteMonitors).set({ nextRun: next }).where(eq(websiteMonitors.id, id));
    expect((await runDueMonitors(t.ctx, next, { batch: 1 })).website).toBe(1);
    expect((await runDueMonitors(t.ctx, next, { batch: 1 })).website).toBe(1);
    expect((await runDueMonitors(t.ctx, next, { batch: 1 })).website).toBe(0);
    const both = await t.ctx.db.select().from(websiteMonitors).where(eq(websiteMonitors.active, true));
    expect(both.map((m) => m.lastRun?.toISOString()).sort()).toEqual([next.toISOString(), next.toISOString()]);
  });
});
