// The customer's limit of scan tasks at once and its blackout window, on every test database, through the remote
// probe agent's API: three scans over a limit of one wait as throttling (label Queued) and start in the order they
// were asked for as each finishes; a window paused a running task (error 12 on its run) on an injected clock, kept the
// probe from claiming, and resumed the task from its checkpoint once it ended; the window and the limit through their
// calls with field errors, and a schedule's starts inside the window flagged.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blackoutWindow,
  inBlackout,
  type Customer,
  type NetworkScan,
  type PlatformCustomer,
  type ScanRunRow,
  type Schedule,
} from '@bulwark/core';
import type { TaskSpec } from '@bulwark/scanner';
import { customers, scanErrors, scanTasks } from '../src/db/schema/index.ts';
import { enforceBlackouts } from '../src/modules/tasks/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { BACKENDS } from './helpers/backends.ts';
import { smallProfile } from './helpers/scans.ts';
import { signedIn } from './helpers/sessions.ts';

type Paged<T> = { count: number; results: T[] };
const hour = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:00`;

describe('the blackout window', () => {
  const window = blackoutWindow.parse({
    enabled: true,
    days_of_week: '5',
    start_time: '22:00',
    end_time: '06:00',
    time_zone: 'Europe/Stockholm',
  });

  it('covers the named evenings and the mornings after them, in its zone', () => {
    // Friday 4 December 2026, 23:30 in Stockholm is 22:30 UTC.
    expect(inBlackout(window, new Date('2026-12-04T22:30:00Z'))).toBe(true);
    expect(inBlackout(window, new Date('2026-12-05T04:59:00Z'))).toBe(true);
    expect(inBlackout(window, new Date('2026-12-05T05:00:00Z'))).toBe(false);
    expect(inBlackout(window, new Date('2026-12-03T22:30:00Z'))).toBe(false);
    expect(inBlackout({ ...window, enabled: false }, new Date('2026-12-04T22:30:00Z'))).toBe(false);
    const daily = blackoutWindow.parse({ enabled: true, days_of_week: '0', start_time: '09:00', end_time: '17:00' });
    expect(inBlackout(daily, new Date('2026-12-06T12:00:00Z'))).toBe(true);
    expect(inBlackout(daily, new Date('2026-12-06T17:00:00Z'))).toBe(false);
  });
});

describe.each(BACKENDS)('throttling and blackouts on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let profile: number;
  let probe: { id: number; post: <T>(path: string, body?: unknown) => Promise<{ status: number; body: T }> };

  async function startScan(name: string): Promise<ScanRunRow> {
    const scan = await admin.post<NetworkScan>('/api/scan/nscans/', { name, targets: ['127.0.30.1'], profile, node: probe.id });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    return (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scan.body.id}`)).body.results[0]!;
  }
  const stateOf = async (runId: number) => (await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, runId)))[0]!.state;
  const claim = () => probe.post<{ task: TaskSpec }>('claim/');
  const finish = (taskId: number) => probe.post(`tasks/${taskId}/finish/`, { outcome: 'done', result: { hosts: [] } });

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    profile = await smallProfile(t, 1, '48600');
    const created = await admin.post<{ registration: { token: string } }>('/api/probe/probes/', { name: 'Night probe' });
    const agent = t.client();
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', {
      token: created.body.registration.token,
    });
    const auth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };
    probe = { id: reg.body.probe_id, post: <T>(path: string, body: unknown = {}) => agent.post<T>(`/api/probe-agent/${path}`, body, auth) };
    await probe.post('heartbeat/', { running: [] });
  });
  afterAll(() => t.close());

  it('sets the limit through the platform call, with a field error for a bad one', async () => {
    expect((await admin.patch<Record<string, string[]>>('/api/platform/customers/1/', { max_concurrent_tasks: 0 })).body).toEqual({
      max_concurrent_tasks: ['Enter a number from 1 to 1000, or nothing for no limit.'],
    });
    const set = await admin.patch<PlatformCustomer>('/api/platform/customers/1/', { max_concurrent_tasks: 1 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.max_concurrent_tasks).toBe(1);
    expect((await admin.get<Customer>('/api/customer/')).body.max_concurrent_tasks).toBe(1);
  });

  it('holds tasks over the limit as Queued and starts them in order as others finish', async () => {
    const a = await startScan('First');
    const b = await startScan('Second');
    const c = await startScan('Third');
    expect([await stateOf(a.id), await stateOf(b.id), await stateOf(c.id)]).toEqual([0, 7, 7]);
    const listed = (await admin.get<Paged<ScanRunRow>>('/api/scan/nruns/?ordering=scan_id')).body.results;
    expect(listed.find((r) => r.id === b.id)?.state_label).toBe('Queued');

    const first = await claim();
    expect(first.status).toBe(200);
    expect((await claim()).status).toBe(204);
    expect((await finish(first.body.task.id)).status).toBe(200);
    expect([await stateOf(b.id), await stateOf(c.id)]).toEqual([0, 7]);
    const second = await claim();
    expect(second.body.task.id).not.toBe(first.body.task.id);
    expect((await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.id, second.body.task.id)))[0]!.runId).toBe(b.id);
    await finish(second.body.task.id);
    const third = await claim();
    expect((await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.id, third.body.task.id)))[0]!.runId).toBe(c.id);
    await finish(third.body.task.id);
    await admin.patch('/api/platform/customers/1/', { max_concurrent_tasks: null });
  });

  it('pauses a running task for the window, claims nothing inside it, and resumes the task from its checkpoint after', async () => {
    const run = await startScan('Across the window');
    const claimed = await claim();
    expect(claimed.status).toBe(200);
    const taskId = claimed.body.task.id;
    // A window six hours from now (so the real clock is outside it whenever the test runs), every day, in UTC.
    const now = new Date();
    const start = new Date(now.getTime() + 6 * 3_600_000);
    const end = new Date(now.getTime() + 7 * 3_600_000);
    const bad = await admin.patch<Record<string, string[]>>('/api/customer/1/', {
      blackouts: { enabled: true, days_of_week: '8', start_time: '9:00', end_time: '10:00', time_zone: 'UTC' },
    });
    expect(Object.keys(bad.body).sort()).toEqual(['blackouts']);
    const set = await admin.patch<Customer>('/api/customer/1/', {
      blackouts: { enabled: true, days_of_week: '0', start_time: hour(start), end_time: hour(end), time_zone: 'UTC' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.blackouts).toMatchObject({ enabled: true, days_of_week: '0' });

    const inside = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), start.getUTCHours(), 30));
    const changes = await enforceBlackouts(t.ctx.db, t.ctx, inside);
    expect(changes).toEqual([{ customerId: 1, active: true, paused: 1, resumed: 0 }]);
    expect(await stateOf(run.id)).toBe(-6);
    const errors = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.runId, run.id));
    expect(errors.map((e) => e.type)).toEqual([12]);
    expect(errors[0]!.message).toMatch(/^Paused for the blackout window \(Every day \d\d:00-\d\d:00 \(UTC\)\)/);
    // The probe hears of the pause and stops with its checkpoint.
    expect((await probe.post('heartbeat/', { running: [taskId] })).body).toEqual({ tasks: [{ id: taskId, action: 'pause' }] });
    const host = { address: '127.0.30.1', hostnames: [], alive: true, ports: [], findings: [] };
    expect((await probe.post(`tasks/${taskId}/finish/`, { outcome: 'stopped', checkpoint: { done: [host] } })).status).toBe(200);
    expect(await stateOf(run.id)).toBe(2);
    // Nothing of the customer starts inside the window, new scans included.
    const waiting = await startScan('Inside the window');
    expect((await claim()).status).toBe(204);

    const after = new Date(inside.getTime() + 2 * 3_600_000);
    expect(await enforceBlackouts(t.ctx.db, t.ctx, after)).toEqual([{ customerId: 1, active: false, paused: 0, resumed: 1 }]);
    expect((await t.ctx.db.select().from(customers).where(eq(customers.id, 1)))[0]!.blackoutActive).toBe(false);
    const resumed = await claim();
    expect(resumed.body.task).toMatchObject({ id: taskId, checkpoint: { done: [host] } });
    const next = await claim();
    expect((await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.id, next.body.task.id)))[0]!.runId).toBe(waiting.id);
  });

  it("flags a schedule's starts that fall inside the window", async () => {
    const window = (await admin.get<Customer>('/api/customer/')).body.blackouts!;
    const preview = await admin.post<{ upcoming: string[]; blackout_starts: string[] }>('/api/scan/schedules/preview/', {
      start_date: '2099-01-01',
      time: window.start_time.replace(/:00$/, ':30'),
      repeat: 'daily',
    });
    expect(preview.body.upcoming).toHaveLength(5);
    expect(preview.body.blackout_starts).toEqual(preview.body.upcoming);
    const outside = await admin.post<Schedule>('/api/scan/schedules/', {
      name: 'Outside',
      profile,
      start_date: '2099-01-01',
      time: window.end_time.replace(/:00$/, ':30'),
      repeat: 'daily',
      targets: ['127.0.30.2'],
      node: probe.id,
    });
    expect(outside.status, JSON.stringify(outside.body)).toBe(201);
    expect(outside.body.blackout_starts).toEqual([]);
    await admin.patch('/api/customer/1/', { blackouts: { ...window, enabled: false } });
  });
});
