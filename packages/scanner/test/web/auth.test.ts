// Signing in for a web scan: form login (the form found, its token and remember-me box kept, the indicator), a session
// the server forgets mid-scan (signed in again, counted), a login that fails at the start or cannot be re-established
// (error 4, auth 'failed', never a clean empty result), HTTP basic and digest (RFC 7616 vectors, MD5 and SHA-256),
// bearer headers, and a recorded browser login.
import { afterEach, describe, expect, it } from 'vitest';
import { DigestAuth, parseDigestChallenges } from '../../src/web/auth/digest.ts';
import { runWebScan } from '../../src/web/engine.ts';
import type { WebAuthSpec, WebTest } from '../../src/web/types.ts';
import type { Site } from './fixtures/site-server.ts';
import { startBasicSite, startBearerSite, startDigestSite, startFormLoginSite } from './fixtures/site-login.ts';
import { webSpec } from './fixtures/site-spec.ts';

const sites: Site[] = [];
const keep = async <T extends Site>(s: Promise<T>): Promise<T> => {
  const site = await s;
  sites.push(site);
  return site;
};
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});
const signal = (): AbortSignal => new AbortController().signal;
const paths = (r: { sitemap: { url: string }[] }): string[] => r.sitemap.map((e) => new URL(e.url).pathname);
const form = (site: Site, over: Partial<Extract<WebAuthSpec, { kind: 'form' }>> = {}): WebAuthSpec => ({
  kind: 'form',
  loginUrl: `${site.base}/login`,
  username: 'alice',
  password: 's3cret',
  extraFields: { remember: 'on' },
  loggedInIndicator: 'Sign out',
  ...over,
});

describe('form login', () => {
  it('signs in through the form (token kept, user field found before the password), crawls signed in, never logs out', async () => {
    const site = await keep(startFormLoginSite());
    const r = await runWebScan(webSpec(`${site.base}/dashboard`, { auth: form(site) }), { signal: signal() });
    expect(r.stats.auth).toBe('signed-in');
    expect(r.errors).toEqual([]);
    expect(paths(r)).toEqual(expect.arrayContaining(['/dashboard', '/account', '/orders', '/reports', '/account/save']));
    expect(r.sitemap.every((e) => e.status === 200)).toBe(true);
    expect(site.count('/logout')).toBe(0);
    expect(r.skipped.map((s) => new URL(s.url).pathname)).toContain('/logout');
    // The login form was posted once; the login page is not crawled.
    expect(site.count('/login', 'POST')).toBe(1);
    expect(r.sitemap.some((e) => e.url.includes('/login'))).toBe(false);
    expect(r.stats.reauthentications).toBe(0);
  });

  it('crawls the start URL when it is the login page itself (signed in, it is the home page)', async () => {
    const site = await keep(startFormLoginSite({ homeIsLogin: true }));
    const r = await runWebScan(webSpec(`${site.base}/`, { auth: form(site, { loginUrl: `${site.base}/` }) }), { signal: signal() });
    expect(r.stats.auth).toBe('signed-in');
    expect(paths(r)).toEqual(expect.arrayContaining(['/', '/account', '/orders']));
  });

  it('signs in with only a signed-out indicator', async () => {
    const site = await keep(startFormLoginSite());
    const auth = form(site, { loggedInIndicator: undefined, loggedOutIndicator: 'Please sign in' });
    const r = await runWebScan(webSpec(`${site.base}/dashboard`, { auth }), { signal: signal() });
    expect(r.stats.auth).toBe('signed-in');
    expect(paths(r)).toContain('/account');
  });

  it('signs in again when the server forgets the session mid-scan', async () => {
    const site = await keep(startFormLoginSite({ forgetAfter: 3 }));
    const r = await runWebScan(webSpec(`${site.base}/dashboard`, { auth: form(site), limits: { parallel: 1 } as never }), {
      signal: signal(),
    });
    expect(r.stats.reauthentications).toBeGreaterThanOrEqual(1);
    expect(site.logins).toBe(r.stats.reauthentications + 1);
    expect(r.stats.auth).toBe('signed-in');
    expect(r.errors).toEqual([]);
    // Every protected page was reached signed in (no redirect to the login page in the site map).
    expect(paths(r)).toEqual(expect.arrayContaining(['/dashboard', '/account', '/orders', '/reports', '/reports/2025']));
    expect(r.sitemap.filter((e) => e.status !== 200)).toEqual([]);
  });

  it('checks the session on the check page when a page shows the signed-out text', async () => {
    const site = await keep(startFormLoginSite({ forgetAfter: 2, softLogout: true }));
    const auth = form(site, { loggedOutIndicator: 'Please sign in', checkUrl: `${site.base}/dashboard` });
    const r = await runWebScan(webSpec(`${site.base}/dashboard`, { auth, limits: { parallel: 1 } as never }), { signal: signal() });
    expect(r.stats.reauthentications).toBeGreaterThanOrEqual(1);
    expect(r.stats.auth).toBe('signed-in');
  });

  it('ends with error 4 and auth failed when the login fails, crawling nothing', async () => {
    const site = await keep(startFormLoginSite());
    const r = await runWebScan(webSpec(`${site.base}/dashboard`, { auth: form(site, { password: 'wrong' }) }), { signal: signal() });
    expect(r.errors.map((e) => e.type)).toEqual([4]);
    expect(r.errors[0]!.message).toMatch(/did not sign in/);
    expect(r.stats.auth).toBe('failed');
    expect(r.sitemap).toEqual([]);
  });

  it('ends with error 4 and the server’s reason when the login cannot be had, without asking the site anything', async () => {
    const site = await keep(startFormLoginSite());
    const reason = 'Vault credential "Shop": the vault refused the request';
    const spec = webSpec(`${site.base}/dashboard`, { auth: form(site, { password: '' }), authUnavailable: reason });
    const r = await runWebScan(spec, { signal: signal() });
    expect(r.errors).toEqual([expect.objectContaining({ type: 4, message: reason })]);
    expect(r.stats.auth).not.toBe('signed-in');
    expect(site.hits).toEqual([]);
  });

  it('ends with error 4 when a lost session cannot be established again (3 tries)', async () => {
    const site = await keep(startFormLoginSite({ forgetAfter: 8, loginsAllowed: 1 }));
    const r = await runWebScan(webSpec(`${site.base}/dashboard`, { auth: form(site), limits: { parallel: 1 } as never }), {
      signal: signal(),
    });
    expect(r.errors.map((e) => e.type)).toEqual([4]);
    expect(r.errors[0]!.message).toMatch(/could not be established again \(3 tries\)/);
    expect(r.stats.auth).toBe('failed');
    expect(site.count('/login', 'POST')).toBe(4);
    expect(r.sitemap.length).toBeGreaterThan(0);
  });
});

describe('session lost during the tests', () => {
  it('is error 4 even when a test swallows the error, and the scan stops', async () => {
    const site = await keep(startFormLoginSite({ forgetAfter: 30, loginsAllowed: 1 }));
    let sent = 0;
    let failedSends = 0;
    const swallowing: WebTest = {
      id: 'web-test-swallow',
      name: 'Swallow',
      category: 'test',
      severity: 0,
      cwe: [],
      owasp: 'A03:2021',
      description: '',
      solution: '',
      references: [],
      kind: 'active',
      async point(p, ctx) {
        for (let i = 0; i < 20; i++) {
          try {
            await ctx.client.send({ method: 'GET', url: p.url });
            sent++;
          } catch {
            failedSends++;
          }
        }
        return [];
      },
    };
    const r = await runWebScan(
      webSpec(`${site.base}/dashboard`, { auth: form(site), discovery: false, limits: { parallel: 1 } as never }),
      {
        signal: signal(),
        tests: [swallowing],
      },
    );
    expect(r.errors.map((e) => e.type)).toEqual([4]);
    expect(r.stats.auth).toBe('failed');
    expect(sent).toBeGreaterThan(0);
    // The scan stopped at the loss: the remaining points were not tested.
    expect(failedSends).toBeLessThanOrEqual(20);
  });
});

describe('HTTP authentication', () => {
  it('basic: signs in, or fails with error 4', async () => {
    const site = await keep(startBasicSite());
    const ok = await runWebScan(webSpec(`${site.base}/`, { auth: { kind: 'basic', username: 'alice', password: 's3cret' } }), {
      signal: signal(),
    });
    expect(paths(ok)).toEqual(['/', '/private']);
    expect(ok.stats.auth).toBe('signed-in');
    const bad = await runWebScan(webSpec(`${site.base}/`, { auth: { kind: 'basic', username: 'alice', password: 'x' } }), {
      signal: signal(),
    });
    expect(bad.errors.map((e) => e.type)).toEqual([4]);
    expect(bad.stats.auth).toBe('failed');
  });

  it.each(['MD5', 'SHA-256'] as const)('digest %s: signs in and answers each request with a rising nonce count', async (algorithm) => {
    const site = await keep(startDigestSite(algorithm));
    const r = await runWebScan(webSpec(`${site.base}/`, { auth: { kind: 'digest', username: 'alice', password: 's3cret' } }), {
      signal: signal(),
    });
    expect(r.errors).toEqual([]);
    expect(paths(r)).toEqual(['/', '/private']);
    const bad = await runWebScan(webSpec(`${site.base}/`, { auth: { kind: 'digest', username: 'alice', password: 'no' } }), {
      signal: signal(),
    });
    expect(bad.stats.auth).toBe('failed');
  });

  it('digest matches the RFC 7616 examples (MD5 and SHA-256)', () => {
    const header =
      'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"';
    const [sha, md5] = parseDigestChallenges(header);
    expect([sha!.algorithm, md5!.algorithm]).toEqual(['SHA-256', 'MD5']);
    const cnonce = (): string => 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ';
    const url = 'http://www.example.org/dir/index.html';
    expect(new DigestAuth(md5!, 'Mufasa', 'Circle of Life', cnonce).authorization('GET', url)).toContain(
      'response="8ca523f5e9506fed4657c9700eebdbec"',
    );
    expect(new DigestAuth(sha!, 'Mufasa', 'Circle of Life', cnonce).authorization('GET', url)).toContain(
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"',
    );
  });
});

describe('header and recorded logins', () => {
  it('bearer headers: sent with every request; a wrong token is error 4', async () => {
    const site = await keep(startBearerSite());
    const ok = await runWebScan(
      webSpec(`${site.base}/`, {
        auth: { kind: 'headers', headers: { Authorization: 'Bearer t0ken' }, loggedInIndicator: 'Signed in as' },
      }),
      { signal: signal() },
    );
    expect(paths(ok)).toEqual(['/', '/me']);
    const bad = await runWebScan(webSpec(`${site.base}/`, { auth: { kind: 'headers', headers: { Authorization: 'Bearer nope' } } }), {
      signal: signal(),
    });
    expect(bad.errors.map((e) => e.type)).toEqual([4]);
  });

  it('recorded: the browser replays the steps and its cookies sign the crawl in; no browser is error 4', async () => {
    const site = await keep(startFormLoginSite());
    // The session a real browser replay would end with: signed in through the form outside the scan.
    const res = await fetch(`${site.base}/login`, {
      method: 'POST',
      body: 'login=alice&pass=s3cret&_token=tok-1234567890&remember=on',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    const steps = [{ action: 'goto' as const, url: `${site.base}/login` }];
    const auth: WebAuthSpec = { kind: 'recorded', steps, loggedInIndicator: 'Sign out', checkUrl: `${site.base}/dashboard` };
    let replayed = 0;
    const r = await runWebScan(webSpec(`${site.base}/dashboard`, { auth }), {
      signal: signal(),
      launchBrowser: async () => ({
        crawl: async () => ({ pages: [], requests: [], forms: [] }),
        replayLogin: async () => {
          replayed++;
          return { cookies: [{ name: 'sid', value: sid, domain: '127.0.0.1', path: '/' }], storage: [] };
        },
        run: async () => ({ executed: [], finalUrl: '' }),
        close: async () => {},
      }),
    });
    expect(replayed).toBe(1);
    expect(r.stats.auth).toBe('signed-in');
    expect(paths(r)).toContain('/account');
    const none = await runWebScan(webSpec(`${site.base}/dashboard`, { auth }), {
      signal: signal(),
      launchBrowser: async () => ({ unavailable: 'no Chromium' }),
    });
    expect(none.errors.map((e) => e.type)).toEqual([4]);
    expect(none.errors[0]!.message).toContain('no Chromium');
  });
});
