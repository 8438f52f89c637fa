// Bulk operations on assets on every test database: add and remove static tags, set owner and criticality, delete —
// on selected ids or on every asset a filter matches; dynamic tags and foreign ids refused or ignored; params checked
// per operation; delete needs the delete permission; a LIMITED member reaches only the assets it sees.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetBulkResult } from '@bulwark/core';
import { teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { Readable } from 'node:stream';
import { importAssets, readImportFile } from '../src/modules/assets/import.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };

describe.each(BACKENDS)('asset bulk operations on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let editor: Client;
  let member: Client;
  let ownerId: number;
  const id: Record<string, number> = {};
  const bulk = (c: Client, body: Record<string, unknown>) =>
    c.post<AssetBulkResult & Record<string, string[]>>('/api/assets-bulk-operation/', body);
  const get = async (assetId: number) => (await admin.get<Asset>(`/api/assets/${assetId}/`)).body;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const e = await t.user({ email: 'editor@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read', 'update'] } })
      .where(eq(users.id, e.id));
    editor = await signedIn(t, 'editor@example.com');
    ownerId = e.id;
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read', 'update'] } })
      .where(eq(users.id, m.id));
    member = await signedIn(t, 'member@example.com');
    for (const [k, v] of Object.entries({ a: '10.3.0.1', b: '10.3.0.2', c: '10.3.0.3', d: '192.0.2.50' }))
      id[k] = (await admin.post<Asset>('/api/assets/assets/', { value: v })).body.id;
    id.prod = (await admin.post<{ id: number }>('/api/tags/tags/', { name: 'Production' })).body.id;
    id.dyn = (
      await admin.post<{ id: number }>('/api/tags/tags/', {
        name: 'Critical ones',
        is_dynamic: true,
        rules: [{ field: 'criticality', operator: 'gte', value: 4 }],
      })
    ).body.id;
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Ops', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: id.prod, role: 'permission' });
  });
  afterAll(() => t.close());

  it('adds and removes static tags on selected assets', async () => {
    expect((await bulk(editor, { operation: 'add_tags', params: { tags: [id.prod] }, ids: [id.a, id.b, 999999] })).body).toEqual({
      operation: 'add_tags',
      matched: 2,
      changed: 2,
    });
    expect((await get(id.a!)).tags.map((x) => x.name)).toEqual(['Production']);
    expect((await bulk(editor, { operation: 'add_tags', params: { tags: [id.prod] }, ids: [id.a] })).body.changed).toBe(0);
    expect((await bulk(editor, { operation: 'add_tags', params: { tags: [id.dyn] }, ids: [id.a] })).body).toEqual({
      params: [`Tag ${id.dyn} is dynamic: its rules decide which assets carry it.`],
    });
    expect((await bulk(editor, { operation: 'remove_tags', params: { tags: [id.prod] }, ids: [id.b] })).body.changed).toBe(1);
  });

  it('sets criticality on everything a filter matches; dynamic tags follow', async () => {
    const res = await bulk(editor, { operation: 'set_criticality', params: { criticality: 4 }, filter: { ipv4__starts_with: '10.3.' } });
    expect(res.body).toEqual({ operation: 'set_criticality', matched: 3, changed: 3 });
    expect((await get(id.c!)).criticality).toBe(4);
    expect((await get(id.d!)).criticality).toBe(2);
    expect((await get(id.c!)).tags.map((x) => x.name)).toEqual(['Critical ones']);
  });

  it('sets and clears the owner', async () => {
    expect((await bulk(editor, { operation: 'set_owner', params: { owner: ownerId }, ids: [id.a, id.d] })).body.changed).toBe(2);
    expect((await get(id.d!)).owner?.email).toBe('editor@example.com');
    expect((await bulk(editor, { operation: 'set_owner', params: { owner: null }, ids: [id.d] })).body.changed).toBe(1);
    expect((await bulk(editor, { operation: 'set_owner', params: { owner: 999999 }, ids: [id.d] })).body).toEqual({
      params: ['Invalid pk "999999" - object does not exist.'],
    });
  });

  it('checks the request: operation, params per operation, ids or filter', async () => {
    expect((await bulk(editor, { operation: 'paint', ids: [id.a] })).body).toEqual({
      operation: ['Choose an operation: add_tags, remove_tags, set_owner, set_criticality, delete.'],
    });
    expect((await bulk(editor, { operation: 'set_criticality', params: { criticality: 9 }, ids: [id.a] })).body).toEqual({
      criticality: ['Choose a criticality from 1 (low) to 4 (critical).'],
    });
    expect((await bulk(editor, { operation: 'add_tags', params: {}, ids: [id.a] })).status).toBe(400);
    expect((await bulk(editor, { operation: 'delete' })).body).toEqual({
      ids: ['Send either the ids of the selected assets or the filter.'],
    });
    expect((await bulk(editor, { operation: 'delete', ids: [id.a], filter: {} })).status).toBe(400);
    expect((await bulk(editor, { operation: 'set_criticality', params: { criticality: 1 }, filter: { asset_type: 'x' } })).status).toBe(
      400,
    );
  });

  it('reaches only what a LIMITED member sees', async () => {
    const res = await bulk(member, { operation: 'set_criticality', params: { criticality: 1 }, ids: [id.a, id.b, id.c, id.d] });
    expect(res.body).toEqual({ operation: 'set_criticality', matched: 1, changed: 1 });
    expect([(await get(id.a!)).criticality, (await get(id.c!)).criticality]).toEqual([1, 4]);
  });

  it('runs as a job with progress above 10,000 assets', { timeout: 120_000 }, async () => {
    const lines = ['asset'];
    for (let i = 0; i <= 10_000; i++) lines.push(`10.50.${i >> 8}.${i & 255}`);
    await importAssets(t.ctx.db, { customerId: 1, limitedToTags: null }, 1, await readImportFile(Readable.from([lines.join('\n')])), {
      update: false,
      createMissingTags: false,
      preview: false,
    });
    const bad = await bulk(admin, { operation: 'set_criticality', params: { criticality: 7 }, filter: { ipv4__starts_with: '10.50.' } });
    expect(bad.status).toBe(400);
    const queued = await admin.post<{ job: string; matched: number }>('/api/assets-bulk-operation/', {
      operation: 'set_criticality',
      params: { criticality: 3 },
      filter: { ipv4__starts_with: '10.50.' },
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body.matched).toBe(10_001);
    type Progress = { state: string; complete: boolean; progress: { current: number; total: number }; result: unknown };
    let progress: Progress | undefined;
    // The job runs on the queue's worker; its progress row says when it is done.
    for (let i = 0; i < 1200 && !progress?.complete; i++) {
      progress = (await admin.get<Progress>(`/api/celery-progress/${queued.body.job}/`)).body;
      if (!progress.complete) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(progress).toMatchObject({ state: 'SUCCESS', progress: { current: 10_001, total: 10_001 } });
    expect(progress!.result).toEqual({ operation: 'set_criticality', matched: 10_001, changed: 10_001 });
    expect((await admin.get<Page<Asset>>('/api/assets/assets/?ipv4__starts_with=10.50.&criticality=3&page_size=1')).body.count).toBe(
      10_001,
    );
  });

  it('deletes only with the delete permission', async () => {
    expect((await bulk(editor, { operation: 'delete', ids: [id.d] })).status).toBe(403);
    const res = await bulk(admin, { operation: 'delete', filter: { ipv4__is: '192.0.2.50' } });
    expect(res.body).toEqual({ operation: 'delete', matched: 1, changed: 1 });
    expect((await admin.get<Page<Asset>>('/api/assets/assets/?ipv4__starts_with=10.3.')).body.count).toBe(3);
    expect((await (await anonymous(t)).post('/api/assets-bulk-operation/', { operation: 'delete', ids: [id.a] })).status).toBe(401);
    const rival = await signedIn(t, (await t.otherCustomer()).adminEmail);
    expect((await bulk(rival, { operation: 'delete', ids: [id.a, id.b] })).body).toEqual({ operation: 'delete', matched: 0, changed: 0 });
  });
});
