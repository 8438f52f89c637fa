// User profiles (own, list, one, change) and password change, with tenant isolation, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, userRow, type TestApp } from './helpers/app.ts';
import { anonymous, impersonated, signedIn } from './helpers/sessions.ts';

type Profile = Record<string, unknown> & { id: number; email: string; permissions: Record<string, string[]> };
type Page = { count: number; next: string | null; previous: string | null; results: Profile[] };

const PROFILE_KEYS = [
  'id',
  'user',
  'email',
  'first_name',
  'last_name',
  'picture',
  'phone_number',
  'is_superuser',
  'customer_admin',
  'customer',
  'customer_name',
  'days_to_expiration',
  'permissions',
  'role',
  'platform_operator',
  'two_factor_method',
  'digestreportconfig',
].sort();

describe.each(BACKENDS)('user profiles on %s', (backend) => {
  let t: TestApp;
  let adminId: number;
  let customerId: number;
  let alice: { id: number; customerId: number };
  let bob: { id: number; customerId: number };
  let other: { customerId: number; adminEmail: string; adminId: number };
  let otherUser: { id: number; customerId: number };

  beforeAll(async () => {
    t = await startTestApp(backend);
    const admin = await userRow(t.ctx, ADMIN_EMAIL);
    adminId = admin.id;
    customerId = admin.customerId;
    alice = await t.user({ email: 'alice@example.com', firstName: 'Alice', lastName: 'Anders' });
    bob = await t.user({ email: 'bob@example.com', firstName: 'Bob' });
    await t.user({ email: 'carol@example.com' });
    other = await t.otherCustomer('Rival Corp');
    otherUser = await t.user({ email: 'mallory@other.example', customerId: other.customerId });
  });
  afterAll(() => t.close());

  describe('GET /api/user/profile/?me=1', () => {
    it('answers the caller’s own profile with every field of the §3 shape', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await c.get<Profile>('/api/user/profile/?me=1');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(PROFILE_KEYS);
      expect(res.body).toEqual({
        id: adminId,
        user: adminId,
        email: ADMIN_EMAIL,
        first_name: 'Admin',
        last_name: '',
        picture: null,
        phone_number: null,
        is_superuser: true,
        customer_admin: true,
        customer: customerId,
        customer_name: 'My organisation',
        days_to_expiration: null,
        permissions: {},
        role: 'administrator',
        platform_operator: true,
        two_factor_method: 'none',
        digestreportconfig: null,
      });
    });

    it('answers a plain user with their own data, not the administrator’s', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const res = await c.get<Profile>('/api/user/profile/?me=true');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: alice.id,
        email: 'alice@example.com',
        first_name: 'Alice',
        last_name: 'Anders',
        is_superuser: false,
        customer_admin: false,
        customer: customerId,
      });
    });

    it('refuses an anonymous caller (401) and a bad `me` value (400 keyed by field)', async () => {
      const anon = t.client();
      const res = await anon.get('/api/user/profile/?me=1');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      const c = await signedIn(t, 'alice@example.com');
      const bad = await c.get('/api/user/profile/?me=maybe');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(['me']);
    });
  });

  describe('GET /api/user/profile/ (list)', () => {
    it('shows a superuser exactly the users of their own customer', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await c.get<Page>('/api/user/profile/');
      expect(res.status).toBe(200);
      const emails = res.body.results.map((p) => p.email);
      expect(emails).toEqual(['admin@example.com', 'alice@example.com', 'bob@example.com', 'carol@example.com']);
      expect(res.body).toMatchObject({ count: 4, next: null, previous: null });
      expect(emails).not.toContain(other.adminEmail);
      expect(emails).not.toContain('mallory@other.example');
      expect(res.body.results.every((p) => p.customer === customerId)).toBe(true);
    });

    it('shows the other customer’s superuser only their own users', async () => {
      const c = await signedIn(t, other.adminEmail);
      const res = await c.get<Page>('/api/user/profile/');
      expect(res.body.count).toBe(2);
      expect(res.body.results.map((p) => p.email).sort()).toEqual([other.adminEmail, 'mallory@other.example'].sort());
      expect(res.body.results.every((p) => p.customer_name === 'Rival Corp')).toBe(true);
    });

    it('shows a non-superuser only themselves', async () => {
      const c = await signedIn(t, 'bob@example.com');
      const res = await c.get<Page>('/api/user/profile/');
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(1);
      expect(res.body.results.map((p) => p.id)).toEqual([bob.id]);
    });

    it('pages with page_size: count stays the total, next/previous link the neighbouring pages', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const first = await c.get<Page>('/api/user/profile/?page_size=3');
      expect(first.body.count).toBe(4);
      expect(first.body.results).toHaveLength(3);
      expect(first.body.previous).toBeNull();
      expect(first.body.next).toMatch(/^\/api\/user\/profile\/\?/);
      const nextUrl = new URL(first.body.next!, 'http://x');
      expect(nextUrl.searchParams.get('page')).toBe('2');
      expect(nextUrl.searchParams.get('page_size')).toBe('3');
      const second = await c.get<Page>(first.body.next!);
      expect(second.body.count).toBe(4);
      expect(second.body.results.map((p) => p.email)).toEqual(['carol@example.com']);
      expect(second.body.next).toBeNull();
      expect(new URL(second.body.previous!, 'http://x').searchParams.get('page')).toBe('1');
      const all = [...first.body.results, ...second.body.results].map((p) => p.email);
      expect(new Set(all).size).toBe(4);
    });

    it('answers bad paging parameters with 400 keyed by field', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const zero = await c.get('/api/user/profile/?page_size=0');
      expect(zero.status).toBe(400);
      expect(zero.body.page_size).toEqual(['Page size must be at least 1.']);
      const word = await c.get('/api/user/profile/?page=abc');
      expect(word.status).toBe(400);
      expect(Object.keys(word.body)).toEqual(['page']);
    });

    it('refuses an anonymous caller (401)', async () => {
      expect((await t.client().get('/api/user/profile/')).status).toBe(401);
    });
  });

  describe('GET /api/user/profile/{id}/', () => {
    it('answers one’s own profile', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const res = await c.get<Profile>(`/api/user/profile/${alice.id}/`);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('alice@example.com');
      expect(Object.keys(res.body).sort()).toEqual(PROFILE_KEYS);
    });

    it('hides another user of the same customer from a non-superuser (404)', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const res = await c.get(`/api/user/profile/${bob.id}/`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    });

    it('shows any user of the same customer to a superuser', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await c.get<Profile>(`/api/user/profile/${bob.id}/`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: bob.id, email: 'bob@example.com', first_name: 'Bob', customer: customerId });
    });

    it('never shows another customer’s user, even to a superuser (404, like a missing id)', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const theirs = await c.get(`/api/user/profile/${otherUser.id}/`);
      const missing = await c.get('/api/user/profile/999999/');
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ detail: 'Not found.' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(theirs.body);
      // And the other way round.
      const o = await signedIn(t, other.adminEmail);
      expect((await o.get(`/api/user/profile/${alice.id}/`)).status).toBe(404);
    });

    it('answers a non-numeric id with 400 keyed by id, and an anonymous caller with 401', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const bad = await c.get('/api/user/profile/abc/');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(['id']);
      expect((await t.client().get(`/api/user/profile/${alice.id}/`)).status).toBe(401);
    });
  });

  describe('PATCH /api/user/profile/{id}/', () => {
    it('changes one’s own name and picture, and the change is kept', async () => {
      const u = await t.user({ email: 'dora@example.com' });
      const c = await signedIn(t, 'dora@example.com');
      const res = await c.patch<Profile>(`/api/user/profile/${u.id}/`, {
        first_name: '  Dora ',
        last_name: 'Explorer',
        picture: 'https://images.example.com/dora.png',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ first_name: 'Dora', last_name: 'Explorer', picture: 'https://images.example.com/dora.png' });
      const again = await c.get<Profile>('/api/user/profile/?me=1');
      expect(again.body).toMatchObject({ first_name: 'Dora', last_name: 'Explorer', picture: 'https://images.example.com/dora.png' });
      // An empty picture clears it.
      const cleared = await c.patch<Profile>(`/api/user/profile/${u.id}/`, { picture: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.picture).toBeNull();
      expect((await userRow(t.ctx, 'dora@example.com')).picture).toBeNull();
    });

    it('answers a picture that is not a link with 400 {picture: [...]}, changing nothing', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const res = await c.patch(`/api/user/profile/${alice.id}/`, { picture: 'not a link', first_name: 'Changed' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ picture: ['Invalid link. Only valid image links are supported'] });
      expect((await userRow(t.ctx, 'alice@example.com')).firstName).toBe('Alice');
    });

    it('answers an unknown field with 400, changing nothing', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const res = await c.patch(`/api/user/profile/${alice.id}/`, { first_name: 'Changed', is_superuser: true });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/is_superuser/);
      const row = await userRow(t.ctx, 'alice@example.com');
      expect(row.isSuperuser).toBe(false);
      expect(row.firstName).toBe('Alice');
    });

    it('answers a field of the wrong type or too long with 400 keyed by that field', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const res = await c.patch(`/api/user/profile/${alice.id}/`, { first_name: 42, last_name: 'x'.repeat(151) });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['first_name', 'last_name']);
    });

    it('refuses a non-superuser who tries to give themselves roles or permissions (403), changing nothing', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const perms = await c.patch(`/api/user/profile/${alice.id}/`, { permissions: { net_scans: ['read'] } });
      expect(perms.status).toBe(403);
      expect(perms.body).toEqual({ detail: 'Only an administrator can change roles and permissions.' });
      const admin = await c.patch(`/api/user/profile/${alice.id}/`, { customer_admin: true });
      expect(admin.status).toBe(403);
      const row = await userRow(t.ctx, 'alice@example.com');
      expect(row.customerAdmin).toBe(false);
      expect(row.permissions).toEqual({});
      // Still a plain user: the list shows only herself.
      expect((await c.get<Page>('/api/user/profile/')).body.count).toBe(1);
    });

    it('hides another user of the same customer from a non-superuser (404), changing nothing', async () => {
      const c = await signedIn(t, 'alice@example.com');
      const res = await c.patch(`/api/user/profile/${bob.id}/`, { first_name: 'Hacked' });
      expect(res.status).toBe(404);
      expect((await userRow(t.ctx, 'bob@example.com')).firstName).toBe('Bob');
    });

    it('lets a superuser set another user’s permissions and admin role, and they take effect', async () => {
      const u = await t.user({ email: 'erin@example.com' });
      const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const perms = await admin.patch<Profile>(`/api/user/profile/${u.id}/`, {
        permissions: { net_scans: ['read'], vulnerabilities: ['read', 'update'] },
      });
      expect(perms.status).toBe(200);
      expect(perms.body.permissions).toEqual({ net_scans: ['read'], vulnerabilities: ['read', 'update'] });
      const erin = await signedIn(t, 'erin@example.com');
      expect((await erin.get<Profile>('/api/user/profile/?me=1')).body.permissions).toEqual({
        net_scans: ['read'],
        vulnerabilities: ['read', 'update'],
      });
      // Before the role, Erin sees only herself; after it, every user of the customer.
      expect((await erin.get<Page>('/api/user/profile/')).body.count).toBe(1);
      const role = await admin.patch<Profile>(`/api/user/profile/${u.id}/`, { customer_admin: true });
      expect(role.status).toBe(200);
      expect(role.body.customer_admin).toBe(true);
      expect((await erin.get<Page>('/api/user/profile/')).body.count).toBeGreaterThan(1);
      expect((await erin.get(`/api/user/profile/${bob.id}/`)).status).toBe(200);
    });

    it('applies a role preset, shows the role, and refuses a role given with a map', async () => {
      const u = await t.user({ email: 'rita@example.com' });
      const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const set = await admin.patch<Profile>(`/api/user/profile/${u.id}/`, { role: 'scan_operator' });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ role: 'scan_operator', customer_admin: false, platform_operator: false });
      expect(set.body.permissions.net_scans).toEqual(['read', 'create', 'update', 'delete', 'execute']);
      expect(set.body.permissions.reports).toEqual(['read']);
      // The preset takes effect: a scan operator may create a scan target, an auditor may not.
      const rita = await signedIn(t, 'rita@example.com');
      expect((await rita.post('/api/scan/hosts/', { host: 'rita.example.com' })).status).toBe(201);
      expect((await admin.patch<Profile>(`/api/user/profile/${u.id}/`, { role: 'auditor' })).body.role).toBe('auditor');
      expect((await rita.post('/api/scan/hosts/', { host: 'rita2.example.com' })).status).toBe(403);
      // Editing the map by hand makes it a custom grant.
      const custom = await admin.patch<Profile>(`/api/user/profile/${u.id}/`, { permissions: { net_scans: ['read'] } });
      expect(custom.body.role).toBeNull();
      const both = await admin.patch(`/api/user/profile/${u.id}/`, { role: 'auditor', permissions: {} });
      expect(both.status).toBe(400);
      expect(both.body).toEqual({ role: ['Give either a role or customer_admin and permissions, not both.'] });
      expect((await admin.patch(`/api/user/profile/${u.id}/`, { role: 'overlord' })).body).toEqual({
        role: ['Choose a role: administrator, security_analyst, scan_operator, auditor.'],
      });
      const self = await rita.patch(`/api/user/profile/${u.id}/`, { role: 'administrator' });
      expect(self.status).toBe(403);
      expect((await userRow(t.ctx, 'rita@example.com')).customerAdmin).toBe(false);
    });

    it('answers unknown permission resources or actions with 400 {permissions: [...]}', async () => {
      const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await admin.patch(`/api/user/profile/${bob.id}/`, { permissions: { bogus_area: ['read'] } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['permissions']);
      const action = await admin.patch(`/api/user/profile/${bob.id}/`, { permissions: { net_scans: ['launch-missiles'] } });
      expect(action.status).toBe(400);
      expect(Object.keys(action.body)).toEqual(['permissions']);
      expect((await userRow(t.ctx, 'bob@example.com')).permissions).toEqual({});
    });

    it('never lets a superuser change another customer’s user (404), changing nothing', async () => {
      const admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await admin.patch(`/api/user/profile/${otherUser.id}/`, { first_name: 'Hacked', customer_admin: true });
      expect(res.status).toBe(404);
      const row = await userRow(t.ctx, 'mallory@other.example');
      expect(row.firstName).toBe('');
      expect(row.customerAdmin).toBe(false);
    });

    it('does not let a customer admin remove their own admin role (400 {customer_admin: [...]})', async () => {
      const c = await signedIn(t, other.adminEmail);
      const res = await c.patch(`/api/user/profile/${other.adminId}/`, { customer_admin: false });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['customer_admin']);
      expect((await userRow(t.ctx, other.adminEmail)).customerAdmin).toBe(true);
    });

    it('refuses role and permission changes in an impersonated session (403), but allows the name', async () => {
      const c = await impersonated(t, ADMIN_EMAIL, 'support desk', '127.0.5.1');
      const res = await c.patch(`/api/user/profile/${bob.id}/`, { permissions: { reports: ['read'] } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'Roles and permissions cannot be changed in an impersonated session.' });
      expect((await userRow(t.ctx, 'bob@example.com')).permissions).toEqual({});
      const name = await c.patch<Profile>(`/api/user/profile/${bob.id}/`, { last_name: 'Builder' });
      expect(name.status).toBe(200);
      expect(name.body.last_name).toBe('Builder');
    });

    it('refuses an anonymous caller (401) and a call without the CSRF header (403)', async () => {
      const anon = await anonymous(t);
      const res = await anon.patch(`/api/user/profile/${alice.id}/`, { first_name: 'Anon' });
      expect(res.status).toBe(401);
      const c = await signedIn(t, 'alice@example.com');
      c.csrf = false;
      const noCsrf = await c.patch(`/api/user/profile/${alice.id}/`, { first_name: 'NoCsrf' });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
      expect((await userRow(t.ctx, 'alice@example.com')).firstName).toBe('Alice');
    });
  });

  describe('POST /api/user/change-password/', () => {
    const NEW_PASSWORD = 'Quiet-Harbour-Lamp-31';

    it('checks the current password, the policy, then changes it and ends the user’s other sessions only', async () => {
      const email = 'frank@example.com';
      const u = await t.user({ email });
      const c = await signedIn(t, email, PASSWORD, '127.0.6.1');
      const elsewhere = await signedIn(t, email, PASSWORD, '127.0.6.2');
      const bystander = await signedIn(t, 'bob@example.com', PASSWORD, '127.0.6.3');

      const wrong = await c.post('/api/user/change-password/', { current_password: 'not-my-password', new_password: NEW_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ current_password: ['The current password is not correct.'] });

      const common = await c.post('/api/user/change-password/', { current_password: PASSWORD, new_password: 'password123' });
      expect(common.status).toBe(400);
      expect(Object.keys(common.body)).toEqual(['new_password']);
      expect((common.body.new_password as string[]).join(' ')).toMatch(/common/);

      const short = await c.post('/api/user/change-password/', { current_password: PASSWORD, new_password: 'short' });
      expect(short.status).toBe(400);
      expect((short.body.new_password as string[]).join(' ')).toMatch(/too short/);

      const missing = await c.post('/api/user/change-password/', {});
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body).sort()).toEqual(['current_password', 'new_password']);

      // Nothing so far changed anything: every session is still alive.
      expect((await elsewhere.get('/api/user/profile/?me=1')).status).toBe(200);

      const ok = await c.post('/api/user/change-password/', { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ detail: 'Your password has been changed.' });

      expect((await c.get('/api/user/profile/?me=1')).status).toBe(200);
      expect((await elsewhere.get('/api/user/profile/?me=1')).status).toBe(401);
      expect((await bystander.get('/api/user/profile/?me=1')).status).toBe(200);
      const left = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
      expect(left).toHaveLength(1);

      expect((await t.client('127.0.6.4').login(email, PASSWORD)).status).toBe(400);
      expect((await t.client('127.0.6.4').login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses the change in an impersonated session (403), leaving the password as it was', async () => {
      const email = 'grace@example.com';
      await t.user({ email });
      const c = await impersonated(t, email, 'support desk', '127.0.7.1');
      const res = await c.post('/api/user/change-password/', { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'The password cannot be changed in an impersonated session.' });
      expect((await t.client('127.0.7.2').login(email, PASSWORD)).status).toBe(200);
    });

    it('refuses an anonymous caller (401) and a call without the CSRF header (403)', async () => {
      const anon = await anonymous(t);
      expect((await anon.post('/api/user/change-password/', { current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(401);
      const c = await signedIn(t, 'carol@example.com', PASSWORD, '127.0.8.1');
      c.csrf = false;
      const res = await c.post('/api/user/change-password/', { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.status).toBe(403);
      expect((await t.client('127.0.8.2').login('carol@example.com', PASSWORD)).status).toBe(200);
    });
  });
});
