// Network scan profiles end to end on every test database: built-ins seeded and read-only, CRUD with the standard-scan
// rule and field checks, unique names, copy numbering, export/import round trip, in-use refusal, profileForRun and guards.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryId, COMMUNITY_CATEGORIES } from '@bulwark/scanner';
import { scanProfiles, scans, users } from '../src/db/schema/index.ts';
import { catalogue, selectTests } from '../src/modules/catalogue/catalogue.ts';
import { seedBuiltinProfiles } from '../src/modules/profiles/builtin.ts';
import { profileForRun } from '../src/modules/profiles/service.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Profile = {
  id: number;
  name: string;
  description: string;
  type: string;
  builtin: boolean;
  user: { id: number; first_name: string; last_name: string } | null;
  standard_scan: boolean;
  ss_tcp_extra_ports: string;
  ss_use_tcp: boolean;
  custom_tcp_range: string;
  custom_udp_range: string;
  plus_categories: string[];
  minus_categories: string[];
  plus_tests: string[];
  minus_tests: string[];
  win_auths: number[];
  lin_auths: number[];
  kubernetes_auth: number | null;
  created: string;
  modified: string;
};
type Page<T> = { count: number; next: string | null; results: T[] };
type Choice = { id: number; name: string; type: string; builtin: boolean };

const BUILTIN_REFUSED = { detail: 'Built-in profiles cannot be changed; copy one instead.' };

describe.each(BACKENDS)('network scan profiles on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let analyst: Client;
  let limited: Client;
  let rival: Client;
  let rivalCustomer: number;
  let adminId: number;
  const builtin: Record<string, Profile> = {};

  const byName = async (c: Client, name: string) =>
    (await c.get<Page<Profile>>(`/api/scan/nprofiles/?search=${encodeURIComponent(name)}&page_size=100`)).body.results.find(
      (p) => p.name === name,
    )!;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    adminId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0].id;
    const a = await t.user({ email: 'analyst@example.com', firstName: 'Ana', lastName: 'Lyst' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, a.id));
    analyst = await signedIn(t, 'analyst@example.com');
    await t.user({ email: 'limited@example.com' });
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rivalCustomer = other.customerId;
    rival = await signedIn(t, other.adminEmail);
    for (const p of (await admin.get<Page<Profile>>('/api/scan/nprofiles/?page_size=100')).body.results) if (p.builtin) builtin[p.name] = p;
  });
  afterAll(() => t.close());

  describe('built-in profiles', () => {
    it('are seeded at start: Discovery, Standard, Full TCP and common UDP, with their settings', async () => {
      expect(Object.keys(builtin).sort()).toEqual(['Discovery', 'Full TCP and common UDP', 'Standard']);
      // Every category of the catalogue, and the community library's ones before any library has synced.
      const categories = [...new Set([...(await catalogue()).categories.map((c) => c.id), ...COMMUNITY_CATEGORIES.map(categoryId)])].sort();
      expect(builtin.Discovery).toMatchObject({
        builtin: true,
        type: 'nvt',
        user: null,
        standard_scan: false,
        ss_use_tcp: false,
        ss_tcp_extra_ports: '',
        custom_tcp_range: '21-23,25,53,80,110,143,443,445,3389,8080',
        custom_udp_range: '',
        minus_categories: categories,
      });
      expect(builtin.Standard).toMatchObject({
        safe_checks: true,
        standard_scan: true,
        ss_use_tcp: true,
        custom_tcp_range: '',
        plus_categories: [],
        minus_categories: [],
      });
      expect(builtin['Full TCP and common UDP']).toMatchObject({
        standard_scan: false,
        ss_use_tcp: false,
        custom_tcp_range: '1-65535',
        custom_udp_range: '53,67-69,123,137-138,161-162,500,514,520,1900,4500,5353',
      });
      // Discovery runs no checks; the others run every one.
      expect(await selectTests(builtin.Discovery)).toEqual([]);
      expect(await selectTests(builtin.Standard)).toHaveLength((await catalogue()).templates.length);
    });

    it('are seeded idempotently, and put back when changed', async () => {
      expect(await seedBuiltinProfiles(t.ctx.db)).toEqual({ inserted: 0, updated: 0 });
      const [stored] = await t.ctx.db.select().from(scanProfiles).where(eq(scanProfiles.id, builtin.Standard.id));
      await t.ctx.db
        .update(scanProfiles)
        .set({ fields: { ...stored.fields, standard_scan: false } })
        .where(eq(scanProfiles.id, builtin.Standard.id));
      expect(await seedBuiltinProfiles(t.ctx.db)).toEqual({ inserted: 0, updated: 1 });
      expect((await admin.get<Profile>(`/api/scan/nprofiles/${builtin.Standard.id}/`)).body.standard_scan).toBe(true);
      // The network built-ins (the web ones are seeded beside them).
      const rows = await t.ctx.db
        .select()
        .from(scanProfiles)
        .where(and(eq(scanProfiles.builtin, true), eq(scanProfiles.type, 'nvt')));
      expect(rows).toHaveLength(3);
    });

    it('cannot be changed or deleted (403), only read and copied', async () => {
      const id = builtin.Standard.id;
      const put = await admin.request('PUT', `/api/scan/nprofiles/${id}/`, { name: 'Mine now' });
      expect(put.status).toBe(403);
      expect(put.body).toEqual(BUILTIN_REFUSED);
      const patch = await admin.patch(`/api/scan/nprofiles/${id}/`, { standard_scan: false });
      expect(patch.status).toBe(403);
      expect(patch.body).toEqual(BUILTIN_REFUSED);
      const del = await admin.request('DELETE', `/api/scan/nprofiles/${id}/`);
      expect(del.status).toBe(403);
      expect(del.body).toEqual(BUILTIN_REFUSED);
      expect((await admin.get<Profile>(`/api/scan/nprofiles/${id}/`)).body).toMatchObject({ name: 'Standard', standard_scan: true });
      // Another customer sees the same built-ins.
      expect((await rival.get<Profile>(`/api/scan/nprofiles/${id}/`)).body.name).toBe('Standard');
    });
  });

  describe('create, read, change', () => {
    it('creates a profile with defaults and its author', async () => {
      const res = await admin.post<Profile>('/api/scan/nprofiles/', { name: 'Web only', plus_categories: ['web-servers', 'ssl-tls'] });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Web only',
        description: '',
        type: 'nvt',
        builtin: false,
        user: { id: adminId, first_name: 'Admin', last_name: '' },
        standard_scan: true,
        ss_use_tcp: true,
        plus_categories: ['web-servers', 'ssl-tls'],
        win_auths: [],
        lin_auths: [],
        kubernetes_auth: null,
      });
      expect((await admin.get<Profile>(`/api/scan/nprofiles/${res.body.id}/`)).body).toEqual(res.body);
      const selected = await selectTests(res.body);
      const c = await catalogue();
      expect(selected.length).toBe(c.tests.filter((x) => x.category === 'web-servers' || x.category === 'ssl-tls').length);
    });

    it('applies the standard-scan rule on every write: off empties extra TCP ports and the use-tcp flag', async () => {
      const created = await admin.post<Profile>('/api/scan/nprofiles/', {
        name: 'Custom ports',
        standard_scan: false,
        ss_tcp_extra_ports: '8080,8443',
        ss_use_tcp: true,
        custom_tcp_range: '1-1024',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ standard_scan: false, ss_tcp_extra_ports: '', ss_use_tcp: false, custom_tcp_range: '1-1024' });
      const on = await admin.patch<Profile>(`/api/scan/nprofiles/${created.body.id}/`, {
        standard_scan: true,
        ss_use_tcp: true,
        ss_tcp_extra_ports: '9999',
      });
      expect(on.body).toMatchObject({ standard_scan: true, ss_use_tcp: true, ss_tcp_extra_ports: '9999', custom_tcp_range: '1-1024' });
      const off = await admin.patch<Profile>(`/api/scan/nprofiles/${created.body.id}/`, { standard_scan: false });
      expect(off.body).toMatchObject({ standard_scan: false, ss_use_tcp: false, ss_tcp_extra_ports: '', custom_tcp_range: '1-1024' });
      const [row] = await t.ctx.db.select().from(scanProfiles).where(eq(scanProfiles.id, created.body.id));
      expect(row.fields).toMatchObject({ standard_scan: false, ss_use_tcp: false, ss_tcp_extra_ports: '' });
    });

    it('refuses bad ports, unknown categories and tests, and credentials with 400 keyed by field', async () => {
      const ports = await admin.post('/api/scan/nprofiles/', {
        name: 'Bad',
        custom_tcp_range: '22,70000',
        custom_udp_range_exclude: '10-5',
      });
      expect(ports.status).toBe(400);
      expect(Object.keys(ports.body).sort()).toEqual(['custom_tcp_range', 'custom_udp_range_exclude']);
      expect(String((ports.body as Record<string, string[]>).custom_tcp_range[0])).toContain('70000');
      const ids = await admin.post('/api/scan/nprofiles/', {
        name: 'Bad',
        plus_categories: ['ssh', 'no-such', 'nor-this'],
        minus_categories: ['ghost'],
        plus_tests: ['ftp-cleartext'],
        minus_tests: ['missing-test'],
      });
      expect(ids.status).toBe(400);
      expect(ids.body).toEqual({
        plus_categories: ['Unknown test categories: no-such, nor-this.'],
        minus_categories: ['Unknown test category: ghost.'],
        minus_tests: ['Unknown test: missing-test.'],
      });
      // Credential ids must be the customer's own, of the field's kind (credentials.test.ts covers the rest).
      const creds = await admin.post('/api/scan/nprofiles/', {
        name: 'Bad',
        win_auths: [90001],
        lin_auths: [90002, 90003],
        kubernetes_auth: 90004,
      });
      expect(creds.status).toBe(400);
      expect(creds.body).toEqual({
        win_auths: ['Unknown Windows credential: 90001.'],
        lin_auths: ['Unknown Linux credential: 90002, 90003.'],
        kubernetes_auth: ['Unknown Kubernetes credential: 90004.'],
      });
      expect((await admin.post('/api/scan/nprofiles/', { name: '' })).body).toEqual({ name: ['This field may not be blank.'] });
      expect((await admin.post('/api/scan/nprofiles/', {})).body).toEqual({ name: ['This field is required.'] });
      expect((await admin.post('/api/scan/nprofiles/', { name: 'X', standard_scan: 'yes' })).body).toEqual({
        standard_scan: ['Must be a valid boolean.'],
      });
      expect((await admin.get<Page<Profile>>('/api/scan/nprofiles/?search=Bad')).body.count).toBe(0);
      // The same checks on a change.
      const web = await byName(admin, 'Web only');
      const patch = await admin.patch(`/api/scan/nprofiles/${web.id}/`, { minus_tests: ['nope'], lin_auths: [90001] });
      expect(patch.status).toBe(400);
      expect(patch.body).toEqual({ minus_tests: ['Unknown test: nope.'], lin_auths: ['Unknown Linux credential: 90001.'] });
      const put = await admin.request('PUT', `/api/scan/nprofiles/${web.id}/`, { name: 'Web only', custom_udp_range: 'abc' });
      expect(put.status).toBe(400);
      expect(Object.keys(put.body)).toEqual(['custom_udp_range']);
    });

    it('keeps names unique among the profiles a customer sees, built-ins included, case aside (409 keyed name)', async () => {
      for (const name of ['Web only', 'WEB ONLY', 'standard', 'Discovery']) {
        const res = await admin.post('/api/scan/nprofiles/', { name });
        expect(res.status, name).toBe(409);
        expect(res.body).toEqual({ name: ['A scan profile with this name already exists.'] });
      }
      const custom = await byName(admin, 'Custom ports');
      const rename = await admin.patch(`/api/scan/nprofiles/${custom.id}/`, { name: 'web only' });
      expect(rename.status).toBe(409);
      // Keeping its own name (or changing its case) is fine.
      expect((await admin.patch<Profile>(`/api/scan/nprofiles/${custom.id}/`, { name: 'Custom Ports' })).body.name).toBe('Custom Ports');
      // Another customer may use the same name.
      expect((await rival.post('/api/scan/nprofiles/', { name: 'Web only' })).status).toBe(201);
    });

    it('replaces with PUT (omitted fields back to defaults) and changes only what PATCH sends', async () => {
      const web = await byName(admin, 'Web only');
      const patch = await admin.patch<Profile>(`/api/scan/nprofiles/${web.id}/`, {
        description: 'HTTP and TLS',
        minus_tests: ['ftp-cleartext'],
      });
      expect(patch.status).toBe(200);
      expect(patch.body).toMatchObject({
        name: 'Web only',
        description: 'HTTP and TLS',
        plus_categories: ['web-servers', 'ssl-tls'],
        minus_tests: ['ftp-cleartext'],
      });
      expect(new Date(patch.body.modified).getTime()).toBeGreaterThanOrEqual(new Date(web.modified).getTime());
      const put = await admin.request<Profile>('PUT', `/api/scan/nprofiles/${web.id}/`, { name: 'Web only', custom_udp_range: '161' });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ name: 'Web only', description: '', plus_categories: [], minus_tests: [], custom_udp_range: '161' });
      expect((await admin.get('/api/scan/nprofiles/999999/')).status).toBe(404);
      expect((await admin.patch('/api/scan/nprofiles/999999/', { name: 'x' })).status).toBe(404);
    });

    it('lists own and built-in profiles, paged, with search and ordering', async () => {
      const list = await admin.get<Page<Profile>>('/api/scan/nprofiles/?page_size=100');
      expect(list.status).toBe(200);
      expect(list.body.results.map((p) => p.name)).toEqual([
        'Custom Ports',
        'Discovery',
        'Full TCP and common UDP',
        'Standard',
        'Web only',
      ]);
      const paged = await admin.get<Page<Profile>>('/api/scan/nprofiles/?page_size=2&page=2');
      expect(paged.body).toMatchObject({ count: 5, next: '/api/scan/nprofiles/?page_size=2&page=3' });
      expect(paged.body.results.map((p) => p.name)).toEqual(['Full TCP and common UDP', 'Standard']);
      const desc = await admin.get<Page<Profile>>('/api/scan/nprofiles/?ordering=-name');
      expect(desc.body.results[0].name).toBe('Web only');
      // The last changed first.
      const modified = await admin.get<Page<Profile>>('/api/scan/nprofiles/?ordering=-modified');
      expect(modified.body.results[0].name).toBe('Web only');
      expect((await admin.get<Page<Profile>>('/api/scan/nprofiles/?search=tcp')).body.results.map((p) => p.name)).toEqual([
        'Full TCP and common UDP',
        'Standard',
      ]);
      expect((await admin.get('/api/scan/nprofiles/?ordering=colour')).status).toBe(400);
      // The rival's own profile is not in this customer's list.
      expect(list.body.results.filter((p) => p.name === 'Web only')).toHaveLength(1);
    });

    it('lists every usable profile for pickers in noprofiles/, built-ins first', async () => {
      const res = await admin.get<Choice[]>('/api/noprofiles/');
      expect(res.status).toBe(200);
      expect(res.body.map((p) => [p.name, p.builtin, p.type])).toEqual([
        ['Discovery', true, 'nvt'],
        ['Full TCP and common UDP', true, 'nvt'],
        ['Standard', true, 'nvt'],
        ['Custom Ports', false, 'nvt'],
        ['Web only', false, 'nvt'],
      ]);
      const theirs = await rival.get<Choice[]>('/api/noprofiles/');
      expect(theirs.body.map((p) => p.name)).toEqual(['Discovery', 'Full TCP and common UDP', 'Standard', 'Web only']);
      expect(theirs.body.find((p) => p.name === 'Web only')!.id).not.toBe(res.body.find((p) => p.name === 'Web only')!.id);
    });
  });

  describe('copy, export and import', () => {
    it('copies with the copy-name numbering, built-ins into editable profiles', async () => {
      const first = await admin.post<Profile>(`/api/scan/nprofiles/${builtin.Standard.id}/copy/`);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ name: 'Standard (1)', builtin: false, standard_scan: true, user: { id: adminId } });
      const second = await admin.post<Profile>(`/api/scan/nprofiles/${builtin.Standard.id}/copy/`);
      expect(second.body.name).toBe('Standard (2)');
      // A copy of a copy increments its number past the taken ones.
      const third = await admin.post<Profile>(`/api/scan/nprofiles/${first.body.id}/copy/`);
      expect(third.body.name).toBe('Standard (3)');
      // The copy is the customer's: it can be changed, unlike its source.
      expect(
        (await admin.patch<Profile>(`/api/scan/nprofiles/${first.body.id}/`, { standard_scan: false, custom_tcp_range: '22' })).status,
      ).toBe(200);
      const discovery = await admin.post<Profile>(`/api/scan/nprofiles/${builtin.Discovery.id}/copy/`);
      expect(discovery.body).toMatchObject({
        name: 'Discovery (1)',
        minus_categories: builtin.Discovery.minus_categories,
        custom_tcp_range: builtin.Discovery.custom_tcp_range,
      });
      expect((await admin.post('/api/scan/nprofiles/999999/copy/')).status).toBe(404);
    });

    it('exports a profile and imports it back (round trip), numbering a taken name', async () => {
      const web = await byName(admin, 'Web only');
      await admin.patch(`/api/scan/nprofiles/${web.id}/`, {
        description: 'Exported',
        plus_categories: ['ssh'],
        custom_udp_range: '161,162',
      });
      const exp = await admin.get<Record<string, unknown>>(`/api/scan/nprofiles/${web.id}/export/`);
      expect(exp.status).toBe(200);
      expect(exp.headers['content-disposition']).toBe('attachment; filename="Web only.json"');
      expect(exp.body).toMatchObject({
        format: 'bulwark-nprofile/1',
        name: 'Web only',
        description: 'Exported',
        plus_categories: ['ssh'],
        custom_udp_range: '161,162',
      });
      expect(exp.body).not.toHaveProperty('id');
      const imported = await admin.post<Profile>('/api/scan/nprofiles/import/', exp.body);
      expect(imported.status).toBe(201);
      expect(imported.body.name).toBe('Web only (1)');
      const strip = (p: Record<string, unknown>) => {
        const { id: _i, name: _n, created: _c, modified: _m, user: _u, builtin: _b, type: _t, format: _f, ...rest } = p;
        return rest;
      };
      expect(strip(imported.body)).toEqual(strip(exp.body));
      // Into another customer, under a name free there.
      const rivalImport = await rival.post<Profile>('/api/scan/nprofiles/import/', { ...exp.body, name: 'From partner' });
      expect(rivalImport.status).toBe(201);
      expect(rivalImport.body.name).toBe('From partner');
      // A built-in's export imports as the customer's own.
      const std = await admin.get<Record<string, unknown>>(`/api/scan/nprofiles/${builtin.Standard.id}/export/`);
      const stdImport = await admin.post<Profile>('/api/scan/nprofiles/import/', std.body);
      expect(stdImport.body).toMatchObject({ name: 'Standard (4)', builtin: false });
    });

    it('refuses an import that is not an export or names unknown tests (400 keyed by field)', async () => {
      const noFormat = await admin.post('/api/scan/nprofiles/import/', { name: 'X' });
      expect(noFormat.status).toBe(400);
      expect(Object.keys(noFormat.body)).toEqual(['format']);
      const wrong = await admin.post('/api/scan/nprofiles/import/', { format: 'other/2', name: 'X' });
      expect(wrong.body).toEqual({ format: ['Must be one of: bulwark-nprofile/1.'] });
      const unknown = await admin.post('/api/scan/nprofiles/import/', {
        format: 'bulwark-nprofile/1',
        name: 'X',
        plus_tests: ['not-a-test'],
        win_auths: [7],
      });
      // Credential ids of another installation are dropped on import; unknown tests are refused.
      expect(unknown.body).toEqual({ plus_tests: ['Unknown test: not-a-test.'] });
      expect(
        (await admin.get<Page<Profile>>('/api/scan/nprofiles/?search=X&page_size=100')).body.results.filter((p) => p.name === 'X'),
      ).toEqual([]);
    });
  });

  describe('delete', () => {
    it('refuses to delete a profile a scan uses (409, naming the scans), then deletes it once free (204)', async () => {
      const p = (await admin.post<Profile>('/api/scan/nprofiles/', { name: 'In use' })).body;
      await t.ctx.db.insert(scans).values({ customerId: 1, name: 'Weekly', profileId: p.id, targets: ['10.0.0.1'] });
      const res = await admin.request('DELETE', `/api/scan/nprofiles/${p.id}/`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ non_field_errors: ['Cannot delete scan profile. It is used by the scan: Weekly.'] });
      await t.ctx.db.insert(scans).values({ customerId: 1, name: 'Daily', profileId: p.id, targets: ['10.0.0.2'] });
      expect((await admin.request('DELETE', `/api/scan/nprofiles/${p.id}/`)).body).toEqual({
        non_field_errors: ['Cannot delete scan profile. It is used by these scans: Daily, Weekly.'],
      });
      await t.ctx.db.delete(scans).where(eq(scans.profileId, p.id));
      expect((await admin.request('DELETE', `/api/scan/nprofiles/${p.id}/`)).status).toBe(204);
      expect((await admin.get(`/api/scan/nprofiles/${p.id}/`)).status).toBe(404);
      expect((await admin.request('DELETE', `/api/scan/nprofiles/${p.id}/`)).status).toBe(404);
    });
  });

  describe('profileForRun (for scans)', () => {
    it('gives the settings of the customer’s own and built-in profiles, and null for another customer’s', async () => {
      const web = await byName(admin, 'Web only');
      expect(await profileForRun(t.ctx.db, 1, web.id)).toMatchObject({
        fields: { plus_categories: ['ssh'], custom_udp_range: '161,162' },
        policy: null,
        ignorePlatform: false,
      });
      expect(await profileForRun(t.ctx.db, rivalCustomer, builtin.Discovery.id)).toMatchObject({
        fields: { custom_tcp_range: builtin.Discovery.custom_tcp_range },
      });
      // A network profile is not a policy profile.
      expect(await profileForRun(t.ctx.db, 1, web.id, 'oval')).toBeNull();
      expect(await profileForRun(t.ctx.db, rivalCustomer, web.id)).toBeNull();
      expect(await profileForRun(t.ctx.db, 1, 999999)).toBeNull();
    });
  });

  describe('guards', () => {
    it('keeps customers apart: another customer gets 404 for every call on a profile it does not own', async () => {
      const web = await byName(admin, 'Web only');
      expect((await rival.get(`/api/scan/nprofiles/${web.id}/`)).status).toBe(404);
      expect((await rival.request('PUT', `/api/scan/nprofiles/${web.id}/`, { name: 'Taken' })).status).toBe(404);
      expect((await rival.patch(`/api/scan/nprofiles/${web.id}/`, { name: 'Taken' })).status).toBe(404);
      expect((await rival.request('DELETE', `/api/scan/nprofiles/${web.id}/`)).status).toBe(404);
      expect((await rival.post(`/api/scan/nprofiles/${web.id}/copy/`)).status).toBe(404);
      expect((await rival.get(`/api/scan/nprofiles/${web.id}/export/`)).status).toBe(404);
      expect((await admin.get<Profile>(`/api/scan/nprofiles/${web.id}/`)).body.name).toBe('Web only');
      const rivalList = (await rival.get<Page<Profile>>('/api/scan/nprofiles/?page_size=100')).body.results;
      expect(rivalList.map((p) => p.id)).not.toContain(web.id);
      expect(rivalList.filter((p) => p.builtin)).toHaveLength(3);
      // rivalCustomer is used: its rows carry its id.
      const [row] = await t.ctx.db.select().from(scanProfiles).where(eq(scanProfiles.customerId, rivalCustomer));
      expect(row).toBeTruthy();
    });

    it('answers 401 to anonymous callers, 403 without net_scans, and 403 to a reader who changes; create needs its action', async () => {
      const anon = await anonymous(t);
      const id = builtin.Standard.id;
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/scan/nprofiles/'],
        ['POST', '/api/scan/nprofiles/', { name: 'Nope' }],
        ['GET', `/api/scan/nprofiles/${id}/`],
        ['PUT', `/api/scan/nprofiles/${id}/`, { name: 'Nope' }],
        ['PATCH', `/api/scan/nprofiles/${id}/`, { name: 'Nope' }],
        ['DELETE', `/api/scan/nprofiles/${id}/`],
        ['POST', `/api/scan/nprofiles/${id}/copy/`],
        ['GET', `/api/scan/nprofiles/${id}/export/`],
        ['POST', '/api/scan/nprofiles/import/', { format: 'bulwark-nprofile/1', name: 'Nope' }],
        ['GET', '/api/noprofiles/'],
      ];
      const before = (await t.ctx.db.select().from(scanProfiles)).length;
      for (const [method, url, body] of calls) {
        expect((await anon.request(method, url, body)).status, `${method} ${url}`).toBe(401);
        const l = await limited.request(method, url, body);
        expect(l.status, `${method} ${url}`).toBe(403);
        expect(l.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      }
      // The analyst only reads net_scans: every change is refused before its body is read, and nothing is written.
      for (const [method, url, body] of calls) {
        const r = await analyst.request(method, url, body);
        expect(r.status, `${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
      }
      expect((await t.ctx.db.select().from(scanProfiles)).length).toBe(before);
      const [a] = await t.ctx.db.select().from(users).where(eq(users.email, 'analyst@example.com'));
      await t.ctx.db
        .update(users)
        .set({ permissions: { net_scans: ['read', 'create'] } })
        .where(eq(users.id, a.id));
      const made = await analyst.post<Profile>('/api/scan/nprofiles/', { name: 'Analyst profile' });
      expect(made.status).toBe(201);
      expect(made.body.user).toMatchObject({ first_name: 'Ana', last_name: 'Lyst' });
      expect((await analyst.get<Choice[]>('/api/noprofiles/')).body.map((p) => p.name)).toContain('Analyst profile');
      expect((await analyst.request('DELETE', `/api/scan/nprofiles/${made.body.id}/`)).status).toBe(403);
      await t.ctx.db
        .update(users)
        .set({ permissions: { net_scans: ['read'] } })
        .where(eq(users.id, a.id));
    });
  });
});
