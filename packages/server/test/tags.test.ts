// Tags on every test database: static and dynamic tags CRUD (names unique without regard to case, each rule checked and
// its error keyed `rules`), page_size=0 for all, dynamic rules applied at once to every asset and to assets added or
// found later (the §8 propagation note in the reply), previews of a rule set and of a tag set, pickers, deleting a tag,
// and the guards: 401, 403 without tags, read-only cannot change, another customer 404, the unified-tags-stage-2 flag,
// and a LIMITED member's asset counts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetPreview, Tag } from '@bulwark/core';
import { scans, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { startRun } from '../src/modules/scans/start.ts';
import { startRunProcessing, settleRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type TagReply = Tag & { message?: string };

describe.each(BACKENDS)('tags on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let member: Client;
  let rival: Client;
  const id: Record<string, number> = {};

  const asset = async (value: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post<Asset>('/api/assets/assets/', { value, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const tagsOf = async (assetId: number) => (await admin.get<Asset>(`/api/assets/${assetId}/`)).body.tags.map((x) => x.name);

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { tags: ['read'], net_assets: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { tags: ['read'], net_assets: ['read'] } })
      .where(eq(users.id, m.id));
    id.member = m.id;
    member = await signedIn(t, 'member@example.com');
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
    id.db = (await asset('10.20.0.5', { name: 'db-01', criticality: 3 })).id;
    id.web = (await asset('10.20.0.6', { name: 'web-01', pci: true })).id;
    id.out = (await asset('192.0.2.10', { name: 'edge' })).id;
    id.net = (await asset('10.20.0.0/16', { name: 'Office' })).id;
  });
  afterAll(() => t.close());

  describe('static tags', () => {
    it('creates, reads, lists (page_size=0 for all) and answers 409 on a name in another case', async () => {
      const made = await admin.post<TagReply>('/api/tags/tags/', { name: 'Production', color: '#e03131', business_impact: 4 });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        name: 'Production',
        color: '#e03131',
        is_dynamic: false,
        rules: [],
        business_impact: 4,
        asset_count: 0,
      });
      expect(made.body.message).toBeUndefined();
      id.prod = made.body.id;
      for (const name of ['Alpha', 'Beta', 'Gamma']) expect((await admin.post('/api/tags/tags/', { name })).status).toBe(201);
      expect(await admin.post('/api/tags/tags/', { name: 'PRODUCTION' })).toMatchObject({
        status: 409,
        body: { name: ['A tag with this name already exists.'] },
      });
      const paged = await admin.get<Page<Tag>>('/api/tags/tags/?page_size=2');
      expect([paged.body.count, paged.body.results.map((x) => x.name), paged.body.next]).toEqual([
        4,
        ['Alpha', 'Beta'],
        '/api/tags/tags/?page_size=2&page=2',
      ]);
      const all = await admin.get<Page<Tag>>('/api/tags/tags/?page_size=0');
      expect([all.body.results.length, all.body.next]).toEqual([4, null]);
      expect((await admin.get<Page<Tag>>('/api/tags/tags/?search=gam')).body.results.map((x) => x.name)).toEqual(['Gamma']);
      expect((await admin.get<Tag>(`/api/tags/tags/${id.prod}/`)).body.name).toBe('Production');
    });

    it('refuses bad input with errors keyed by field, and writes nothing', async () => {
      const bad = await admin.post('/api/tags/tags/', { name: '', color: 'red', business_impact: 7 });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body).sort()).toEqual(['business_impact', 'color', 'name']);
      expect((await admin.post('/api/tags/tags/', { name: 'Dyn', is_dynamic: true })).body).toEqual({
        rules: ['A dynamic tag needs at least one rule.'],
      });
      expect((await admin.post('/api/tags/tags/', { name: 'Stat', rules: [{ field: 'pci', operator: 'is', value: true }] })).body).toEqual({
        rules: ['Only dynamic tags have rules.'],
      });
      const rules = await admin.post('/api/tags/tags/', {
        name: 'Bad rules',
        is_dynamic: true,
        rules: [
          { field: 'open_port', operator: 'is', value: 70000 },
          { field: 'address', operator: 'in', value: '10.0.0.300/24' },
          { field: 'os', operator: 'in', value: 'Linux' },
          { field: 'colour', operator: 'is', value: 'red' },
        ],
      });
      expect(rules.status).toBe(400);
      expect(JSON.stringify(rules.body)).toContain('Enter a port from 1 to 65535.');
      expect(JSON.stringify(rules.body)).toContain('Enter an address, a network (10.0.0.0/24) or a range (10.0.0.1-10.0.0.50).');
      expect(JSON.stringify(rules.body)).toContain('Operating system takes: starts_with, ends_with, contains, is, is_not.');
      expect((await admin.get<Page<Tag>>('/api/tags/tags/?page_size=0')).body.count).toBe(4);
    });

    it('is put on assets by hand and changed with PATCH; PUT replaces', async () => {
      await admin.patch(`/api/assets/${id.db}/`, { tags: [id.prod] });
      expect(await tagsOf(id.db!)).toEqual(['Production']);
      const patched = await admin.patch<Tag>(`/api/tags/tags/${id.prod}/`, { description: 'Live systems' });
      expect(patched.body).toMatchObject({ name: 'Production', description: 'Live systems', color: '#e03131', asset_count: 1 });
      const put = await admin.request<Tag>('PUT', `/api/tags/tags/${id.prod}/`, { name: 'Production' });
      expect(put.body).toMatchObject({ description: '', color: '#1c7ed6', business_impact: null, asset_count: 1 });
    });
  });

  describe('dynamic tags', () => {
    it('previews the assets a rule set would tag before saving', async () => {
      const preview = await admin.post<AssetPreview>('/api/tags/tags/preview/', {
        rules: [
          { field: 'address', operator: 'in', value: '10.20.0.0/16' },
          { field: 'asset_type', operator: 'is', value: 2 },
        ],
      });
      expect(preview.body).toEqual({
        count: 2,
        results: [
          { id: id.db, asset_name: 'db-01', asset_type: 2, kind: 'host' },
          { id: id.web, asset_name: 'web-01', asset_type: 2, kind: 'host' },
        ],
      });
      expect((await admin.post('/api/tags/tags/preview/', { rules: [] })).body).toEqual({ rules: ['Add at least one rule.'] });
    });

    it('applies its rules to every asset at once, and to assets added later', async () => {
      const made = await admin.post<TagReply>('/api/tags/tags/', {
        name: 'Office hosts',
        is_dynamic: true,
        rules: [
          { field: 'address', operator: 'in', value: '10.20.0.0/16' },
          { field: 'asset_type', operator: 'is', value: 2 },
        ],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({ asset_count: 2, message: 'Changes to dynamic tags may take up to 5 minutes to apply.' });
      expect(made.body.evaluated).not.toBeNull();
      id.office = made.body.id;
      expect(await tagsOf(id.db!)).toEqual(['Office hosts', 'Production']);
      expect(await tagsOf(id.out!)).toEqual([]);
      const later = await asset('10.20.9.9');
      expect(later.tags.map((x) => x.name)).toEqual(['Office hosts']);
      // A dynamic tag cannot be set by hand.
      expect((await admin.patch(`/api/assets/${id.out}/`, { tags: [id.office] })).body).toEqual({
        tags: [`Tag ${id.office} is dynamic: its rules decide which assets carry it.`],
      });
      // Narrower rules take it off the assets that no longer match.
      const narrowed = await admin.patch<Tag>(`/api/tags/tags/${id.office}/`, {
        rules: [
          { field: 'address', operator: 'in', value: '10.20.0.0/24' },
          { field: 'asset_name', operator: 'ends_with', value: '-01' },
        ],
      });
      expect(narrowed.body.asset_count).toBe(2);
      expect(await tagsOf(later.id)).toEqual([]);
      // The tag filter of the asset list uses it.
      const listed = await admin.get<Page<Asset>>(`/api/assets/assets/?any_tags=${id.office}&ordering=asset_name`);
      expect(listed.body.results.map((a) => a.asset_name)).toEqual(['db-01', 'web-01']);
    });

    it('tags the hosts a scan finds by their services', async () => {
      const ssh = await admin.post<Tag>('/api/tags/tags/', {
        name: 'SSH servers',
        is_dynamic: true,
        rules: [
          { field: 'service', operator: 'contains', value: 'openssh' },
          { field: 'open_port', operator: 'is', value: 22 },
        ],
      });
      expect(ssh.body.asset_count).toBe(0);
      const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
      const profile = await smallProfile(t, 1, '22');
      const service = { name: 'ssh', product: 'OpenSSH', version: '9.2p1', banner: 'SSH-2.0-OpenSSH_9.2p1', cpe: [] };
      const runId = await deliveredRun(
        t,
        admin,
        { name: 'SSH sweep', profile, probeId },
        { hosts: [{ address: '127.0.0.1', alive: true, ports: [{ port: 22, protocol: 'tcp', state: 'open', service }] }] },
      );
      await startRunProcessing(t.ctx, runId);
      await settleRunProcessing(t.ctx);
      expect((await admin.get<Tag>(`/api/tags/tags/${ssh.body.id}/`)).body.asset_count).toBe(1);
      const found = await admin.get<Page<Asset>>(`/api/assets/assets/?any_tags=${ssh.body.id}`);
      expect(found.body.results.map((a) => a.ipv4)).toEqual(['127.0.0.1']);
    });
  });

  it('previews a tag set: any-of or all-of inclusion, minus exclusion', async () => {
    const pick = (body: Record<string, unknown>) => admin.post<AssetPreview>('/api/tags-set/preview/', body);
    const names = (p: AssetPreview) => p.results.map((a) => a.asset_name);
    expect(names((await pick({ inclusion_tags: [id.office, id.prod] })).body)).toEqual(['db-01', 'web-01']);
    expect(names((await pick({ inclusion_tags: [id.office, id.prod], inclusion_tags_mode_all: true })).body)).toEqual(['db-01']);
    expect(names((await pick({ inclusion_tags: [id.office], exclusion_tags: [id.prod] })).body)).toEqual(['web-01']);
    expect((await pick({ inclusion_tags: [999999] })).body).toEqual({ non_field_errors: ['These tags do not exist: 999999.'] });
  });

  it('is a scan target: a scan of a tag set scans the assets it selects when each run starts', async () => {
    const profile = await smallProfile(t, 1, '22', 'tag scan');
    const made = await admin.post<{ id: number; unified_tags_set: unknown }>('/api/scan/nscans/', {
      name: 'Office by tag',
      profile,
      unified_tags_set: { inclusion_tags: [id.office] },
      start: false,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.unified_tags_set).toEqual({
      inclusion_tags: [id.office],
      exclusion_tags: [],
      inclusion_tags_mode_all: false,
      exclusion_tags_mode_all: false,
    });
    const [row] = await t.ctx.db.select().from(scans).where(eq(scans.id, made.body.id));
    expect((await startRun(t.ctx.db, t.ctx, row!, { userId: null })).targets).toEqual(['10.20.0.5', '10.20.0.6']);
    // An asset tagged later is in the next run.
    await asset('10.20.0.7', { name: 'cache-01' });
    expect((await startRun(t.ctx.db, t.ctx, row!, { userId: null })).targets).toEqual(['10.20.0.5', '10.20.0.6', '10.20.0.7']);
    const foreign = await rival.post('/api/scan/nscans/', {
      name: 'Spy',
      profile: 1,
      unified_tags_set: { inclusion_tags: [id.office] },
      start: false,
    });
    expect(foreign).toMatchObject({ status: 400, body: { unified_tags_set: [`Invalid pk "${id.office}" - object does not exist.`] } });
    expect((await admin.post('/api/scan/nscans/', { name: 'Nothing', profile, unified_tags_set: { inclusion_tags: [] } })).body).toEqual({
      targets: ['Choose at least one target.'],
    });
  });

  it('offers pickers: tags_basics/ and asset_basics/tags/ with asset counts', async () => {
    const basics = await reader.get<{ name: string; is_dynamic: boolean }[]>('/api/tags_basics/');
    expect(basics.body.map((x) => x.name)).toEqual(['Alpha', 'Beta', 'Gamma', 'Office hosts', 'Production', 'SSH servers']);
    const counted = await reader.get<{ name: string; asset_count: number }[]>('/api/asset_basics/tags/');
    expect(counted.body.find((x) => x.name === 'Office hosts')?.asset_count).toBe(3);
  });

  it('deletes a tag: its assets lose it', async () => {
    expect((await admin.request('DELETE', `/api/tags/tags/${id.prod}/`)).status).toBe(204);
    expect(await tagsOf(id.db!)).toEqual(['Office hosts']);
    expect((await admin.get(`/api/tags/tags/${id.prod}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/tags/tags/${id.prod}/`)).status).toBe(404);
  });

  describe('guards', () => {
    it('answers 401 and 403, checks before validation, and keeps customers apart', async () => {
      expect((await (await anonymous(t)).get('/api/tags/tags/')).status).toBe(401);
      expect((await nobody.get('/api/tags/tags/')).status).toBe(403);
      expect((await reader.post('/api/tags/tags/', { name: '' })).status).toBe(403);
      expect((await reader.patch(`/api/tags/tags/${id.office}/`, { name: 'x' })).status).toBe(403);
      expect((await reader.get<Page<Tag>>('/api/tags/tags/')).status).toBe(200);
      expect((await rival.get<Page<Tag>>('/api/tags/tags/')).body.count).toBe(0);
      expect((await rival.get(`/api/tags/tags/${id.office}/`)).status).toBe(404);
      expect((await rival.patch(`/api/tags/tags/${id.office}/`, { name: 'Mine' })).status).toBe(404);
      expect((await rival.request('DELETE', `/api/tags/tags/${id.office}/`)).status).toBe(404);
      expect((await rival.post('/api/tags-set/preview/', { inclusion_tags: [id.office] })).status).toBe(400);
    });

    it('serves unified-tags/unified-tags/ only with unified-tags-stage-2', async () => {
      const off = await admin.get('/api/unified-tags/unified-tags/');
      expect(off).toMatchObject({ status: 403, body: { detail: 'This feature is not enabled for your organisation.' } });
      await setFlags(t.ctx, 1, ['unified-tags-stage-2']);
      const on = await admin.get<Page<Tag>>('/api/unified-tags/unified-tags/?page_size=0');
      expect(on.body.results.map((x) => x.name)).toContain('Office hosts');
    });

    it('counts for a LIMITED team member only the assets the member sees', async () => {
      const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Web team', assetPermissions: 'LIMITED' }).returning();
      const web = await admin.post<Tag>('/api/tags/tags/', { name: 'Web' });
      await admin.patch(`/api/assets/${id.web}/`, { tags: [web.body.id] });
      await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: id.member! });
      await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: web.body.id, role: 'permission' });
      const office = await member.get<Tag>(`/api/tags/tags/${id.office}/`);
      expect(office.body.asset_count).toBe(1);
      expect((await admin.get<Tag>(`/api/tags/tags/${id.office}/`)).body.asset_count).toBe(3);
      expect((await member.post<AssetPreview>('/api/tags-set/preview/', { inclusion_tags: [id.office] })).body.count).toBe(1);
    });
  });
});
