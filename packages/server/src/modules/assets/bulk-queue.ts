// Bulk operations on many assets as a background job: above BULK_JOB_THRESHOLD assets the call answers at once with a
// job id (202), a worker does the work in its one transaction, and `celery-progress/{id}/` shows its state (pending,
// in progress, done with the result, or failed with the reason). Counts move from 0 to all at the commit: a count
// written inside the transaction would stay invisible until then, and on the embedded database would wait for it.
// The filter travels as the list's query text and is read again by the worker.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AssetBulkInput, AssetBulkOperation } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { jobProgress } from '../../db/schema/index.ts';
import { parseInput } from '../../http/list.ts';
import { bulkOperation, type BulkTarget } from './bulk.ts';
import { assetFilterShape } from '../../tenancy/asset-filters.ts';
import type { AssetScope } from '../../tenancy/visibility.ts';

export const ASSET_BULK_QUEUE = 'asset-bulk';
/** Above this many assets a bulk operation runs as a job with progress. */
export const BULK_JOB_THRESHOLD = 10_000;

export interface AssetBulkJob {
  jobId: string;
  scope: AssetScope;
  operation: AssetBulkOperation;
  params: Record<string, unknown>;
  ids?: number[];
  filter?: Record<string, string | string[]>;
}

export function bulkTarget(body: Pick<AssetBulkInput, 'ids' | 'filter'>): BulkTarget {
  return body.ids ? { ids: body.ids } : { filter: parseInput(z.object(assetFilterShape), body.filter) };
}

/** Queues the operation; answers the progress id. */
export async function startBulkJob(ctx: AppContext, job: Omit<AssetBulkJob, 'jobId'>, total: number): Promise<string> {
  if (!ctx.jobs) throw new Error('The job queue is not running: large bulk operations cannot run.');
  const [row] = await ctx.db.insert(jobProgress).values({ customerId: job.scope.customerId, kind: ASSET_BULK_QUEUE, total }).returning();
  await ctx.jobs.send(ASSET_BULK_QUEUE, { ...job, jobId: row!.id });
  return row!.id;
}

/** The worker's side: the operation in one transaction, progress by chunk, the result or the failure on the row. */
export async function runBulkJob(ctx: Pick<AppContext, 'db' | 'log'>, job: AssetBulkJob): Promise<void> {
  const { db } = ctx;
  await db.update(jobProgress).set({ state: 'PROGRESS', updatedAt: new Date() }).where(eq(jobProgress.id, job.jobId));
  try {
    const result = await bulkOperation(db, job.scope, job.operation, job.params, bulkTarget(job));
    await db
      .update(jobProgress)
      .set({ state: 'SUCCESS', current: result.matched, result, updatedAt: new Date() })
      .where(eq(jobProgress.id, job.jobId));
  } catch (err) {
    ctx.log.error({ err, operation: job.operation }, 'asset bulk operation failed');
    const message = err instanceof Error ? err.message : String(err);
    await db.update(jobProgress).set({ state: 'FAILURE', message, updatedAt: new Date() }).where(eq(jobProgress.id, job.jobId));
  }
}
