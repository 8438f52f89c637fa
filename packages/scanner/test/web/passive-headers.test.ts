// The header, cookie and form rules on HTTPS responses (the fixture site is plain HTTP): HSTS, Secure cookies,
// SameSite=None, mixed content, password fields; each with its fixed twin, and reported once per site.
import { describe, expect, it } from 'vitest';
import { HEADER_TESTS } from '../../src/web/tests/passive/headers.ts';
import { DISCLOSURE_TESTS } from '../../src/web/tests/passive/disclosure.ts';
import { DEFAULT_WEB_LIMITS, type WebFinding, type WebResponse, type WebTestContext } from '../../src/web/types.ts';

function context(): WebTestContext {
  const signal = new AbortController().signal;
  return {
    client: { send: () => Promise.reject(new Error('no requests in this test')), requestsSent: 0, inScope: () => true },
    signal,
    spec: {
      target: 'https://shop.test/',
      discovery: false,
      scope: {},
      limits: DEFAULT_WEB_LIMITS,
      browser: false,
      allowDestructive: false,
      sensitive: { countries: ['dk'] },
    },
    sitemap: () => [],
    warn: () => undefined,
  };
}

function response(url: string, headers: Record<string, string>, body = ''): WebResponse {
  return {
    request: { method: 'GET', url, headers: { host: new URL(url).host } },
    url,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    body,
    truncated: false,
    timeMs: 1,
  };
}

/** Runs every header and disclosure test's response hook over the responses, in one scan context. */
function run(...responses: WebResponse[]): WebFinding[] {
  const ctx = context();
  return responses.flatMap((r) => [...HEADER_TESTS, ...DISCLOSURE_TESTS].flatMap((t) => t.response?.(r, ctx) ?? []));
}

const SAFE = {
  'strict-transport-security': 'max-age=31536000',
  'content-security-policy': "default-src 'self'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
};

describe('headers and cookies on HTTPS', () => {
  it('reports HSTS, clickjacking, CSP and nosniff once per site', () => {
    const found = run(response('https://shop.test/', {}), response('https://shop.test/a', {}), response('https://shop.test/b', {}));
    expect(found.map((f) => f.test).sort()).toEqual(['web-clickjacking', 'web-csp-missing', 'web-hsts-missing', 'web-xcto-missing']);
    expect(run(response('https://shop.test/', SAFE))).toEqual([]);
    // X-Frame-Options alone also protects from framing.
    expect(
      run(response('https://shop.test/', { ...SAFE, 'content-security-policy': "default-src 'self'", 'x-frame-options': 'SAMEORIGIN' })),
    ).toEqual([]);
  });

  it('reports session cookies without Secure, without HttpOnly, and SameSite=None without Secure', () => {
    const found = run(
      response('https://shop.test/', { ...SAFE, 'set-cookie': 'sessionid=a8f7d6e5c4b3a2918273645546372819; Path=/; SameSite=None' }),
    );
    expect(found.map((f) => f.name)).toEqual([
      'Session cookie sessionid without Secure on an HTTPS site; without HttpOnly; SameSite=None without Secure',
    ]);
    expect(found[0]).toMatchObject({ parameter: 'sessionid', location: 'cookie', severity: 2 });
    expect(found[0]!.evidence.proof).not.toContain('a8f7d6e5c4b3');
    const fine =
      'sessionid=a8f7d6e5c4b3a2918273645546372819; Path=/; Secure; HttpOnly; SameSite=Lax\ntheme=dark; Path=/\n_ga=GA1.1.1234567890.1700000000; Path=/\nXSRF-TOKEN=eyJpdiI6IkJ4c2ZrZ3V3; Path=/; Secure; SameSite=Lax';
    expect(run(response('https://shop.test/', { ...SAFE, 'set-cookie': fine }))).toEqual([]);
  });

  it('reports active mixed content as medium and passive as low', () => {
    const [active] = run(
      response('https://shop.test/', SAFE, '<script src="http://cdn.shop.test/app.js"></script><img src="http://cdn.shop.test/a.png">'),
    );
    expect(active).toMatchObject({ test: 'web-mixed-content', severity: 2 });
    const [passive] = run(
      response('https://shop.test/', SAFE, '<img src="http://cdn.shop.test/a.png"><a href="http://other.test/">link</a>'),
    );
    expect(passive).toMatchObject({ test: 'web-mixed-content', severity: 1 });
    expect(
      run(response('https://shop.test/', SAFE, '<script src="https://cdn.shop.test/app.js"></script><a href="http://x.test/">x</a>')),
    ).toEqual([]);
  });

  it('reports password fields over HTTP and with autocomplete', () => {
    const form = '<form method="post" action="/login"><input name="user"><input type="password" name="pw"></form>';
    expect(
      run(response('http://shop.test/login', SAFE, form))
        .map((f) => f.test)
        .sort(),
    ).toEqual(['web-password-autocomplete', 'web-password-http']);
    const toHttp =
      '<form method="post" action="http://shop.test/login"><input name="user"><input type="password" name="pw" autocomplete="current-password"></form>';
    expect(
      run(response('https://shop.test/login', SAFE, toHttp))
        .map((f) => f.test)
        .sort(),
    ).toEqual(['web-password-autocomplete', 'web-password-http']);
    const fixed = '<form method="post" action="/login"><input name="user"><input type="password" name="pw" autocomplete="off"></form>';
    expect(run(response('https://shop.test/login', SAFE, fixed))).toEqual([]);
  });
});

describe('directory listings of each server', () => {
  const listing = (body: string): string[] => run(response('https://shop.test/files/', SAFE, body)).map((f) => f.evidence.proof);
  it('recognises Apache, lighttpd, IIS and Python listings, not a page titled "Index of"', () => {
    expect(
      listing(
        '<html><head><title>Index of /files</title></head><body><h1>Index of /files</h1><table><tr><th><a href="?C=N;O=D">Name</a></th></tr><tr><td><a href="/">Parent Directory</a></td></tr></table>',
      ),
    ).toEqual(['Apache directory listing of /files/']);
    expect(listing('<h2>Index of /files/</h2>\n<div class="list"><table>')).toEqual(['lighttpd directory listing of /files/']);
    expect(
      listing(
        '<html><head><title>shop.test - /files/</title></head><body><H1>shop.test - /files/</H1><hr>\n\n<pre><A HREF="/">[To Parent Directory]</A>',
      ),
    ).toEqual(['IIS directory listing of /files/']);
    expect(listing('<title>Directory listing for /files/</title>')).toEqual(['Python http.server directory listing of /files/']);
    expect(listing('<h1>Index of our products</h1><p>Browse the catalogue.</p>')).toEqual([]);
  });
});
