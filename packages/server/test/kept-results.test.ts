// Results are never thrown away: a run cancelled or failed part-way processes what its tasks had delivered (hosts,
// ports, findings reach the inventory and the run's result) and still says Cancelled or Error — with the real
// built-in probe on loopback listeners and with a remote probe speaking the agent API. Also: live progress while a
// run scans (hosts done and up, elapsed, estimate of the time left on the app's clock) and running a scan again.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTiming, type NetworkScan, type Probe, type RunHost, type ScanRunRow } from '@bulwark/core';
import { assets, findings, users } from '../src/db/schema/index.ts';
import { BuiltinProbe } from '../src/modules/scans/builtin-probe.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type Reply, type TestApp } from './helpers/app.ts';
import { finished, Listeners, smallProfile, waitForRun } from './helpers/scans.ts';
import { signedIn } from './helpers/sessions.ts';

type Paged<T> = { count: number; results: T[] };
type Created = Probe & { registration: { token: string } };
interface RemoteProbe {
  id: number;
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<Reply<T>>;
}

/** A live host as a probe reports it: one open port, and a finding on it when `severity` is given. */
const liveHost = (address: string, port: number, severity?: number) => ({
  address,
  alive: true,
  hostnames: [],
  ports: [{ port, protocol: 'tcp', state: 'open', service: null }],
  findings:
    severity === undefined
      ? []
      : [{ check: 'kept-results-check', name: 'Kept results weakness', severity, confidence: 'confirmed', port, protocol: 'tcp', cve: [] }],
});

describe('runTiming', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  it('estimates the time left from hosts done per second, once there is enough data', () => {
    const base = { startedAt: start, finishedAt: null, hostsTotal: 254, active: true };
    expect(runTiming({ ...base, hostsDone: 0, now: at(60) })).toEqual({ elapsedSeconds: 60, remainingSeconds: null });
    expect(runTiming({ ...base, hostsDone: 5, now: at(5) })).toEqual({ elapsedSeconds: 5, remainingSeconds: null });
    expect(runTiming({ ...base, hostsDone: 72, now: at(480) })).toEqual({ elapsedSeconds: 480, remainingSeconds: 1213 });
    expect(runTiming({ ...base, active: false, hostsDone: 72, now: at(480) }).remainingSeconds).toBeNull();
    expect(runTiming({ ...base, startedAt: null, hostsDone: 0, now: at(1) })).toEqual({ elapsedSeconds: null, remainingSeconds: null });
    expect(runTiming({ ...base, finishedAt: at(90), hostsDone: 254, now: at(500) })).toEqual({
      elapsedSeconds: 90,
      remainingSeconds: null,
    });
  });
});

describe.each(BACKENDS)('results kept and live progress on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let customerId: number;
  let profile: number;
  let probe: BuiltinProbe;
  const listeners = new Listeners();
  const base = backend === 'pglite' ? '127.0.80' : '127.0.81';
  // Remote-probe scans never touch the network: their hosts are reported by the test.
  const remoteBase = backend === 'pglite' ? '10.80.0' : '10.81.0';

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off' });
    // One host at a time at 600 connections a second: a range of 24 hosts lasts long enough to cancel half-way.
    probe = new BuiltinProbe(t.ctx, { maxTasks: 2, execute: { reportEveryMs: 100, scan: { rate: 600, hostConcurrency: 1 } } });
    probe.start();
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    customerId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.customerId;
    profile = await smallProfile(t, customerId, '48600-48799');
    await listeners.listen(`${base}.1`, 48600);
    await listeners.listen(`${base}.2`, 48700);
  });
  afterAll(async () => {
    await probe.stop();
    await settleRunProcessing(t.ctx);
    await listeners.close();
    await t.close();
  });

  async function startScan(name: string, targets: string[], node?: number): Promise<{ scanId: number; run: ScanRunRow }> {
    const scan = await admin.post<NetworkScan>('/api/scan/nscans/', { name, targets, profile, ...(node ? { node } : {}) });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const run = (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scan.body.id}`)).body.results[0]!;
    return { scanId: scan.body.id, run };
  }

  async function remoteProbe(name: string): Promise<RemoteProbe> {
    const created = await admin.post<Created>('/api/probe/probes/', { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const agent = t.client();
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', {
      token: created.body.registration.token,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const auth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };
    const p: RemoteProbe = {
      id: reg.body.probe_id,
      post: <T>(path: string, body: unknown = {}) => agent.post<T>(`/api/probe-agent/${path}`, body, auth),
    };
    expect((await p.post('heartbeat/', { hostname: name, version: '1', running: [] })).status).toBe(200);
    return p;
  }

  const runHosts = async (runId: number) =>
    (await admin.get<Paged<RunHost>>(`/api/scan/nruns/${runId}/hosts/?page_size=100`)).body.results.map((h) => h.address).sort();
  const inventory = async (addresses: string[]) =>
    (await t.ctx.db.select({ address: assets.address }).from(assets).where(inArray(assets.address, addresses)))
      .map((a) => a.address)
      .sort();

  it('a built-in run cancelled part-way shows its hosts live, then keeps them in the inventory and says Cancelled', async () => {
    const { run } = await startScan('Cancel half-way', [`${base}.1-${base}.24`]);
    // Driven by what the run delivered, not by a timer: both live hosts reported, hosts up live (not 0).
    // Hosts up (merged as delivered) and hosts done (the task's own count) arrive apart: wait for both.
    const live = await waitForRun(admin, run.id, (r) => r.hosts_up >= 2 && r.hosts_done >= 2 && r.status === 1);
    expect(live.hosts_done).toBeGreaterThanOrEqual(2);
    expect(live.hosts_done).toBeLessThan(24);
    expect(live.elapsed_seconds).not.toBeNull();

    const cancelled = await admin.post<ScanRunRow>(`/api/scan/nruns/${run.id}/cancel/`);
    expect(cancelled.status).toBe(200);
    await waitForRun(admin, run.id, finished);
    await settleRunProcessing(t.ctx);
    const after = (await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body;
    expect(after).toMatchObject({ state: -1, state_label: 'Stopped', status: 2, result: 3, open_ports: 2 });
    // At least the listeners' hosts: a loopback address may also answer discovery on other local services' ports.
    expect(after.hosts_up).toBeGreaterThanOrEqual(2);
    expect(after.remaining_seconds).toBeNull();
    expect(await runHosts(run.id)).toEqual(expect.arrayContaining([`${base}.1`, `${base}.2`]));
    expect(await inventory([`${base}.1`, `${base}.2`])).toEqual([`${base}.1`, `${base}.2`]);
  });

  it('a remote probe’s cancelled task keeps the hosts it reported and the ones it sends with its end, findings included', async () => {
    const p = await remoteProbe('Cancelled remote');
    const { run } = await startScan('Remote cancel', [`${remoteBase}.1-${remoteBase}.10`], p.id);
    const claimed = await p.post<{ task: { id: number } }>('claim/');
    expect(claimed.status).toBe(200);
    const taskId = claimed.body.task.id;
    const reported = await p.post(`tasks/${taskId}/report/`, {
      progress: 20,
      hosts_done: 2,
      hosts_total: 10,
      checkpoint: { done: [liveHost(`${remoteBase}.1`, 22, 3), { address: `${remoteBase}.2`, alive: false }] },
    });
    expect(reported.status).toBe(200);

    expect((await admin.post(`/api/scan/nruns/${run.id}/cancel/`)).status).toBe(200);
    const told = await p.post<{ action: string }>(`tasks/${taskId}/report/`, { progress: 30, hosts_done: 3, hosts_total: 10 });
    expect(told.body.action).toBe('cancel');
    const ended = await p.post<{ state: number; run_ready: boolean }>(`tasks/${taskId}/finish/`, {
      outcome: 'cancelled',
      checkpoint: { done: [liveHost(`${remoteBase}.3`, 80, 2)] },
    });
    expect(ended.body).toEqual({ state: -1, run_ready: true });
    await settleRunProcessing(t.ctx);

    const after = (await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body;
    expect(after).toMatchObject({ state: -1, status: 2, result: 3, hosts_up: 2, cnt_vulns: 2 });
    expect(await runHosts(run.id)).toEqual([`${remoteBase}.1`, `${remoteBase}.3`]);
    expect(await inventory([`${remoteBase}.1`, `${remoteBase}.3`])).toEqual([`${remoteBase}.1`, `${remoteBase}.3`]);
    const found = await admin.get<Paged<{ address: string; port: number }>>(`/api/scan/nruns/${run.id}/findings/?page_size=100`);
    expect(found.body.results.map((f) => `${f.address}:${f.port}`).sort()).toEqual([`${remoteBase}.1:22`, `${remoteBase}.3:80`]);
    const rows = await t.ctx.db.select().from(findings).where(eq(findings.customerId, customerId));
    expect(rows.filter((f) => f.port === 22 || f.port === 80).length).toBeGreaterThanOrEqual(2);
  });

  it('a failed task keeps what it reported: the run says Error and its hosts are in the inventory', async () => {
    const p = await remoteProbe('Failing remote');
    const { run } = await startScan('Remote failure', [`${remoteBase}.20-${remoteBase}.29`], p.id);
    const taskId = (await p.post<{ task: { id: number } }>('claim/')).body.task.id;
    await p.post(`tasks/${taskId}/report/`, {
      progress: 10,
      hosts_done: 1,
      hosts_total: 10,
      checkpoint: { done: [liveHost(`${remoteBase}.20`, 443, 1)] },
    });
    const ended = await p.post<{ state: number; run_ready: boolean }>(`tasks/${taskId}/finish/`, {
      outcome: 'failed',
      message: 'The probe ran out of memory.',
      checkpoint: { done: [liveHost(`${remoteBase}.21`, 8080)] },
    });
    expect(ended.body).toEqual({ state: -2, run_ready: true });
    await settleRunProcessing(t.ctx);
    const after = (await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body;
    expect(after).toMatchObject({ state: -2, status: 3, result: 3, hosts_up: 2, cnt_vulns: 1 });
    expect(await runHosts(run.id)).toEqual([`${remoteBase}.20`, `${remoteBase}.21`]);
    expect(await inventory([`${remoteBase}.20`, `${remoteBase}.21`])).toEqual([`${remoteBase}.20`, `${remoteBase}.21`]);
  });

  it('answers hosts done and up, elapsed time and an estimate of the time left on the app’s clock', async () => {
    const p = await remoteProbe('Progress remote');
    const { run } = await startScan('Progress', [`${remoteBase}.40-${remoteBase}.49`], p.id);
    const taskId = (await p.post<{ task: { id: number } }>('claim/')).body.task.id;
    const started = new Date((await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body.started!);
    const realClock = t.ctx.clock;
    try {
      t.ctx.clock = () => new Date(started.getTime() + 5_000);
      const early = (await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body;
      expect(early).toMatchObject({ hosts_done: 0, hosts_up: 0, hosts_total: 10, elapsed_seconds: 5, remaining_seconds: null });

      await p.post(`tasks/${taskId}/report/`, {
        progress: 20,
        hosts_done: 2,
        hosts_total: 10,
        checkpoint: { done: [liveHost(`${remoteBase}.40`, 22), { address: `${remoteBase}.41`, alive: false }] },
      });
      // Two hosts in 40 s: the eight left take 160 s at that rate.
      t.ctx.clock = () => new Date(started.getTime() + 40_000);
      const later = (await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body;
      expect(later).toMatchObject({ status: 1, hosts_done: 2, hosts_up: 1, elapsed_seconds: 40, remaining_seconds: 160 });
      const listed = (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${run.scan_id}`)).body.results[0]!;
      expect(listed).toMatchObject({ hosts_done: 2, hosts_up: 1, elapsed_seconds: 40, remaining_seconds: 160 });
    } finally {
      t.ctx.clock = realClock;
    }
    await admin.post(`/api/scan/nruns/${run.id}/cancel/force/`);
    await settleRunProcessing(t.ctx);
  });

  it('shows the hosts and findings delivered so far on the run while it still scans', async () => {
    const p = await remoteProbe('Live remote');
    const { run } = await startScan('Live findings', [`${remoteBase}.60-${remoteBase}.69`], p.id);
    const taskId = (await p.post<{ task: { id: number } }>('claim/')).body.task.id;
    await p.post(`tasks/${taskId}/report/`, {
      progress: 10,
      hosts_done: 1,
      hosts_total: 10,
      checkpoint: { done: [liveHost(`${remoteBase}.60`, 3306, 4)] },
    });
    // Polled through the API, as the run page does: the finding shows while the run is still In Progress.
    const until = Date.now() + 20_000;
    let seen: { address: string; severity: number }[] = [];
    while (Date.now() < until) {
      seen = (await admin.get<Paged<{ address: string; severity: number }>>(`/api/scan/nruns/${run.id}/findings/`)).body.results;
      if (seen.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.map((f) => [f.address, f.severity])).toEqual([[`${remoteBase}.60`, 4]]);
    expect(await runHosts(run.id)).toEqual([`${remoteBase}.60`]);
    const during = (await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body;
    expect(during).toMatchObject({ status: 1, hosts_up: 1 });

    // The end processes everything again, the same way: one finding, the run cancelled.
    await admin.post(`/api/scan/nruns/${run.id}/cancel/`);
    expect((await p.post(`tasks/${taskId}/finish/`, { outcome: 'cancelled' })).status).toBe(200);
    await settleRunProcessing(t.ctx);
    const after = (await admin.get<ScanRunRow>(`/api/scan/nruns/${run.id}/`)).body;
    expect(after).toMatchObject({ state: -1, status: 2, hosts_up: 1, cnt_vulns: 1 });
  });

  it('runs a finished scan again: a new run of the same scan', async () => {
    const { scanId, run } = await startScan('Again', [`${base}.1-${base}.3`]);
    await waitForRun(admin, run.id, finished);
    await settleRunProcessing(t.ctx);
    const again = await admin.post<ScanRunRow>(`/api/scan/nscans/${scanId}/start/`);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(run.id);
    expect(again.body.scan_id).toBe(scanId);
    const runs = (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scanId}`)).body.results.map((r) => r.id);
    expect(runs.sort()).toEqual([run.id, again.body.id].sort());
    await waitForRun(admin, again.body.id, finished);
  });
});
