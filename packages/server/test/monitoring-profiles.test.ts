// Monitoring profiles through the API (cm/profiles/): create 201 with the owner, the assets split into network assets
// and web applications, the tags and the next own check; the field messages of bad input (ports, cc, phone numbers,
// triggers, another customer's owner, assets and tags); the list's paging, search, active filter and ordering; PUT
// and PATCH (an edit keeps the check's slot, a new interval moves it, a paused profile has none); delete 204 with its
// alerts and states; check now (409 when paused); the audit log; and the guards: 401, 403 without the permission or
// the flag, another customer's profile 404, a LIMITED member reads (its assets only) but may not change or check.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringCheckResult, type MonitoringProfile } from '@bulwark/core';
import {
  assets,
  assetTags,
  auditEvents,
  monitoringAlerts,
  monitoringStates,
  tags,
  teamMembers,
  teams,
  teamTags,
  users,
} from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
const MINUTE = 60_000;
const NOW = new Date('2026-03-10T09:00:00Z');
const URL = '/api/cm/profiles/';
const ALL = ['read', 'create', 'update', 'delete', 'execute'];

describe.each(BACKENDS)('monitoring profiles on %s', (backend) => {
  let t: TestApp;
  let now = NOW;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off' });
    t.ctx.clock = () => now;
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    id.admin = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.id;
    const owner = await t.user({ email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner' });
    id.owner = owner.id;
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { monitoring: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { monitoring: ALL } })
      .where(eq(users.id, l.id));
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    id.rivalCustomer = other.customerId;
    id.rivalUser = other.adminId;
    await setFlags(t.ctx, other.customerId, ['continuous-monitoring']);
    rival = await signedIn(t, other.adminEmail);

    const db = t.ctx.db;
    const [prod, dev] = await db
      .insert(tags)
      .values([
        { customerId: 1, name: 'Production', color: '#e03131' },
        { customerId: 1, name: 'Development' },
      ])
      .returning();
    id.prod = prod!.id;
    id.dev = dev!.id;
    const [team] = await db.insert(teams).values({ customerId: 1, name: 'Ops', assetPermissions: 'LIMITED' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await db.insert(teamTags).values({ teamId: team!.id, tagId: prod!.id, role: 'permission' });
    const rows = await db
      .insert(assets)
      .values([
        { customerId: 1, kind: 'network', type: 1, value: '10.0.0.0/24', name: 'Office LAN' },
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.1', address: '10.0.0.1', name: 'web01' },
        { customerId: 1, kind: 'webapp', type: 3, value: 'https://shop.example.com', name: 'Shop' },
        { customerId: id.rivalCustomer, kind: 'host', type: 2, value: '10.9.9.9', address: '10.9.9.9', name: 'theirs' },
      ])
      .returning();
    [id.lan, id.web, id.shop, id.rivalAsset] = rows.map((a) => a.id);
    await db.insert(assetTags).values({ customerId: 1, assetId: id.web!, tagId: id.prod });
    const [rivalTag] = await db.insert(tags).values({ customerId: id.rivalCustomer, name: 'Theirs' }).returning();
    id.rivalTag = rivalTag!.id;
  });
  afterAll(() => t.close());

  const profile = (extra: Record<string, unknown> = {}) => ({
    name: 'Perimeter',
    ports: '22, 80 ,443,8000-8080',
    assets: [id.lan, id.web, id.shop],
    tags: [id.prod],
    minus_tags: [id.dev],
    triggers: ['unexpected_port', 'cert_expiring'],
    check_interval: 15,
    notif_cc: ['soc@example.com'],
    notif_sms_recipients: ['+45 12 34 56 78'],
    webhooks: true,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, c = admin) => {
    const res = await c.post<MonitoringProfile>(URL, profile(extra));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('creates a profile: the caller owns it, assets split by type, ports normalised, the next check one interval away', async () => {
    const p = await create();
    expect(p).toMatchObject({
      name: 'Perimeter',
      user: { id: id.admin, email: ADMIN_EMAIL },
      ports: '22,80,443,8000-8080',
      network_assets: [
        { id: id.lan, name: 'Office LAN', type: 1 },
        { id: id.web, name: 'web01', type: 2 },
      ],
      web_applications: [{ id: id.shop, name: 'Shop', type: 3 }],
      tags: [{ id: id.prod, name: 'Production', color: '#e03131' }],
      minus_tags: [{ id: id.dev, name: 'Development' }],
      triggers: ['unexpected_port', 'cert_expiring'],
      min_severity: 3,
      cert_days: 30,
      check_interval: 15,
      active: true,
      notify_owner: true,
      notif_cc: ['soc@example.com'],
      notif_sms_recipients: ['+4512345678'],
      slack: false,
      teams: false,
      webhooks: true,
      open_alerts: 0,
      last_check: null,
      next_check: new Date(NOW.getTime() + 15 * MINUTE).toISOString(),
      created: NOW.toISOString(),
      modified: NOW.toISOString(),
    });
    // The network, the host (also tagged Production) and the web application.
    expect(p.watched_assets).toBe(3);
    id.perimeter = p.id;
    // Another user of the customer may own it; a profile without own checks has no next check.
    const owned = await create({ name: 'Owned', user: id.owner, check_interval: 0 });
    expect(owned.user).toEqual({ id: id.owner, email: 'owner@example.com', first_name: 'Olga', last_name: 'Owner' });
    expect(owned.next_check).toBeNull();
    // Defaults: every trigger, a check every hour.
    const plain = await create({ name: 'Plain', assets: [], tags: [], minus_tags: [], triggers: undefined, check_interval: undefined });
    expect(plain.triggers).toHaveLength(9);
    expect(plain.next_check).toBe(new Date(NOW.getTime() + 60 * MINUTE).toISOString());
    expect((await admin.get<MonitoringProfile>(`${URL}${p.id}/`)).body).toEqual(p);
  });

  it('refuses bad input with a message keyed by its field', async () => {
    const bad = async (extra: Record<string, unknown>) => {
      const res = await admin.post<Record<string, string[]>>(URL, profile(extra));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body;
    };
    expect(await bad({ ports: '22,70000' })).toEqual({ ports: ['70000 is not a valid port or range.'] });
    expect(await bad({ ports: '22,22' })).toEqual({ ports: ['22 already on ports.'] });
    expect(await bad({ notif_cc: ['soc@example.com', 'not-an-address'] })).toEqual({ notif_cc: ['Enter a valid email address.'] });
    expect(await bad({ notif_sms_recipients: ['call me'] })).toEqual({
      notif_sms_recipients: ['Enter a phone number in international format, e.g. +4512345678.'],
    });
    expect((await bad({ triggers: ['port_scan'] })).triggers![0]).toMatch(/^Triggers: choose from unexpected_port/);
    expect(await bad({ triggers: [] })).toEqual({ triggers: ['Choose at least one trigger.'] });
    expect(await bad({ name: '  ' })).toHaveProperty('name');
    expect(await bad({ check_interval: 3 })).toEqual({ check_interval: ['Enter 0 (no own check) or 5 to 43200 minutes.'] });
    expect(await bad({ colour: 'red' })).toHaveProperty('non_field_errors');
    // Another customer's owner, asset and tags read as unknown.
    expect(await bad({ user: id.rivalUser })).toEqual({ user: [`No user with id ${id.rivalUser}.`] });
    expect(await bad({ assets: [id.web, id.rivalAsset] })).toEqual({ assets: [`No asset with id ${id.rivalAsset}.`] });
    expect(await bad({ tags: [id.rivalTag], minus_tags: [id.rivalTag] })).toEqual({
      tags: [`No tag with id ${id.rivalTag}.`],
      minus_tags: [`No tag with id ${id.rivalTag}.`],
    });
    expect(await bad({ tags: [id.prod], minus_tags: [id.prod] })).toEqual({
      minus_tags: [`A tag cannot be both watched and left out (id ${id.prod}).`],
    });
    expect(await bad({ assets: [0] })).toHaveProperty('assets');
    // Nothing was written.
    expect((await admin.get<Page<MonitoringProfile>>(URL)).body.count).toBe(3);
  });

  it('lists profiles paged, searched, by active and in the order asked', async () => {
    now = new Date(NOW.getTime() + 5 * MINUTE);
    await create({ name: 'Archive watch', active: false });
    now = NOW;
    const names = async (q: string) => (await admin.get<Page<MonitoringProfile>>(`${URL}${q}`)).body.results.map((p) => p.name);
    expect(await names('')).toEqual(['Archive watch', 'Owned', 'Perimeter', 'Plain']);
    expect(await names('?ordering=-name')).toEqual(['Plain', 'Perimeter', 'Owned', 'Archive watch']);
    expect(await names('?ordering=-created')).toEqual(['Archive watch', 'Plain', 'Owned', 'Perimeter']);
    expect(await names('?search=PER')).toEqual(['Perimeter']);
    expect(await names('?active=false')).toEqual(['Archive watch']);
    expect(await names('?active=true&ordering=created')).toEqual(['Perimeter', 'Owned', 'Plain']);
    const page = await admin.get<Page<MonitoringProfile>>(`${URL}?page_size=3&page=2`);
    expect(page.body).toMatchObject({ count: 4, next: null });
    expect(page.body.results.map((p) => p.name)).toEqual(['Plain']);
    expect((await admin.get<Page<MonitoringProfile>>(`${URL}?page=9`)).body).toMatchObject({ count: 4, results: [] });
    expect((await admin.get(`${URL}?ordering=owner`)).status).toBe(400);
    expect((await admin.get(`${URL}?active=maybe`)).body).toEqual({ active: ['Must be true or false.'] });
  });

  it('changes a profile whole (PUT) or in part (PATCH): an edit keeps the check slot, a new interval or a pause moves it', async () => {
    now = new Date(NOW.getTime() + 10 * MINUTE);
    const patched = await admin.patch<MonitoringProfile>(`${URL}${id.perimeter}/`, { name: 'Perimeter (DMZ)', slack: true });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Perimeter (DMZ)',
      slack: true,
      ports: '22,80,443,8000-8080',
      user: { id: id.admin },
      web_applications: [{ id: id.shop }],
      tags: [{ id: id.prod }],
      notif_sms_recipients: ['+4512345678'],
      next_check: new Date(NOW.getTime() + 15 * MINUTE).toISOString(),
      created: NOW.toISOString(),
      modified: now.toISOString(),
    });
    const retimed = await admin.patch<MonitoringProfile>(`${URL}${id.perimeter}/`, { check_interval: 30 });
    expect(retimed.body.next_check).toBe(new Date(now.getTime() + 30 * MINUTE).toISOString());
    const paused = await admin.patch<MonitoringProfile>(`${URL}${id.perimeter}/`, { active: false });
    expect(paused.body).toMatchObject({ active: false, next_check: null });
    const resumed = await admin.patch<MonitoringProfile>(`${URL}${id.perimeter}/`, { active: true });
    expect(resumed.body.next_check).toBe(new Date(now.getTime() + 30 * MINUTE).toISOString());
    // PUT is the whole profile: what it leaves out takes its default.
    const put = await admin.request<MonitoringProfile>('PUT', `${URL}${id.perimeter}/`, {
      name: 'Perimeter',
      ports: '443',
      assets: [id.web],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      name: 'Perimeter',
      ports: '443',
      network_assets: [{ id: id.web }],
      web_applications: [],
      tags: [],
      notif_sms_recipients: [],
      webhooks: false,
      check_interval: 60,
    });
    expect((await admin.patch<Record<string, string[]>>(`${URL}${id.perimeter}/`, { ports: '22-1' })).body).toEqual({
      ports: ['22-1 is not a valid port or range.'],
    });
    expect((await admin.patch<Record<string, string[]>>(`${URL}${id.perimeter}/`, { user: id.rivalUser })).status).toBe(400);
    expect((await admin.patch(`${URL}999999/`, { name: 'x' })).status).toBe(404);
    expect((await admin.patch(`${URL}99999999999/`, { name: 'x' })).status).toBe(404);
    now = NOW;
  });

  it('deletes a profile with its alerts and states', async () => {
    const p = await create({ name: 'Short-lived' });
    const seen = { firstSeen: NOW, lastSeen: NOW };
    await t.ctx.db.insert(monitoringStates).values({ customerId: 1, profileId: p.id, assetId: id.web!, subject: 'port:tcp/22', ...seen });
    await t.ctx.db.insert(monitoringAlerts).values({
      customerId: 1,
      profileId: p.id,
      assetId: id.web!,
      trigger: 'unexpected_port',
      subject: 'tcp/5432',
      title: 'Unexpected open port tcp/5432',
      severity: 3,
      source: 'check',
      ...seen,
    });
    expect((await admin.get<MonitoringProfile>(`${URL}${p.id}/`)).body.open_alerts).toBe(1);
    expect((await admin.request('DELETE', `${URL}${p.id}/`)).status).toBe(204);
    expect((await admin.get(`${URL}${p.id}/`)).status).toBe(404);
    expect(await t.ctx.db.select().from(monitoringAlerts).where(eq(monitoringAlerts.profileId, p.id))).toEqual([]);
    expect(await t.ctx.db.select().from(monitoringStates).where(eq(monitoringStates.profileId, p.id))).toEqual([]);
    expect((await admin.request('DELETE', `${URL}${p.id}/`)).status).toBe(404);
  });

  it("runs a profile's check now, and refuses a paused one", async () => {
    const empty = await create({ name: 'Nothing watched', assets: [], tags: [], minus_tags: [] });
    const res = await admin.post(`${URL}${empty.id}/check/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(monitoringCheckResult.parse(res.body)).toMatchObject({ assets: 0, alerts_raised: 0 });
    await admin.patch(`${URL}${empty.id}/`, { active: false });
    const paused = await admin.post(`${URL}${empty.id}/check/`);
    expect(paused.status).toBe(409);
    expect(paused.body).toEqual({ active: ['This profile is paused: make it active to run its check.'] });
    expect((await admin.post(`${URL}999999/check/`)).status).toBe(404);
  });

  it('records every write in the audit log', async () => {
    const p = await create({ name: 'Audited' });
    await admin.patch(`${URL}${p.id}/`, { name: 'Audited again', assets: [], tags: [], minus_tags: [] });
    expect((await admin.post(`${URL}${p.id}/check/`)).status).toBe(200);
    await admin.request('DELETE', `${URL}${p.id}/`);
    const rows = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'monitoring'), eq(auditEvents.objectId, String(p.id))));
    expect(rows.map((r) => [r.action, r.method, r.status])).toEqual([
      ['create', 'POST', 201],
      ['update', 'PATCH', 200],
      ['execute', 'POST', 200],
      ['delete', 'DELETE', 204],
    ]);
    expect(rows[0]!.summary).toMatchObject({ name: 'Audited' });
    // Reads are not audited.
    const reads = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'monitoring'), eq(auditEvents.method, 'GET')));
    expect(reads).toEqual([]);
  });

  it('guards every call: 401, 403 without the permission or the flag, another customer 404, LIMITED members read only', async () => {
    const anon = await anonymous(t);
    const one = `${URL}${id.perimeter}/`;
    const calls: [string, string, unknown?][] = [
      ['GET', URL],
      ['POST', URL, profile({ name: 'x' })],
      ['GET', one],
      ['PUT', one, profile({ name: 'x' })],
      ['PATCH', one, { name: 'x' }],
      ['DELETE', one],
      ['POST', `${one}check/`, {}],
    ];
    for (const [method, url, body] of calls) {
      expect((await anon.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await nobody.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      const asReader = await reader.request(method, url, body);
      expect(asReader.status, `${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
    }
    // Another customer: its list is its own, this customer's profile is not found.
    expect((await rival.get<Page<MonitoringProfile>>(URL)).body.count).toBe(0);
    for (const [method, url, body] of calls.slice(2)) expect((await rival.request(method, url, body)).status, `${method} ${url}`).toBe(404);
    // A LIMITED member reads profiles with only its assets, and may not change or check them.
    const seen = await limited.get<MonitoringProfile>(`${URL}${id.perimeter}/`);
    expect(seen.status).toBe(200);
    expect(seen.body.network_assets.map((a) => a.id)).toEqual([id.web]);
    const full = await admin.patch<MonitoringProfile>(one, { assets: [id.lan, id.web, id.shop] });
    expect(full.body.network_assets).toHaveLength(2);
    expect((await limited.get<MonitoringProfile>(one)).body).toMatchObject({ network_assets: [{ id: id.web }], web_applications: [] });
    for (const [method, url, body] of calls.filter(([m]) => m !== 'GET')) {
      const res = await limited.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({
        detail:
          'Monitoring profiles watch assets across the organisation: a member of a team limited to some assets cannot change or run them.',
      });
    }
    // Without the flag: 403 "not enabled", before the body is read.
    await setFlags(t.ctx, 1, []);
    try {
      for (const [method, url] of calls) {
        const off = await admin.request(method, url, { bad: true });
        expect(off.status, `${method} ${url}`).toBe(403);
        expect(off.body).toMatchObject({ detail: 'This feature is not enabled for your organisation.', code: 'feature_not_enabled' });
      }
    } finally {
      await setFlags(t.ctx, 1, ['continuous-monitoring']);
    }
  });
});
