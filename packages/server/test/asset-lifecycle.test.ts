// Lifecycle management on every test database: the customer setting (superusers; periods of §9 only), hosts not seen
// for the period archived by housekeeping with their open findings closed (reason asset_archived), archived assets out
// of the list and the licence count unless asked for, and an archived host a scan sees again back in the inventory.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetUsage } from '@bulwark/core';
import { assets, findings } from '../src/db/schema/index.ts';
import { housekeeping } from '../src/module-jobs.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };
const DAY = 86_400_000;

describe.each(BACKENDS)('asset lifecycle on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  // Housekeeping also ends expired sessions, so its clock is the real one; the assets' dates are set against it.
  const now = new Date();
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const rows = await t.ctx.db
      .insert(assets)
      .values([
        {
          customerId: 1,
          kind: 'host',
          type: 2,
          value: '127.0.0.1',
          address: '127.0.0.1',
          firstSeen: new Date(now.getTime() - 90 * DAY),
          lastSeen: new Date(now.getTime() - 40 * DAY),
        },
        {
          customerId: 1,
          kind: 'host',
          type: 2,
          value: '10.9.0.2',
          address: '10.9.0.2',
          firstSeen: new Date(now.getTime() - 90 * DAY),
          lastSeen: new Date(now.getTime() - 10 * DAY),
        },
        { customerId: 1, kind: 'network', type: 1, value: '10.9.0.0/24' },
      ])
      .returning();
    [id.stale, id.fresh, id.net] = rows.map((r) => r.id);
    await t.ctx.db.insert(findings).values({
      customerId: 1,
      hostId: id.stale!,
      key: 'check:x@22/tcp',
      name: 'Weak cipher',
      severity: 2,
      confidence: 'confirmed',
      state: 1,
      firstSeen: new Date(now.getTime() - 90 * DAY),
      lastSeen: new Date(now.getTime() - 40 * DAY),
    });
  });
  afterAll(() => t.close());

  it('is a customer setting for superusers, with the retention periods of §9', async () => {
    expect((await admin.get<{ lifecycle_management_enabled: boolean; lifecycle_period: number }>('/api/customer/')).body).toMatchObject({
      lifecycle_management_enabled: false,
      lifecycle_period: 90,
    });
    expect((await admin.patch('/api/customer/1/', { lifecycle_period: 45 })).body).toEqual({
      lifecycle_period: ['Choose one of 7, 14, 30, 90, 180, 365, 730 days.'],
    });
    // Off: nothing is archived.
    expect(await housekeeping(t.ctx, now)).toMatchObject({ assetsArchived: 0 });
    const on = await admin.patch('/api/customer/1/', { lifecycle_management_enabled: true, lifecycle_period: 30 });
    expect(on.body).toMatchObject({ lifecycle_management_enabled: true, lifecycle_period: 30 });
  });

  it('archives hosts not seen for the period and closes their open findings with the reason', async () => {
    expect(await housekeeping(t.ctx, now)).toMatchObject({ assetsArchived: 1, findingsClosed: 1 });
    const [f] = await t.ctx.db.select().from(findings).where(eq(findings.hostId, id.stale!));
    expect(f).toMatchObject({ state: 3, closedReason: 'asset_archived' });
    expect(f!.closedAt?.toISOString()).toBe(now.toISOString());
    // Networks are never archived (no scan "sees" a network), nor hosts seen within the period.
    const listed = await admin.get<Page<Asset>>('/api/assets/assets/?ordering=id');
    expect(listed.body.results.map((a) => a.id)).toEqual([id.fresh, id.net]);
    const archived = await admin.get<Page<Asset>>('/api/assets/assets/?archived=true');
    expect(archived.body.results.map((a) => [a.id, a.archived])).toEqual([[id.stale, now.toISOString()]]);
    expect((await admin.get<AssetUsage>('/api/usage/')).body.used).toBe(1);
    expect(await housekeeping(t.ctx, now)).toMatchObject({ assetsArchived: 0, findingsClosed: 0 });
  });

  it('brings an archived host back when a scan sees it again', async () => {
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = await smallProfile(t, 1, '22');
    const runId = await deliveredRun(
      t,
      admin,
      { name: 'Again', profile, probeId },
      { hosts: [{ address: '127.0.0.1', alive: true, ports: [] }] },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    const back = await admin.get<Asset>(`/api/assets/${id.stale}/`);
    expect(back.body.archived).toBeNull();
  });
});
