// The remote probe agent on every test database. Its API: probe authentication (no session, no CSRF), claim, report with
// pause and cancel, finish into results processing, leaving and restarting, dispatch to a probe group's least busy
// member and re-queueing when a member goes quiet. Then `bulwark probe` as separate processes against the listening
// server: a scan completed through one, and one killed mid-scan whose task another probe of the group finishes.
// The built-in probe is off: only remote probes scan here.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkScan, Probe, ScanRunRow } from '@bulwark/core';
import { executeTask, type TaskDecision, type TaskSpec } from '@bulwark/scanner';
import { scanErrors, scanTasks, users } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type Reply, type TestApp } from './helpers/app.ts';
import { BACKENDS } from './helpers/backends.ts';
import { checkpointHosts as heldHosts, deliveredHosts, finished, Listeners, smallProfile, waitForRun } from './helpers/scans.ts';
import { signedIn } from './helpers/sessions.ts';

type Paged<T> = { count: number; results: T[] };
type Created = Probe & { registration: { token: string } };
interface RemoteProbe {
  id: number;
  secret: string;
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<Reply<T>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(BACKENDS)('probe agent API on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let customerId: number;
  let profile: number;
  const listeners = new Listeners();
  const base = backend === 'pglite' ? '127.0.20' : '127.0.21';

  /** A probe made in the API and registered by an agent; `post` speaks the agent API with its credentials. */
  async function remoteProbe(name: string, group: number | null = null): Promise<RemoteProbe> {
    const created = await admin.post<Created>('/api/probe/probes/', { name, group });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const agent = t.client();
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', {
      token: created.body.registration.token,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const auth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };
    return {
      id: reg.body.probe_id,
      secret: reg.body.secret,
      post: <T>(path: string, body: unknown = {}) => agent.post<T>(`/api/probe-agent/${path}`, body, auth),
    };
  }

  async function startScan(name: string, targets: string[], where: { node?: number; probe_group?: number }): Promise<ScanRunRow> {
    const scan = await admin.post<NetworkScan>('/api/scan/nscans/', { name, targets, profile, ...where });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    return (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scan.body.id}`)).body.results[0]!;
  }

  const run = async (id: number) => (await admin.get<ScanRunRow>(`/api/scan/nruns/${id}/`)).body;
  const task = async (id: number) => (await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.id, id)))[0]!;
  const checkpointHosts = (id: number) => heldHosts(t.ctx.db, id);

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off', BULWARK_PROBE_OFFLINE_SECONDS: '2' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    customerId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.customerId;
    profile = await smallProfile(t, customerId, '48500-48502');
    await listeners.listen(`${base}.1`, 48500, 48502);
    await listeners.listen(`${base}.2`, 48501);
  });
  afterAll(async () => {
    await settleRunProcessing(t.ctx);
    await listeners.close();
    await t.close();
  });

  it('authenticates every call with the probe’s secret (401 otherwise); needs no session or CSRF token', async () => {
    const p = await remoteProbe('Auth');
    const anon = t.client();
    const none = await anon.post('/api/probe-agent/heartbeat/', {});
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    for (const authorization of [
      `Probe ${p.id}:wrong-secret`,
      `Probe ${p.id}:`,
      `Probe 999999:${p.secret}`,
      `Token ${p.secret}`,
      'Probe x',
    ]) {
      const res = await anon.post('/api/probe-agent/heartbeat/', {}, { authorization });
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ detail: 'Invalid probe credentials.' });
    }
    // A signed-in user's session is no probe credential.
    expect((await admin.post('/api/probe-agent/claim/')).status).toBe(401);

    const hb = await p.post('heartbeat/', { hostname: 'h1', version: '1.2.3', running: [] });
    expect(hb.status).toBe(200);
    expect(hb.body).toEqual({ tasks: [] });
    expect((await p.post('claim/')).status).toBe(204);
    const bad = await p.post('heartbeat/', { running: ['x'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('running');
  });

  it('hands a scan on the probe to it: claim, report, pause and resume from the checkpoint, finish; results processed', async () => {
    const p = await remoteProbe('Worker');
    const other = await remoteProbe('Bystander');
    const r = await startScan('Remote scan', [`${base}.1-${base}.3`], { node: p.id });
    expect(r.node).toEqual({ id: p.id, name: 'Worker' });
    expect(r.is_external).toBe(false);

    expect((await other.post('claim/')).status).toBe(204);
    const claimed = await p.post<{ task: TaskSpec }>('claim/');
    expect(claimed.status).toBe(200);
    const spec = claimed.body.task;
    expect(spec).toMatchObject({
      targets: [`${base}.1-${base}.3`],
      exclude: [],
      checkpoint: null,
      profile: { standard_scan: false, custom_tcp_range: '48500-48502' },
      // The profile selects a category no check has.
      tests: [],
    });
    expect((await run(r.id)).state_label).toBe('Running');
    expect((await admin.get<Probe>(`/api/probe/probes/${p.id}/`)).body.active_runs).toBe(1);

    // A report: progress, checkpoint and errors are kept; the answer says carry on.
    const firstHost = { address: `${base}.1`, hostnames: [], alive: true, ports: [], findings: [] };
    const rep = await p.post(`tasks/${spec.id}/report/`, {
      progress: 40,
      hosts_done: 1,
      hosts_total: 3,
      checkpoint: { done: [firstHost] },
      errors: [{ type: 1, message: 'Connection refused by a firewall', host: `${base}.9` }],
    });
    expect(rep.status).toBe(200);
    expect(rep.body).toEqual({ action: 'continue' });
    expect(await task(spec.id)).toMatchObject({ progress: 40, hostsDone: 1, hostsTotal: 3 });
    expect(await checkpointHosts(spec.id)).toEqual([firstHost]);
    const errs = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.taskId, spec.id));
    expect(errs.map((e) => [e.type, e.message, e.host])).toEqual([[1, 'Connection refused by a firewall', `${base}.9`]]);

    // Not another probe's to report on; an unknown task is not found.
    expect((await other.post(`tasks/${spec.id}/report/`, { progress: 1 })).status).toBe(409);
    expect((await p.post('tasks/999999/report/', { progress: 1 })).status).toBe(404);
    expect((await p.post(`tasks/${spec.id}/report/`, { progress: 101 })).body).toHaveProperty('progress');

    // Pause: the heartbeat and the next report tell the probe; it stops with its checkpoint.
    expect((await admin.post(`/api/scan/nruns/${r.id}/stop/`)).status).toBe(200);
    expect((await p.post('heartbeat/', { running: [spec.id, 424242] })).body).toEqual({
      tasks: [
        { id: spec.id, action: 'pause' },
        { id: 424242, action: 'cancel' },
      ],
    });
    expect((await p.post(`tasks/${spec.id}/report/`, { progress: 41 })).body).toEqual({ action: 'pause' });
    const stopped = await p.post(`tasks/${spec.id}/finish/`, { outcome: 'stopped', checkpoint: { done: [firstHost] } });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ state: 2, run_ready: false });
    expect((await run(r.id)).state_label).toBe('Paused');

    // Resume: the probe gets the task again with the checkpoint, and really scans the rest.
    expect((await admin.post(`/api/scan/nruns/${r.id}/resume/`)).status).toBe(200);
    const again = await p.post<{ task: TaskSpec }>('claim/');
    expect(again.status).toBe(200);
    expect(again.body.task).toMatchObject({ id: spec.id, checkpoint: { done: [firstHost] } });
    expect((await task(spec.id)).attempts).toBe(2);

    const outcome = await executeTask(again.body.task, {
      report: async (rp): Promise<TaskDecision> => {
        const res = await p.post<{ action: TaskDecision }>(`tasks/${spec.id}/report/`, {
          progress: rp.progress,
          hosts_done: rp.hostsDone,
          hosts_total: rp.hostsTotal,
          ...(rp.hosts.length > 0 ? { checkpoint: { done: rp.hosts } } : {}),
          errors: rp.errors,
        });
        return res.body.action;
      },
    });
    expect(outcome.outcome).toBe('done');
    const done = await p.post(`tasks/${spec.id}/finish/`, { outcome: 'done', result: (outcome as { result: unknown }).result });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ state: 5, run_ready: true });
    // Twice is once too many: the task is no longer on the probe.
    expect((await p.post(`tasks/${spec.id}/finish/`, { outcome: 'done', result: {} })).status).toBe(409);

    const final = await waitForRun(admin, r.id, finished);
    await settleRunProcessing(t.ctx);
    expect(final).toMatchObject({ status: 2, status_label: 'Finished', progress: 100, node: { id: p.id } });
    // The checkpoint's host was kept (not scanned again: it carries no ports), the others were scanned for real.
    const hosts = await deliveredHosts(t.ctx.db, spec.id);
    expect(hosts.map((h) => [h.address, h.ports.map((x) => x.port)])).toEqual([
      [`${base}.1`, []],
      [`${base}.2`, [48501]],
      [`${base}.3`, []],
    ]);
    expect((await admin.get<Probe>(`/api/probe/probes/${p.id}/`)).body.active_runs).toBe(0);
  });

  it('passes a cancel on through heartbeat and report; the finish ends the task cancelled', async () => {
    const p = await remoteProbe('Cancelled');
    const r = await startScan('To cancel', [`${base}.1`], { node: p.id });
    const { task: spec } = (await p.post<{ task: TaskSpec }>('claim/')).body;
    expect((await admin.post(`/api/scan/nruns/${r.id}/cancel/`)).status).toBe(200);
    expect((await p.post('heartbeat/', { running: [spec.id] })).body).toEqual({ tasks: [{ id: spec.id, action: 'cancel' }] });
    expect((await p.post(`tasks/${spec.id}/report/`, {})).body).toEqual({ action: 'cancel' });
    expect((await p.post(`tasks/${spec.id}/finish/`, { outcome: 'cancelled' })).body).toMatchObject({ state: -1 });
    expect((await run(r.id)).state).toBe(-1);

    const failing = await startScan('To fail', [`${base}.1`], { node: p.id });
    const { task: f } = (await p.post<{ task: TaskSpec }>('claim/')).body;
    const finishBad = await p.post(`tasks/${f.id}/finish/`, { outcome: 'done' });
    expect(finishBad.status).toBe(400);
    expect(finishBad.body).toEqual({ result: ['A finished task must carry its result.'] });
    await p.post(`tasks/${f.id}/finish/`, { outcome: 'failed', message: 'nmap crashed' });
    expect(await waitForRun(admin, failing.id, finished)).toMatchObject({ status_label: 'Error' });
    const errs = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.taskId, f.id));
    expect(errs.map((e) => e.message)).toEqual(['nmap crashed']);
  });

  it('a leaving probe hands its tasks back with their checkpoints and shows offline; a restarted one hands back what it lost', async () => {
    const p = await remoteProbe('Leaver');
    const r = await startScan('Handed back', [`${base}.1-${base}.2`], { node: p.id });
    const { task: spec } = (await p.post<{ task: TaskSpec }>('claim/')).body;
    const cp = { done: [{ address: `${base}.1`, hostnames: [], alive: true, ports: [], findings: [] }] };
    const left = await p.post('leave/', { tasks: [{ id: spec.id, checkpoint: cp }] });
    expect(left.body).toEqual({ released: 1 });
    expect((await admin.get<Probe>(`/api/probe/probes/${p.id}/`)).body.status).toBe('offline');
    // Its only probe is away: the task waits (delayed node assignment), the claim does not count as an attempt.
    expect(await task(spec.id)).toMatchObject({ state: 8, claimedBy: null, attempts: 0 });
    expect(await checkpointHosts(spec.id)).toEqual(cp.done);
    expect((await run(r.id)).state_label).toBe('Queued');

    // Back online: the task is dispatched to it again and carries the checkpoint.
    await p.post('heartbeat/', { running: [] });
    expect((await task(spec.id)).state).toBe(0);
    expect((await p.post<{ task: TaskSpec }>('claim/')).body.task).toMatchObject({ id: spec.id, checkpoint: cp });

    // The agent restarts (a crash): its first heartbeat says it holds nothing, so the task goes back, with a note.
    await p.post('heartbeat/', { running: [], fresh: true });
    expect(await task(spec.id)).toMatchObject({ state: 0, claimedBy: null, attempts: 1 });
    const errs = await t.ctx.db
      .select()
      .from(scanErrors)
      .where(and(eq(scanErrors.taskId, spec.id), eq(scanErrors.type, 1)));
    expect(errs.map((e) => e.message)).toEqual(['The probe running this task restarted; the task was queued again.']);
  });

  it('sends a group’s scans to its least busy online member, and re-queues a quiet member’s task to the other', async () => {
    const group = (await admin.post<{ id: number }>('/api/probe/probe-groups/', { name: 'Pair' })).body;
    const a = await remoteProbe('Pair A', group.id);
    const b = await remoteProbe('Pair B', group.id);
    const first = await startScan('Group 1', [`${base}.1`], { probe_group: group.id });
    const second = await startScan('Group 2', [`${base}.2`], { probe_group: group.id });
    // Both idle: the first goes to A (lower id), the second to B (now the one with less work).
    const ta = (await a.post<{ task: TaskSpec }>('claim/')).body.task;
    const tb = (await b.post<{ task: TaskSpec }>('claim/')).body.task;
    expect((await run(first.id)).children.map((c) => c.id)).toEqual([ta.id]);
    expect((await run(second.id)).children.map((c) => c.id)).toEqual([tb.id]);
    expect(first.probe_group).toEqual({ id: group.id, name: 'Pair' });
    expect((await admin.get<{ active_runs: number }>(`/api/probe/probe-groups/${group.id}/`)).body.active_runs).toBe(2);

    // A goes quiet; B keeps heart-beating. The clock moves past the offline time (2 s) instead of the test waiting for
    // it; then the sweep (every second here) queues A's task for B.
    const realClock = t.ctx.clock;
    t.ctx.clock = () => new Date(realClock().getTime() + 2500);
    let moved = false;
    try {
      await b.post('heartbeat/', { running: [tb.id] });
      expect((await admin.get<Probe>(`/api/probe/probes/${a.id}/`)).body.status).toBe('offline');
      expect((await admin.get<Probe>(`/api/probe/probes/${b.id}/`)).body.status).toBe('online');
      for (let i = 0; i < 100 && !moved; i++) {
        await sleep(50);
        moved = (await task(ta.id)).probeId === b.id;
      }
    } finally {
      t.ctx.clock = realClock;
    }
    expect(moved).toBe(true);
    expect(await task(ta.id)).toMatchObject({ state: 0, claimedBy: null, attempts: 1 });
    const errs = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.taskId, ta.id));
    expect(errs.map((e) => e.message)).toEqual(['The probe running this task stopped responding; the task was queued again.']);
    // A, back late, may not report on it any more: the agent drops it.
    expect((await a.post(`tasks/${ta.id}/report/`, { progress: 50 })).status).toBe(409);
    expect((await b.post<{ task: TaskSpec }>('claim/')).body.task.id).toBe(ta.id);
    expect((await task(ta.id)).attempts).toBe(2);
  });

  it('keeps customers apart: a probe cannot see or touch another customer’s tasks', async () => {
    const mine = await remoteProbe('Mine only');
    const r = await startScan('Private', [`${base}.1`], { node: mine.id });
    const other = await t.otherCustomer();
    const them = await signedIn(t, other.adminEmail);
    const theirProbe = (await them.post<Created>('/api/probe/probes/', { name: 'Theirs' })).body;
    const agent = t.client();
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', {
      token: theirProbe.registration.token,
    });
    const auth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };
    expect((await agent.post('/api/probe-agent/claim/', {}, auth)).status).toBe(204);
    const taskId = (await run(r.id)).children[0]!.id;
    expect((await agent.post(`/api/probe-agent/tasks/${taskId}/report/`, { progress: 5 }, auth)).status).toBe(404);
    expect((await agent.post(`/api/probe-agent/tasks/${taskId}/finish/`, { outcome: 'cancelled' }, auth)).status).toBe(404);
    expect((await agent.post('/api/probe-agent/heartbeat/', { running: [taskId] }, auth)).body).toEqual({
      tasks: [{ id: taskId, action: 'cancel' }],
    });
    expect((await task(taskId)).state).toBe(0);
    expect((await mine.post<{ task: TaskSpec }>('claim/')).body.task.id).toBe(taskId);
  });
});

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/bulwark.js');

/** `bulwark probe` as a child process, with its output kept for assertions. */
class AgentProcess {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;

  constructor(args: string[]) {
    const env = { ...process.env };
    delete env.BULWARK_DATA_DIR;
    this.child = spawn(process.execPath, [BIN, 'probe', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  async waitFor(re: RegExp, ms = 30_000): Promise<RegExpMatchArray> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const m = re.exec(this.output);
      if (m) return m;
      if (this.child.exitCode !== null) break;
      await sleep(100);
    }
    throw new Error(`probe output never matched ${re}; output:\n${this.output}`);
  }

  stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

/**
 * Listeners that accept and then say nothing: service identification waits them out (~10 s a host). Once a test has what
 * the silence was for (a probe killed while busy), `speak()` turns them into listeners that accept and close at once, as
 * `Listeners` do (the port stays open), so the probe that takes the task over does not wait the silence out again.
 */
class SilentListeners {
  private readonly servers: Server[] = [];
  private readonly sockets = new Set<Socket>();
  /** Servers that no longer keep silent. */
  private readonly speaking = new Set<Server>();

  async listen(host: string, port: number): Promise<void> {
    const server = createServer((socket) => {
      if (this.speaking.has(server)) {
        socket.destroy();
        return;
      }
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port }, () => resolve());
    });
    this.servers.push(server);
  }

  /** Every listener so far closes its held connections and, from now on, each new one at once. */
  speak(): void {
    for (const s of this.servers) this.speaking.add(s);
    for (const s of this.sockets) s.destroy();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.speaking.clear();
    await Promise.all(this.servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

describe.each(BACKENDS)('bulwark probe as a separate process on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let server: string;
  let profile: number;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bulwark-probe-'));
  const listeners = new Listeners();
  const silent = new SilentListeners();
  const agents: AgentProcess[] = [];
  const base = backend === 'pglite' ? '127.0.22' : '127.0.23';

  const agentProcess = (...args: string[]) => {
    const a = new AgentProcess(['--server', server, '--heartbeat-seconds', '1', ...args]);
    agents.push(a);
    return a;
  };
  const newProbe = async (name: string, group: number | null = null) => {
    const res = await admin.post<Created>('/api/probe/probes/', { name, group });
    expect(res.status).toBe(201);
    return res.body;
  };
  const startScan = async (name: string, targets: string[], where: { node?: number; probe_group?: number }) => {
    const scan = await admin.post<NetworkScan>('/api/scan/nscans/', { name, targets, profile, ...where });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    return (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${scan.body.id}`)).body.results[0]!;
  };
  const taskRow = async (id: number) => (await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.id, id)))[0]!;
  const checkpointHosts = (id: number) => heldHosts(t.ctx.db, id);
  const portsOf = async (taskId: number) => (await deliveredHosts(t.ctx.db, taskId)).map((h) => [h.address, h.ports.map((p) => p.port)]);

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off', BULWARK_PROBE_OFFLINE_SECONDS: '3' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address() as { port: number };
    server = `http://127.0.0.1:${address.port}`;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const customerId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.customerId;
    profile = await smallProfile(t, customerId, '48600-48601');
    await listeners.listen(`${base}.1`, 48600);
    await listeners.listen(`${base}.2`, 48601);
  });
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.stop('SIGKILL')));
  });
  afterAll(async () => {
    await settleRunProcessing(t.ctx);
    await silent.close();
    await listeners.close();
    await t.close();
  });

  it('completes a scan through a remote probe process; the probe keeps its credentials and leaves cleanly', async () => {
    const p = await newProbe('Remote one');
    const state = path.join(dir, `one-${backend}.json`);
    const agent = agentProcess('--token', p.registration.token, '--state', state);
    await agent.waitFor(/is online at/);
    expect(await admin.get<Probe>(`/api/probe/probes/${p.id}/`).then((r) => r.body)).toMatchObject({
      status: 'online',
      hostname: os.hostname(),
      version: '0.1.0',
    });
    // The secret is kept for the owner only; the one-time token is not kept at all.
    expect(statSync(state).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(state, 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ server, probe_id: p.id, name: 'Remote one', secret: expect.any(String) });
    expect(JSON.stringify(saved)).not.toContain(p.registration.token);
    // The used token again, in a process of its own that runs alongside the rest (it only registers and exits).
    const refused = agentProcess('--token', p.registration.token, '--state', path.join(dir, `refused-${backend}.json`));

    const r = await startScan('Through the remote probe', [`${base}.1-${base}.3`], { node: p.id });
    const done = await waitForRun(admin, r.id, finished, 60_000);
    await settleRunProcessing(t.ctx);
    const final = (await admin.get<ScanRunRow & { hosts_up: number; open_ports: number }>(`/api/scan/nruns/${r.id}/`)).body;
    expect(done).toMatchObject({ status: 2, status_label: 'Finished', progress: 100, node: { id: p.id, name: 'Remote one' } });
    // Every loopback address answers (a refused connection is an answer): three hosts up, two open ports.
    expect(final).toMatchObject({ hosts_up: 3, open_ports: 2 });
    const taskId = final.children[0]!.id;
    const row = await taskRow(taskId);
    expect(row.attempts).toBe(1);
    expect(await portsOf(taskId)).toEqual([
      [`${base}.1`, [48600]],
      [`${base}.2`, [48601]],
      [`${base}.3`, []],
    ]);
    await agent.waitFor(new RegExp(`Task ${taskId} done\\.`));

    // SIGTERM: it says goodbye and shows offline at once.
    expect(await agent.stop('SIGTERM')).toBe(0);
    expect(agent.output).toMatch(/Left: 0 task\(s\) handed back\./);
    expect((await admin.get<Probe>(`/api/probe/probes/${p.id}/`)).body.status).toBe('offline');

    // Started again without a token, it signs in with the saved credentials.
    const again = agentProcess('--state', state);
    await again.waitFor(/is online at/);
    expect((await admin.get<Probe>(`/api/probe/probes/${p.id}/`)).body.status).toBe('online');
    expect(await again.stop('SIGTERM')).toBe(0);

    // A used token is refused with the server's message, and the command fails.
    expect(await refused.exited).toBe(2);
    expect(refused.output).toContain('Registration refused: token: This registration token is invalid or has expired.');
  });

  it('re-queues the task of a probe killed mid-scan; another probe of the group finishes it from the checkpoint', async () => {
    await silent.listen(`${base}.4`, 48601);
    const group = (await admin.post<{ id: number }>('/api/probe/probe-groups/', { name: 'Pair' })).body;
    const first = await newProbe('First', group.id);
    const second = await newProbe('Second', group.id);
    const a = agentProcess('--token', first.registration.token, '--state', path.join(dir, `a-${backend}.json`));
    const b = agentProcess('--token', second.registration.token, '--state', path.join(dir, `b-${backend}.json`));
    await Promise.all([a.waitFor(/is online at/), b.waitFor(/is online at/)]);

    // Both idle: the group's task goes to the first (lower id). The silent host keeps it busy for a while.
    const r = await startScan('Killed mid-scan', [`${base}.1-${base}.4`], { probe_group: group.id });
    const taskId = r.children[0]!.id;
    const until = Date.now() + 30_000;
    let row = await taskRow(taskId);
    let held = await checkpointHosts(taskId);
    while (Date.now() < until && !(row.claimedBy === first.id && held.length >= 3)) {
      await sleep(100);
      row = await taskRow(taskId);
      held = await checkpointHosts(taskId);
    }
    expect(row).toMatchObject({ state: 3, claimedBy: first.id, attempts: 1 });
    expect(held).toHaveLength(3);
    expect(a.output).toContain(`Running task ${taskId}`);

    // kill -9: no goodbye. After the offline time the task goes back to the queue, to the second probe. The silent host
    // has done its part (the first probe was busy when killed): it answers now, so the second probe does not wait it out.
    await a.stop('SIGKILL');
    silent.speak();
    const done = await waitForRun(admin, r.id, finished, 90_000);
    await settleRunProcessing(t.ctx);
    expect(done).toMatchObject({ status: 2, status_label: 'Finished', progress: 100 });
    const final = await taskRow(taskId);
    expect(final.attempts).toBe(2);
    expect(b.output).toContain(`Running task ${taskId}: ${base}.1-${base}.4 (resuming after 3 host(s)).`);
    await b.waitFor(new RegExp(`Task ${taskId} done\\.`));
    // Every host in the result: three from the first probe's checkpoint, the silent one scanned by the second.
    expect(await portsOf(taskId)).toEqual([
      [`${base}.1`, [48600]],
      [`${base}.2`, [48601]],
      [`${base}.3`, []],
      [`${base}.4`, [48601]],
    ]);
    const errors = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.taskId, taskId));
    expect(errors.map((e) => [e.type, e.message])).toContainEqual([
      1,
      'The probe running this task stopped responding; the task was queued again.',
    ]);
    expect((await admin.get<Probe>(`/api/probe/probes/${first.id}/`)).body.status).toBe('offline');
    expect((await admin.get<Probe>(`/api/probe/probes/${second.id}/`)).body.status).toBe('online');
  });

  // Once is enough: the second backend adds nothing to what a killed probe loses.
  it.runIf(backend === 'pglite')(
    'loses no host of a /20 when a probe is killed in the middle of it; its tasks finish on the other probe',
    { timeout: 180_000 },
    async () => {
      // Each child of the /20 is one /24. A silent service in the first four keeps those tasks (the first each probe
      // claims) busy long after most of their hosts are done; the other twelve are quick.
      for (let k = 0; k < 4; k++) await silent.listen(`127.10.${k}.200`, 48601);
      const group = (await admin.post<{ id: number }>('/api/probe/probe-groups/', { name: 'Wide pair' })).body;
      const first = await newProbe('Wide first', group.id);
      const second = await newProbe('Wide second', group.id);
      const a = agentProcess('--token', first.registration.token, '--state', path.join(dir, 'wide-a.json'));
      const b = agentProcess('--token', second.registration.token, '--state', path.join(dir, 'wide-b.json'), '--tasks', '4');
      await Promise.all([a.waitFor(/is online at/), b.waitFor(/is online at/)]);

      const r = await startScan('Wide, killed mid-scan', ['127.10.0.0/20'], { probe_group: group.id });
      expect(r.children).toHaveLength(16);
      // Wait until the first probe has delivered hosts of a task it still runs, then kill it without a goodbye.
      const until = Date.now() + 60_000;
      let held: { id: number; hosts: number }[] = [];
      while (Date.now() < until && held.length === 0) {
        await sleep(100);
        const mine = await t.ctx.db
          .select()
          .from(scanTasks)
          .where(and(eq(scanTasks.claimedBy, first.id), eq(scanTasks.state, 3)));
        held = (await Promise.all(mine.map(async (task) => ({ id: task.id, hosts: (await checkpointHosts(task.id)).length })))).filter(
          (x) => x.hosts > 0,
        );
      }
      expect(held.length).toBeGreaterThan(0);
      await a.stop('SIGKILL');
      // The silent services have kept the tasks busy until the kill: from now on they answer at once.
      silent.speak();

      const done = await waitForRun(admin, r.id, finished, 150_000);
      await settleRunProcessing(t.ctx);
      expect(done).toMatchObject({ status: 2, status_label: 'Finished', progress: 100 });
      const final = (await admin.get<ScanRunRow & { hosts_up: number }>(`/api/scan/nruns/${r.id}/`)).body;
      expect(final.hosts_up).toBe(4094);
      const hosts = await admin.get<{ count: number }>(`/api/scan/nruns/${r.id}/hosts/?page_size=1`);
      expect(hosts.body.count).toBe(4094);
      // The killed probe's tasks went to the other one, which carried on from the hosts already delivered.
      for (const { id } of held) {
        expect((await taskRow(id)).attempts).toBe(2);
        expect(b.output).toMatch(new RegExp(`Running task ${id}: .* \\(resuming after \\d+ host\\(s\\)\\)\\.`));
      }
      const errors = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.runId, r.id));
      expect(errors.map((e) => e.message)).toContain('The probe running this task stopped responding; the task was queued again.');
    },
  );
});
