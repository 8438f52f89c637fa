// The feed sync as a background job: queued by the daily schedule, by an operator ("Sync now", `POST intel/sync/`), and
// once when an installation starts with no feeds synced yet; run by a server with BULWARK_JOBS=on or `bulwark worker`.
import type { AppContext } from '../../../context.ts';
import { sourceStates } from './state.ts';

export const FEED_SYNC_QUEUE = 'feed-sync';

export interface FeedSyncJob {
  trigger: 'schedule' | 'start' | 'manual' | 'retry';
  only?: string[];
  /** Retries of failed sources so far (retry jobs only). */
  attempt?: number;
}

/** Failed sources are tried again after 1, 2 and 4 hours, rather than only at the next daily sync. */
export const SYNC_RETRIES = 3;
const FIRST_RETRY_SECONDS = 3600;

/** The retry a finished sync job asks for: its failed sources, later; null when none failed or the retries are spent. */
export function retryOf(
  job: FeedSyncJob,
  outcomes: readonly { source: string; ok: boolean }[],
): { job: FeedSyncJob; afterSeconds: number } | null {
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.source);
  const attempt = job.trigger === 'retry' ? (job.attempt ?? 1) : 0;
  if (failed.length === 0 || attempt >= SYNC_RETRIES) return null;
  return { job: { trigger: 'retry', only: failed, attempt: attempt + 1 }, afterSeconds: FIRST_RETRY_SECONDS * 2 ** attempt };
}

export async function startFeedSync(ctx: Pick<AppContext, 'jobs'>, job: FeedSyncJob): Promise<string | null> {
  if (!ctx.jobs) throw new Error('The job queue is not running: feeds cannot be synced in the background.');
  return ctx.jobs.send(FEED_SYNC_QUEUE, job);
}

/** At start: an installation whose feeds were never synced gets its first sync now, not at tomorrow's scheduled time. */
export async function queueFirstFeedSync(ctx: Pick<AppContext, 'jobs' | 'db' | 'config'>): Promise<boolean> {
  if (!ctx.config.feedSync.enabled || ctx.config.feedSync.sources.length === 0) return false;
  const states = await sourceStates(ctx.db);
  if (states.some((s) => s.lastAttemptAt !== null)) return false;
  await startFeedSync(ctx, { trigger: 'start' });
  return true;
}
