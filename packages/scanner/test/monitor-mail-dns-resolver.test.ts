// The mail checks' resolver against bind9 (absent names answer [], failures throw, long TXT records are joined, raw
// DO-bit queries) and the hand-off to the exchanger checks: each MX address of the domain gets its SMTP checks.
import { MAIL_CHECKS } from '@bulwark/core';
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMailDomain } from '../src/monitor/mail/index.ts';
import { DnsError, MailResolver } from '../src/monitor/mail/resolver.ts';
import { startMailZones, zonesUnavailable, type MailZones } from './monitor-helpers/bind9-zones.ts';

const why = zonesUnavailable();
/** good.test's MX here: a real SMTP server (smtp-server) on an address of this file's own. */
const MX_ADDRESS = '127.30.54.25';

describe.skipIf(!!why)('mail resolver and exchanger hand-off on bind9 (skipped without Debian package bind9)', () => {
  let zones: MailZones;
  let resolver: MailResolver;
  let smtp: SMTPServer;
  let smtpPort = 0;

  beforeAll(async () => {
    zones = await startMailZones({ goodMx: MX_ADDRESS });
    resolver = new MailResolver({ servers: [zones.dnsServer], timeoutMs: 2000 });
    smtp = new SMTPServer({ banner: 'test', authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => smtp.listen(0, MX_ADDRESS, () => resolve()));
    smtpPort = (smtp.server.address() as net.AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
    await zones?.stop();
  });

  it('answers records, joins long TXT records and reads PTRs', async () => {
    expect(await resolver.mx('good.test')).toEqual([{ exchange: 'mx.good.test', priority: 10 }]);
    expect(await resolver.addresses('mx.good.test')).toEqual([MX_ADDRESS]);
    const [dkim] = await resolver.txt('default._domainkey.good.test');
    expect(dkim.length).toBeGreaterThan(255);
    expect(dkim).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);
    expect(await resolver.reverse(MX_ADDRESS)).toEqual(['mx.good.test']);
  });

  it('a name that does not exist, or has no record of the type, answers []', async () => {
    expect(await resolver.txt('nothing-here.good.test')).toEqual([]);
    expect(await resolver.mx('mx.good.test')).toEqual([]);
    expect(await resolver.addresses('nothing-here.good.test')).toEqual([]);
    expect(await resolver.reverse('127.30.54.99')).toEqual([]);
  });

  it('a server that refuses or cannot be reached throws a DnsError saying so', async () => {
    const refused = await resolver.txt('example.invalid').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DnsError);
    expect(refused).toMatchObject({ code: 'EREFUSED', message: 'example.invalid: the DNS server refused the query' });
    const nobody = new MailResolver({ servers: ['127.30.54.9:9'], timeoutMs: 300 });
    const down = await nobody.mx('good.test').catch((e: unknown) => e);
    expect(down).toBeInstanceOf(DnsError);
    await expect(nobody.query('good.test', 'MX')).rejects.toThrow(/did not answer in time|ECONNREFUSED/);
  });

  it('a raw query with the DO bit answers the rcode, the AD flag and the records', async () => {
    const r = await resolver.query('good.test', 'MX');
    expect(r).toMatchObject({ rcode: 'NOERROR', ad: false });
    expect(r.answers).toEqual([
      expect.objectContaining({ type: 'MX', name: 'good.test', data: { preference: 10, exchange: 'mx.good.test' } }),
    ]);
    expect((await resolver.query('nothing-here.good.test', 'A')).rcode).toBe('NXDOMAIN');
    // a server that is down is passed over for the next one
    const second = new MailResolver({ servers: ['127.30.54.9:9', zones.dnsServer], timeoutMs: 1000 });
    expect((await second.query('good.test', 'MX')).answers).toHaveLength(1);
  });

  it("each MX address gets the exchanger's SMTP checks, after the domain's", async () => {
    const r = await checkMailDomain({
      domain: 'good.test',
      dkimSelectors: [],
      dnsServers: [zones.dnsServer],
      dnsblZones: [],
      smtpPort,
      heloName: 'monitor.bulwark.test',
      checkRelay: false,
      timeoutMs: 3000,
      now: new Date(),
      extraCa: zones.caPem,
    });
    const target = `mx.good.test (${MX_ADDRESS})`;
    const smtpChecks = r.checks.filter((c) => c.target === target);
    expect(smtpChecks.length).toBeGreaterThan(0);
    for (const c of smtpChecks) expect(Object.keys(MAIL_CHECKS)).toContain(c.check);
    // the server offers no STARTTLS: the exchanger's verdict on it, not a hand-off error
    expect(smtpChecks.find((c) => c.check === 'starttls')).toMatchObject({ status: 'fail' });
    expect(r.checks.findIndex((c) => c.target === target)).toBeGreaterThan(r.checks.findIndex((c) => c.check === 'dnssec'));
  });
});
