// The built-in "Standard" profile finds a Redis without authentication on its own port, 6379, which is not among nmap's
// top 1,000 ports (issue 11): a real redis-server on a loopback address, a scan through the API on the built-in probe.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingRow } from '@bulwark/core';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { waitForRun } from './helpers/scans.ts';

const HOST = '127.0.0.86';
const hasRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasRedis) console.warn('standard-profile: redis-server is not installed; the test is skipped');

async function answers(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

describe.skipIf(!hasRedis)('the Standard profile', () => {
  let t: TestApp;
  let admin: Client;
  let redis: ChildProcess;

  beforeAll(async () => {
    redis = spawn('redis-server', ['--port', '6379', '--bind', HOST, '--protected-mode', 'no', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await answers(6379, HOST)); i++) await new Promise((r) => setTimeout(r, 100));
    t = await startTestApp('pglite');
    admin = t.client();
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    redis?.kill('SIGTERM');
    await t?.close();
  });

  it('finds a Redis without authentication on 6379', { timeout: 180_000 }, async () => {
    const profiles = await admin.get<{ id: number; name: string }[]>('/api/noprofiles/');
    const standard = profiles.body.find((p) => p.name === 'Standard');
    expect(standard).toBeDefined();
    const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
      name: 'Redis on its own port',
      targets: [HOST],
      profile: standard!.id,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    await waitForRun(admin, scan.body.last_run, (r) => r.status === 2 || r.status === 3, 150_000);
    await settleRunProcessing(t.ctx);
    const findings = await admin.get<{ results: FindingRow[] }>(`/api/scan/nruns/${scan.body.last_run}/findings/?page_size=1000`);
    const redisFinding = findings.body.results.find((f) => f.check_id === 'redis-no-auth');
    expect(redisFinding, JSON.stringify(findings.body.results.map((f) => f.check_id))).toMatchObject({
      port: 6379,
      detection: 'active-check',
    });
  });
});
