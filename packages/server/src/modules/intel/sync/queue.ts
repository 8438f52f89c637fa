// The feed sync as a background job: queued by the daily schedule, by an operator ("Sync now", `POST intel/sync/`), and
// once when an installation starts with no feeds synced yet; run by a server with BULWARK_JOBS=on or `bulwark worker`.
import type { AppContext } from '../../../context.ts';
import { sourceStates } from './state.ts';

export const FEED_SYNC_QUEUE = 'feed-sync';

export interface FeedSyncJob {
  trigger: 'schedule' | 'start' | 'manual';
  only?: string[];
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
