// The passive and site web tests against a fixture site with every flaw and its fixed twin: each test finds its flaw
// once (per site where it reports per site), with evidence and masked data, and the twin gives no finding at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPassiveSite, SITE_PAGES, type PassiveSite } from './fixtures/site-passive-app.ts';
import { runPassiveTests, type PassiveRun } from './fixtures/site-passive-harness.ts';

let flawed: PassiveSite;
let fixed: PassiveSite;
let run: PassiveRun;
let twin: PassiveRun;

beforeAll(async () => {
  [flawed, fixed] = await Promise.all([startPassiveSite(false), startPassiveSite(true)]);
  [run, twin] = await Promise.all([runPassiveTests(flawed.origin, SITE_PAGES), runPassiveTests(fixed.origin, SITE_PAGES)]);
});
afterAll(async () => {
  await Promise.all([flawed?.close(), fixed?.close()]);
});

describe('passive and site web tests on a flawed site', () => {
  it('find the national identity numbers of every country, masked', () => {
    for (const [test, masked] of [
      ['web-sensitive-cpr', '1208••-••34'],
      ['web-sensitive-fodselsnummer', '0101•••••60'],
      ['web-sensitive-personnummer', '8112••-••76'],
      ['web-sensitive-ssn', '536-••-••26'],
    ] as const) {
      const [f, ...more] = run.of(test);
      expect(more, test).toHaveLength(0);
      expect(f!.evidence.proof).toContain(masked);
      expect(f!.url).toBe(`${flawed.origin}/people.html`);
    }
    const all = JSON.stringify(run.findings);
    for (const raw of ['120870-1234', '01010750160', '811218-9876', '536-22-8726', '4556 8529 6307 4186', 'anna.jensen@'])
      expect(all).not.toContain(raw);
  });

  it('finds the card, the e-mail address, the private address and the AWS key', () => {
    expect(run.of('web-sensitive-card')[0]!.evidence.proof).toMatch(/Visa card number: 4556 •{4} •{4} ••86/);
    expect(run.of('web-sensitive-email')).toHaveLength(1);
    expect(run.of('web-sensitive-email')[0]!.evidence.proof).toContain('a•••@shop-mail.dk');
    expect(run.of('web-private-ip')[0]!.evidence.proof).toContain('10.0.3.7');
    const key = run.of('web-secret-key');
    expect(key).toHaveLength(1);
    expect(key[0]!.name).toBe('AWS access key id disclosed');
    expect(key[0]!.evidence.proof).toContain('AKIA');
    expect(JSON.stringify(key)).not.toContain('AKIAJ3K4L5M6N7P8Q9R2');
  });

  it('finds the PHP error, the Django debug page, phpinfo and the directory listing', () => {
    expect(run.of('web-error-message').map((f) => f.name)).toEqual(['PHP error with a file path disclosed']);
    expect(run.of('web-debug-page')[0]!.name).toBe('Django debug page (DEBUG = True) exposed');
    expect(run.of('web-phpinfo')[0]!.evidence.proof).toContain('PHP 8.1.2');
    const listing = run.of('web-directory-listing');
    expect(listing).toHaveLength(1);
    expect(listing[0]!.url).toBe(`${flawed.origin}/files/`);
    expect(listing[0]!.evidence.proof).toBe('nginx directory listing of /files/');
    expect(listing[0]!.evidence.response).toContain('Index of /files/');
  });

  it('reports missing headers and the insecure session cookie once per site', () => {
    for (const t of ['web-clickjacking', 'web-csp-missing', 'web-xcto-missing']) expect(run.of(t), t).toHaveLength(1);
    expect(run.of('web-hsts-missing')).toHaveLength(0); // plain HTTP
    const cookie = run.of('web-cookie-insecure');
    expect(cookie.map((f) => f.name)).toEqual(['Session cookie PHPSESSID without HttpOnly']);
    expect(cookie[0]!.evidence.request).toMatch(/^GET \/ HTTP\/1.1/);
    expect(
      run
        .of('web-server-version')
        .map((f) => f.evidence.proof)
        .sort(),
    ).toEqual(['server: nginx/1.22.1', 'x-powered-by: PHP/8.1.2']);
  });

  it('finds CSRF (potential: the session cookie has no SameSite) and CORS reflection with credentials', () => {
    const [c, ...more] = run.of('web-csrf');
    expect(more).toHaveLength(0);
    expect(c!.confidence).toBe('potential');
    expect(c!.url).toBe(`${flawed.origin}/account/email`);
    const [cors, ...moreCors] = run.of('web-cors');
    expect(moreCors).toHaveLength(0);
    expect(cors).toMatchObject({ url: `${flawed.origin}/api/me`, name: 'CORS allows an arbitrary origin with credentials', severity: 3 });
    expect(cors!.evidence.proof.split('\n')).toEqual([
      'Origin: http://bwk-evil.invalid → access-control-allow-origin: http://bwk-evil.invalid, access-control-allow-credentials: true',
      'Origin: null → access-control-allow-origin: null, access-control-allow-credentials: true',
      'Origin: http://127.0.0.1.bwk-evil.invalid → access-control-allow-origin: http://127.0.0.1.bwk-evil.invalid, access-control-allow-credentials: true',
    ]);
  });

  it('finds the Prometheus metrics open to anyone, by their format', () => {
    expect(run.of('web-status-endpoint')).toMatchObject([
      { url: `${flawed.origin}/metrics`, name: 'Prometheus metrics exposed', evidence: { proof: '/metrics: Prometheus metrics' } },
    ]);
  });

  it('finds the exposed .git and .env, the backup, the source map and the dangerous methods', () => {
    expect(
      run
        .of('web-vcs-exposure')
        .map((f) => f.name)
        .sort(),
    ).toEqual(['Environment file exposed', 'Git repository exposed']);
    expect(JSON.stringify(run.of('web-vcs-exposure'))).not.toContain('hunter2');
    const backup = run.of('web-backup-file');
    expect(backup.map((f) => f.url)).toEqual([`${flawed.origin}/index.php.bak`]);
    expect(backup[0]!.severity).toBe(3);
    expect(run.of('web-source-map')[0]!.evidence.proof).toContain('src/secret-admin.ts');
    expect(
      run
        .of('web-http-methods')
        .map((f) => f.name)
        .sort(),
    ).toEqual(['HTTP PUT and DELETE allowed', 'HTTP TRACE enabled', 'HTTP methods announced: PUT, DELETE, TRACE']);
  });

  it('names the outdated jQuery with its CVEs', () => {
    const [js, ...more] = run.of('web-js-library-outdated');
    expect(more).toHaveLength(0);
    expect(js!.name).toBe('jQuery 1.8.3 has known vulnerabilities');
    expect(js!.cve).toEqual(expect.arrayContaining(['CVE-2015-9251', 'CVE-2019-11358', 'CVE-2020-11023']));
  });

  it('every finding carries its request and response', () => {
    for (const f of run.findings) {
      expect(f.evidence.request, f.test).toMatch(/^[A-Z]+ \/\S* HTTP\/1.1\nhost: 127.0.0.1:\d+/);
      expect(f.evidence.response, f.test).toMatch(/^HTTP\/1.1 \d{3}/);
      expect(f.evidence.proof.length, f.test).toBeGreaterThan(0);
    }
  });
});

describe('the fixed twin', () => {
  it('gives no finding at all', () => {
    expect(twin.findings.map((f) => `${f.test}: ${f.evidence.proof}`)).toEqual([]);
  });
});
