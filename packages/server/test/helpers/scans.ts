// Shared steps of the scan tests: real TCP listeners on loopback, a small custom profile, saved targets, waiting for a
// run (driven by the real built-in probe) to reach a state, and a run whose tasks delivered a given result.
import { createServer, isIP, type Server } from 'node:net';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_NETWORK_PROFILE, SCAN_TASK_STATE, type FindingRow, type ScanRunRow } from '@bulwark/core';
import { scanProfiles, scans, assets, scanTasks } from '../../src/db/schema/index.ts';
import { startRun } from '../../src/modules/scans/start.ts';
import { settleRunProcessing, startRunProcessing } from '../../src/modules/results/queue.ts';
import type { NetworkProfileFields } from '../../src/db/schema/scans.ts';
import type { Db } from '../../src/db/client.ts';
import { taskCheckpointHosts } from '../../src/modules/tasks/index.ts';
import type { Client, TestApp } from './app.ts';

/** TCP listeners that accept and close every connection; `close()` ends them all. */
export class Listeners {
  private readonly servers: Server[] = [];

  async listen(host: string, ...ports: number[]): Promise<void> {
    for (const port of ports) {
      const server = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host, port }, () => resolve());
      });
      this.servers.push(server);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

/** A custom profile scanning only `tcp` (no standard ports, no checks), so scans of a few hosts take a moment. */
export async function smallProfile(t: TestApp, customerId: number, tcp: string, name = `small ${tcp}`): Promise<number> {
  const fields: NetworkProfileFields = {
    ...DEFAULT_NETWORK_PROFILE,
    standard_scan: false,
    ss_use_tcp: false,
    custom_tcp_range: tcp,
    // A category no template has: no checks run.
    plus_categories: ['no-such-category'],
  };
  const [row] = await t.ctx.db.insert(scanProfiles).values({ customerId, name, fields }).returning();
  return row!.id;
}

export async function savedTarget(t: TestApp, customerId: number, kind: 'host' | 'network' | 'range', value: string): Promise<number> {
  const [row] = await t.ctx.db
    .insert(assets)
    .values({ customerId, kind, value, type: kind === 'host' ? 2 : 1, address: kind === 'host' && isIP(value) ? value : null })
    .returning();
  return row!.id;
}

/** Polls the run until `done(row)` holds (fails the test after `ms`). */
export async function waitForRun(
  c: Client,
  runId: number,
  done: (r: ScanRunRow) => boolean,
  ms = 30_000,
  /** 'noruns' for a policy run, 'wruns' for a web one. */
  runs: 'nruns' | 'noruns' | 'wruns' = 'nruns',
): Promise<ScanRunRow> {
  const until = Date.now() + ms;
  let last: ScanRunRow | undefined;
  while (Date.now() < until) {
    const res = await c.get<ScanRunRow>(`/api/scan/${runs}/${runId}/`);
    expect(res.status).toBe(200);
    last = res.body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not reach the expected state; last: ${JSON.stringify(last)}`);
}

export const finished = (r: ScanRunRow) => r.status === 2 || r.status === 3;

/** The live hosts a task delivered (scan_task_hosts), in address order, as the scanner's HostResult. */
export async function deliveredHosts(
  db: Db,
  taskId: number,
): Promise<{ address: string; ports: { port: number }[]; hostnames: string[] }[]> {
  const all = (await taskCheckpointHosts(db, taskId)) as {
    address: string;
    alive: boolean;
    ports: { port: number }[];
    hostnames: string[];
  }[];
  const key = (a: string): number => a.split('.').reduce((n, x) => n * 256 + Number(x), 0);
  return all.filter((h) => h.alive).sort((a, b) => key(a.address) - key(b.address));
}

/** Every host the server holds for a task (its checkpoint), in the order they were reported. */
export function checkpointHosts(db: Db, taskId: number): Promise<unknown[]> {
  return taskCheckpointHosts(db, taskId);
}

/**
 * A run of a new scan on `probeId` (a remote probe that never calls in, so nothing else touches its tasks) whose tasks
 * all delivered `result`, ready for processing; answers the run id.
 */
export async function deliveredRun(
  t: TestApp,
  c: Client,
  scan: { name: string; profile: number; probeId: number; assets?: number[] },
  result: unknown,
): Promise<number> {
  const made = await c.post<{ id: number }>('/api/scan/nscans/', {
    name: scan.name,
    profile: scan.profile,
    targets: scan.assets ? [] : ['127.0.0.1'],
    assets: scan.assets ?? [],
    node: scan.probeId,
    start: false,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const [row] = await t.ctx.db.select().from(scans).where(eq(scans.id, made.body.id));
  const run = await startRun(t.ctx.db, t.ctx, row!, { userId: row!.userId! });
  await t.ctx.db.update(scanTasks).set({ state: SCAN_TASK_STATE.process_results, result }).where(eq(scanTasks.runId, run.id));
  return run.id;
}

/** An SSH service as a scan found it on 22/tcp: the banner and the CPE fingerprinting gave. */
export interface SshService {
  banner: string;
  version: string;
  cpe: string;
}

/**
 * Processes a run that found `service` on 22/tcp of 127.0.0.1 and answers its open CVE findings by CVE (a finding the
 * host's earlier runs had and this one no longer sees is Closed, state 3, and left out).
 */
export async function cveFindingsOf(
  t: TestApp,
  c: Client,
  scan: { profile: number; probeId: number },
  service: SshService,
): Promise<{ runId: number; findings: Map<string, FindingRow> }> {
  const delivered = { name: 'ssh', product: 'OpenSSH', version: service.version, banner: service.banner, cpe: [service.cpe] };
  const runId = await deliveredRun(
    t,
    c,
    { name: service.banner, ...scan },
    { hosts: [{ address: '127.0.0.1', alive: true, ports: [{ port: 22, protocol: 'tcp', state: 'open', service: delivered }] }] },
  );
  await startRunProcessing(t.ctx, runId);
  await settleRunProcessing(t.ctx);
  const rows = (await c.get<{ results: FindingRow[] }>(`/api/scan/nruns/${runId}/findings/?page_size=1000`)).body.results;
  return { runId, findings: new Map(rows.filter((f) => f.cve && f.state !== 3).map((f) => [f.cve!, f])) };
}
