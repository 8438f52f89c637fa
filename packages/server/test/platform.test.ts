// Platform operators' customer calls: list, create, change tier, licence and flags, with field errors; the changes
// take effect for the customer's users (flags, licence); only operators may call them (the matrix covers 401/403).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformCustomer } from '@bulwark/core';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };

describe.each(BACKENDS)('platform customers on %s', (backend) => {
  let t: TestApp;
  let operator: Client;
  let rival: Client;
  let rivalId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    operator = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await t.otherCustomer('Rival Corp');
    rivalId = other.customerId;
    rival = await signedIn(t, other.adminEmail);
  });
  afterAll(() => t.close());

  it('lists every customer with its user count, and searches by name', async () => {
    const all = (await operator.get<Page<PlatformCustomer>>('/api/platform/customers/')).body;
    expect(all.count).toBe(2);
    expect(all.results.find((c) => c.id === rivalId)).toMatchObject({ name: 'Rival Corp', users: 1, feature_flags: [] });
    expect((await operator.get<Page<PlatformCustomer>>('/api/platform/customers/?search=rival')).body.results.map((c) => c.name)).toEqual([
      'Rival Corp',
    ]);
  });

  it('creates a customer, with field errors for bad input', async () => {
    const made = await operator.post<PlatformCustomer>('/api/platform/customers/', {
      name: 'Acme',
      subscription_tier: 2,
      feature_flags: ['onprem-da'],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Acme', subscription_tier: 2, license_end_date: null, feature_flags: ['onprem-da'], users: 0 });
    const bad = await operator.post('/api/platform/customers/', {
      name: '',
      subscription_tier: 7,
      license_end_date: '2030-13-45',
      feature_flags: ['x'],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['feature_flags', 'license_end_date', 'name', 'subscription_tier']);
    expect(bad.body.subscription_tier).toEqual(['Choose a subscription tier: 0 (none), 1 (standard) or 2 (plus).']);
  });

  it("changes a customer's flags and licence, and its users see the change", async () => {
    const patched = await operator.patch<PlatformCustomer>(`/api/platform/customers/${rivalId}/`, {
      feature_flags: ['cloud-scanning', 'cloud-scanning'],
      license_end_date: '2020-01-01',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ feature_flags: ['cloud-scanning'], license_end_date: '2020-01-01' });
    expect(patched.body.days_to_expiration).toBeLessThan(0);
    expect((await rival.get<Record<string, boolean>>('/api/feature-flags/')).body['cloud-scanning']).toBe(true);
    expect((await rival.get<{ days_to_expiration: number }>('/api/customer/')).body.days_to_expiration).toBeLessThan(0);
    expect((await operator.patch('/api/platform/customers/999999/', { name: 'Ghost' })).status).toBe(404);
    expect((await operator.get('/api/platform/customers/999999/')).status).toBe(404);
  });

  it("is not a customer superuser's: the rival's administrator gets 403", async () => {
    expect((await rival.get('/api/platform/customers/')).status).toBe(403);
    expect((await rival.patch(`/api/platform/customers/${rivalId}/`, { subscription_tier: 2 })).status).toBe(403);
  });

  it('audits operator changes as platform events, which customers do not see', async () => {
    const mine = (await operator.get<Page<{ route: string }>>('/api/audit/?search=platform')).body;
    expect(mine.results.map((e) => e.route)).toContain('/api/platform/customers/:id/');
    const theirs = (await rival.get<Page<{ route: string }>>('/api/audit/?search=platform')).body;
    expect(theirs.count).toBe(0);
  });
});
