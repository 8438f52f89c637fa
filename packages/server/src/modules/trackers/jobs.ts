// The trackers' background work: the push of a ticket to its trackers (the outbox, retried with back-off, a rate limit
// waited out as the tracker asks), the poll of each enabled integration (the fallback when webhooks are lost), and a
// sweep every minute that queues again what is behind and polls what is due.
import { and, eq } from 'drizzle-orm';
import type { Tracker } from '@bulwark/core';
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import type { AppContext } from '../../context.ts';
import { trackerSyncs } from '../../db/schema/index.ts';
import { TRACKER_PUSH_QUEUE } from '../tickets/index.ts';
import { TrackerError } from './adapter.ts';
import { enabledTrackers } from './settings.ts';
import { linksBehind, pollTracker, pushTicket } from './sync.ts';

export const TRACKER_POLL_QUEUE = 'tracker-poll';
export const TRACKER_SWEEP_QUEUE = 'tracker-sweep';
/** How often each integration is polled. */
export const POLL_EVERY_MS = 5 * 60_000;
const PUSH_RETRIES = 5;

/** The integrations whose last poll is older than POLL_EVERY_MS (or that were never polled). */
export async function pollsDue(ctx: AppContext, now: Date): Promise<{ customerId: number; tracker: Tracker }[]> {
  const due: { customerId: number; tracker: Tracker }[] = [];
  for (const it of await enabledTrackers(ctx.db)) {
    const [sync] = await ctx.db
      .select({ at: trackerSyncs.lastPolledAt })
      .from(trackerSyncs)
      .where(and(eq(trackerSyncs.customerId, it.customerId), eq(trackerSyncs.tracker, it.tracker)));
    if (!sync?.at || sync.at.getTime() <= now.getTime() - POLL_EVERY_MS) due.push(it);
  }
  return due;
}

export const trackersJobs: ModuleJobs = {
  module: 'trackers',
  queues: [
    // One push at a time (singleton): two pushes of one ticket would race to create its issue twice.
    jobQueue<{ ticketId: number }>({
      name: TRACKER_PUSH_QUEUE,
      options: { retryLimit: PUSH_RETRIES, retryBackoff: true, expireInSeconds: 600, deadLetter: true, policy: 'singleton' },
      polling: 'fast',
      async work(job, { ctx, send }) {
        const lastAttempt = job.retryCount >= job.retryLimit;
        try {
          return { outcomes: await pushTicket(ctx, job.data.ticketId, { lastAttempt }) };
        } catch (err) {
          // 429 / 503: the tracker says when to come back; a fresh job then, not one of the retries.
          if (err instanceof TrackerError && err.retryAfterSeconds !== null) {
            await send(TRACKER_PUSH_QUEUE, { ticketId: job.data.ticketId }, { startAfter: err.retryAfterSeconds });
            return { deferred: err.retryAfterSeconds };
          }
          if (lastAttempt) return { failed: err instanceof Error ? err.message : String(err) };
          throw err;
        }
      },
    }),
    jobQueue<{ customerId: number; tracker: Tracker }>({
      name: TRACKER_POLL_QUEUE,
      options: { retryLimit: 2, expireInSeconds: 900 },
      polling: 'slow',
      async work(job, { ctx }) {
        return { applied: await pollTracker(ctx, job.data.customerId, job.data.tracker) };
      },
    }),
    jobQueue({
      name: TRACKER_SWEEP_QUEUE,
      options: { expireInSeconds: 300 },
      schedule: () => ({ cron: '* * * * *' }),
      polling: 'slow',
      async work(_job, { ctx, send }) {
        const behind = await linksBehind(ctx);
        for (const ticketId of behind) await send(TRACKER_PUSH_QUEUE, { ticketId });
        const due = await pollsDue(ctx, ctx.clock());
        for (const it of due) await send(TRACKER_POLL_QUEUE, it);
        return { pushed: behind.length, polled: due.length };
      },
    }),
  ],
};
