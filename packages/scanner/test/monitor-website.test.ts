// The website monitor against real HTTP and HTTPS servers on loopback: availability, status, response time, redirects
// (chain, loop, too many, https → http), TLS (test CA, expired, wrong name, self-signed, TLS 1.0, days by an injected
// clock), security headers, content change over a page with rotating tokens, keywords, and a site that cannot be checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebsite, type WebsiteCheckOptions } from '../src/monitor/website.ts';
import { closeAll } from './checks-helpers/servers.ts';
import { check, defaults, resolveTestHost, shop, startSites, type Sites } from './monitor-website-fixtures/sites.ts';

const DAY = 86_400_000;
let s: Sites;
const opts = (url: string, more: Partial<WebsiteCheckOptions> = {}): WebsiteCheckOptions => ({ ...defaults(url, s), ...more });

beforeAll(async () => {
  s = await startSites();
});
afterAll(closeAll);

describe('a plain HTTP site', () => {
  it('passes availability, status, response time and redirects, and records a first content hash', async () => {
    const r = await check(opts(`${s.http}/`));
    expect(r.error).toBeNull();
    expect(r.final_url).toBe(`${s.http}/`);
    expect(r.status_code).toBe(200);
    expect(r.response_ms).toEqual(expect.any(Number));
    expect(r.tls).toBeNull();
    for (const k of ['availability', 'status_code', 'response_time', 'redirects']) expect(r.by(k)[0]?.status, k).toBe('pass');
    expect(r.checks.some((c) => c.check.startsWith('tls_'))).toBe(false);
    expect(r.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.content_changed).toBeNull();
    expect(r.by('content_change')[0]).toMatchObject({ status: 'info' });
    // On plain HTTP, Strict-Transport-Security cannot apply: info, not a warning.
    expect(r.security_headers.find((h) => h.name === 'Strict-Transport-Security')?.status).toBe('info');
    expect(r.by('security_headers')[0]?.status).toBe('pass');
  });

  it('decodes gzip, deflate and brotli bodies and a latin-1 page before hashing and searching them', async () => {
    const hashes = new Set<string | null>();
    for (const enc of ['gzip', 'deflate', 'br']) {
      const r = await check(opts(`${s.http}/${enc}`, { keywordsRequired: ['compressed hello'] }));
      expect(r.by('keywords_required')[0]?.status, enc).toBe('pass');
      hashes.add(r.content_hash);
    }
    expect(hashes.size).toBe(1);
    const latin = await check(opts(`${s.http}/latin1`, { keywordsRequired: ['Café crème'] }));
    expect(latin.by('keywords_required')[0]?.status).toBe('pass');
  });

  it('fails availability on a body that does not decode, rather than hashing garbage', async () => {
    const r = await check(opts(`${s.http}/broken-gzip`, { previousHash: 'd'.repeat(64) }));
    expect(r.error).toContain('does not decode');
    expect(r.by('availability')[0]?.status).toBe('fail');
    expect(r.content_hash).toBe('d'.repeat(64));
  });

  it('reads at most 5 MB of a page and says so', async () => {
    const r = await check(opts(`${s.http}/big`));
    expect(r.by('content_change')[0]?.detail).toContain('first 5 MB');
    expect(r.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('status codes', () => {
  it('fails a 500 and a 404 when any 2xx is expected, keeping the last content hash as the baseline', async () => {
    const r = await check(opts(`${s.http}/status/500`, { previousHash: 'a'.repeat(64), keywordsRequired: ['home'] }));
    expect(r.by('availability')[0]?.status).toBe('pass');
    expect(r.by('status_code')[0]).toMatchObject({ status: 'fail', value: 500 });
    expect(r.by('status_code')[0]?.detail).toContain('500 Internal Server Error');
    // An error page is not the page: no content comparison, no keyword verdicts, the baseline survives.
    expect(r.content_hash).toBe('a'.repeat(64));
    expect(r.content_changed).toBeNull();
    expect(r.by('content_change')).toEqual([]);
    expect(r.by('keywords_required')).toEqual([]);
    expect((await check(opts(`${s.http}/status/404`))).by('status_code')[0]?.status).toBe('fail');
  });

  it('passes the expected status, and judges an expected redirect on the first answer', async () => {
    expect((await check(opts(`${s.http}/status/404`, { expectedStatus: 404 }))).by('status_code')[0]?.status).toBe('pass');
    expect((await check(opts(`${s.http}/`, { expectedStatus: 204 }))).by('status_code')[0]?.status).toBe('fail');
    const moved = await check(opts(`${s.http}/r1`, { expectedStatus: 301 }));
    expect(moved.by('status_code')[0]).toMatchObject({ status: 'pass', target: `${s.http}/r1`, value: 301 });
  });
});

describe('response time', () => {
  it('warns when the page takes longer than the threshold', async () => {
    // The server answers after 250 ms; the threshold is 100 ms, so the check cannot pass whatever the machine's load.
    const r = await check(opts(`${s.http}/slow`, { slowMs: 100 }));
    expect(r.by('response_time')[0]?.status).toBe('warn');
  });
});

describe('redirects', () => {
  it('follows a chain by hand, recording each hop, to the https page', async () => {
    const r = await check(opts(`${s.http}/r1`));
    expect(r.redirects).toEqual([
      { url: `${s.http}/r1`, status: 301 },
      { url: `${s.http}/r2`, status: 302 },
    ]);
    expect(r.final_url).toBe(`${s.https}/`);
    expect(r.by('redirects')[0]).toMatchObject({ status: 'pass' });
    expect(r.by('redirects')[0]?.detail).toContain('2 redirects');
    expect(r.by('tls_chain')[0]).toMatchObject({ status: 'pass', target: s.https });
  });

  it('fails a loop and stops', async () => {
    const r = await check(opts(`${s.http}/loop-a`));
    expect(r.redirects.map((h) => h.status)).toEqual([302, 307]);
    expect(r.by('redirects')[0]?.status).toBe('fail');
    expect(r.by('redirects')[0]?.detail).toContain('loop');
    expect(r.by('status_code')[0]?.status).toBe('fail');
    expect(r.by('security_headers')).toEqual([]);
  });

  it('fails after 10 redirects', async () => {
    const r = await check(opts(`${s.http}/many/0`));
    expect(r.redirects).toHaveLength(11);
    expect(r.by('redirects')[0]?.detail).toContain('More than 10 redirects');
    expect(r.by('redirects')[0]?.status).toBe('fail');
  });

  it('fails a redirect to an address that is not a web page', async () => {
    const r = await check(opts(`${s.http}/to-ftp`));
    expect(r.by('redirects')[0]).toMatchObject({ status: 'fail' });
    expect(r.by('redirects')[0]?.detail).toContain('ftp:');
  });

  it('fails a redirect from https to plain http but still reads the page', async () => {
    const r = await check(opts(`${s.https}/down`));
    expect(r.final_url).toBe(`${s.http}/`);
    expect(r.by('redirects')[0]?.status).toBe('fail');
    expect(r.by('redirects')[0]?.detail).toContain('HTTPS to plain HTTP');
    expect(r.by('status_code')[0]?.status).toBe('pass');
  });
});

describe('TLS', () => {
  it('passes a CA-signed certificate for the address, with its details', async () => {
    const r = await check(opts(`${s.https}/`));
    for (const k of ['tls_valid', 'tls_expiry', 'tls_chain', 'tls_name', 'tls_protocol']) expect(r.by(k)[0]?.status, k).toBe('pass');
    expect(r.tls).toMatchObject({
      protocol: 'TLSv1.3',
      subject: 'CN=127.30.1.2',
      issuer: 'CN=Bulwark Monitor Test CA',
      san: ['127.30.1.2'],
      chain_ok: true,
      name_ok: true,
      error: null,
    });
    expect(r.tls?.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(r.tls?.valid_to).toBe(s.validTo.toISOString());
  });

  it('counts the days left by the injected clock: pass, warn within cert days, fail once expired or before validity', async () => {
    const at = (now: Date) => check(opts(`${s.https}/`, { now, certDays: 30 }));
    const far = await at(new Date(s.validTo.getTime() - 45 * DAY));
    expect(far.tls?.days_left).toBe(45);
    expect(far.by('tls_expiry')[0]?.status).toBe('pass');
    const soon = await at(new Date(s.validTo.getTime() - 20 * DAY));
    expect(soon.tls?.days_left).toBe(20);
    expect(soon.by('tls_expiry')[0]).toMatchObject({ status: 'warn', value: 20 });
    expect(soon.by('tls_valid')[0]?.status).toBe('pass');
    const after = await at(new Date(s.validTo.getTime() + 3 * DAY));
    expect(after.by('tls_expiry')[0]).toMatchObject({ status: 'fail', value: -3 });
    expect(after.by('tls_valid')[0]?.status).toBe('fail');
    // The machine's clock says the certificate is fine: only the injected one judges dates.
    expect(after.by('tls_chain')[0]?.status).toBe('pass');
    const before = await at(new Date(s.validFrom.getTime() - DAY));
    expect(before.by('tls_valid')[0]?.detail).toContain('not valid until');
  });

  it('fails the chain without the test CA (as an operator without BULWARK_EXTRA_CA_FILE would see it)', async () => {
    const r = await check(opts(`${s.https}/`, { extraCa: undefined }));
    expect(r.by('tls_chain')[0]?.status).toBe('fail');
    expect(r.tls?.chain_ok).toBe(false);
    expect(r.tls?.error).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    // The page is still read and judged: an untrusted certificate is a TLS failure, not an outage.
    expect(r.by('availability')[0]?.status).toBe('pass');
  });

  it('fails an expired certificate on dates while its CA-signed chain stays trusted', async () => {
    const r = await check(opts(`${s.expired}/`, { now: new Date() }));
    expect(r.by('tls_valid')[0]?.status).toBe('fail');
    expect(r.by('tls_expiry')[0]?.status).toBe('fail');
    expect(r.tls?.days_left).toBeLessThan(0);
    expect(r.by('tls_chain')[0]?.status).toBe('pass');
  });

  it('fails a self-signed expired certificate on trust too (a date error must not hide it)', async () => {
    const r = await check(opts(`${s.selfSigned}/`, { now: new Date() }));
    expect(r.by('tls_chain')[0]).toMatchObject({ status: 'fail', detail: 'The certificate is self-signed; browsers do not trust it.' });
    expect(r.tls?.error).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(r.by('tls_valid')[0]?.status).toBe('fail');
  });

  it('fails a certificate for another name, naming what it is for', async () => {
    const r = await check(opts(`${s.wrongName}/`));
    expect(r.by('tls_name')[0]?.status).toBe('fail');
    expect(r.by('tls_name')[0]?.detail).toContain('shop.example, www.shop.example');
    expect(r.tls?.name_ok).toBe(false);
    expect(r.by('tls_chain')[0]?.status).toBe('pass');
  });

  it('judges every https origin a redirect passes through', async () => {
    const r = await check(opts(`${s.https}/to-other`));
    expect(r.by('tls_name').map((c) => [c.target, c.status])).toEqual([
      [s.https, 'pass'],
      [s.wrongName, 'fail'],
    ]);
    expect(r.tls?.name_ok).toBe(false);
  });

  it('sends the host name (SNI) and matches it against the names, wildcards included', async () => {
    const at = (host: string) => check(opts(`https://${host}:${s.sniPort}/`, { resolveHost: resolveTestHost }));
    const bare = await at('shop.test');
    // Without SNI the server would have answered with its default.invalid certificate.
    expect(bare.tls).toMatchObject({ subject: 'CN=shop.test', san: ['shop.test', '*.shop.test'], name_ok: true });
    expect(bare.by('tls_name')[0]?.status).toBe('pass');
    expect((await at('www.shop.test')).by('tls_name')[0]?.status).toBe('pass');
    // A wildcard covers one label only, as in browsers.
    const deep = await at('a.b.shop.test');
    expect(deep.by('tls_name')[0]).toMatchObject({ status: 'fail', target: `https://a.b.shop.test:${s.sniPort}` });
    expect(deep.by('tls_name')[0]?.detail).toContain('shop.test, *.shop.test, not a.b.shop.test');
  });

  it('warns on TLS 1.0', async () => {
    const r = await check(opts(`${s.tls10}/`));
    expect(r.tls?.protocol).toBe('TLSv1');
    expect(r.by('tls_protocol')[0]?.status).toBe('warn');
  });
});

describe('security headers', () => {
  it('passes all five on a hardened https page', async () => {
    const r = await check(opts(`${s.https}/`));
    expect(r.security_headers.map((h) => [h.name, h.status])).toEqual([
      ['Strict-Transport-Security', 'pass'],
      ['Content-Security-Policy', 'pass'],
      ['X-Content-Type-Options', 'pass'],
      ['X-Frame-Options', 'pass'],
      ['Referrer-Policy', 'pass'],
    ]);
    // Framing is covered by CSP frame-ancestors.
    expect(r.security_headers[3]?.value).toBe("frame-ancestors 'none'");
    expect(r.by('security_headers')[0]?.status).toBe('pass');
  });

  it('warns on each missing header, listing them', async () => {
    const r = await check(opts(`${s.https}/plain`));
    expect(r.security_headers.every((h) => h.status === 'warn' && h.value === null)).toBe(true);
    expect(r.by('security_headers')[0]?.status).toBe('warn');
    expect(r.by('security_headers')[0]?.detail).toContain('Strict-Transport-Security is missing');
  });

  it('warns on weak values: short HSTS, report-only CSP, ALLOW-FROM, unsafe-url', async () => {
    const r = await check(opts(`${s.https}/weak`));
    expect(Object.fromEntries(r.security_headers.map((h) => [h.name, h.status]))).toEqual({
      'Strict-Transport-Security': 'warn',
      'Content-Security-Policy': 'warn',
      'X-Content-Type-Options': 'pass',
      'X-Frame-Options': 'warn',
      'Referrer-Policy': 'warn',
    });
    expect(r.security_headers[0]?.value).toBe('max-age=60');
  });
});

describe('content change', () => {
  it('does not see a change when only the CSRF tokens, nonces, session ids and timestamps rotate; sees a real one', async () => {
    shop.price = '19 EUR';
    const first = await check(opts(`${s.https}/shop`));
    expect(first.content_changed).toBeNull();
    const again = await check(opts(`${s.https}/shop`, { previousHash: first.content_hash }));
    expect(again.content_hash).toBe(first.content_hash);
    expect(again.content_changed).toBe(false);
    expect(again.by('content_change')[0]?.status).toBe('pass');
    shop.price = '24 EUR';
    const changed = await check(opts(`${s.https}/shop`, { previousHash: again.content_hash }));
    expect(changed.content_changed).toBe(true);
    expect(changed.by('content_change')[0]).toMatchObject({
      status: 'fail',
      value: { previous: first.content_hash, current: changed.content_hash },
    });
    shop.price = '19 EUR';
  });

  it('has no content check when content is not watched, yet keeps the hash as a baseline', async () => {
    const r = await check(opts(`${s.https}/shop`, { watchContent: false, previousHash: 'b'.repeat(64) }));
    expect(r.by('content_change')).toEqual([]);
    expect(r.content_changed).toBeNull();
    expect(r.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('keywords', () => {
  it('finds required keywords across tags and case, and fails the missing one', async () => {
    const r = await check(opts(`${s.http}/keywords`, { keywordsRequired: ['welcome home', 'Opening hours'] }));
    expect(r.by('keywords_required')[0]).toMatchObject({ status: 'fail', value: { missing: ['Opening hours'] } });
    const ok = await check(opts(`${s.http}/keywords`, { keywordsRequired: ['Welcome  Home'] }));
    expect(ok.by('keywords_required')[0]?.status).toBe('pass');
  });

  it('fails a forbidden keyword that appears and passes one that does not', async () => {
    const r = await check(opts(`${s.http}/keywords`, { keywordsForbidden: ['wordpress', 'hacked by'] }));
    expect(r.by('keywords_forbidden')[0]).toMatchObject({ status: 'fail', value: { found: ['wordpress'] } });
    const ok = await check(opts(`${s.http}/keywords`, { keywordsForbidden: ['hacked by'] }));
    expect(ok.by('keywords_forbidden')[0]?.status).toBe('pass');
  });
});

describe('a site that cannot be checked', () => {
  it('fails availability with the reason when the connection is refused, and judges nothing else', async () => {
    const r = await check(opts(`${s.refused}/`, { previousHash: 'c'.repeat(64) }));
    expect(r.error).toContain('refused the connection');
    expect(r.checks).toEqual([expect.objectContaining({ check: 'availability', status: 'fail', detail: r.error })]);
    expect(r).toMatchObject({ final_url: null, status_code: null, response_ms: null, content_hash: 'c'.repeat(64) });
  });

  it('fails availability when the name does not resolve', async () => {
    const r = await check(opts('https://nowhere.invalid/', { resolveHost: resolveTestHost }));
    expect(r.error).toBe('The name nowhere.invalid does not resolve (DNS).');
    expect(r.checks.map((c) => [c.check, c.status])).toEqual([['availability', 'fail']]);
  });

  it('fails availability when no answer comes within the timeout', async () => {
    const r = await check(opts(`${s.http}/hang`, { timeoutMs: 300 }));
    expect(r.error).toBe('No answer from 127.30.1.1:' + new URL(s.http).port + ' within 0.3 s.');
    expect(r.by('availability')[0]?.status).toBe('fail');
  });

  it('fails availability when a redirect leads to an address that does not answer', async () => {
    const r = await check(opts(`${s.http}/to-refused`));
    expect(r.redirects).toEqual([{ url: `${s.http}/to-refused`, status: 302 }]);
    expect(r.by('availability')[0]).toMatchObject({ status: 'fail' });
    expect(r.by('availability')[0]?.detail).toContain('redirected to an address that did not answer');
    expect(r.error).toContain('refused the connection');
  });

  it('rejects an address that is not http(s) without any traffic', async () => {
    const r = await check(opts('ftp://127.30.1.1/file'));
    expect(r.by('availability')[0]).toMatchObject({ status: 'fail' });
    expect(r.error).toContain('not an http:// or https:// address');
  });

  it('stops when the caller aborts', async () => {
    const ac = new AbortController();
    const run = checkWebsite({ ...opts(`${s.http}/hang`), signal: ac.signal });
    ac.abort();
    await expect(run).rejects.toThrow();
  });
});
