// The DNSSEC check against bind9: zones signed by dnssec-signzone (ECDSA and RSA) verify, a spoilt key signature fails,
// signatures past their end (a fake clock) fail, and a validating named in front (trust anchor) answers with AD.
import type { MailCheckResult, MonitorCheck } from '@bulwark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMailDomain } from '../src/monitor/mail/index.ts';
import { startMailZones, zonesUnavailable, type MailZones } from './monitor-helpers/bind9-zones.ts';

const why = zonesUnavailable();
const DAY = 86_400_000;

describe.skipIf(!!why)('DNSSEC check on bind9 (skipped without Debian package bind9)', () => {
  let zones: MailZones;
  const inWindow = () => new Date((zones.signatures.from.getTime() + zones.signatures.to.getTime()) / 2);
  /** The check's clock: by default inside the zones' signature window. */
  const dnssec = async (domain: string, server: string, now = inWindow()): Promise<MonitorCheck> => {
    const r: MailCheckResult = await checkMailDomain({
      domain,
      dkimSelectors: [],
      dnsServers: [server],
      dnsblZones: [],
      smtpPort: 25,
      heloName: 'monitor.bulwark.test',
      checkRelay: false,
      timeoutMs: 3000,
      now,
      skipSmtp: true,
    });
    const found = r.checks.filter((c) => c.check === 'dnssec');
    expect(found).toHaveLength(1);
    return found[0];
  };

  beforeAll(async () => {
    zones = await startMailZones({ validating: true });
  }, 60_000);
  afterAll(async () => {
    await zones?.stop();
  });

  it('the zones were signed (dnssec-keygen and dnssec-signzone are there)', () => {
    expect(zones.signed).toBe(true);
    expect(zones.validatingServer).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('an unsigned zone is info, not a failure', async () => {
    const c = await dnssec('good.test', zones.dnsServer);
    expect(c).toMatchObject({ status: 'info', target: 'good.test' });
    expect(c.detail).toMatch(/not signed/);
  });

  it('asked of a non-validating server, the key signature is verified here (ECDSA P-256 and RSA)', async () => {
    for (const [domain, alg] of [
      ['signed.test', 'ECDSAP256SHA256'],
      ['rsa.test', 'RSASHA256'],
    ]) {
      const c = await dnssec(domain, zones.dnsServer);
      expect(c.status, domain).toBe('info');
      expect(c.detail).toMatch(
        new RegExp(
          `signed with DNSSEC \\(${alg}\\) and its key signature verifies until \\d{4}-\\d\\d-\\d\\d; the DNS server asked does not validate`,
        ),
      );
      expect(c.value).toMatchObject({ ad: false, algorithms: alg });
    }
  });

  it('a spoilt signature over the keys fails', async () => {
    const c = await dnssec('badsig.test', zones.dnsServer);
    expect(c.status).toBe('fail');
    expect(c.detail).toMatch(/signature over badsig\.test's keys does not verify/);
  });

  it('signatures past their end, or before their start, fail (the check’s clock a day outside their window)', async () => {
    const c = await dnssec('signed.test', zones.dnsServer, new Date(zones.signatures.to.getTime() + DAY));
    expect(c.status).toBe('fail');
    expect(c.detail).toMatch(/signatures of signed\.test expired on \d{4}-\d\d-\d\d/);
    const early = await dnssec('signed.test', zones.dnsServer, new Date(zones.signatures.from.getTime() - DAY));
    expect(early.status).toBe('fail');
    expect(early.detail).toMatch(/are not valid before/);
  });

  it('a validating resolver that trusts the zone key answers with AD: pass', async () => {
    const c = await dnssec('signed.test', zones.validatingServer!);
    expect(c.status).toBe('pass');
    expect(c.detail).toMatch(/signed with DNSSEC \(ECDSAP256SHA256\) and validates; signatures run until/);
    expect(c.value).toMatchObject({ ad: true });
    // the same resolver has no trust anchor for rsa.test: no AD, verified here instead
    expect((await dnssec('rsa.test', zones.validatingServer!)).status).toBe('info');
  });
});
