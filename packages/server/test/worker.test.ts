// Scaling out: `bulwark serve` with BULWARK_JOBS=off only answers requests and queues work; a separate `bulwark worker`
// process on the same PostgreSQL runs it. A scan started over HTTP is scanned by the server's built-in probe and its
// results are processed by the worker, not by the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';
import { cleanEnv, freePort, HttpClient, start, type Running } from './helpers/cli.ts';

const ADMIN_EMAIL = 'root@example.com';
const ADMIN_PASSWORD = 'Correct-Horse-42';

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!BACKENDS.includes('postgres'))('a server and a worker as separate processes on one PostgreSQL', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let listener: Server;
  const procs: Running[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase('postgres');
    dataDir = mkdtempSync(path.join(tmpdir(), 'bulwark-worker-'));
    env = {
      ...cleanEnv(),
      DATABASE_URL: testDb.url!,
      BULWARK_DATA_DIR: dataDir,
      BULWARK_ADMIN_EMAIL: ADMIN_EMAIL,
      BULWARK_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BULWARK_LOG_LEVEL: 'info',
    };
    // One open port for the scan to find.
    listener = createServer((s) => {
      // The scanner may reset the connection: not an error here.
      s.on('error', () => undefined);
      s.end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.9', resolve));
  });
  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))));
    listener.close();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('processes a scan started on the server in the worker', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const server = start(['serve'], { ...env, BULWARK_JOBS: 'off', PORT: String(port), HOST: '127.0.0.1', BULWARK_PHISHING_PORT: '0' });
    procs.push(server);
    const base = `http://127.0.0.1:${port}`;
    await until('the server', async () => (await fetch(`${base}/api/check-authentication/`)).ok);

    const admin = new HttpClient(base);
    await admin.get('/api/check-authentication/');
    expect((await admin.post('/api/auth/login/', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    const scanPort = (listener.address() as { port: number }).port;
    const profile = await admin.post('/api/scan/nprofiles/', {
      name: 'One port',
      standard_scan: false,
      ss_use_tcp: false,
      custom_tcp_range: String(scanPort),
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await admin.post('/api/scan/nscans/', { name: 'Split work', profile: profile.body.id, targets: ['127.0.0.9'] });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const id = scan.body.last_run as number;
    expect(id).toBeGreaterThan(0);

    // The probe scans and delivers; with no worker, the results wait in the queue.
    const jobId = await until('the results to be queued', async () => {
      const run = (await admin.get(`/api/scan/nruns/${id}/`)).body as { processing_job: string | null };
      return run.processing_job;
    });
    const queued = (await admin.get(`/api/celery-progress/${jobId}/`)).body;
    expect(queued.state).toBe('PENDING');

    // The worker takes them.
    const worker = start(['worker'], env);
    procs.push(worker);
    const done = await until('processing to finish', async () => {
      const p = (await admin.get(`/api/celery-progress/${jobId}/`)).body as { state: string };
      return p.state === 'SUCCESS' || p.state === 'FAILURE' ? p : null;
    });
    expect(done.state, worker.output()).toBe('SUCCESS');
    const hosts = (await admin.get(`/api/scan/nruns/${id}/hosts/`)).body as { results: { address: string; ports: { port: number }[] }[] };
    expect(hosts.results.map((h) => h.address)).toEqual(['127.0.0.9']);
    // The server logged no processing of its own; the worker did it.
    expect(server.output()).not.toMatch(/results processing/);
    expect(worker.output()).toMatch(/Bulwark worker is running background jobs/);
  });
});
