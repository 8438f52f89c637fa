// Network scans end to end on every test database: creating a scan starts a run that the real built-in probe scans
// against real listeners on loopback; validation of every reference; read, change, delete, start again; group-run
// split of a large target; job progress; tenant isolation, 401 and 403.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkScan, ScanRunRow } from '@bulwark/core';
import { probes, scanRuns, scans, scanTasks, users } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { BACKENDS } from './helpers/backends.ts';
import { deliveredHosts, finished, Listeners, savedTarget, smallProfile, waitForRun } from './helpers/scans.ts';
import { signedIn } from './helpers/sessions.ts';

type Paged<T> = { count: number; results: T[] };

describe.each(BACKENDS)('network scans on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let customerId: number;
  let profile: number;
  const listeners = new Listeners();
  // Distinct addresses per backend: both files' listeners may be up at once.
  const base = backend === 'pglite' ? '127.0.3' : '127.0.4';

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    customerId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.customerId;
    profile = await smallProfile(t, customerId, '48100-48110');
    await listeners.listen(`${base}.1`, 48100, 48105);
    await listeners.listen(`${base}.3`, 48110);
  });
  afterAll(async () => {
    await settleRunProcessing(t.ctx);
    await listeners.close();
    await t.close();
  });

  const lastRun = async (scanId: number) => (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scanId}`)).body.results[0]!;

  it('creates a scan, starts a run, and the built-in probe scans it to Finished with the listeners’ ports', async () => {
    const host = await savedTarget(t, customerId, 'host', `${base}.1`);
    const res = await admin.post<NetworkScan>('/api/scan/nscans/', {
      name: 'Loopback',
      assets: [host],
      targets: [`${base}.2-${base}.4`],
      profile,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Loopback',
      assets: [host],
      targets: [`${base}.2-${base}.4`],
      node: { id: -1, name: 'External (built-in)' },
      probe_group: null,
      profile: { id: profile, type: 'nvt', builtin: false },
      user: { id: expect.any(Number) },
    });
    const run = await waitForRun(admin, (await lastRun(res.body.id)).id, finished);
    expect(run).toMatchObject({
      scan_id: res.body.id,
      name: 'Loopback',
      targets: [`${base}.1`, `${base}.2-${base}.4`],
      scanned_items: 4,
      status: 2,
      status_label: 'Finished',
      state: 4,
      state_label: 'Finished',
      progress: 100,
      is_external: true,
      node: { id: -1 },
      profile: { id: profile },
      actions: [],
    });
    expect(run.started).not.toBeNull();
    expect(run.finished).not.toBeNull();
    expect(run.children).toHaveLength(1);
    expect(run.children[0]).toMatchObject({ state: 4, state_label: 'Finished', hosts_total: 4, attempts: 1, parent: null });

    // What the probe delivered: the real open ports of each address.
    const hosts = (await deliveredHosts(t.ctx.db, run.children[0]!.id)).map((h) => [h.address, h.ports.map((p) => p.port)]);
    expect(hosts).toEqual([
      [`${base}.1`, [48100, 48105]],
      [`${base}.2`, []],
      [`${base}.3`, [48110]],
      [`${base}.4`, []],
    ]);

    // The results processing job reports its progress under the run's processing_job.
    expect(run.processing_job).toMatch(/^[0-9a-f-]{36}$/);
    await settleRunProcessing(t.ctx);
    const progress = await admin.get(`/api/celery-progress/${run.processing_job}/`);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ state: 'SUCCESS', complete: true, success: true, progress: { percent: 100 } });
    expect((await admin.get('/api/celery-progress/00000000-0000-0000-0000-000000000000/')).status).toBe(404);
    expect((await admin.get('/api/celery-progress/not-a-uuid/')).status).toBe(404);

    const [scanRow] = await t.ctx.db.select().from(scans).where(eq(scans.id, res.body.id));
    expect(scanRow!.lastStartedAt).not.toBeNull();
    expect((await admin.get<NetworkScan>(`/api/scan/nscans/${res.body.id}/`)).body.last_run).toBe(run.id);
  });

  it('answers 400 keyed by field for bad input and for references that are not the customer’s', async () => {
    const empty = await admin.post('/api/scan/nscans/', { name: '', profile });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ name: [expect.any(String)], targets: ['Choose at least one target.'] });

    const bad = await admin.post('/api/scan/nscans/', { name: 'x', targets: ['10.0.0.300'], profile });
    expect(bad.status).toBe(400);
    expect(bad.body.targets).toBeDefined();

    const other = await t.otherCustomer();
    const foreignProfile = await smallProfile(t, other.customerId, '1');
    const foreignTarget = await savedTarget(t, other.customerId, 'host', '127.0.9.9');
    const [foreignProbe] = await t.ctx.db.insert(probes).values({ customerId: other.customerId, name: 'theirs' }).returning();
    const refs = await admin.post('/api/scan/nscans/', {
      name: 'x',
      assets: [foreignTarget, 999_999],
      profile: foreignProfile,
      node: foreignProbe!.id,
    });
    expect(refs.status).toBe(400);
    expect(refs.body).toEqual({
      profile: [`Invalid pk "${foreignProfile}" - object does not exist.`],
      assets: [`Invalid pk "${foreignTarget}" - object does not exist.`, 'Invalid pk "999999" - object does not exist.'],
      node: [`Invalid pk "${foreignProbe!.id}" - object does not exist.`],
    });
    const group = await admin.post('/api/scan/nscans/', { name: 'x', targets: ['127.0.0.1'], profile, probe_group: 424242 });
    expect(group.body).toEqual({ probe_group: ['Invalid pk "424242" - object does not exist.'] });

    const allExcluded = await admin.post('/api/scan/nscans/', { name: 'x', targets: [`${base}.8/30`], exclude: [`${base}.8/30`], profile });
    expect(allExcluded.status).toBe(400);
    expect(allExcluded.body).toEqual({ targets: ['The targets contain no host once exclusions are applied.'] });
    // Nothing half-made was kept.
    const names = (await admin.get<Paged<NetworkScan>>('/api/scan/nscans/?page_size=100')).body.results.map((s) => s.name);
    expect(names).not.toContain('x');
  });

  it('lists, changes, starts again and deletes a scan with its runs', async () => {
    const created = await admin.post<NetworkScan>('/api/scan/nscans/', { name: 'Later', targets: [`${base}.3`], profile, start: false });
    expect(created.status).toBe(201);
    expect(created.body.last_run).toBeNull();
    const id = created.body.id;

    const listed = await admin.get<Paged<NetworkScan>>('/api/scan/nscans/');
    expect(listed.body.results[0]!.id).toBe(id);

    const patched = await admin.patch<NetworkScan>(`/api/scan/nscans/${id}/`, { name: 'Renamed' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', targets: [`${base}.3`], profile: { id: profile } });
    expect((await admin.patch(`/api/scan/nscans/${id}/`, { profile: 999_999 })).body).toEqual({
      profile: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await admin.patch(`/api/scan/nscans/${id}/`, { targets: [] })).body).toEqual({ targets: ['Choose at least one target.'] });

    const started = await admin.post<ScanRunRow>(`/api/scan/nscans/${id}/start/`);
    expect(started.status).toBe(201);
    // Answered before the probe claims it: queued for the built-in probe.
    expect(started.body).toMatchObject({ name: 'Renamed', scanned_items: 1, status: 0, status_label: 'Pending' });
    expect(['Requested', 'Running', 'Finished']).toContain(started.body.state_label);
    await waitForRun(admin, started.body.id, finished);

    const removed = await admin.request('DELETE', `/api/scan/nscans/${id}/`);
    expect(removed.status).toBe(204);
    expect((await admin.get(`/api/scan/nscans/${id}/`)).status).toBe(404);
    expect((await admin.get(`/api/scan/nruns/${started.body.id}/`)).status).toBe(404);
  });

  it('splits a /23 into a group run of at most 16 children with contiguous shares, queued for an offline probe', async () => {
    const [probe] = await t.ctx.db.insert(probes).values({ customerId, name: 'far away' }).returning();
    const res = await admin.post<NetworkScan>('/api/scan/nscans/', { name: 'Big', targets: ['10.20.0.0/23'], profile, node: probe!.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const run = await lastRun(res.body.id);
    expect(run).toMatchObject({ scanned_items: 510, hosts_total: 510, is_external: false, state_label: 'Queued', status: 0 });
    expect(run.node).toEqual({ id: probe!.id, name: 'far away' });
    expect(run.children.length).toBeGreaterThan(1);
    expect(run.children.length).toBeLessThanOrEqual(16);
    const parents = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, run.id));
    const parent = parents.find((p) => p.state === -9)!;
    expect(parent.targets).toEqual(['10.20.0.0/23']);
    expect(run.children.every((c) => c.parent === parent.id && c.state === 8)).toBe(true);
    expect(run.children.reduce((n, c) => n + c.hosts_total, 0)).toBe(510);
    expect(run.children[0]!.targets[0]).toBe(`10.20.0.1-10.20.0.${run.children[0]!.hosts_total}`);
    expect(run.children[run.children.length - 1]!.targets.at(-1)).toMatch(/-10\.20\.1\.254$/);
    expect(run.actions).toEqual(['pause', 'cancel', 'force_cancel']);
    // One run of a scan at a time: a second start while this one waits for its probe is refused, and starts nothing.
    const second = await admin.post(`/api/scan/nscans/${res.body.id}/start/`);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ non_field_errors: ['This scan is still running: wait for its run to end, or cancel it.'] });
    expect((await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.scanId, res.body.id))).length).toBe(1);
    expect((await admin.post(`/api/scan/nruns/${run.id}/cancel/`)).status).toBe(200);
  });

  it('keeps customers apart and guards every call (401, 403 without net_scans, read-only cannot change)', async () => {
    const mine = await admin.post<NetworkScan>('/api/scan/nscans/', { name: 'Mine', targets: [`${base}.3`], profile, start: false });
    const other = await t.otherCustomer();
    const them = await signedIn(t, other.adminEmail);
    const id = mine.body.id;
    expect((await them.get(`/api/scan/nscans/${id}/`)).status).toBe(404);
    expect((await them.patch(`/api/scan/nscans/${id}/`, { name: 'x' })).status).toBe(404);
    expect((await them.request('DELETE', `/api/scan/nscans/${id}/`)).status).toBe(404);
    expect((await them.post(`/api/scan/nscans/${id}/start/`)).status).toBe(404);
    expect((await them.get<Paged<NetworkScan>>('/api/scan/nscans/')).body.count).toBe(0);
    expect((await them.get<Paged<ScanRunRow>>('/api/scan/nruns/')).body.count).toBe(0);
    // Their own scan may not use my profile.
    expect((await them.post('/api/scan/nscans/', { name: 'x', targets: ['127.0.0.1'], profile })).status).toBe(400);

    const anon = t.client();
    expect((await anon.get('/api/scan/nscans/')).status).toBe(401);
    expect((await anon.get('/api/scan/nruns/')).status).toBe(401);

    const plain = await t.user({ email: `plain-${backend}@example.com` });
    const nobody = await signedIn(t, `plain-${backend}@example.com`, PASSWORD);
    expect((await nobody.get('/api/scan/nscans/')).status).toBe(403);
    expect((await nobody.post('/api/scan/nscans/', { name: 'x', targets: ['127.0.0.1'], profile })).status).toBe(403);
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, plain.id));
    expect((await nobody.get(`/api/scan/nscans/${id}/`)).status).toBe(200);
    expect((await nobody.post(`/api/scan/nscans/${id}/start/`)).status).toBe(403);
    expect((await nobody.request('DELETE', `/api/scan/nscans/${id}/`)).status).toBe(403);
  });
});
