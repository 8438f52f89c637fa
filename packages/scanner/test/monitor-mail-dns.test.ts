// The mail domain's DNS checks against Debian's bind9 serving test zones on loopback: a well-configured domain passes,
// each broken record fails or warns with the reason, block lists and DNSSEC (signed zone, fake clock) are judged.
import type { MailCheckResult, MonitorCheck } from '@bulwark/core';
import { MAIL_CHECKS, mailCheckResult } from '@bulwark/core';
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMailDomain, type MailCheckOptions } from '../src/monitor/mail/index.ts';
import { startMailZones, zonesUnavailable, type MailZones } from './monitor-helpers/bind9-zones.ts';

const why = zonesUnavailable();

describe.skipIf(!!why)('mail domain DNS checks on bind9 (skipped without Debian package bind9)', () => {
  let zones: MailZones;
  const now = new Date();
  const run = (domain: string, o: Partial<MailCheckOptions> = {}): Promise<MailCheckResult> =>
    checkMailDomain({
      domain,
      dkimSelectors: [],
      dnsServers: [zones.dnsServer],
      dnsblZones: ['bl.test'],
      smtpPort: 25,
      heloName: 'monitor.bulwark.test',
      checkRelay: false,
      timeoutMs: 3000,
      now,
      extraCa: zones.caPem,
      skipSmtp: true,
      ...o,
    });
  const one = (r: MailCheckResult, check: string): MonitorCheck => {
    const found = r.checks.filter((c) => c.check === check);
    expect(found, check).toHaveLength(1);
    return found[0];
  };

  beforeAll(async () => {
    zones = await startMailZones();
  }, 60_000);
  afterAll(async () => {
    await zones?.stop();
  });

  it('a well-configured domain passes every DNS check, with the MX list and the reasons', async () => {
    const r = await run('good.test');
    expect(mailCheckResult.parse(r)).toEqual(r);
    expect(r.error).toBeNull();
    expect(r.mx).toEqual([{ host: 'mx.good.test', preference: 10, addresses: [zones.goodMx] }]);
    for (const c of r.checks) expect(Object.keys(MAIL_CHECKS)).toContain(c.check);
    const status = Object.fromEntries(r.checks.map((c) => [c.check, c.status]));
    expect(status).toEqual({
      mx: 'pass',
      spf: 'pass',
      dmarc: 'pass',
      dkim: 'pass',
      mta_sts: 'pass',
      tls_rpt: 'pass',
      dnssec: 'info',
      blocklist: 'pass',
    });
    expect(one(r, 'spf').detail).toMatch(/needs 1 of 10 DNS lookups.*-all.*permits every MX/);
    expect(one(r, 'dmarc').detail).toMatch(/policy reject.*dmarc@good\.test.*DKIM strict, SPF relaxed/);
    expect(one(r, 'dkim')).toMatchObject({ target: 'default._domainkey.good.test', value: { bits: 2048 } });
    expect(one(r, 'mta_sts').detail).toMatch(/enforces TLS to mx\.good\.test, \*\.backup\.good\.test \(max_age 604800 s\)/);
    expect(one(r, 'dnssec').detail).toMatch(/not signed/);
    expect(one(r, 'blocklist')).toMatchObject({ target: 'bl.test', detail: `${zones.goodMx} is not listed on bl.test.` });
  });

  it('a broken domain: +all over the lookup limit, p=none without rua, no DKIM, MTA-STS not covering the MX, listed', async () => {
    const r = await run('broken.test');
    const spf = one(r, 'spf');
    expect(spf.status).toBe('fail');
    expect(spf.detail).toMatch(/needs 11 DNS lookups, over the limit of 10/);
    expect(spf.detail).toMatch(/ends with "\+all", which permits any sender/);
    expect(spf.value).toMatchObject({ lookups: 11 });
    const dmarc = one(r, 'dmarc');
    expect(dmarc.status).toBe('warn');
    expect(dmarc.detail).toMatch(/p=none only monitors.*no rua= address/);
    expect(one(r, 'dkim')).toMatchObject({ status: 'warn', target: 'broken.test' });
    expect(one(r, 'dkim').detail).toMatch(/No DKIM key in use found for the selectors tried \(default, google/);
    const sts = one(r, 'mta_sts');
    expect(sts.status).toBe('fail');
    expect(sts.detail).toMatch(/enforces mx mail\.elsewhere\.test, which does not cover mx\.broken\.test/);
    expect(one(r, 'tls_rpt')).toMatchObject({ status: 'warn' }); // MTA-STS is on, TLS-RPT missing
    const bl = one(r, 'blocklist');
    expect(bl.status).toBe('fail');
    expect(bl.detail).toBe(
      `${zones.brokenMx} (mx.broken.test) is listed on bl.test: Listed by the Bulwark test list: https://bl.test/${zones.brokenMx}.`,
    );
  });

  it('softer problems warn: ?all, quarantine at pct=50, a 1024-bit key; a 768-bit key fails; a revoked key is reported', async () => {
    const r = await run('soft.broken.test', { dkimSelectors: ['old', 'weak'] });
    expect(one(r, 'spf')).toMatchObject({ status: 'warn' });
    expect(one(r, 'spf').detail).toMatch(/"\?all" \(neutral\)/);
    expect(one(r, 'dmarc')).toMatchObject({ status: 'warn', value: { p: 'quarantine', pct: 50, sp: 'none' } });
    expect(one(r, 'dmarc').detail).toMatch(/pct=50 applies the policy to only 50%/);
    const dkim = Object.fromEntries(r.checks.filter((c) => c.check === 'dkim').map((c) => [c.target, c]));
    expect(Object.keys(dkim).sort()).toEqual([
      'default._domainkey.soft.broken.test',
      'old._domainkey.soft.broken.test',
      'weak._domainkey.soft.broken.test',
    ]);
    expect(dkim['default._domainkey.soft.broken.test']).toMatchObject({ status: 'warn', value: { bits: 1024 } });
    expect(dkim['weak._domainkey.soft.broken.test']).toMatchObject({ status: 'fail', value: { bits: 768 } });
    expect(dkim['old._domainkey.soft.broken.test']).toMatchObject({ status: 'info', value: { revoked: true } });
    expect(one(r, 'mta_sts').status).toBe('info');
    expect(one(r, 'tls_rpt').status).toBe('info');
  });

  it('two SPF records, a DMARC syntax error and a TLS-RPT record without rua fail; MTA-STS in testing mode warns', async () => {
    const r = await run('two.broken.test');
    expect(one(r, 'spf')).toMatchObject({ status: 'fail' });
    expect(one(r, 'spf').detail).toMatch(/publishes 2 SPF records.*permerror/);
    expect(one(r, 'dmarc')).toMatchObject({ status: 'fail' });
    expect(one(r, 'dmarc').detail).toMatch(/p=bogus is not none, quarantine or reject/);
    expect(one(r, 'tls_rpt')).toMatchObject({ status: 'fail' });
    expect(one(r, 'tls_rpt').detail).toMatch(/no rua= address/);
    const sts = one(r, 'mta_sts');
    expect(sts).toMatchObject({ status: 'warn', value: { mode: 'testing', mx: ['mx.good.test'], id: '2' } });
    expect(sts.detail).toMatch(/testing mode: failures are reported but mail is still delivered/);
  });

  it('SPF: a syntax error fails, three void lookups warn, an MX the policy does not permit warns', async () => {
    const syntax = one(await run('syntax.broken.test'), 'spf');
    expect(syntax.status).toBe('fail');
    expect(syntax.detail).toMatch(/"ip4:999\.1\.1\.1" is not valid.*"frobnicate" is not an SPF mechanism/);
    const voids = one(await run('void.broken.test'), 'spf');
    expect(voids.status).toBe('warn');
    expect(voids.detail).toMatch(/3 of its lookups find nothing/);
    const notPermitted = one(await run('notpermitted.broken.test'), 'spf');
    expect(notPermitted.status).toBe('warn');
    expect(notPermitted.detail).toMatch(
      new RegExp(`the MX mx\\.good\\.test \\(${zones.goodMx.replace(/\./g, '\\.')}\\) is not permitted \\(fail\\)`),
    );
    expect(notPermitted.value).toMatchObject({ mx_results: { [zones.goodMx]: 'fail' } });
  });

  it('SPF: an include reached twice counts twice and is no loop, a macro and a redirect are evaluated, a loop fails', async () => {
    const diamond = one(await run('diamond.good.test'), 'spf');
    expect(diamond).toMatchObject({ status: 'pass', value: { lookups: 4, mx_results: { [zones.goodMx]: 'pass' } } });
    const macro = one(await run('macro.good.test'), 'spf');
    expect(macro).toMatchObject({ status: 'pass', value: { lookups: 1, mx_results: { [zones.goodMx]: 'pass' } } });
    const redirect = one(await run('redir.good.test'), 'spf');
    expect(redirect).toMatchObject({ status: 'pass', value: { lookups: 2, all: '-all', mx_results: { [zones.goodMx]: 'pass' } } });
    const loop = one(await run('loop.good.test'), 'spf');
    expect(loop.status).toBe('fail');
    expect(loop.detail).toMatch(/include:loop\.good\.test loops back to a record that includes it/);
  });

  it('MX: a null MX is understood, an MX host that does not resolve fails, a domain without MX fails', async () => {
    const nullMx = await run('nomx.broken.test');
    expect(nullMx.mx).toEqual([]);
    expect(one(nullMx, 'mx')).toMatchObject({ status: 'pass' });
    expect(one(nullMx, 'mx').detail).toMatch(/null MX.*accepts no mail/);
    expect(one(nullMx, 'blocklist').status).toBe('info');
    const dangling = await run('dangling.broken.test');
    expect(one(dangling, 'mx')).toMatchObject({ status: 'fail', detail: 'The MX host gone.broken.test does not resolve to an address.' });
    const none = await run('l1.broken.test');
    expect(one(none, 'mx')).toMatchObject({ status: 'fail' });
  });

  it("DMARC: a subdomain without its own record is judged by its parent's; no record anywhere fails", async () => {
    const good = one(await run('diamond.good.test'), 'dmarc');
    expect(good).toMatchObject({ status: 'pass', value: { inherited_from: 'good.test', p: 'reject' } });
    expect(good.detail).toMatch(/^DMARC policy reject \(good\.test's record, for its subdomains\) for all mail/);
    expect(one(await run('l1.broken.test'), 'dmarc')).toMatchObject({ status: 'warn', value: { inherited_from: 'broken.test' } });
    // soft.broken.test's own record says sp=none: its subdomains inherit none
    expect(one(await run('x.soft.broken.test'), 'dmarc')).toMatchObject({ status: 'warn', value: { inherited_from: 'soft.broken.test' } });
    const missing = one(await run('bl.test'), 'dmarc');
    expect(missing).toMatchObject({ status: 'fail', detail: expect.stringMatching(/^No DMARC record at _dmarc\.bl\.test/) as unknown });
  });

  it('an address is not a mail domain; a stopped run rejects instead of waiting for DNS time-outs', async () => {
    const ip = await run('127.30.53.25');
    expect(ip).toMatchObject({ mx: [], checks: [], error: expect.stringMatching(/is an address, not a mail domain/) as unknown });
    await expect(run('good.test', { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
    // a DNS server that never answers, and a run stopped while it waits (timeout 60 s; the test's own limit is lower)
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((r) => silent.bind(0, '127.30.53.9', () => r()));
    const port = silent.address().port;
    const stop = new AbortController();
    const pending = run('good.test', { dnsServers: [`127.30.53.9:${port}`], timeoutMs: 60_000, signal: stop.signal });
    silent.once('message', () => stop.abort());
    await expect(pending).rejects.toThrow(/abort/i);
    silent.close();
  });

  it('block lists: a zone the server will not answer for is info, no zones configured is info', async () => {
    const r = await run('broken.test', { dnsblZones: ['bl.test', 'not-served.invalid'] });
    const byZone = Object.fromEntries(r.checks.filter((c) => c.check === 'blocklist').map((c) => [c.target, c]));
    expect(byZone['bl.test'].status).toBe('fail');
    expect(byZone['not-served.invalid']).toMatchObject({ status: 'info' });
    expect(byZone['not-served.invalid'].detail).toMatch(/could not judge .*refused/);
    const none = await run('good.test', { dnsblZones: [] });
    expect(one(none, 'blocklist')).toMatchObject({ status: 'info', detail: expect.stringMatching(/BULWARK_DNSBL_ZONES/) as unknown });
  });

  it('a DNS server that does not answer makes the whole domain uncheckable (error), not a list of failures', async () => {
    const r = await run('good.test', { dnsServers: ['127.30.53.9:9'], timeoutMs: 300 });
    expect(r.error).toMatch(/could not be reached|did not answer|refused/);
    expect(r.checks).toHaveLength(1);
    expect(r.checks[0]).toMatchObject({ check: 'mx', status: 'fail' });
  });

  it('MTA-STS: a policy served by a server the extra CA does not vouch for fails', async () => {
    const r = await run('good.test', { extraCa: undefined });
    const sts = one(r, 'mta_sts');
    expect(sts.status).toBe('fail');
    expect(sts.detail).toMatch(/cannot be fetched: .*(certificate|issuer)/i);
  });
});
