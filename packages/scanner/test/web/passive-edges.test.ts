// Edge cases of the passive and site tests against small fixture servers: CSRF confirmed by SameSite=None and silent
// without a session, a soft-404 site that answers 200 with the requested name in the page, a directory zip, a guessed
// source map, CORS without credentials and the wildcard, the countries of the sensitive search, and debug consoles.
import { afterEach, describe, expect, it } from 'vitest';
import { DISCLOSURE_TESTS } from '../../src/web/tests/passive/disclosure.ts';
import { PASSIVE_WEB_TESTS } from '../../src/web/tests/passive/index.ts';
import { startRouteSite, type Answer, type Routes } from './fixtures/site-passive-routes.ts';
import { runPassiveTests } from './fixtures/site-passive-harness.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function site(routes: Routes, fallback: (path: string) => Answer = () => ({ status: 404, body: 'Not Found' })): Promise<string> {
  const s = await startRouteSite(routes, fallback);
  closers.push(s.close);
  return s.origin;
}

const only = (...ids: string[]) => PASSIVE_WEB_TESTS.filter((t) => ids.includes(t.id));
const page = (body: string, headers: Record<string, string> = {}): Answer => ({
  body: `<!doctype html><html><body>${body}</body></html>`,
  headers,
});
const FORM = '<form method="post" action="/profile"><input name="name"><input type="submit"></form>';

describe('CSRF', () => {
  it('is confirmed when the session cookie is SameSite=None, and potential without SameSite', async () => {
    for (const [cookie, confidence] of [
      ['sid=abc123def456ghi789jkl012; Secure; SameSite=None', 'confirmed'],
      ['sid=abc123def456ghi789jkl012; HttpOnly', 'potential'],
    ] as const) {
      const origin = await site({ '/': page('<a href="/profile">p</a>', { 'set-cookie': cookie }), '/profile': page(FORM) });
      const run = await runPassiveTests(origin, ['/', '/profile'], { tests: only('web-csrf') });
      expect(run.findings.map((f) => [f.url, f.confidence])).toEqual([[`${origin}/profile`, confidence]]);
    }
  });
  it('says nothing without a session cookie, for search forms, or with a token', async () => {
    const origin = await site({
      '/': page('<form method="post" action="/search"><input name="q"></form>'),
      '/profile': page(FORM.replace('<input type="submit">', '<input type="hidden" name="authenticity_token" value="x">')),
      '/open': page(FORM),
    });
    expect((await runPassiveTests(origin, ['/', '/profile', '/open'], { tests: only('web-csrf') })).findings).toEqual([]);
  });
});

describe('backups and source maps', () => {
  it('a site answering 200 with the requested name in its "not found" page gives no backup finding', async () => {
    const origin = await site({ '/app/index.php': page('<p>Hello</p>') }, (path) =>
      page(`<h1>Sorry</h1><p>The page ${path} does not exist.</p>`),
    );
    expect((await runPassiveTests(origin, ['/app/index.php'], { tests: only('web-backup-file') })).findings).toEqual([]);
  });
  it('finds an editor swap file and a zip of the directory', async () => {
    const origin = await site({
      '/app/index.php': page('<p>Hello</p>'),
      '/app/.index.php.swp': { type: 'application/octet-stream', body: 'b0VIM 8.2\u0000<?php echo "x";' },
      '/app.zip': { type: 'application/zip', body: 'PK\u0003\u0004 zip' },
    });
    const run = await runPassiveTests(origin, ['/app/index.php'], { tests: only('web-backup-file') });
    expect(run.findings.map((f) => new URL(f.url).pathname).sort()).toEqual(['/app.zip', '/app/.index.php.swp']);
  });
  it('guesses the .map beside a script that does not name one', async () => {
    const origin = await site({
      '/': page('<script src="/static/main.js"></script>'),
      '/static/main.js': { type: 'application/javascript', body: 'console.log(1)' },
      '/static/main.js.map': { type: 'application/json', body: JSON.stringify({ version: 3, sources: ['webpack:///src/index.tsx'] }) },
    });
    const [f, ...more] = (await runPassiveTests(origin, ['/'], { tests: only('web-source-map') })).findings;
    expect(more).toEqual([]);
    expect(f!.evidence.how).toContain('guessed');
  });
});

describe('CORS', () => {
  it('reflection without credentials is low; a wildcard with credentials is info', async () => {
    const origin = await site({
      '/': (req): Answer => {
        const headers: Record<string, string> = req.headers.origin ? { 'access-control-allow-origin': req.headers.origin } : {};
        return { headers, body: 'home' };
      },
    });
    const [low] = (await runPassiveTests(origin, ['/'], { tests: only('web-cors') })).findings;
    expect(low).toMatchObject({ severity: 1, name: 'CORS reflects an arbitrary origin' });
    const wild = await site({
      '/': { headers: { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }, body: 'home' },
    });
    const [info] = (await runPassiveTests(wild, ['/'], { tests: only('web-cors') })).findings;
    expect(info).toMatchObject({ severity: 0 });
    const fixed = await site({ '/': { headers: { 'access-control-allow-origin': '*' }, body: 'public' } });
    expect((await runPassiveTests(fixed, ['/'], { tests: only('web-cors') })).findings).toEqual([]);
  });
});

describe('the sensitive search', () => {
  it('looks only for the profile’s countries, and reports e-mail addresses once per site', async () => {
    const body = 'SSN 536-22-8726 and CPR 120870-1234, mail anna@shop-mail.dk';
    const origin = await site({ '/a': page(body), '/b': page(body) });
    const ids = ['web-sensitive-cpr', 'web-sensitive-ssn', 'web-sensitive-email'];
    const run = await runPassiveTests(origin, ['/a', '/b'], { tests: only(...ids), countries: ['dk'] });
    expect(run.findings.map((f) => `${f.test} ${new URL(f.url).pathname}`).sort()).toEqual([
      'web-sensitive-cpr /a',
      'web-sensitive-cpr /b',
      'web-sensitive-email /a',
    ]);
  });
});

describe('debug consoles', () => {
  const res = (body: string, headers: Record<string, string> = {}) => ({
    request: { method: 'GET', url: 'http://app.test/x', headers: {} },
    url: 'http://app.test/x',
    status: 500,
    headers: { 'content-type': 'text/html', ...headers },
    body,
    truncated: false,
    timeMs: 1,
  });
  const names = (r: ReturnType<typeof res>): string[] => {
    const ctx = { client: { send: () => Promise.reject(new Error('none')), requestsSent: 0, inScope: () => true } } as never;
    return DISCLOSURE_TESTS.flatMap((t) => t.response?.(r, ctx) ?? []).map((f) => f.name ?? f.test);
  };
  it('recognises Werkzeug, Laravel Ignition and the Symfony profiler', () => {
    expect(names(res('<title>KeyError // Werkzeug Debugger</title><script>var EVALEX = true;</script> Traceback'))).toEqual([
      'Werkzeug interactive debugger exposed',
    ]);
    expect(names(res('<script>window.ignite = {}; </script><div id="app">Illuminate</div>'))).toEqual([
      'Laravel Ignition error page exposed',
    ]);
    expect(
      names(res('<div id="sfwdt1" class="sf-toolbar sf-display-none">', { 'x-debug-token-link': 'http://app.test/_profiler/1' })),
    ).toEqual(['Symfony profiler exposed']);
    expect(names(res('<p>Werkzeug is a WSGI library. Our debugger is off.</p>'))).toEqual([]);
  });
});
