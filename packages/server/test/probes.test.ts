// Probe management on every test database: the picker list with the built-in probe, probes with one-time
// registration tokens (hashed, shown once, renewable, expiring), status from heartbeats, probe groups, deletion rules,
// tenant isolation, 401 and 403.
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkScan, Probe } from '@bulwark/core';
import { probes, users } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { BACKENDS } from './helpers/backends.ts';
import { smallProfile } from './helpers/scans.ts';
import { signedIn } from './helpers/sessions.ts';

type Paged<T> = { count: number; results: T[] };
type Created = Probe & { registration: { token: string; expires: string; command: string } };
type Group = { id: number; name: string; probes: { id: number; name: string }[]; active_runs: number };

const INVALID_TOKEN = 'This registration token is invalid or has expired.';

describe.each(BACKENDS)('probes on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let customerId: number;
  /** A client with no session: the agent API needs none. */
  let agent: Client;

  const register = (token: string, ip?: string) =>
    (ip ? t.client(ip) : agent).post<{ probe_id: number; secret: string; name: string }>('/api/probe-agent/register/', {
      token,
      hostname: 'probe-host',
      version: '9.9.9',
    });

  beforeAll(async () => {
    // The built-in probe stays off: no task of these tests should be scanned; probes go offline after 2 s.
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off', BULWARK_PROBE_OFFLINE_SECONDS: '2' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    customerId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.customerId;
    agent = t.client();
  });
  afterAll(() => t.close());

  it('adds a probe with a one-time token shown once, stored only as its SHA-256', async () => {
    const before = Date.now();
    const res = await admin.post<Created>('/api/probe/probes/', { name: 'Branch office' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { registration, ...probe } = res.body;
    expect(probe).toMatchObject({
      name: 'Branch office',
      group: null,
      status: 'pending',
      status_label: 'Not registered',
      last_heartbeat: null,
      registered: null,
      active_runs: 0,
      builtin: false,
    });
    expect(registration.token).toMatch(/^bwp_[A-Za-z0-9_-]{32}$/);
    expect(registration.command).toBe(`npx bulwark probe --server http://bulwark.test --token ${registration.token}`);
    const expires = new Date(registration.expires).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
    expect(probe.token_expires).toBe(registration.expires);

    const [row] = await t.ctx.db.select().from(probes).where(eq(probes.id, probe.id));
    expect(row!.tokenHash).toBe(sha256(registration.token));
    expect(JSON.stringify(row)).not.toContain(registration.token);

    // Never shown again: neither one probe nor the list carries the token.
    const one = await admin.get(`/api/probe/probes/${probe.id}/`);
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain(registration.token);
    expect(one.body).not.toHaveProperty('registration');
    const list = await admin.get<Paged<Probe>>('/api/probe/probes/');
    expect(JSON.stringify(list.body)).not.toContain(registration.token);
    expect(list.body.results.map((p) => p.name)).toContain('Branch office');
  });

  it('answers 400 keyed by field and 409 on a name already taken (any case)', async () => {
    const blank = await admin.post('/api/probe/probes/', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ name: ['This field may not be blank.'] });
    const group = await admin.post('/api/probe/probes/', { name: 'Lonely', group: 999_999 });
    expect(group.status).toBe(400);
    expect(group.body).toEqual({ group: ['Probe group 999999 does not exist.'] });
    const dup = await admin.post('/api/probe/probes/', { name: 'BRANCH OFFICE' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ name: ['A probe with this name already exists.'] });
    const badOrder = await admin.get('/api/probe/probes/?ordering=secret');
    expect(badOrder.status).toBe(400);
    expect(badOrder.body).toEqual({ ordering: ['Order by one of: name, created, last_heartbeat (with - for descending).'] });
  });

  it('registers with the token once; a renewed token replaces the old; an expired one is refused', async () => {
    const created = (await admin.post<Created>('/api/probe/probes/', { name: 'Datacenter' })).body;
    const first = created.registration.token;

    // A new token: the first stops working at once.
    const renewed = await admin.post<{ token: string; expires: string; command: string }>(`/api/probe/probes/${created.id}/token/`);
    expect(renewed.status).toBe(201);
    expect(renewed.body.token).not.toBe(first);
    expect(renewed.body.command).toContain(renewed.body.token);
    const old = await register(first);
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ token: [INVALID_TOKEN] });

    // The agent API needs no session and no CSRF token.
    const ok = await register(renewed.body.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toEqual({ probe_id: created.id, secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), name: 'Datacenter' });
    const [row] = await t.ctx.db.select().from(probes).where(eq(probes.id, created.id));
    expect(row!.secretHash).toBe(sha256(ok.body.secret));
    expect(row!.tokenHash).toBeNull();

    // Used up.
    const again = await register(renewed.body.token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: [INVALID_TOKEN] });

    // Online now, with what the agent said about itself; no token pending.
    const online = (await admin.get<Probe>(`/api/probe/probes/${created.id}/`)).body;
    expect(online).toMatchObject({
      status: 'online',
      status_label: 'Online',
      hostname: 'probe-host',
      version: '9.9.9',
      token_expires: null,
    });
    expect(online.registered).not.toBeNull();
    expect(online.address).toBe('127.0.0.1');

    // Quiet for longer than the offline time (2 s): offline. The rule reads the context's clock, moved on here.
    const realClock = t.ctx.clock;
    t.ctx.clock = () => new Date(realClock().getTime() + 2300);
    try {
      expect((await admin.get<Probe>(`/api/probe/probes/${created.id}/`)).body).toMatchObject({
        status: 'offline',
        status_label: 'Offline',
      });
    } finally {
      t.ctx.clock = realClock;
    }

    // An expired token is refused even though it was never used.
    const expiring = await admin.post<{ token: string }>(`/api/probe/probes/${created.id}/token/`);
    await t.ctx.db
      .update(probes)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(probes.id, created.id));
    const expired = await register(expiring.body.token);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ token: [INVALID_TOKEN] });
    expect((await admin.get<Probe>(`/api/probe/probes/${created.id}/`)).body.token_expires).toBeNull();
  });

  it('rate-limits registration attempts per address', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await register(`bwp_wrong_${i}`, '10.9.9.9')).status;
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await register('bwp_wrong', '10.9.9.10')).status).toBe(400);
  });

  it('lists the built-in probe first for pickers, and shows it as id -1', async () => {
    const basics = await admin.get<{ id: number; name: string }[]>('/api/probe_basics/probes/');
    expect(basics.status).toBe(200);
    expect(basics.body[0]).toEqual({ id: -1, name: 'External (built-in)' });
    expect(basics.body.slice(1).map((p) => p.name)).toEqual(['Branch office', 'Datacenter']);

    const builtin = await admin.get<Probe>('/api/probe/probes/-1/');
    expect(builtin.status).toBe(200);
    // This app runs without the built-in probe (BULWARK_BUILTIN_PROBE=off).
    expect(builtin.body).toMatchObject({
      id: -1,
      name: 'External (built-in)',
      builtin: true,
      status: 'offline',
      group: null,
      active_runs: 0,
      version: JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
      hostname: os.hostname(),
      last_heartbeat: null,
      // Off: no task slots, and nothing ran on it.
      load: { tasks_running: 0, task_slots: 0, cpus: os.availableParallelism(), last_report: null },
    });
    expect(builtin.body.load!.load_average).toHaveLength(3);
    // Remote probes report no load of the server's.
    const listed = await admin.get<Paged<Probe>>('/api/probe/probes/');
    expect(listed.body.results.every((p) => p.load === null)).toBe(true);
    expect((await admin.patch('/api/probe/probes/-1/', { name: 'x' })).status).toBe(409);
    expect((await admin.request('DELETE', '/api/probe/probes/-1/')).status).toBe(409);
  });

  it('renames a probe, moves it between groups, and keeps groups’ members in step', async () => {
    const ids = Object.fromEntries((await admin.get<Paged<Probe>>('/api/probe/probes/')).body.results.map((p) => [p.name, p.id])) as Record<
      string,
      number
    >;
    const g = await admin.post<Group>('/api/probe/probe-groups/', { name: 'Europe', probes: [ids['Branch office']!] });
    expect(g.status, JSON.stringify(g.body)).toBe(201);
    expect(g.body).toMatchObject({ name: 'Europe', probes: [{ id: ids['Branch office'], name: 'Branch office' }], active_runs: 0 });

    const moved = await admin.patch<Probe>(`/api/probe/probes/${ids.Datacenter}/`, { name: 'Datacenter 1', group: g.body.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Datacenter 1', group: { id: g.body.id, name: 'Europe' } });
    expect((await admin.get<Group>(`/api/probe/probe-groups/${g.body.id}/`)).body.probes.map((p) => p.name)).toEqual([
      'Branch office',
      'Datacenter 1',
    ]);

    // PUT sets exactly the members listed.
    const put = await admin.request<Group>('PUT', `/api/probe/probe-groups/${g.body.id}/`, {
      name: 'Europe West',
      probes: [ids.Datacenter],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Europe West', probes: [{ id: ids.Datacenter, name: 'Datacenter 1' }] });
    expect((await admin.get<Probe>(`/api/probe/probes/${ids['Branch office']}/`)).body.group).toBeNull();

    expect((await admin.post('/api/probe/probe-groups/', { name: 'europe west' })).body).toEqual({
      name: ['A probe group with this name already exists.'],
    });
    const bad = await admin.post('/api/probe/probe-groups/', { name: 'Asia', probes: [ids.Datacenter, 999_998] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ probes: ['Unknown probe: 999998.'] });
    const blank = await admin.post('/api/probe/probe-groups/', { name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body).toHaveProperty('name');

    const list = await admin.get<Paged<Group>>('/api/probe/probe-groups/');
    expect(list.body).toMatchObject({ count: 1, results: [{ name: 'Europe West' }] });
    expect((await admin.patch('/api/probe/probes/' + ids.Datacenter + '/', { group: 999_999 })).body).toEqual({
      group: ['Probe group 999999 does not exist.'],
    });
  });

  it('refuses to delete a probe or group while a scan uses it, then deletes it (members stay)', async () => {
    const profile = await smallProfile(t, customerId, '1');
    const p = (await admin.post<Created>('/api/probe/probes/', { name: 'Doomed' })).body;
    const scan = await admin.post<NetworkScan>('/api/scan/nscans/', { name: 'On doomed', targets: ['127.0.0.1'], profile, node: p.id });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    // Its task waits for the probe (never registered) in delayed node assignment: not yet active on it.
    expect((await admin.get<Probe>(`/api/probe/probes/${p.id}/`)).body.active_runs).toBe(0);

    const busy = await admin.request('DELETE', `/api/probe/probes/${p.id}/`);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ non_field_errors: ['This probe has 1 unfinished scan task. Cancel them or wait until they end.'] });

    const runs = await admin.get<Paged<{ id: number }>>(`/api/scan/nruns/?scan=${scan.body.id}`);
    expect((await admin.post(`/api/scan/nruns/${runs.body.results[0]!.id}/cancel/`)).status).toBe(200);
    const used = await admin.request('DELETE', `/api/probe/probes/${p.id}/`);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ non_field_errors: ['1 scan uses this probe. Choose another probe for it first.'] });

    expect((await admin.request('DELETE', `/api/scan/nscans/${scan.body.id}/`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/probe/probes/${p.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/probe/probes/${p.id}/`)).status).toBe(404);

    const groups = (await admin.get<Paged<Group>>('/api/probe/probe-groups/')).body.results;
    const member = groups[0]!.probes[0]!;
    expect((await admin.request('DELETE', `/api/probe/probe-groups/${groups[0]!.id}/`)).status).toBe(204);
    expect((await admin.get<Probe>(`/api/probe/probes/${member.id}/`)).body).toMatchObject({ id: member.id, group: null });
  });

  it('keeps customers apart: another customer sees and changes none of these probes (404)', async () => {
    const mine = (await admin.get<Paged<Probe>>('/api/probe/probes/')).body.results[0]!;
    const group = (await admin.post<Group>('/api/probe/probe-groups/', { name: 'Mine', probes: [mine.id] })).body;
    const other = await t.otherCustomer();
    const them = await signedIn(t, other.adminEmail);
    expect((await them.get<Paged<Probe>>('/api/probe/probes/')).body).toMatchObject({ count: 0, results: [] });
    expect((await them.get('/api/probe_basics/probes/')).body).toEqual([{ id: -1, name: 'External (built-in)' }]);
    expect((await them.get<Paged<Group>>('/api/probe/probe-groups/')).body.count).toBe(0);
    expect((await them.get(`/api/probe/probes/${mine.id}/`)).status).toBe(404);
    expect((await them.patch(`/api/probe/probes/${mine.id}/`, { name: 'stolen' })).status).toBe(404);
    expect((await them.post(`/api/probe/probes/${mine.id}/token/`)).status).toBe(404);
    expect((await them.request('DELETE', `/api/probe/probes/${mine.id}/`)).status).toBe(404);
    expect((await them.get(`/api/probe/probe-groups/${group.id}/`)).status).toBe(404);
    expect((await them.patch(`/api/probe/probe-groups/${group.id}/`, { name: 'stolen' })).status).toBe(404);
    expect((await them.request('DELETE', `/api/probe/probe-groups/${group.id}/`)).status).toBe(404);
    // Their group cannot take my probe as a member, nor can their probe join my group.
    expect((await them.post('/api/probe/probe-groups/', { name: 'Theirs', probes: [mine.id] })).body).toEqual({
      probes: [`Unknown probe: ${mine.id}.`],
    });
    const theirs = (await them.post<Created>('/api/probe/probes/', { name: 'Theirs' })).body;
    expect((await them.patch(`/api/probe/probes/${theirs.id}/`, { group: group.id })).status).toBe(400);
    // The same name is free in another customer.
    expect((await them.post('/api/probe/probes/', { name: mine.name })).status).toBe(201);
    expect((await admin.get<Probe>(`/api/probe/probes/${mine.id}/`)).body.name).toBe(mine.name);
  });

  it('answers 401 without a session and 403 without the probes permission; read-only users cannot change', async () => {
    const anon = t.client();
    for (const url of ['/api/probe_basics/probes/', '/api/probe/probes/', '/api/probe/probes/-1/', '/api/probe/probe-groups/']) {
      expect((await anon.get(url)).status, url).toBe(401);
    }
    await anon.get('/api/check-authentication/');
    expect((await anon.post('/api/probe/probes/', { name: 'x' })).status).toBe(401);
    expect((await anon.post('/api/probe/probe-groups/', { name: 'x' })).status).toBe(401);

    const plain = await t.user({ email: 'plain@example.com' });
    const reader = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, plain.id));
    await t.ctx.db
      .update(users)
      .set({ permissions: { probes: ['read'] } })
      .where(eq(users.id, reader.id));
    const p = await signedIn(t, 'plain@example.com');
    for (const url of ['/api/probe_basics/probes/', '/api/probe/probes/', '/api/probe/probes/-1/', '/api/probe/probe-groups/']) {
      expect((await p.get(url)).status, url).toBe(403);
    }
    expect((await p.post('/api/probe/probes/', { name: 'x' })).status).toBe(403);

    const r = await signedIn(t, 'reader@example.com');
    const some = (await r.get<Paged<Probe>>('/api/probe/probes/')).body.results[0]!;
    expect((await r.get(`/api/probe/probes/${some.id}/`)).status).toBe(200);
    expect((await r.post('/api/probe/probes/', { name: 'x' })).status).toBe(403);
    expect((await r.patch(`/api/probe/probes/${some.id}/`, { name: 'x' })).status).toBe(403);
    expect((await r.post(`/api/probe/probes/${some.id}/token/`)).status).toBe(403);
    expect((await r.request('DELETE', `/api/probe/probes/${some.id}/`)).status).toBe(403);
    expect((await r.post('/api/probe/probe-groups/', { name: 'x' })).status).toBe(403);

    // With the create action a user may add probes.
    await t.ctx.db
      .update(users)
      .set({ permissions: { probes: ['read', 'create'] } })
      .where(eq(users.id, reader.id));
    expect((await r.post('/api/probe/probes/', { name: 'Made by reader' })).status).toBe(201);
  });
});
