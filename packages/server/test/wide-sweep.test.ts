// A wide sweep through the built-in probe as a user starts it, while other processes keep both cores busy: every host
// of a /20 answers on loopback, so every one must be found up. A busy machine slows the scan down; it must not turn
// answers into silence (the lag-aware deadlines, and the scanning in its own process, off the server's event loop).
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanRunRow } from '@bulwark/core';
import { scanErrors } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { waitForRun } from './helpers/scans.ts';

type Paged<T> = { count: number; results: T[] };
type Run = ScanRunRow & { hosts_up: number; children: { state: number; hosts_total: number }[] };

describe('a /20 through the built-in probe on a machine with every core busy', () => {
  let t: TestApp;
  let admin: Client;
  const burners: ChildProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = t.client();
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    // One busy loop per core, each in its own process: the scan competes for every core the whole time.
    for (let i = 0; i < availableParallelism(); i++) {
      burners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    }
  });

  afterAll(async () => {
    for (const b of burners) b.kill('SIGKILL');
    await settleRunProcessing(t.ctx);
    await t?.close();
  });

  it('finds all 4,094 hosts up with the Discovery profile', { timeout: 300_000 }, async () => {
    const profiles = await admin.get<Paged<{ id: number; name: string }>>('/api/scan/nprofiles/?search=Discovery');
    const discovery = profiles.body.results.find((p) => p.name === 'Discovery');
    expect(discovery).toBeDefined();
    const scan = await admin.post<{ id: number }>('/api/scan/nscans/', {
      name: 'Wide sweep under load',
      targets: ['127.9.0.0/20'],
      profile: discovery!.id,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const started = (await admin.get<Paged<Run>>(`/api/scan/nruns/?scan=${scan.body.id}`)).body.results[0]!;
    expect(started.children).toHaveLength(16);
    expect(started.children.reduce((n, c) => n + c.hosts_total, 0)).toBe(4094);

    await waitForRun(admin, started.id, (r) => r.status === 2 || r.status === 3, 280_000);
    await settleRunProcessing(t.ctx);
    const run = (await admin.get<Run>(`/api/scan/nruns/${started.id}/`)).body;
    expect(run).toMatchObject({ status_label: 'Finished', progress: 100 });
    expect(run.hosts_up).toBe(4094);
    const hosts = await admin.get<Paged<{ address: string }>>(`/api/scan/nruns/${started.id}/hosts/?page_size=1`);
    expect(hosts.body.count).toBe(4094);
    // Nothing was lost quietly: no task was re-queued or ended in error on the way.
    const errors = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.runId, started.id));
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});
