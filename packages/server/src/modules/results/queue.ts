// Starting results processing in the background: on the pg-boss queue when jobs run, else in this process. Progress
// is kept in job_progress so `celery-progress/{id}/` can report it.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { jobProgress, scanRuns } from '../../db/schema/index.ts';
import { processRun } from './process.ts';

export const RUN_PROCESSING_QUEUE = 'scan-results';

const running = new Set<Promise<unknown>>();

/** Processes a run's results, recording progress and the outcome on its job_progress row. */
export async function runProcessingJob(ctx: Pick<AppContext, 'db' | 'log'>, runId: number, jobId: string): Promise<void> {
  const { db } = ctx;
  await db.update(jobProgress).set({ state: 'PROGRESS', updatedAt: new Date() }).where(eq(jobProgress.id, jobId));
  try {
    const summary = await processRun(db, runId, async (p) => {
      await db.update(jobProgress).set({ current: p.current, total: p.total, updatedAt: new Date() }).where(eq(jobProgress.id, jobId));
    });
    await db.update(jobProgress).set({ state: 'SUCCESS', result: summary, updatedAt: new Date() }).where(eq(jobProgress.id, jobId));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ err, runId }, 'results processing failed');
    await db.update(jobProgress).set({ state: 'FAILURE', message, updatedAt: new Date() }).where(eq(jobProgress.id, jobId));
    throw err;
  }
}

/** Queues processing of a run whose tasks have all delivered or ended; returns the progress id. */
export async function startRunProcessing(ctx: AppContext, runId: number): Promise<string> {
  const [run] = await ctx.db.select({ customerId: scanRuns.customerId }).from(scanRuns).where(eq(scanRuns.id, runId));
  if (!run) throw new Error(`Run ${runId} does not exist.`);
  const [job] = await ctx.db.insert(jobProgress).values({ customerId: run.customerId, kind: 'scan-results' }).returning();
  await ctx.db.update(scanRuns).set({ processingJobId: job.id }).where(eq(scanRuns.id, runId));
  if (ctx.jobs) {
    await ctx.jobs.boss.send(RUN_PROCESSING_QUEUE, { runId, jobId: job.id }, { retryLimit: 2, expireInSeconds: 3600 });
    return job.id;
  }
  const task = runProcessingJob(ctx, runId, job.id).catch(() => undefined);
  running.add(task);
  void task.finally(() => running.delete(task));
  return job.id;
}

/** Waits for the processing this process runs itself (tests, shutdown). */
export async function settleRunProcessing(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
