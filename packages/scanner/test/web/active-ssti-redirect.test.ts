// The two misses measured on Juice Shop (docs/benchmarks.md): template injection shown only on the page a form's 302
// leads to, and an open redirect whose allow-list accepts any URL containing an allowed one. Each found with its
// proof on the fixture shaped after them; the fixed twins (value escaped, exact allow-list) give no finding.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { factors } from '../../src/web/inject.ts';
import { openRedirect, REDIRECT_HOST } from '../../src/web/tests/active/redirect.ts';
import { ssti } from '../../src/web/tests/active/ssti.ts';
import { formPoint, harness, queryPoint, type Harness } from './fixtures/harness.ts';
import { ALLOWED_REDIRECTS, startPrgSite, type PrgSite } from './fixtures/site-prg.ts';

let vuln: PrgSite;
let fixed: PrgSite;
let h: Harness;

beforeAll(async () => {
  [vuln, fixed] = await Promise.all([startPrgSite({ fixed: false }), startPrgSite({ fixed: true })]);
  h = harness();
  // The scan's session: the profile is stored per signed-in user, as in Juice Shop.
  await h.client.send({ method: 'GET', url: `${vuln.base}/login` });
  await h.client.send({ method: 'GET', url: `${fixed.base}/login` });
});
afterAll(async () => {
  h?.close();
  await Promise.all([vuln?.close(), fixed?.close()]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const profilePoint = (base: string, path = '/profile', name = 'username') =>
  formPoint(`${base}${path}`, `${base}${path}`, [{ name, type: 'text', value: '' }], name);

describe('template injection shown on the page the redirect leads to', () => {
  it('finds the product on the next page, with that page as evidence', async () => {
    const found = await ssti.point!(profilePoint(vuln.base), h.ctx);
    expect(found).toHaveLength(1);
    const f = found[0]!;
    expect(f).toMatchObject({ test: 'web-ssti', parameter: 'username', location: 'body', method: 'POST', confidence: 'confirmed' });
    const [, a, b] = /^#\{(\d+)\*(\d+)\}$/.exec(f.payload ?? '') ?? [];
    expect(a && b, f.payload).toBeTruthy();
    const product = String(Number(a) * Number(b));
    expect(f.evidence.proof).toMatch(
      new RegExp(`^#\\{${a}\\*${b}\\} rendered as ${product} \\(Ruby/Pug/Slim syntax\\); #\\{\\d+\\*\\d+\\} as \\d+`),
    );
    expect(f.evidence.proof).toContain(`shown on ${vuln.base}/profile`);
    expect(f.evidence.how).toBe('template expression evaluated by the server, shown on the page the answer redirects to');
    // The evidence shows the page where the product appeared, not the 302's body.
    expect(f.evidence.response).toMatch(new RegExp(`^${vuln.base}/profile:\\n[\\s\\S]*<p class="user">${product}</p>`));
    expect(f.evidence.request).toMatch(/^POST \/profile HTTP\/1\.1[\s\S]*answered 302 Location: \/profile[\s\S]*GET \/profile HTTP\/1\.1/);
    // Every page read went in the scan's session.
    expect(vuln.hits.filter((x) => x.path === '/profile' && !x.cookie?.includes('sid='))).toEqual([]);
  });

  it('no finding where the stored value is shown escaped, unevaluated', async () => {
    const before = fixed.count('/profile');
    expect(await ssti.point!(profilePoint(fixed.base), h.ctx)).toEqual([]);
    // Each payload's answer and its next page: 1 + 1 baseline, then 2 per syntax (8 syntaxes).
    expect(fixed.count('/profile') - before).toBe(18);
  });

  it('a product already on the next page before injection proves nothing', async () => {
    // Fixed random numbers, so the product the test will look for is known and listed on the page beforehand.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vuln.ledger.push(factors().product);
    try {
      expect(await ssti.point!(profilePoint(vuln.base, '/ledger', 'note'), h.ctx)).toEqual([]);
    } finally {
      vuln.ledger.length = 0;
    }
  });
});

describe('open redirect past an allow-list that keeps the allowed URL', () => {
  const allowed = ALLOWED_REDIRECTS[0]!;

  it('finds a redirect to an outside host carrying the allowed URL', async () => {
    const found = await openRedirect.point!(queryPoint(`${vuln.base}/redirect?to=${allowed}`, 'to'), h.ctx);
    expect(found).toHaveLength(1);
    const f = found[0]!;
    expect(f).toMatchObject({ test: 'web-open-redirect', parameter: 'to', location: 'query', confidence: 'confirmed' });
    expect(f.payload).toMatch(new RegExp(`^http://${REDIRECT_HOST.replace(/\./g, '\\.')}/bwk\\w+\\?${allowed.replace(/[.?/]/g, '\\$&')}$`));
    expect(f.evidence.proof).toBe(`Location: ${f.payload}`);
    expect(f.evidence.how).toBe('Location header points to the injected host');
  });

  it('finds a prefix check passed by the allowed host as user name', async () => {
    const found = await openRedirect.point!(queryPoint(`${vuln.base}/redirect-prefix?to=${allowed}`, 'to'), h.ctx);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ test: 'web-open-redirect', parameter: 'to', confidence: 'confirmed' });
    expect(found[0]!.payload).toMatch(new RegExp(`^https://github\\.com@${REDIRECT_HOST.replace(/\./g, '\\.')}/bwk\\w+$`));
    expect(found[0]!.evidence.proof).toBe(`Location: ${found[0]!.payload}`);
  });

  it('no finding where only an exact allowed URL redirects, in a few requests', async () => {
    const before = fixed.count('/redirect');
    expect(await openRedirect.point!(queryPoint(`${fixed.base}/redirect?to=${allowed}`, 'to'), h.ctx)).toEqual([]);
    // The four bare outside hosts, then query, fragment and user-name forms carrying the URL.
    expect(fixed.count('/redirect') - before).toBe(7);
    expect(await openRedirect.point!(queryPoint(`${fixed.base}/redirect-prefix?to=${allowed}`, 'to'), h.ctx)).toEqual([]);
  });

  it('carries nothing when the original value is neither a URL nor a path', async () => {
    const before = vuln.count('/redirect');
    expect(await openRedirect.point!(queryPoint(`${vuln.base}/redirect?next=home`, 'next'), h.ctx)).toEqual([]);
    expect(vuln.count('/redirect') - before).toBe(4);
  });
});
