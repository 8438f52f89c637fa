// Results processing on the real path (pg-boss, on every test database): a failed attempt shows RETRY and the retry
// succeeds once the cause is gone; a job that fails every attempt ends FAILURE, visible on the run's progress, and
// lands in the dead-letter queue; processing a run twice stores the same inventory (idempotent).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_TASK_STATE } from '@bulwark/core';
import { jobProgress, scanRunHosts, scanTasks } from '../src/db/schema/index.ts';
import { DEAD_LETTER_QUEUE } from '../src/jobs/jobs.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { deliveredRun as delivered } from './helpers/scans.ts';

type Progress = { state: string; complete: boolean; success: boolean | null; result: unknown };

describe.each(BACKENDS)('results processing through the job queue on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let probeId: number;
  let profileId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    // A remote probe that never calls in: its tasks wait, so the test decides what they deliver.
    probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    profileId = (await admin.post<{ id: number }>('/api/scan/nprofiles/', { name: 'Jobs profile' })).body.id;
  });
  afterAll(() => t.close());

  /** A run whose tasks all delivered `result`; answers the run id. */
  const deliveredRun = (name: string, result: unknown) => delivered(t, admin, { name, profile: profileId, probeId }, result);

  const progressOf = async (jobId: string) => (await admin.get<Progress>(`/api/celery-progress/${jobId}/`)).body;

  async function waitForState(jobId: string, states: string[]): Promise<string> {
    for (let i = 0; i < 600; i++) {
      const [row] = await t.ctx.db.select().from(jobProgress).where(eq(jobProgress.id, jobId));
      if (row && states.includes(row.state)) return row.state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [row] = await t.ctx.db.select().from(jobProgress).where(eq(jobProgress.id, jobId));
    const boss = await t.ctx.database.sql.executeSql(
      `SELECT state, retry_count, retry_limit, retry_delay, start_after, dead_letter FROM pgboss.job WHERE data->>'jobId' = $1`,
      [jobId],
    );
    throw new Error(`job ${jobId} never reached ${states.join(' or ')}: ${row?.state}, ${JSON.stringify(boss.rows)}`);
  }

  it('retries a failed attempt and succeeds once the cause is gone', { timeout: 60_000 }, async () => {
    const runId = await deliveredRun('Retried', { hosts: 'not a list' });
    const jobId = await startRunProcessing(t.ctx, runId);
    expect(await waitForState(jobId, ['RETRY', 'FAILURE'])).toBe('RETRY');
    const retrying = await progressOf(jobId);
    expect(retrying).toMatchObject({ state: 'RETRY', complete: false, success: null });
    // The delivery is repaired before the retry (1 s later in tests) runs.
    await t.ctx.db
      .update(scanTasks)
      .set({ result: { hosts: [{ address: '127.0.0.1', alive: true, ports: [] }] } })
      .where(eq(scanTasks.runId, runId));
    expect(await waitForState(jobId, ['SUCCESS', 'FAILURE'])).toBe('SUCCESS');
    expect(await progressOf(jobId)).toMatchObject({ state: 'SUCCESS', complete: true, success: true });
  });

  it('ends FAILURE after the last retry, with the reason, and keeps the job in the dead-letter queue', { timeout: 60_000 }, async () => {
    const runId = await deliveredRun('Doomed', { hosts: 'never a list' });
    const jobId = await startRunProcessing(t.ctx, runId);
    expect(await waitForState(jobId, ['FAILURE'])).toBe('FAILURE');
    const failed = await progressOf(jobId);
    expect(failed).toMatchObject({ state: 'FAILURE', complete: true, success: false });
    expect(String(failed.result)).toMatch(/is not a scan result/);
    const run = await admin.get<{ processing_job: string | null }>(`/api/scan/nruns/${runId}/`);
    expect(run.body.processing_job).toBe(jobId);
    let dead: unknown[] = [];
    for (let i = 0; i < 200 && dead.length === 0; i++) {
      dead = (
        await t.ctx.database.sql.executeSql(`SELECT data FROM pgboss.job WHERE name = $1 AND (data->>'runId')::int = $2`, [
          DEAD_LETTER_QUEUE,
          runId,
        ])
      ).rows;
      if (dead.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(dead).toEqual([{ data: { runId, jobId } }]);
  });

  it('stores the same inventory when a run is processed twice', { timeout: 60_000 }, async () => {
    const runId = await deliveredRun('Twice', {
      hosts: [{ address: '127.0.0.1', alive: true, ports: [{ port: 22, protocol: 'tcp', state: 'open' }] }],
    });
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    const first = await t.ctx.db.select().from(scanRunHosts).where(eq(scanRunHosts.runId, runId));
    await t.ctx.db.update(scanTasks).set({ state: SCAN_TASK_STATE.process_results }).where(eq(scanTasks.runId, runId));
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    const second = await t.ctx.db.select().from(scanRunHosts).where(eq(scanRunHosts.runId, runId));
    expect(first).toHaveLength(1);
    expect(second.map((h) => ({ ...h, id: 0 }))).toEqual(first.map((h) => ({ ...h, id: 0 })));
  });
});
