// Background jobs on pg-boss, on the same database (PGlite through the SqlExecutor adapter, or PostgreSQL). Every
// process sends jobs; a process with `work` also runs them (`bulwark serve` with BULWARK_JOBS=on, and `bulwark
// worker`). There is no other path: tests run results processing and feed imports through this queue too.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Jobs } from './types.ts';
import type { Config } from '../config.ts';
import { runHousekeeping } from './housekeeping.ts';
import {
  runFeedImport,
  FEED_IMPORT_QUEUE,
  FEED_SYNC_QUEUE,
  retryOf,
  type FeedSyncJob,
  syncCron,
  syncFeeds,
  type SyncDeps,
} from '../modules/intel/index.ts';
import { processDeliveredSoFar, RUN_LIVE_QUEUE, RUN_PROCESSING_QUEUE, runProcessingJob } from '../modules/results/index.ts';
import { ASSET_BULK_QUEUE, runBulkJob, type AssetBulkJob } from '../modules/assets/index.ts';
import {
  generateReport,
  REPORT_QUEUE,
  REPORT_SCHEDULE_QUEUE,
  runDueSchedules,
  sendDueDigests,
  type ReportDeps,
} from '../modules/reports/index.ts';
import { EXPORT_QUEUE, runExport } from '../modules/exports/index.ts';
import { runDueScanSchedules } from '../modules/scans/index.ts';
import { enforceBlackouts, releaseAllThrottled } from '../modules/tasks/index.ts';
import { deliver, handOver, NOTIFY_QUEUE, queueDueReminders } from '../modules/notifications/index.ts';

/** Every minute: blackout windows begun or ended, throttled tasks given free slots, scan schedules whose start has come. */
export const SCAN_SCHEDULE_QUEUE = 'scan-schedules';

export const HOUSEKEEPING_QUEUE = 'housekeeping';
/** Where a job goes when its last retry has failed: kept for operators to read, never run again. */
export const DEAD_LETTER_QUEUE = 'dead-letter';

export interface JobsOptions {
  /** Run jobs in this process (false: only send them, for a worker elsewhere). */
  work: boolean;
  /** Seconds between polls of an idle worker (a job sent by this process wakes its worker at once). */
  pollingSeconds?: number;
  /** Seconds before a failed job's first retry (doubled at each retry). */
  retryDelaySeconds?: number;
  /** The feed sync's settings: with them a working process runs sync jobs and keeps the daily schedule. */
  feedSync?: SyncDeps['config'];
  /** What reports, exports, report schedules and digests need: with them a working process runs those jobs. */
  reports?: Omit<ReportDeps, 'db' | 'log' | 'config'> & { config: Config };
}

export type { Jobs } from './types.ts';

export async function startJobs(database: Database, log: FastifyBaseLogger, options: JobsOptions = { work: true }): Promise<Jobs> {
  const boss = new PgBoss({
    db: database.sql as PgBoss.Db,
    schema: 'pgboss',
    // PGlite has one connection: poll gently so jobs never crowd out requests.
    maintenanceIntervalSeconds: 300,
    // A sender does no maintenance and runs no schedule: the workers do.
    supervise: options.work,
    schedule: options.work,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const retry = { retryDelay: options.retryDelaySeconds ?? 30, retryBackoff: true };
  await boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, retentionDays: 30 });
  await boss.createQueue(HOUSEKEEPING_QUEUE, { name: HOUSEKEEPING_QUEUE });
  await boss.createQueue(FEED_IMPORT_QUEUE, {
    name: FEED_IMPORT_QUEUE,
    retryLimit: 0,
    expireInSeconds: 6 * 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  });
  // One sync at a time per installation (the sync's lease makes sure across queues and processes too).
  await boss.createQueue(FEED_SYNC_QUEUE, {
    name: FEED_SYNC_QUEUE,
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 12 * 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  });
  // A bulk operation is one transaction: it is not retried (a failure says why on its progress row).
  await boss.createQueue(ASSET_BULK_QUEUE, { name: ASSET_BULK_QUEUE, retryLimit: 0, expireInSeconds: 3600, deadLetter: DEAD_LETTER_QUEUE });
  await boss.createQueue(RUN_PROCESSING_QUEUE, {
    name: RUN_PROCESSING_QUEUE,
    retryLimit: 2,
    ...retry,
    expireInSeconds: 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  });

  // Merging a scanning run's hosts as they arrive: a pass that fails is simply left to the next one.
  await boss.createQueue(RUN_LIVE_QUEUE, { name: RUN_LIVE_QUEUE, retryLimit: 0, expireInSeconds: 600 });

  // Reports and exports stream big files: one attempt, hours at most; a failure says why on the run.
  for (const queue of [REPORT_QUEUE, EXPORT_QUEUE])
    await boss.createQueue(queue, { name: queue, retryLimit: 0, expireInSeconds: 6 * 3600, deadLetter: DEAD_LETTER_QUEUE });
  await boss.createQueue(REPORT_SCHEDULE_QUEUE, { name: REPORT_SCHEDULE_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.createQueue(SCAN_SCHEDULE_QUEUE, { name: SCAN_SCHEDULE_QUEUE, policy: 'singleton', retryLimit: 0 });
  // A notification is tried four times with back-off; its delivery row says how each went.
  await boss.createQueue(NOTIFY_QUEUE, {
    name: NOTIFY_QUEUE,
    retryLimit: 3,
    ...retry,
    expireInSeconds: 600,
    deadLetter: DEAD_LETTER_QUEUE,
  });

  const workers = new Map<string, string>();
  if (options.work) {
    const polling = options.pollingSeconds ?? 2;
    const send = async (queue: string, data: object) => {
      const id = await boss.send(queue, data);
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
      return id;
    };
    const events = options.reports ? { publicUrl: options.reports.config.publicUrl, send } : undefined;
    await boss.schedule(HOUSEKEEPING_QUEUE, '*/15 * * * *');
    workers.set(
      HOUSEKEEPING_QUEUE,
      await boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: Math.max(polling, 5) }, async () => {
        const result = await runHousekeeping(database.db);
        log.info({ result }, 'housekeeping done');
        return result;
      }),
    );
    workers.set(
      FEED_IMPORT_QUEUE,
      await boss.work<{ id: number }>(FEED_IMPORT_QUEUE, { pollingIntervalSeconds: polling }, async ([job]) => {
        log.info({ id: job.data.id }, 'feed import started');
        const result = await runFeedImport(database.db, job.data.id);
        log.info({ id: job.data.id, counts: result?.counts }, 'feed import finished');
        return result?.counts ?? null;
      }),
    );
    const feedSync = options.feedSync;
    if (feedSync) {
      if (feedSync.feedSync.enabled) {
        await boss.schedule(FEED_SYNC_QUEUE, syncCron(feedSync.feedSync.at), { trigger: 'schedule' }, { tz: feedSync.feedSync.timeZone });
      } else {
        await boss.unschedule(FEED_SYNC_QUEUE);
      }
      workers.set(
        FEED_SYNC_QUEUE,
        await boss.work<FeedSyncJob>(FEED_SYNC_QUEUE, { pollingIntervalSeconds: Math.max(polling, 5) }, async ([job]) => {
          log.info({ trigger: job.data.trigger, only: job.data.only }, 'feed sync started');
          const result = await syncFeeds({ db: database.db, config: feedSync, log }, { only: job.data.only });
          if (result.locked) {
            log.info({ holder: result.holder }, 'feed sync skipped: another server is syncing');
            return result;
          }
          log.info({ outcomes: result.outcomes }, 'feed sync finished');
          const retry = retryOf(job.data, result.outcomes);
          if (retry) {
            // One pending retry at a time: a later failure does not pile up more.
            await boss.send(FEED_SYNC_QUEUE, retry.job, { startAfter: retry.afterSeconds, singletonKey: 'feed-sync-retry' });
            log.info({ sources: retry.job.only, afterSeconds: retry.afterSeconds }, 'failed feed sources will be tried again');
          }
          return result;
        }),
      );
    }
    workers.set(
      ASSET_BULK_QUEUE,
      await boss.work<AssetBulkJob>(ASSET_BULK_QUEUE, { pollingIntervalSeconds: Math.min(polling, 1) }, async ([job]) => {
        await runBulkJob({ db: database.db, log }, job.data);
        return null;
      }),
    );
    workers.set(
      RUN_PROCESSING_QUEUE,
      await boss.work<{ runId: number; jobId: string }>(
        RUN_PROCESSING_QUEUE,
        { pollingIntervalSeconds: Math.min(polling, 1), includeMetadata: true },
        async ([job]) => {
          await runProcessingJob(
            { db: database.db, log },
            job.data.runId,
            job.data.jobId,
            { attempt: job.retryCount, lastAttempt: job.retryCount >= job.retryLimit },
            events,
          );
          return null;
        },
      ),
    );
    workers.set(
      RUN_LIVE_QUEUE,
      await boss.work<{ runId: number }>(RUN_LIVE_QUEUE, { pollingIntervalSeconds: Math.min(polling, 1) }, async ([job]) => {
        await processDeliveredSoFar(database.db, job.data.runId);
        return null;
      }),
    );
    await boss.schedule(SCAN_SCHEDULE_QUEUE, '* * * * *');
    workers.set(
      SCAN_SCHEDULE_QUEUE,
      await boss.work(SCAN_SCHEDULE_QUEUE, { pollingIntervalSeconds: Math.max(polling, 5) }, async () => {
        const now = new Date();
        // Windows first (a schedule due inside one starts a run whose tasks wait), then free slots, then schedules.
        const blackouts = await enforceBlackouts(database.db, now, undefined, events);
        const released = await releaseAllThrottled(database.db);
        const started = await runDueScanSchedules(database.db, now, log, events);
        if (events) {
          await queueDueReminders(database.db, now, events.publicUrl);
          await handOver(database.db, send);
        }
        if (blackouts.length || released || started.length) log.info({ blackouts, released, runs: started }, 'scan scheduler');
        return { blackouts: blackouts.length, released, runs: started.length };
      }),
    );
    const reports = options.reports;
    if (reports) {
      const deps: ReportDeps = { db: database.db, log, ...reports };
      workers.set(
        REPORT_QUEUE,
        await boss.work<{ reportId: number }>(REPORT_QUEUE, { pollingIntervalSeconds: Math.min(polling, 1) }, async ([job]) => {
          await generateReport(deps, job.data.reportId);
          return null;
        }),
      );
      workers.set(
        NOTIFY_QUEUE,
        await boss.work<{ deliveryId: number }>(
          NOTIFY_QUEUE,
          { pollingIntervalSeconds: Math.min(polling, 1), includeMetadata: true },
          async ([job]) => {
            const state = await deliver(
              { ...deps, mailFrom: reports.config.mailFrom, slackApiUrl: reports.config.slackApiUrl },
              job.data.deliveryId,
              job.retryCount >= job.retryLimit,
            );
            return { state };
          },
        ),
      );
      workers.set(
        EXPORT_QUEUE,
        await boss.work<{ exportId: number }>(EXPORT_QUEUE, { pollingIntervalSeconds: Math.min(polling, 1) }, async ([job]) => {
          await runExport({ db: database.db, retentionDays: reports.config.reportRetentionDays }, job.data.exportId);
          return null;
        }),
      );
      // Every minute: start the report schedules and send the digests that are due.
      await boss.schedule(REPORT_SCHEDULE_QUEUE, '* * * * *');
      workers.set(
        REPORT_SCHEDULE_QUEUE,
        await boss.work(REPORT_SCHEDULE_QUEUE, { pollingIntervalSeconds: Math.max(polling, 5) }, async () => {
          const now = new Date();
          const started = await runDueSchedules(database.db, now, log);
          for (const reportId of started) await boss.send(REPORT_QUEUE, { reportId });
          const digests = await sendDueDigests(deps, now);
          if (started.length || digests) log.info({ reports: started.length, digests }, 'scheduled reports and digests started');
          return { reports: started.length, digests };
        }),
      );
    } else {
      await boss.unschedule(REPORT_SCHEDULE_QUEUE);
    }
  }

  return {
    boss,
    async send(queue, data) {
      const id = await boss.send(queue, data);
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
      return id;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // A poll or maintenance statement pg-boss started just before stopping may still be running: one more statement
      // queues behind it (PGlite runs one at a time), so the database is never closed under it.
      await database.sql.executeSql('SELECT 1').catch(() => undefined);
    },
  };
}
