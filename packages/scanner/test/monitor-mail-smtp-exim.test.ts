// A mail exchanger's SMTP checks against a real Exim (Debian's exim4) on 127.30.25.x, and reverse DNS against a real
// bind9 serving PTR and forward zones for those addresses. Certificate days are counted by the clock the test passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { MonitorCheck } from '@bulwark/core';
import { checkMailExchanger, MailResolver, type MxCheckOptions } from '../src/index.ts';
import { makeCert, type Cert } from './checks-helpers/certs.ts';
import { freePort, packagedVersion, type RunningDaemon } from './services-helpers/daemons.ts';
import { startBind } from './monitor-mail-smtp-fixtures/bind9.ts';
import { startExim, unavailable } from './monitor-mail-smtp-fixtures/exim.ts';
import { DAEMONS } from './services-helpers/daemon-configs.ts';

const DAY = 86_400_000;
// Whole seconds: certificates carry their dates to the second.
const NOW = Math.floor(Date.now() / 1000) * 1000;
const at = (days: number) => new Date(NOW + days * DAY);
const byCheck = (checks: MonitorCheck[]) => Object.fromEntries(checks.map((c) => [c.check, c]));

const why = unavailable(DAEMONS.exim4) ?? unavailable(DAEMONS.bind9);
if (why) console.warn(`monitor-mail-smtp-exim: ${why}; skipped`);

describe.skipIf(!!why)('mail exchanger checks against real Exim and bind9', () => {
  const running: RunningDaemon[] = [];
  let resolver: MailResolver;
  let ca: Cert;
  /** Exim with STARTTLS, a certificate for mx1.bulwark.test that expires in 10 days, relaying refused, its own greeting. */
  let good: RunningDaemon;
  /** Exim with a certificate that really expired 5 days ago (OpenSSL says so; the monitor's clock decides). */
  let expired: RunningDaemon;
  /** Exim without TLS that relays for everyone, with a greeting naming no software. */
  let relay: RunningDaemon;
  let noPtr: { port: number; server: SMTPServer };

  beforeAll(async () => {
    const dns = await startBind({
      'bulwark.test': ['mx1 IN A 127.30.25.1', 'other IN A 127.30.25.4', 'liar IN A 127.30.25.99', 'ns IN A 127.0.0.1'],
      '25.30.127.in-addr.arpa': ['1 IN PTR mx1.bulwark.test.', '3 IN PTR liar.bulwark.test.', '4 IN PTR other.bulwark.test.'],
    });
    running.push(dns);
    resolver = new MailResolver({ servers: [`127.0.0.1:${dns.ports.domain}`], timeoutMs: 2000 });
    ca = makeCert({ cn: 'Bulwark Mail Test CA' });
    const san = ['DNS:mx1.bulwark.test'];
    const soon = makeCert({ cn: 'mx1.bulwark.test', san, ca, notBefore: at(-365), notAfter: at(10) });
    const old = makeCert({ cn: 'mx1.bulwark.test', san, ca, notBefore: at(-100), notAfter: at(-5) });
    const chain = (c: Cert): Cert => ({ key: c.key, cert: c.cert + ca.cert });
    [good, expired, relay] = await Promise.all([
      startExim('127.30.25.1', { tls: chain(soon) }),
      startExim('127.30.25.4', { tls: chain(old) }),
      startExim('127.30.25.3', { relayForAll: true, banner: '$smtp_active_hostname ESMTP' }),
    ]);
    running.push(good, expired, relay);
    const server = new SMTPServer({ hideSTARTTLS: true, disableReverseLookup: true, logger: false });
    const port = await freePort('127.30.25.2');
    await new Promise<void>((r) => server.listen(port, '127.30.25.2', () => r()));
    noPtr = { port, server };
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((r) => (noPtr ? noPtr.server.close(() => r()) : r()));
    await Promise.all(running.map((d) => d.stop()));
  });

  const opts = (d: { ports: Record<string, number>; host: string }, more: Partial<MxCheckOptions> = {}): MxCheckOptions => ({
    host: 'mx1.bulwark.test',
    address: d.host,
    port: d.ports.smtp,
    heloName: 'monitor.bulwark.test',
    checkRelay: true,
    timeoutMs: 5000,
    now: new Date(NOW),
    extraCa: ca.cert,
    resolver,
    ...more,
  });

  it('passes STARTTLS, refuses relaying, warns on the Exim version, confirms reverse DNS', async () => {
    const checks = await checkMailExchanger(opts(good, { now: at(-30) }));
    expect(checks.map((c) => c.check)).toEqual(['starttls', 'certificate', 'open_relay', 'banner', 'reverse_dns']);
    expect(checks.every((c) => c.target === 'mx1.bulwark.test (127.30.25.1)')).toBe(true);
    const c = byCheck(checks);
    expect(c.starttls).toMatchObject({ status: 'pass', value: { offered: true, protocol: expect.stringMatching(/^TLSv1\.[23]$/) } });
    expect(c.certificate).toMatchObject({ status: 'pass', value: { chain_ok: true, name_ok: true, days_left: 40 } });
    expect(c.open_relay).toMatchObject({ status: 'pass', value: { rcpt_to: '550 relay not permitted' } });
    expect(c.banner).toMatchObject({ status: 'warn', value: { disclosed: [`Exim ${packagedVersion('/usr/sbin/exim4')}`] } });
    expect(c.reverse_dns).toMatchObject({ status: 'pass', value: { ptr: ['mx1.bulwark.test'], names_host: true } });
  });

  it('counts the certificate days by the given clock: warns within 30 days, fails once expired', async () => {
    const soon = byCheck(await checkMailExchanger(opts(good, { checkRelay: false }))).certificate;
    expect(soon).toMatchObject({ status: 'warn', value: { days_left: 10 } });
    expect(soon.detail).toMatch(/expires in 10 days.*renew it/);
    const late = byCheck(await checkMailExchanger(opts(good, { checkRelay: false, now: at(11) }))).certificate;
    expect(late.status).toBe('fail');
    expect(late.detail).toMatch(/it expired on/);
  });

  it('judges a certificate OpenSSL calls expired by the clock too, but never trusts an unknown CA', async () => {
    const before = byCheck(await checkMailExchanger(opts(expired, { checkRelay: false, now: at(-50) }))).certificate;
    expect(before).toMatchObject({ status: 'pass', value: { chain_ok: true, days_left: 45 } });
    const now = byCheck(await checkMailExchanger(opts(expired, { checkRelay: false }))).certificate;
    expect(now).toMatchObject({ status: 'fail', value: { chain_ok: true } });
    const untrusted = byCheck(await checkMailExchanger(opts(expired, { checkRelay: false, extraCa: undefined, now: at(-50) })));
    expect(untrusted.certificate).toMatchObject({ status: 'fail', value: { chain_ok: false } });
  });

  it('fails a chain it cannot verify (what MTA-STS needs) and a certificate that does not name the MX host', async () => {
    const untrusted = byCheck(await checkMailExchanger(opts(good, { checkRelay: false, extraCa: undefined, now: at(-30) })));
    expect(untrusted.starttls.status).toBe('pass');
    expect(untrusted.certificate).toMatchObject({ status: 'fail', value: { chain_ok: false, name_ok: true } });
    expect(untrusted.certificate.detail).toMatch(/chain does not verify.*MTA-STS/);
    const other = byCheck(await checkMailExchanger(opts(good, { host: 'mx2.bulwark.test', checkRelay: false, now: at(-30) })));
    expect(other.certificate).toMatchObject({ status: 'fail', value: { chain_ok: true, name_ok: false } });
    expect(other.certificate.detail).toMatch(/does not name mx2\.bulwark\.test \(it names DNS:mx1\.bulwark\.test\)/);
  });

  it('finds the open relay of an Exim without TLS whose greeting names nothing', async () => {
    const c = byCheck(await checkMailExchanger(opts(relay)));
    expect(c.starttls).toMatchObject({ status: 'fail', value: { offered: false } });
    expect(c.certificate.status).toBe('info');
    expect(c.open_relay).toMatchObject({ status: 'fail', value: { mail_from: '250 OK', rcpt_to: '250 Accepted' } });
    expect(c.banner).toMatchObject({ status: 'pass', value: { greeting: 'mx1.bulwark.test ESMTP' } });
  });

  it('fails reverse DNS without a PTR, or whose PTR name does not lead back; passes a PTR for another name', async () => {
    const liar = byCheck(await checkMailExchanger(opts(relay, { checkRelay: false }))).reverse_dns;
    expect(liar).toMatchObject({ status: 'fail', value: { ptr: ['liar.bulwark.test'], confirmed: [] } });
    expect(liar.detail).toMatch(/does not resolve back to 127\.30\.25\.3/);
    const none = byCheck(await checkMailExchanger(opts({ host: '127.30.25.2', ports: { smtp: noPtr.port } }))).reverse_dns;
    expect(none).toMatchObject({ status: 'fail', detail: expect.stringMatching(/has no reverse DNS/) });
    const other = byCheck(await checkMailExchanger(opts(expired, { checkRelay: false }))).reverse_dns;
    expect(other).toMatchObject({ status: 'pass', value: { confirmed: ['other.bulwark.test'], names_host: false } });
    expect(other.detail).toMatch(/not the MX host's name mx1\.bulwark\.test/);
  });
});
