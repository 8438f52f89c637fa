// Results processing as a background job on pg-boss: queued when a run's tasks have all delivered, run by a worker
// (this server with BULWARK_JOBS=on, or `bulwark worker`), retried with back-off, dead-lettered after the last retry.
// Progress and the outcome are kept in job_progress so `celery-progress/{id}/` and the run show them.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { jobProgress, scanRuns } from '../../db/schema/index.ts';
import { RUN_PROCESSED_QUEUE } from '../../jobs/declare.ts';
import { processRun } from './process.ts';
import { runHasUnprocessedResults } from '../tasks/index.ts';
import { handOver, notifyRunEnded, type Send } from '../notifications/index.ts';

export const RUN_PROCESSING_QUEUE = 'scan-results';

export interface Attempt {
  /** 0 for the first run of the job, then 1, 2 … for its retries. */
  attempt: number;
  /** No retry follows when this attempt fails. */
  lastAttempt: boolean;
}

/**
 * Processes a run's results, recording progress and the outcome on its job_progress row. Processing is idempotent
 * (a retry after a failure half-way stores the same inventory), so an attempt simply starts over.
 */
export async function runProcessingJob(
  ctx: Pick<AppContext, 'db' | 'log'>,
  runId: number,
  jobId: string,
  attempt: Attempt = { attempt: 0, lastAttempt: true },
  events?: RunEvents,
): Promise<void> {
  const { db } = ctx;
  await db.update(jobProgress).set({ state: 'PROGRESS', message: null, updatedAt: new Date() }).where(eq(jobProgress.id, jobId));
  try {
    const summary = await processRun(
      db,
      runId,
      async (p) => {
        await db.update(jobProgress).set({ current: p.current, total: p.total, updatedAt: new Date() }).where(eq(jobProgress.id, jobId));
      },
      { failRunOnError: attempt.lastAttempt },
    );
    await db.update(jobProgress).set({ state: 'SUCCESS', result: summary, updatedAt: new Date() }).where(eq(jobProgress.id, jobId));
    await tell(ctx, runId, events);
    // What follows from the new findings (tickets fixed or reopened, rules) runs as its own job, retried apart.
    await events?.send(RUN_PROCESSED_QUEUE, { runId });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ err, runId, attempt: attempt.attempt }, 'results processing failed');
    await db
      .update(jobProgress)
      .set({ state: attempt.lastAttempt ? 'FAILURE' : 'RETRY', message, updatedAt: new Date() })
      .where(eq(jobProgress.id, jobId));
    if (attempt.lastAttempt) await tell(ctx, runId, events);
    throw err;
  }
}

/** Where a run's end is told (its schedule's channels), when this process sends notifications. */
export interface RunEvents {
  publicUrl: string;
  send: Send;
}

/** Tells the schedule's channels that the run finished or failed; a failure to tell never fails the processing. */
async function tell(ctx: Pick<AppContext, 'db' | 'log'>, runId: number, events: RunEvents | undefined): Promise<void> {
  if (!events) return;
  try {
    if ((await notifyRunEnded(ctx.db, runId, events.publicUrl)).length) await handOver(ctx.db, events.send);
  } catch (err) {
    ctx.log.warn({ err, runId }, 'could not record the run’s notifications');
  }
}

/** Queues processing of a run whose tasks have all delivered or ended; returns the progress id. */
export async function startRunProcessing(ctx: AppContext, runId: number): Promise<string> {
  const [run] = await ctx.db.select({ customerId: scanRuns.customerId }).from(scanRuns).where(eq(scanRuns.id, runId));
  if (!run) throw new Error(`Run ${runId} does not exist.`);
  if (!ctx.jobs) throw new Error('The job queue is not running: results cannot be processed.');
  const [job] = await ctx.db.insert(jobProgress).values({ customerId: run.customerId, kind: 'scan-results' }).returning();
  await ctx.db.update(scanRuns).set({ processingJobId: job.id }).where(eq(scanRuns.id, runId));
  await ctx.jobs.send(RUN_PROCESSING_QUEUE, { runId, jobId: job.id });
  return job.id;
}

/**
 * Queues processing of a run when it has results waiting (every task delivered or ended, and something delivered —
 * the hosts of cancelled and failed tasks included) and nobody queued it yet; answers the progress id, or null.
 * Safe to call from every place a task ends: one caller wins the run.
 */
export async function startProcessingIfReady(ctx: AppContext, runId: number): Promise<string | null> {
  if (!ctx.jobs || !(await runHasUnprocessedResults(ctx.db, runId))) return null;
  const [run] = await ctx.db.select({ customerId: scanRuns.customerId }).from(scanRuns).where(eq(scanRuns.id, runId));
  if (!run) return null;
  const [job] = await ctx.db.insert(jobProgress).values({ customerId: run.customerId, kind: 'scan-results' }).returning();
  const [won] = await ctx.db
    .update(scanRuns)
    .set({ processingJobId: job.id })
    .where(and(eq(scanRuns.id, runId), isNull(scanRuns.processingJobId)))
    .returning({ id: scanRuns.id });
  if (!won) {
    await ctx.db.delete(jobProgress).where(eq(jobProgress.id, job.id));
    return null;
  }
  await ctx.jobs.send(RUN_PROCESSING_QUEUE, { runId, jobId: job.id });
  return job.id;
}

/** The queue of passes that merge a scanning run's hosts as they arrive (live.ts). */
export const RUN_LIVE_QUEUE = 'scan-results-live';

/**
 * Asks for a pass merging what a scanning run delivered so far: at most one per run every few seconds, however often
 * its probes report. A failure to ask never fails the report.
 */
export async function queueLiveProcessing(ctx: AppContext, runId: number): Promise<void> {
  if (!ctx.jobs) return;
  await ctx.jobs.boss
    .send(RUN_LIVE_QUEUE, { runId }, { singletonKey: `run-${runId}`, singletonSeconds: LIVE_PASS_SECONDS })
    .catch((err: unknown) => ctx.log.warn({ err, runId }, 'could not queue the live results pass'));
}
const LIVE_PASS_SECONDS = 3;

/** Waits until no results processing is queued, running or due for a retry (tests, benches). */
export async function settleRunProcessing(ctx: Pick<AppContext, 'db'>, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await ctx.db.$count(
      jobProgress,
      and(eq(jobProgress.kind, 'scan-results'), inArray(jobProgress.state, ['PENDING', 'PROGRESS', 'RETRY'])),
    );
    if (open === 0) return;
    if (Date.now() > until) throw new Error(`${open} results processing job(s) still open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
