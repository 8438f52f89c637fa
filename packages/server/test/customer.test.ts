// The customer record, feature flags and SSO tokens, with tenant isolation, on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FEATURE_FLAGS } from '@bulwark/core';
import { authEvents, customers, oneTimeTokens } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, userRow, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Customer = {
  id: number;
  name: string;
  logo: string | null;
  subscription_tier: number;
  license_end_date: string | null;
  days_to_expiration: number | null;
  integrations: string[];
};

/** A date `days` from today (UTC) as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const ALL_FALSE = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false]));

describe.each(BACKENDS)('customer, feature flags and SSO on %s', (backend) => {
  let t: TestApp;
  let customerId: number;
  let other: { customerId: number; adminEmail: string; adminId: number };

  beforeAll(async () => {
    t = await startTestApp(backend);
    customerId = (await userRow(t.ctx, ADMIN_EMAIL)).customerId;
    await t.user({ email: 'user@example.com' });
    other = await t.otherCustomer('Rival Corp');
    await t.user({ email: 'rival-user@other.example', customerId: other.customerId });
  });
  afterAll(() => t.close());

  const setLicence = (id: number, date: string | null) =>
    t.ctx.db.update(customers).set({ licenseEndDate: date }).where(eq(customers.id, id));
  const customerName = async (id: number) => (await t.ctx.db.select().from(customers).where(eq(customers.id, id)))[0]!.name;

  describe('GET /api/customer/', () => {
    it('answers the caller’s own customer', async () => {
      const c = await signedIn(t, 'user@example.com');
      const res = await c.get<Customer>('/api/customer/');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: customerId,
        name: 'My organisation',
        logo: null,
        subscription_tier: 1,
        license_end_date: null,
        days_to_expiration: null,
        integrations: [],
        lifecycle_management_enabled: false,
        lifecycle_period: 90,
        risk_acceptance_approval: false,
        min_qod: 70,
        blackouts: null,
        max_concurrent_tasks: null,
        // Never configured: none (feature-areas §5; test/saml.test.ts covers the setting).
        saml: null,
      });
      const o = await signedIn(t, 'rival-user@other.example');
      const theirs = await o.get<Customer>('/api/customer/');
      expect(theirs.body).toMatchObject({ id: other.customerId, name: 'Rival Corp' });
    });

    it('computes days_to_expiration from the licence end date: positive ahead, negative once passed', async () => {
      const c = await signedIn(t, 'user@example.com');
      try {
        await setLicence(customerId, dayFromToday(30));
        const ahead = await c.get<Customer>('/api/customer/');
        expect(ahead.body.license_end_date).toBe(dayFromToday(30));
        expect(ahead.body.days_to_expiration).toBe(30);
        expect((await c.get('/api/user/profile/?me=1')).body.days_to_expiration).toBe(30);

        await setLicence(customerId, dayFromToday(-5));
        const past = await c.get<Customer>('/api/customer/');
        expect(past.body.days_to_expiration).toBe(-5);
        expect((await c.get('/api/user/profile/?me=1')).body.days_to_expiration).toBe(-5);

        // Another customer's licence is its own.
        const o = await signedIn(t, 'rival-user@other.example');
        expect((await o.get<Customer>('/api/customer/')).body.days_to_expiration).toBeNull();
      } finally {
        await setLicence(customerId, null);
      }
    });

    it('refuses an anonymous caller (401)', async () => {
      const res = await t.client().get('/api/customer/');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    });
  });

  describe('PATCH /api/customer/{id}/', () => {
    it('refuses a user who is not a superuser (403), changing nothing', async () => {
      const c = await signedIn(t, 'user@example.com');
      const res = await c.patch(`/api/customer/${customerId}/`, { name: 'Taken over' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect(await customerName(customerId)).toBe('My organisation');
    });

    it('lets a superuser rename their own customer and set its logo; users see the change', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      try {
        const res = await c.patch<Customer>(`/api/customer/${customerId}/`, {
          name: '  Acme Security  ',
          logo: 'https://cdn.example.com/acme.png',
        });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: customerId, name: 'Acme Security', logo: 'https://cdn.example.com/acme.png' });
        expect(await customerName(customerId)).toBe('Acme Security');
        const u = await signedIn(t, 'user@example.com');
        expect((await u.get<Customer>('/api/customer/')).body.name).toBe('Acme Security');
        expect((await u.get('/api/user/profile/?me=1')).body.customer_name).toBe('Acme Security');
        const cleared = await c.patch<Customer>(`/api/customer/${customerId}/`, { logo: '' });
        expect(cleared.body.logo).toBeNull();
      } finally {
        await t.ctx.db.update(customers).set({ name: 'My organisation', logo: null }).where(eq(customers.id, customerId));
      }
    });

    it('answers another customer’s id with 404, like a missing one, changing nothing', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const theirs = await c.patch(`/api/customer/${other.customerId}/`, { name: 'Hijacked' });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ detail: 'Not found.' });
      expect((await c.patch('/api/customer/999999/', { name: 'Ghost' })).status).toBe(404);
      expect(await customerName(other.customerId)).toBe('Rival Corp');
      expect(await customerName(customerId)).toBe('My organisation');
    });

    it('answers an empty name with 400 {name: [...]}, a bad logo with 400 {logo: [...]}', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const empty = await c.patch(`/api/customer/${customerId}/`, { name: '' });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ name: ['Name is required'] });
      const blank = await c.patch(`/api/customer/${customerId}/`, { name: '   ' });
      expect(blank.status).toBe(400);
      expect(Object.keys(blank.body)).toEqual(['name']);
      const logo = await c.patch(`/api/customer/${customerId}/`, { logo: 'not a link' });
      expect(logo.status).toBe(400);
      expect(logo.body).toEqual({ logo: ['Invalid link. Only valid image links are supported'] });
      expect(await customerName(customerId)).toBe('My organisation');
    });

    it('does not let a customer change its own subscription tier or licence (400)', async () => {
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      const res = await c.patch(`/api/customer/${customerId}/`, { subscription_tier: 2, license_end_date: '2099-01-01' });
      expect(res.status).toBe(400);
      const row = (await t.ctx.db.select().from(customers).where(eq(customers.id, customerId)))[0]!;
      expect(row.subscriptionTier).toBe(1);
      expect(row.licenseEndDate).toBeNull();
    });

    it('refuses an anonymous caller (401) and a call without the CSRF header (403)', async () => {
      const anon = await anonymous(t);
      expect((await anon.patch(`/api/customer/${customerId}/`, { name: 'Anon' })).status).toBe(401);
      const c = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
      c.csrf = false;
      const res = await c.patch(`/api/customer/${customerId}/`, { name: 'No CSRF' });
      expect(res.status).toBe(403);
      expect(await customerName(customerId)).toBe('My organisation');
    });
  });

  describe('GET /api/feature-flags/', () => {
    it('answers every §6 flag as false for an anonymous caller and by default', async () => {
      const anon = await t.client().get('/api/feature-flags/');
      expect(anon.status).toBe(200);
      expect(anon.body).toEqual(ALL_FALSE);
      expect(Object.keys(anon.body).sort()).toEqual(
        [
          'cloud-scanning',
          'continuous-monitoring',
          'cm-mailservers',
          'unified-remediation',
          'unified-tags-stage-2',
          'onprem-da',
          'cloud-vm-resources',
          'onprem-subscriptions',
        ].sort(),
      );
      const c = await signedIn(t, 'user@example.com');
      expect((await c.get('/api/feature-flags/')).body).toEqual(ALL_FALSE);
    });

    it('turns flags on for one customer’s users only', async () => {
      try {
        await setFlags(t.ctx, customerId, ['cloud-scanning', 'onprem-da', 'not-a-flag']);
        const mine = await signedIn(t, 'user@example.com');
        const res = await mine.get('/api/feature-flags/');
        expect(res.body).toEqual({ ...ALL_FALSE, 'cloud-scanning': true, 'onprem-da': true });
        expect(res.body).not.toHaveProperty('not-a-flag');
        const theirs = await signedIn(t, 'rival-user@other.example');
        expect((await theirs.get('/api/feature-flags/')).body).toEqual(ALL_FALSE);
        expect((await t.client().get('/api/feature-flags/')).body).toEqual(ALL_FALSE);
      } finally {
        await setFlags(t.ctx, customerId, []);
      }
    });
  });

  describe('GET /api/sso/generatessotoken/', () => {
    it('issues a one-time token valid 60 s, stored only as a hash, and records it', async () => {
      const c = await signedIn(t, 'user@example.com');
      const user = await userRow(t.ctx, 'user@example.com');
      const before = Date.now();
      const res = await c.get<{ token: string; expires_in_seconds: number }>('/api/sso/generatessotoken/');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['expires_in_seconds', 'token']);
      expect(res.body.expires_in_seconds).toBe(60);
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      const rows = await t.ctx.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.tokenHash, sha256(res.body.token)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'sso', userId: user.id, usedAt: null });
      const ttl = rows[0]!.expiresAt.getTime() - before;
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(65_000);
      expect(await t.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, res.body.token))).toHaveLength(0);

      const again = await c.get<{ token: string }>('/api/sso/generatessotoken/');
      expect(again.body.token).not.toBe(res.body.token);

      const events = await t.ctx.db
        .select()
        .from(authEvents)
        .where(and(eq(authEvents.event, 'sso_token_generated'), eq(authEvents.userId, user.id)));
      expect(events).toHaveLength(2);
    });

    it('refuses an anonymous caller (401) and issues nothing', async () => {
      const before = await t.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.kind, 'sso'));
      const res = await t.client().get('/api/sso/generatessotoken/');
      expect(res.status).toBe(401);
      const after = await t.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.kind, 'sso'));
      expect(after).toHaveLength(before.length);
    });
  });
});
