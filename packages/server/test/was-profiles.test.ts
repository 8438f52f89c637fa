// Web scan profiles through the API (scan/wprofiles/): the built-ins, create/read/change/patch/copy/export/import with
// the field messages, the sc_ss_* rule, the password sealed at rest and answered masked (the mask keeps it), and the
// guards: 401 signed out, 403 without web_scans, another customer's profile is not found.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebProfile } from '@bulwark/core';
import { scanProfiles } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };

describe.each(BACKENDS)('web scan profiles on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let limited: Client;
  let rival: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.user({ email: 'limited@example.com' });
    limited = await signedIn(t, 'limited@example.com');
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
  });
  afterAll(() => t.close());

  it('has the built-ins Standard (every test, browser) and Quick (passive only, no browser), read-only', async () => {
    const list = await admin.get<Page<WebProfile>>('/api/scan/wprofiles/?page_size=100');
    expect(list.status).toBe(200);
    const byName = Object.fromEntries(list.body.results.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(['Quick (passive only)', 'Standard']);
    expect(byName.Standard).toMatchObject({ builtin: true, type: 'was', browser: true, passive_only: false, plus_tests: [] });
    expect(byName['Quick (passive only)']).toMatchObject({ builtin: true, browser: false, passive_only: true });
    const put = await admin.request('PUT', `/api/scan/wprofiles/${byName.Standard!.id}/`, { name: 'Mine' });
    expect(put.status).toBe(403);
    // Network profiles do not list them.
    const network = await admin.get<Page<{ name: string; type: string }>>('/api/scan/nprofiles/?page_size=100');
    expect(network.body.results.every((p) => p.type === 'nvt')).toBe(true);
  });

  it('checks its fields with exact messages', async () => {
    const r = await admin.post('/api/scan/wprofiles/', {
      name: '',
      max_urls: 0,
      requests_per_second: 5000,
      scope_exclude: ['(unclosed'],
      path_prefixes: ['no-slash'],
      sc_ss_countries: ['xx'],
      plus_tests: ['web-no-such-test'],
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      name: ['This field may not be blank.'],
      max_urls: ['Enter a whole number from 1 to 100000.'],
      requests_per_second: ['Enter a whole number from 1 to 1000.'],
      scope_exclude: ['(unclosed: not a valid exclude pattern (a regular expression).'],
      path_prefixes: ['A path prefix starts with /.'],
      sc_ss_countries: ['Choose dk, no, se or us.'],
    });
    const tests = await admin.post('/api/scan/wprofiles/', {
      name: 'Bad tests',
      plus_tests: ['web-no-such-test'],
      minus_categories: ['nope'],
    });
    expect(tests.status).toBe(400);
    expect(tests.body).toEqual({
      plus_tests: ['Unknown web test: web-no-such-test.'],
      minus_categories: ['Unknown web test category: nope.'],
    });
    const login = await admin.post('/api/scan/wprofiles/', { name: 'Form without password', auth_kind: 'form' });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({
      auth_login_url: ['Login URL is required'],
      auth_username: ['Username is required'],
      auth_password: ['Password is required'],
      auth_logged_in_indicator: ['Give a logged-in or a logged-out indicator, so a lost session is noticed.'],
    });
  });

  it('seals the password, answers it masked, keeps it on the mask, and leaves secrets out of exports', async () => {
    const created = await admin.post<WebProfile>('/api/scan/wprofiles/', {
      name: 'Shop login',
      auth_kind: 'form',
      auth_login_url: 'http://127.0.0.1:8080/login',
      auth_username: 'alice',
      auth_password: 's3cret!',
      auth_logged_in_indicator: 'Sign out',
      sc_ss_countries: ['dk'],
      sc_ss_swe: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      auth_password: '********',
      sc_ss_countries: ['dk', 'se'],
      sc_ss_dan: true,
      sc_ss_swe: true,
      sc_ss_nor: false,
    });
    const id = created.body.id;
    const [row] = await t.ctx.db.select().from(scanProfiles).where(eq(scanProfiles.id, id));
    const stored = (row!.fields as unknown as { auth_password: string }).auth_password;
    expect(stored).not.toContain('s3cret');
    expect(t.ctx.secrets.decrypt(stored)).toBe('s3cret!');

    const patched = await admin.patch<WebProfile>(`/api/scan/wprofiles/${id}/`, { max_depth: 3 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ max_depth: 3, auth_password: '********' });
    const [again] = await t.ctx.db.select().from(scanProfiles).where(eq(scanProfiles.id, id));
    expect(t.ctx.secrets.decrypt((again!.fields as unknown as { auth_password: string }).auth_password)).toBe('s3cret!');

    const exported = await admin.get<Record<string, unknown>>(`/api/scan/wprofiles/${id}/export/`);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: 'bulwark-wprofile/1', name: 'Shop login', auth_password: null, max_depth: 3 });
    // Imported without its password, a form login is incomplete: the import says so.
    const imported = await admin.post('/api/scan/wprofiles/import/', exported.body);
    expect(imported.status).toBe(400);
    expect(imported.body).toMatchObject({ auth_password: ['Password is required'] });
    const passive = await admin.post<WebProfile>('/api/scan/wprofiles/import/', { ...exported.body, auth_kind: 'none' });
    expect(passive.status).toBe(201);
    expect(passive.body.name).toBe('Shop login (1)');

    const copy = await admin.post<WebProfile>(`/api/scan/wprofiles/${id}/copy/`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Shop login (2)', auth_password: '********', builtin: false });

    const taken = await admin.post('/api/scan/wprofiles/', { name: 'shop LOGIN' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ name: ['A scan profile with this name already exists.'] });

    // Another customer does not see it.
    expect((await rival.get(`/api/scan/wprofiles/${id}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/scan/wprofiles/${copy.body.id}/`)).status).toBe(204);
  });

  it('refuses signed-out callers (401) and users without web_scans (403)', async () => {
    const anon = await anonymous(t);
    for (const [method, url] of [
      ['GET', '/api/scan/wprofiles/'],
      ['POST', '/api/scan/wprofiles/'],
      ['GET', '/api/nvt/wvtests-simple/'],
      ['GET', '/api/scan/wscans/'],
      ['GET', '/api/scan/wdscans/'],
      ['GET', '/api/scan/wruns/'],
    ] as const) {
      expect((await anon.request(method, url, method === 'POST' ? { name: 'x' } : undefined)).status, url).toBe(401);
      expect((await limited.request(method, url, method === 'POST' ? { name: 'x' } : undefined)).status, url).toBe(403);
    }
  });
});
