// The app shell: OpenAPI document and docs, security headers, API 404s, and serving the built web app with deep links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKENDS } from './helpers/backends.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

interface OpenApiDoc {
  openapi: string;
  info: { title: string };
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> } }>
  >;
}

const EVERY_PATH: [string, string][] = [
  ['/api/check-authentication/', 'get'],
  ['/api/auth/login/', 'post'],
  ['/api/auth/logout/', 'post'],
  ['/api/auth/renew-session/', 'post'],
  ['/api/auth/generate-otp/', 'post'],
  ['/api/auth/set-phone-number/', 'post'],
  ['/api/auth/password-reset/', 'post'],
  ['/api/auth/password-reset-confirm/{uid}/{token}/', 'get'],
  ['/api/auth/password-reset-confirm/{uid}/{token}/', 'post'],
  ['/api/auth/impersonation-login/', 'post'],
  ['/api/user/profile/', 'get'],
  ['/api/user/profile/{id}/', 'get'],
  ['/api/user/profile/{id}/', 'patch'],
  ['/api/user/change-password/', 'post'],
  ['/api/user/two-factor/', 'get'],
  ['/api/user/two-factor/totp/', 'post'],
  ['/api/user/two-factor/totp/confirm/', 'post'],
  ['/api/user/two-factor/sms/confirm/', 'post'],
  ['/api/user/two-factor/disable/', 'post'],
  ['/api/customer/', 'get'],
  ['/api/customer/{id}/', 'patch'],
  ['/api/feature-flags/', 'get'],
  ['/api/sso/generatessotoken/', 'get'],
];

const INDEX_HTML =
  '<!doctype html><html><head><title>Bulwark test build</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("bulwark test bundle");\n';

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(
    headers['x-frame-options'] === 'SAMEORIGIN' || headers['x-frame-options'] === 'DENY' || /frame-ancestors 'none'/.test(csp),
    what,
  ).toBe(true);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy'], what).toBeTruthy();
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describe.each(BACKENDS)('app shell on %s', (backend) => {
  describe('API surface (no web build)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    it('publishes an OpenAPI 3 document with every path and method', async () => {
      const res = await t.client().get<OpenApiDoc>('/api/schema/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(res.body.info.title).toBe('Bulwark API');
      for (const [p, method] of EVERY_PATH) {
        expect(res.body.paths[p], p).toBeDefined();
        expect(res.body.paths[p]![method], `${method.toUpperCase()} ${p}`).toBeDefined();
      }
      // The document itself is not an API path.
      expect(res.body.paths['/api/schema/']).toBeUndefined();
    });

    it('describes the sign-in body with username and password, both required', async () => {
      const doc = (await t.client().get<OpenApiDoc>('/api/schema/')).body;
      const schema = doc.paths['/api/auth/login/']!.post!.requestBody!.content['application/json']!.schema;
      expect(Object.keys(schema.properties ?? {})).toEqual(
        expect.arrayContaining(['username', 'password', 'keep_logged_in', 'one_time_password']),
      );
      expect(schema.required).toEqual(expect.arrayContaining(['username', 'password']));
      expect(schema.required).not.toContain('one_time_password');
    });

    it('serves browsable docs at /api/docs/ that load the same document', async () => {
      const res = await t.client().get('/api/docs/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = String(res.body);
      expect(html).toContain('swagger-ui');
      // Every script is a file: the page works under the CSP (script-src 'self', no inline scripts).
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/src=/);
        expect(body!.trim()).toBe('');
      }
      for (const [, attrs] of scripts) {
        const src = /src="([^"]+)"/.exec(attrs!)![1]!;
        const asset = await t.app.inject({ url: new URL(src, 'http://x/api/docs/').pathname });
        expect(asset.statusCode, src).toBe(200);
      }
      const json = await t.app.inject({ url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(Object.keys(JSON.parse(json.body).paths)).toContain('/api/auth/login/');
    });

    it('sends security headers on API answers and on the docs', async () => {
      const api = await t.client().get('/api/check-authentication/');
      expectSecurityHeaders(api.headers, 'API');
      const docs = await t.client().get('/api/docs/');
      expectSecurityHeaders(docs.headers, 'docs');
      // No HSTS over plain http.
      expect(api.headers['strict-transport-security']).toBeUndefined();
    });

    it('answers an unknown API path with 404 {detail: "Not found."}, for any method', async () => {
      const c = t.client();
      for (const url of ['/api/nope/', '/api/scan/no-such-thing/', '/api', '/api/user/profile/1/extra/']) {
        const res = await c.get(url);
        expect(res.status, url).toBe(404);
        expect(res.body, url).toEqual({ detail: 'Not found.' });
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      }
      await c.get('/api/check-authentication/');
      const post = await c.post('/api/nope/', {});
      expect(post.status).toBe(404);
      expect(post.body).toEqual({ detail: 'Not found.' });
    });

    it('answers a page request with 503 explaining `npm run build` when the web app is not built', async () => {
      for (const url of ['/', '/auth/login', '/scans/scans/view/nscan/12']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
        expect(res.body, url).toContain('npm run build');
      }
      // API calls are unaffected.
      expect((await t.client().get('/api/check-authentication/')).status).toBe(200);
    });
  });

  describe('serving a web build', () => {
    let t: TestApp;
    let webDir: string;
    beforeAll(async () => {
      webDir = mkdtempSync(path.join(tmpdir(), 'bulwark-web-'));
      mkdirSync(path.join(webDir, 'assets'));
      writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
      writeFileSync(path.join(webDir, 'assets', 'app.js'), APP_JS);
      writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      t = await startTestApp(backend, { BULWARK_WEB_DIR: webDir });
    });
    afterAll(async () => {
      await t.close();
      rmSync(webDir, { recursive: true, force: true });
    });

    it('answers every app route, deep links included, with index.html', async () => {
      for (const url of [
        '/',
        '/dashboard',
        '/auth/login',
        '/auth/login?next=%2Fscans',
        '/scans/scans/view/nscan/12',
        '/auth/set-password/MTI/abc-def',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toBe(INDEX_HTML);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expectSecurityHeaders(res.headers, url);
      }
    });

    it('serves built assets with long caching, and 404s a missing asset instead of the page', async () => {
      const js = await t.app.inject({ url: '/assets/app.js' });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.body).toBe(APP_JS);
      expect(js.headers['cache-control']).toContain('immutable');
      const missing = await t.app.inject({ url: '/assets/missing.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain('<html');
      const icon = await t.app.inject({ url: '/favicon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    });

    it('never serves files from outside the web directory', async () => {
      for (const url of ['/assets/../../../../etc/passwd', '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd', '/..%2f..%2f..%2fetc%2fpasswd']) {
        const res = await t.app.inject({ url });
        expect(res.body, url).not.toMatch(/root:.*:0:0:/);
      }
    });

    it('keeps API 404s as JSON when a build is present', async () => {
      const res = await t.client().get('/api/nope/');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    });
  });
});
