// The intelligence module's background work: feed imports (uploaded bundles) and the feed sync with its daily schedule.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { runFeedImport } from './import.ts';
import { FEED_IMPORT_QUEUE } from './queue.ts';
import { FEED_SYNC_QUEUE, retryOf, type FeedSyncJob } from './sync/queue.ts';
import { syncCron } from './sync/schedule.ts';
import { syncFeeds } from './sync/sync.ts';

export const intelJobs: ModuleJobs = {
  module: 'intel',
  queues: [
    jobQueue<{ id: number }>({
      name: FEED_IMPORT_QUEUE,
      options: { retryLimit: 0, expireInSeconds: 6 * 3600, deadLetter: true },
      async work(job, { ctx }) {
        ctx.log.info({ id: job.data.id }, 'feed import started');
        const result = await runFeedImport(ctx.db, job.data.id);
        ctx.log.info({ id: job.data.id, counts: result?.counts }, 'feed import finished');
        return result?.counts ?? null;
      },
    }),
    // One sync at a time per installation (the sync's lease makes sure across queues and processes too).
    jobQueue<FeedSyncJob>({
      name: FEED_SYNC_QUEUE,
      options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 12 * 3600, deadLetter: true },
      schedule: ({ config }) =>
        config.feedSync.enabled
          ? { cron: syncCron(config.feedSync.at), data: { trigger: 'schedule' }, options: { tz: config.feedSync.timeZone } }
          : null,
      polling: 'slow',
      async work(job, { ctx, send }) {
        const { log } = ctx;
        log.info({ trigger: job.data.trigger, only: job.data.only }, 'feed sync started');
        const result = await syncFeeds({ db: ctx.db, config: ctx.config, log }, { only: job.data.only });
        if (result.locked) {
          log.info({ holder: result.holder }, 'feed sync skipped: another server is syncing');
          return result;
        }
        log.info({ outcomes: result.outcomes }, 'feed sync finished');
        const retry = retryOf(job.data, result.outcomes);
        if (retry) {
          // One pending retry at a time: a later failure does not pile up more.
          await send(FEED_SYNC_QUEUE, retry.job, { startAfter: retry.afterSeconds, singletonKey: 'feed-sync-retry' });
          log.info({ sources: retry.job.only, afterSeconds: retry.afterSeconds }, 'failed feed sources will be tried again');
        }
        return result;
      },
    }),
  ],
};
