// Actions on runs with a real built-in probe scanning loopback listeners at a limited rate (so a scan lasts long
// enough to act on it): pause then resume ends with the same ports, cancel, force cancel, 409 with the §4 message on
// an illegal action, deleting a run, the errors list with hidden types, tenant isolation, 401 and 403.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkScan, ScanRunRow } from '@bulwark/core';
import { probes, scanTasks, users } from '../src/db/schema/index.ts';
import { BuiltinProbe } from '../src/modules/scans/builtin-probe.ts';
import { addScanErrors } from '../src/modules/tasks/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { checkpointHosts, deliveredHosts, finished, Listeners, smallProfile, waitForRun } from './helpers/scans.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Paged<T> = { count: number; results: T[] };
type ActionReply = ScanRunRow & { message: string };

const base = '127.0.5';
const layout: Record<string, number[]> = { [`${base}.1`]: [48200], [`${base}.4`]: [48250, 48399], [`${base}.6`]: [48300] };

describe('actions on runs', () => {
  let t: TestApp;
  let admin: Client;
  let customerId: number;
  let profile: number;
  let probe: BuiltinProbe;
  const listeners = new Listeners();

  beforeAll(async () => {
    // The app's own probe is off; this one scans at 600 connections a second, one host at a time.
    t = await startTestApp('pglite', { BULWARK_BUILTIN_PROBE: 'off' });
    probe = new BuiltinProbe(t.ctx, { maxTasks: 2, execute: { reportEveryMs: 200, scan: { rate: 600, hostConcurrency: 1 } } });
    probe.start();
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    customerId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.customerId;
    profile = await smallProfile(t, customerId, '48200-48399');
    for (const [host, ports] of Object.entries(layout)) await listeners.listen(host, ...ports);
  });
  afterAll(async () => {
    await probe.stop();
    await settleRunProcessing(t.ctx);
    await listeners.close();
    await t.close();
  });

  async function startScan(name: string, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await admin.post<NetworkScan>('/api/scan/nscans/', { name, targets: [`${base}.1-${base}.6`], profile, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${res.body.id}`)).body.results[0]!.id;
  }
  const running = (r: ScanRunRow) => r.state_label === 'Running' && r.children[0]!.hosts_done >= 1;
  const taskOf = async (runId: number) => (await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, runId)))[0]!;

  it('pauses a running scan with a checkpoint, refuses a second pause, and resumes it to the same ports', async () => {
    const runId = await startScan('Pause me');
    await waitForRun(admin, runId, running);

    const paused = await admin.post<ActionReply>(`/api/scan/nruns/${runId}/stop/`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ message: 'Scan paused.', state: -6, state_label: 'Pausing...', status: 1 });
    expect(paused.body.actions).toEqual(['cancel', 'force_cancel']);

    const stopped = await waitForRun(admin, runId, (r) => r.state_label === 'Paused');
    expect(stopped).toMatchObject({ state: 2, status: 0, status_label: 'Pending', actions: ['resume', 'cancel', 'force_cancel'] });
    const task = await taskOf(runId);
    expect(task.claimedBy).toBeNull();
    const done = (await checkpointHosts(t.ctx.db, task.id)).length;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(6);

    const again = await admin.post(`/api/scan/nruns/${runId}/stop/`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ non_field_errors: ['This scan cannot be paused while it is Paused.'] });

    const resumed = await admin.post<ActionReply>(`/api/scan/nruns/${runId}/resume/`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.message).toBe('Scan resumed.');
    const end = await waitForRun(admin, runId, finished);
    expect(end).toMatchObject({ state_label: 'Finished', progress: 100 });
    const after = await taskOf(runId);
    expect(after.attempts).toBe(2);
    const hosts = (await deliveredHosts(t.ctx.db, after.id)).map((h) => [h.address, h.ports.map((p) => p.port)]);
    expect(hosts).toEqual([1, 2, 3, 4, 5, 6].map((i) => [`${base}.${i}`, layout[`${base}.${i}`] ?? []]));

    const late = await admin.post(`/api/scan/nruns/${runId}/resume/`);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ non_field_errors: ['This scan cannot be resumed while it is Finished.'] });
  });

  it('cancels a running scan (not deletable until then), then deletes the run', async () => {
    const runId = await startScan('Cancel me');
    await waitForRun(admin, runId, running);
    const busy = await admin.request('DELETE', `/api/scan/nruns/${runId}/`);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ non_field_errors: ['Cancel the scan first.'] });

    const cancelled = await admin.post<ActionReply>(`/api/scan/nruns/${runId}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ message: 'Scan stopped.', state_label: 'Stopping...' });
    const end = await waitForRun(admin, runId, finished);
    expect(end).toMatchObject({ state: -1, state_label: 'Stopped', status: 2, actions: [] });
    expect(end.children[0]!.state).toBe(-1);
    expect((await taskOf(runId)).result).toBeNull();

    expect((await admin.request('DELETE', `/api/scan/nruns/${runId}/`)).status).toBe(204);
    expect((await admin.get(`/api/scan/nruns/${runId}/`)).status).toBe(404);
  });

  it('force-cancels at once whatever the probe does, with a hidden error row saying who did it', async () => {
    const runId = await startScan('Force me');
    await waitForRun(admin, runId, running);
    const forced = await admin.post<ActionReply>(`/api/scan/nruns/${runId}/cancel/force/`);
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ message: 'Scan stopped.', state: -1, state_label: 'Stopped', status: 2, actions: [] });
    expect((await admin.get(`/api/scan/nruns/${runId}/errors/`)).body).toEqual([]);
    const hidden = await admin.get(`/api/scan/nruns/${runId}/errors/?show_hidden=true`);
    expect(hidden.body).toEqual([
      { type: 0, type_label: 'Internal', message: expect.stringMatching(/^The task was force-cancelled by /), count: 1 },
    ]);
    // The probe learns at its next report that the task is no longer its own, and leaves it cancelled.
    await new Promise((r) => setTimeout(r, 600));
    const task = await taskOf(runId);
    expect(task).toMatchObject({ state: -1, claimedBy: null, result: null });
    const forcedAgain = await admin.post(`/api/scan/nruns/${runId}/cancel/force/`);
    expect(forcedAgain.body).toEqual({ non_field_errors: ['This scan cannot be force-cancelled while it is Stopped.'] });
  });

  it('pauses and cancels queued tasks at once (an offline probe)', async () => {
    const [far] = await t.ctx.db.insert(probes).values({ customerId, name: 'offline' }).returning();
    const runId = await startScan('Queued', { node: far!.id });
    const paused = await admin.post<ActionReply>(`/api/scan/nruns/${runId}/stop/`);
    expect(paused.body).toMatchObject({ state: 2, state_label: 'Paused' });
    const cancelled = await admin.post<ActionReply>(`/api/scan/nruns/${runId}/cancel/`);
    expect(cancelled.body).toMatchObject({ state: -1, state_label: 'Stopped', status: 2 });
  });

  it('groups errors by message with counts, first seen first, hidden types only on request', async () => {
    const runId = await startScan('Errors', {
      node: (await t.ctx.db.insert(probes).values({ customerId, name: 'p2' }).returning())[0]!.id,
    });
    const run = { id: runId, customerId };
    await addScanErrors(t.ctx.db, run, null, [
      { type: 1, message: 'Host unreachable (EHOSTUNREACH).', host: '10.0.0.1' },
      { type: 15, message: 'Connection reset by peer.' },
      { type: 1, message: 'Host unreachable (EHOSTUNREACH).', host: '10.0.0.2' },
      { type: 16, message: 'The task ran out of time.' },
      { type: 0, message: 'Checks failed: boom' },
    ]);
    expect((await admin.get(`/api/scan/nruns/${runId}/errors/`)).body).toEqual([
      { type: 1, type_label: 'Connection failed', message: 'Host unreachable (EHOSTUNREACH).', count: 2 },
      { type: 16, type_label: 'Task timeout', message: 'The task ran out of time.', count: 1 },
    ]);
    const all = await admin.get<{ message: string; count: number }[]>(`/api/scan/nruns/${runId}/errors/?show_hidden=true`);
    expect(all.body.map((e) => [e.message, e.count])).toEqual([
      ['Host unreachable (EHOSTUNREACH).', 2],
      ['Connection reset by peer.', 1],
      ['The task ran out of time.', 1],
      ['Checks failed: boom', 1],
    ]);
    expect((await admin.get(`/api/scan/nruns/${runId}/errors/?show_hidden=maybe`)).status).toBe(400);
  });

  it('guards the actions: 401, 403 for read-only users, 404 for another customer', async () => {
    const [far] = await t.ctx.db.insert(probes).values({ customerId, name: 'p3' }).returning();
    const runId = await startScan('Guarded', { node: far!.id });
    // Holding the CSRF cookie, so the answer is about the missing session.
    expect((await (await anonymous(t)).post(`/api/scan/nruns/${runId}/stop/`)).status).toBe(401);
    const other = await t.otherCustomer();
    const them = await signedIn(t, other.adminEmail);
    for (const path of ['stop', 'resume', 'cancel', 'cancel/force'])
      expect((await them.post(`/api/scan/nruns/${runId}/${path}/`)).status).toBe(404);
    expect((await them.get(`/api/scan/nruns/${runId}/errors/`)).status).toBe(404);
    expect((await them.request('DELETE', `/api/scan/nruns/${runId}/`)).status).toBe(404);
    const reader = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, reader.id));
    const r = await signedIn(t, 'reader@example.com', PASSWORD);
    expect((await r.get(`/api/scan/nruns/${runId}/`)).status).toBe(200);
    expect((await r.post(`/api/scan/nruns/${runId}/cancel/`)).status).toBe(403);
    expect((await r.request('DELETE', `/api/scan/nruns/${runId}/`)).status).toBe(403);
    expect((await admin.get(`/api/scan/nruns/${runId}/`)).body.state_label).toBe('Queued');
  });
});
