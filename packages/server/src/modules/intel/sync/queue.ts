// The feed sync as a background job: queued by the daily schedule, by an operator ("Sync now", `POST intel/sync/`), and
// once when an installation starts with no feeds synced yet; run by a server with BULWARK_JOBS=on or `bulwark worker`.
import type { AppContext } from '../../../context.ts';
import { currentLease } from '../../../jobs/leases.ts';
import { plannedSources, selectSources, unknownSources } from './sources.ts';
import { sourceStates } from './state.ts';
import { FEED_SYNC_LEASE } from './sync.ts';

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

/** Why a sync asked for by hand cannot start, or the sources it will sync. */
export type ManualSync =
  { started: true; sources: string[] } | { started: false; unknown: string[]; configured: string[] } | { started: false; running: Date };

/** Queues a sync of every configured source or the named ones, unless a name is not configured or a sync runs now. */
export async function requestFeedSync(ctx: Pick<AppContext, 'jobs' | 'db' | 'config'>, only: string[] | undefined): Promise<ManualSync> {
  const planned = plannedSources(ctx.config.feedSync);
  const unknown = unknownSources(planned, only ?? []);
  const chosen = selectSources(planned, only);
  if (unknown.length > 0 || chosen.length === 0) return { started: false, unknown, configured: planned.map((p) => p.name) };
  const held = await currentLease(ctx.db, FEED_SYNC_LEASE, new Date());
  if (held) return { started: false, running: held.acquiredAt };
  await startFeedSync(ctx, { trigger: 'manual', only });
  return { started: true, sources: chosen.map((s) => s.name) };
}
