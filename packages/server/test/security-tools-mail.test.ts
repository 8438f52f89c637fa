// Watched mail servers run for real, on every test database: Debian's bind9 serves the mail test zones (good.test with
// SPF, DMARC, DKIM, MTA-STS and TLS-RPT in order; broken.test with +all behind eleven look-ups, p=none, an exchanger on
// the bl.test block list), its MTA-STS policies come over HTTPS, and each MX answers SMTP from smtp-server on loopback
// (good.test's with STARTTLS and a certificate of the test CA, refusing to relay; broken.test's without TLS, relaying for
// anyone). scan-mailserver/ answers the run's log row with its checks; a broken domain's new failures reach the
// recipients once, by e-mail through the outbox to a real smtp-server, and not again while they stay.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailServerMonitor, MailServerScanLog, MonitorCheck } from '@bulwark/core';
import { assets, notificationDeliveries } from '../src/db/schema/index.ts';
import { makeCert } from '../../scanner/test/checks-helpers/certs.ts';
import { startMailZones, zonesUnavailable, type MailZones } from '../../scanner/test/monitor-helpers/bind9-zones.ts';
import { freePort } from '../../scanner/test/services-helpers/daemons.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startMailReceiver, until, type MailReceiver, type ReceivedMail } from './helpers/receivers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const DAY = 86_400_000;
// Whole seconds: certificates carry their dates to the second.
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const GOOD_MX = '127.30.81.25';
const BROKEN_MX = '127.30.81.26';
const RECEIVER = '127.30.81.1';

const why = zonesUnavailable();
if (why) console.warn(`security-tools-mail: ${why}; skipped`);

const listen = (server: SMTPServer, port: number, host: string) => new Promise<void>((resolve) => server.listen(port, host, resolve));
const close = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));
/** A check of a run by its key and, for an exchanger's or a list's check, the start of its target. */
const find = (log: MailServerScanLog, check: string, target?: string): MonitorCheck | undefined =>
  log.result.checks.find((c) => c.check === check && (target === undefined || c.target.startsWith(target)));

describe.skipIf(!!why)('mail-server runs', () => {
  let zones: MailZones;
  let exchangers: SMTPServer[] = [];
  let receiver: MailReceiver | undefined;
  let caFile = '';
  /** Both exchangers on one port (the monitor's SMTP port is one setting), each on its own address. */
  let smtpPort = 25;
  let mails: ReceivedMail[] = [];

  beforeAll(async () => {
    zones = await startMailZones({ goodMx: GOOD_MX, brokenMx: BROKEN_MX });
    const ca = makeCert({ cn: 'Bulwark Exchanger Test CA' });
    const leaf = makeCert({
      cn: 'mx.good.test',
      san: ['DNS:mx.good.test'],
      ca,
      notBefore: new Date(NOW.getTime() - DAY),
      notAfter: new Date(NOW.getTime() + 300 * DAY),
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-mail-monitor-'));
    caFile = path.join(dir, 'extra-ca.pem');
    writeFileSync(caFile, zones.caPem + ca.cert);
    // Both exchangers on one port (the monitor's SMTP port is one setting), each on its own address.
    const port = await freePort(GOOD_MX);
    smtpPort = port;
    const good = new SMTPServer({
      name: 'mx.good.test',
      banner: 'mail service',
      key: leaf.key,
      cert: leaf.cert + ca.cert,
      disableReverseLookup: true,
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(address.address.endsWith('@good.test') ? undefined : new Error('550 relaying denied'));
      },
    });
    const broken = new SMTPServer({
      name: 'mx.broken.test',
      hideSTARTTLS: true,
      disableReverseLookup: true,
      authOptional: true,
      logger: false,
    });
    await listen(good, port, GOOD_MX);
    await listen(broken, port, BROKEN_MX);
    exchangers = [good, broken];
    receiver = await startMailReceiver(RECEIVER);
    mails = receiver.mails;
  }, 60_000);
  afterAll(async () => {
    for (const s of exchangers) await close(s);
    await receiver?.close();
    await zones?.stop();
  });

  describe.each(BACKENDS)('on %s', (backend) => {
    let t: TestApp;
    let admin: Client;
    const id: Record<string, number> = {};

    beforeAll(async () => {
      t = await startTestApp(backend, {
        BULWARK_MONITOR_DNS: zones.dnsServer,
        BULWARK_DNSBL_ZONES: 'bl.test',
        BULWARK_MONITOR_HELO: 'monitor.bulwark.test',
        BULWARK_MONITOR_SMTP_PORT: String(smtpPort),
        BULWARK_EXTRA_CA_FILE: caFile,
        SMTP_URL: receiver!.url,
      });
      t.ctx.clock = () => NOW;
      await setFlags(t.ctx, 1, ['continuous-monitoring', 'cm-mailservers']);
      admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const hosts = await t.ctx.db
        .insert(assets)
        .values([
          { customerId: 1, kind: 'host', type: 2, value: 'mx.good.test', name: 'mx.good.test', address: GOOD_MX },
          { customerId: 1, kind: 'host', type: 2, value: 'mx.broken.test', name: 'mx.broken.test', address: BROKEN_MX },
        ])
        .returning();
      [id.goodHost, id.brokenHost] = hosts.map((h) => h.id);
    }, 60_000);
    afterAll(() => t.close());

    /** Watched by hand only (inactive), so the test app's per-minute pass never runs it between two looks. */
    const watch = async (asset: number, domain: string) => {
      const res = await admin.post<MailServerMonitor>('/api/globalview/mailservers/', {
        asset,
        domain,
        active: false,
        notification_email_recipients: '["postmaster@example.com"]',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    const scan = async (monitor: number) => {
      const res = await admin.post<MailServerScanLog>('/api/scan-mailserver/', { id: monitor });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const alerts = async () =>
      (await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.event, 'mailserver_alert'))).map(
        (d) => d.subject,
      );

    it('passes a domain in order: its records, its policy over HTTPS, its exchanger’s STARTTLS and refusal to relay', async () => {
      id.good = await watch(id.goodHost!, 'good.test');
      const log = await scan(id.good);
      const summary = log.result.checks.map((c) => `${c.check} ${c.status} ${c.target}: ${c.detail}`).join('\n');
      expect(log.result).toMatchObject({ domain: 'good.test', mx: [{ host: 'mx.good.test', addresses: [GOOD_MX] }], error: null });
      for (const check of ['mx', 'spf', 'dmarc', 'dkim', 'mta_sts', 'tls_rpt'])
        expect(find(log, check)?.status, `${check}\n${summary}`).toBe('pass');
      expect(find(log, 'blocklist')?.status, summary).toBe('pass');
      expect(find(log, 'starttls', 'mx.good.test')?.status, summary).toBe('pass');
      expect(find(log, 'certificate', 'mx.good.test')?.status, summary).toBe('pass');
      expect(find(log, 'open_relay', 'mx.good.test')?.status, summary).toBe('pass');
      expect(find(log, 'reverse_dns', 'mx.good.test')?.status, summary).toBe('pass');
      expect(log.failed, summary).toBe(0);
      expect(log.passed).toBe(log.result.checks.filter((c) => c.status === 'pass').length);
      expect(log.newly_failing).toEqual([]);
      const monitor = await admin.get<MailServerMonitor>(`/api/globalview/mailservers/${id.good}/`);
      expect(monitor.body).toMatchObject({ domain: 'good.test', last_run: NOW.toISOString(), passed: log.passed, failed: 0 });
      expect(await alerts()).toEqual([]);
    });

    it('tells the recipients once what fails on a broken domain, keyed by what it looked at', async () => {
      id.broken = await watch(id.brokenHost!, 'broken.test');
      const log = await scan(id.broken);
      const summary = log.result.checks.map((c) => `${c.check} ${c.status} ${c.target}: ${c.detail}`).join('\n');
      expect(log.status).toBe('failed');
      expect(find(log, 'spf')?.status, summary).toBe('fail');
      expect(find(log, 'blocklist', 'bl.test')?.status, summary).toBe('fail');
      expect(find(log, 'open_relay')?.status, summary).toBe('fail');
      expect(log.failed).toBe(log.result.checks.filter((c) => c.status === 'fail').length);
      expect(log.newly_failing).toContain('spf');
      expect(log.newly_failing.some((k) => k.startsWith('open_relay@mx.broken.test'))).toBe(true);
      expect(log.newly_failing).toHaveLength(log.failed);
      const told = await alerts();
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(/^Mail server broken\.test: .*SPF/);
      expect(told[0]).toContain('Open relay (mx.broken.test');
      await until(() => mails.some((m) => m.raw.includes('broken.test')), 'the mail-server alert');
      const mail = mails.find((m) => m.raw.includes('broken.test'))!;
      expect(mail.to).toEqual(['postmaster@example.com']);
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`/security-tools/mail-servers/view/${id.broken}`);

      const again = await scan(id.broken);
      expect(again).toMatchObject({ status: 'failed', newly_failing: [] });
      expect(await alerts()).toHaveLength(1);
      const history = await admin.get<Page<MailServerScanLog>>(`/api/mailserver-scan-log/?mail_server=${id.broken}`);
      expect(history.body.results.map((l) => l.id)).toEqual([again.id, log.id]);
      mails.length = 0;
    });

    it('fails, and says why, a monitor whose host is known only by its address', async () => {
      const [bare] = await t.ctx.db
        .insert(assets)
        .values({ customerId: 1, kind: 'host', type: 2, value: '127.30.81.77', address: '127.30.81.77' })
        .returning();
      const monitor = await admin.post<MailServerMonitor>('/api/globalview/mailservers/', { asset: bare!.id, active: false });
      expect(monitor.body.domain).toBe('127.30.81.77');
      const log = await scan(monitor.body.id);
      expect(log).toMatchObject({ status: 'failed', newly_failing: ['mx'], passed: 0, failed: 0 });
      expect(log.result.error).toMatch(/address, not a mail domain/);
    });
  });
});
