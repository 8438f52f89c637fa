// Teams on every test database (superuser only): create 201 with members and tags, empty notification_email becomes
// null, LIMITED needs tags and ALL empties them, 409 keyed name, 400 naming foreign tags and users, PUT/PATCH 200,
// members with mode_all, teams_basics/, delete 204; the LIMITED member's narrower asset view follows the team's tags;
// 401, 403 for non-superusers, another customer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, Team, TeamMember } from '@bulwark/core';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';

type Page<T> = { count: number; next: string | null; results: T[] };

describe.each(BACKENDS)('teams on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let analyst: Client;
  let rival: Client;
  let rivalTag: number;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const a = await t.user({ email: 'analyst@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_assets: ['read'], tags: ['read', 'create', 'update', 'delete'] } })
      .where(eq(users.id, a.id));
    id.analyst = a.id;
    analyst = await signedIn(t, 'analyst@example.com');
    id.ops = (await t.user({ email: 'ops@example.com' })).id;
    const other = await t.otherCustomer('Rival Corp');
    rival = await signedIn(t, other.adminEmail);
    rivalTag = (await rival.post<{ id: number }>('/api/tags/tags/', { name: 'Theirs' })).body.id;
    id.web = (await admin.post<{ id: number }>('/api/tags/tags/', { name: 'Web' })).body.id;
    id.dbTag = (await admin.post<{ id: number }>('/api/tags/tags/', { name: 'Databases' })).body.id;
    id.webAsset = (await admin.post<Asset>('/api/assets/assets/', { value: '10.1.0.1', tags: [id.web] })).body.id;
    id.dbAsset = (await admin.post<Asset>('/api/assets/assets/', { value: '10.1.0.2', tags: [id.dbTag] })).body.id;
  });
  afterAll(() => t.close());

  it('creates a LIMITED team with tags and members; an empty notification address becomes null', async () => {
    const made = await admin.post<Team>('/api/teams/teams/', {
      name: 'Web team',
      notification_email: '',
      asset_permissions: 'LIMITED',
      asset_permissions_tags: [id.web],
      asset_owner_tags: [id.web],
      members: [id.analyst],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Web team',
      notification_email: null,
      asset_permissions: 'LIMITED',
      asset_permissions_tags: [id.web],
      asset_owner_tags: [id.web],
      members: [id.analyst],
    });
    id.team = made.body.id;
  });

  it('narrows what a LIMITED member sees to the team’s tags, and widens it again when the team is ALL', async () => {
    const seen = async () =>
      (await analyst.get<Page<Asset>>('/api/assets/assets/?ordering=asset_name')).body.results.map((a) => a.asset_name);
    expect(await seen()).toEqual(['10.1.0.1']);
    expect((await analyst.get(`/api/assets/${id.dbAsset}/`)).status).toBe(404);
    const all = await admin.patch<Team>(`/api/teams/teams/${id.team}/`, { asset_permissions: 'ALL' });
    // Tags limit only a LIMITED team: with ALL they are sent back empty.
    expect(all.body).toMatchObject({ asset_permissions: 'ALL', asset_permissions_tags: [], members: [id.analyst] });
    expect(await seen()).toEqual(['10.1.0.1', '10.1.0.2']);
    await admin.patch(`/api/teams/teams/${id.team}/`, { asset_permissions: 'LIMITED', asset_permissions_tags: [id.dbTag] });
    expect(await seen()).toEqual(['10.1.0.2']);
  });

  it('refuses bad input: 409 on a name in another case, tags a LIMITED team needs, foreign tags and users, bad email', async () => {
    expect(await admin.post('/api/teams/teams/', { name: 'WEB TEAM' })).toMatchObject({
      status: 409,
      body: { name: ['A team with this name already exists.'] },
    });
    expect((await admin.post('/api/teams/teams/', { name: 'Ltd', asset_permissions: 'LIMITED' })).body).toEqual({
      asset_permissions_tags: ['Choose at least one tag: a LIMITED team sees only the assets with these tags.'],
    });
    const foreign = await admin.post('/api/teams/teams/', {
      name: 'Spy',
      asset_permissions: 'LIMITED',
      asset_permissions_tags: [rivalTag],
      members: [999999],
    });
    expect(foreign).toMatchObject({
      status: 400,
      body: {
        asset_permissions_tags: [`Invalid pk "${rivalTag}" - object does not exist.`],
        members: ['Invalid pk "999999" - object does not exist.'],
      },
    });
    const bad = await admin.post('/api/teams/teams/', { name: '', notification_email: 'not-an-email', asset_permissions: 'SOME' });
    expect(Object.keys(bad.body).sort()).toEqual(['asset_permissions', 'name', 'notification_email']);
    expect((await admin.get<Page<Team>>('/api/teams/teams/')).body.count).toBe(1);
  });

  it('lists with the members filter, lists members with mode_all, offers teams_basics/ and deletes', async () => {
    const ops = await admin.post<Team>('/api/teams/teams/', { name: 'Ops', notification_email: 'ops@example.com', members: [id.ops] });
    expect(ops.body.notification_email).toBe('ops@example.com');
    expect((await admin.get<Page<Team>>(`/api/teams/teams/?members=${id.ops}`)).body.results.map((x) => x.name)).toEqual(['Ops']);
    expect((await admin.get<Page<Team>>('/api/teams/teams/?ordering=-name')).body.results.map((x) => x.name)).toEqual(['Web team', 'Ops']);
    const members = await admin.get<TeamMember[]>(`/api/teams/teams/${ops.body.id}/members/`);
    expect(members.body.map((m) => [m.email, m.is_member])).toEqual([['ops@example.com', true]]);
    const everyone = await admin.get<TeamMember[]>(`/api/teams/teams/${ops.body.id}/members/?mode_all=true`);
    expect(everyone.body.filter((m) => m.is_member).map((m) => m.email)).toEqual(['ops@example.com']);
    expect(everyone.body.length).toBeGreaterThan(2);
    expect((await analyst.get<{ name: string }[]>('/api/teams_basics/')).body.map((x) => x.name)).toEqual(['Ops', 'Web team']);
    const put = await admin.request<Team>('PUT', `/api/teams/teams/${ops.body.id}/`, { name: 'Operations' });
    expect(put.body).toMatchObject({ name: 'Operations', notification_email: null, members: [] });
    expect((await admin.request('DELETE', `/api/teams/teams/${ops.body.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/teams/teams/${ops.body.id}/`)).status).toBe(404);
  });

  it('is for superusers: 401 anonymous, 403 others (before validation), 404 for another customer', async () => {
    expect((await (await anonymous(t)).get('/api/teams/teams/')).status).toBe(401);
    expect((await analyst.get('/api/teams/teams/')).status).toBe(403);
    expect((await analyst.post('/api/teams/teams/', { name: '' })).status).toBe(403);
    expect((await analyst.patch(`/api/teams/teams/${id.team}/`, { name: 'Mine' })).status).toBe(403);
    expect((await rival.get<Page<Team>>('/api/teams/teams/')).body.count).toBe(0);
    expect((await rival.get(`/api/teams/teams/${id.team}/`)).status).toBe(404);
    expect((await rival.patch(`/api/teams/teams/${id.team}/`, { name: 'Mine' })).status).toBe(404);
    expect((await rival.request('DELETE', `/api/teams/teams/${id.team}/`)).status).toBe(404);
    expect((await rival.get(`/api/teams/teams/${id.team}/members/`)).status).toBe(404);
  });
});
