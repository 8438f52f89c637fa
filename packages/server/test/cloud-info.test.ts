// The cloud scanning reference calls on every test database: each provider's regions (cloud/supported-regions/{x}/ by
// key or §3 code, 404 for any other), the profile picker (cloud/cloud_basics/: the customer's own cloud profiles only)
// and the control catalogue (cloud/controls/ by provider and search, cloud/controls/{id}/), as the scanner's providers
// say; the guards: 401 signed out, 403 without cloud_scans or without the cloud-scanning flag.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PROVIDER, CLOUD_PROVIDER_KEYS, type CloudControlItem } from '@bulwark/core';
import { CLOUD_PROVIDERS, cloudControls } from '@bulwark/scanner';
import { scanProfiles, users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

const FLAGS = ['cloud-scanning', 'cloud-vm-resources'];

describe.each(BACKENDS)('cloud reference calls on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let rival: Client;
  let rivalCustomer: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await setFlags(t.ctx, 1, FLAGS);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { cloud_scans: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rivalCustomer = other.customerId;
    await setFlags(t.ctx, rivalCustomer, FLAGS);
    rival = await signedIn(t, other.adminEmail);
  });
  afterAll(() => t.close());

  it('answers each provider’s regions by key or code, and 404 for anything else', async () => {
    for (const key of CLOUD_PROVIDER_KEYS) {
      const expected = { provider: CLOUD_PROVIDER[key], results: CLOUD_PROVIDERS[key].regions.map((r) => ({ id: r.id, label: r.label })) };
      const byKey = await reader.get(`/api/cloud/supported-regions/${key}/`);
      expect(byKey.status).toBe(200);
      expect(byKey.body).toEqual(expected);
      expect((await reader.get(`/api/cloud/supported-regions/${CLOUD_PROVIDER[key]}/`)).body).toEqual(expected);
    }
    const aws = await reader.get<{ results: { id: string }[] }>('/api/cloud/supported-regions/AWS/');
    expect(aws.body.results.map((r) => r.id)).toEqual(expect.arrayContaining(['us-east-1', 'eu-west-1']));
    for (const other of ['2', 'alibaba', '99', 'aws1'])
      expect((await reader.get(`/api/cloud/supported-regions/${other}/`)).status).toBe(404);
  });

  it('lists the control catalogue by provider and search, and one control by id', async () => {
    const all = await reader.get<CloudControlItem[]>('/api/cloud/controls/');
    expect(all.status).toBe(200);
    expect(all.body.map((c) => c.id)).toEqual(cloudControls().map((c) => c.id));
    const catalogue = cloudControls().filter((c) => c.provider === 'aws');
    expect(catalogue.length).toBeGreaterThan(0);
    const aws = await reader.get<CloudControlItem[]>('/api/cloud/controls/?provider=aws');
    expect(aws.body.map((c) => c.id)).toEqual(catalogue.map((c) => c.id));
    expect(aws.body.every((c) => c.provider === 0)).toBe(true);
    expect((await reader.get<CloudControlItem[]>('/api/cloud/controls/?provider=0')).body).toEqual(aws.body);

    const first = catalogue[0]!;
    const one = await reader.get<CloudControlItem>(`/api/cloud/controls/${first.id}/`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      id: first.id,
      provider: 0,
      benchmark: first.benchmark,
      reference: first.reference,
      title: first.title,
      description: first.description,
      solution: first.solution,
      severity: first.severity,
      service: first.service,
      resource_type: first.resourceType,
    });
    const found = await reader.get<CloudControlItem[]>(`/api/cloud/controls/?search=${encodeURIComponent(first.title.toUpperCase())}`);
    expect(found.body.map((c) => c.id)).toContain(first.id);
    expect((await reader.get<CloudControlItem[]>('/api/cloud/controls/?search=no-such-control-anywhere')).body).toEqual([]);
    expect((await reader.get('/api/cloud/controls/no-such-control/')).status).toBe(404);
    const bad = await reader.get('/api/cloud/controls/?provider=alibaba');
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('provider');
  });

  it('lists the customer’s own cloud profiles for pickers', async () => {
    const insert = (customerId: number, name: string, provider: number) =>
      t.ctx.db
        .insert(scanProfiles)
        .values({
          customerId,
          name,
          type: 'cloud',
          fields: { provider, regions: [], minus_controls: [], credentials: {}, account: null } as never,
        })
        .returning();
    const [mine] = await insert(1, 'Production AWS', 0);
    const [azure] = await insert(1, 'azure tenant', 1);
    await insert(rivalCustomer, 'Rival AWS', 0);
    const basics = await reader.get('/api/cloud/cloud_basics/');
    expect(basics.status).toBe(200);
    expect(basics.body).toEqual([
      { id: azure!.id, name: 'azure tenant', provider: 1 },
      { id: mine!.id, name: 'Production AWS', provider: 0 },
    ]);
    expect((await rival.get('/api/cloud/cloud_basics/')).body).toEqual([{ id: expect.any(Number), name: 'Rival AWS', provider: 0 }]);
  });

  it('refuses signed-out callers (401), users without cloud_scans (403) and customers without the flag (403)', async () => {
    const anon = await anonymous(t);
    const urls = ['/api/cloud/supported-regions/aws/', '/api/cloud/cloud_basics/', '/api/cloud/controls/', '/api/cloud/controls/x/'];
    for (const url of urls) {
      expect((await anon.get(url)).status).toBe(401);
      expect((await nobody.get(url)).status).toBe(403);
    }
    await setFlags(t.ctx, 1, ['cloud-vm-resources']);
    try {
      for (const url of urls) {
        const r = await admin.get(url);
        expect(r.status).toBe(403);
        expect(r.body).toMatchObject({ code: 'feature_not_enabled' });
      }
    } finally {
      await setFlags(t.ctx, 1, FLAGS);
    }
  });
});
