// Background jobs on pg-boss, on the same database (PGlite through the SqlExecutor adapter, or PostgreSQL).
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { runHousekeeping } from './housekeeping.ts';
import { runFeedImport } from '../modules/intel/import.ts';
import { FEED_IMPORT_QUEUE } from '../modules/intel/queue.ts';
import { RUN_PROCESSING_QUEUE, runProcessingJob } from '../modules/results/queue.ts';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobs(database: Database, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({
    db: database.sql as PgBoss.Db,
    schema: 'pgboss',
    // PGlite has one connection: poll gently so jobs never crowd out requests.
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(HOUSEKEEPING_QUEUE);
  await boss.schedule(HOUSEKEEPING_QUEUE, '*/15 * * * *');
  await boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const result = await runHousekeeping(database.db);
    log.info({ result }, 'housekeeping done');
    return result;
  });
  await boss.createQueue(FEED_IMPORT_QUEUE);
  await boss.work<{ id: number }>(FEED_IMPORT_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
    log.info({ id: job.data.id }, 'feed import started');
    const result = await runFeedImport(database.db, job.data.id);
    log.info({ id: job.data.id, counts: result?.counts }, 'feed import finished');
    return result?.counts ?? null;
  });
  await boss.createQueue(RUN_PROCESSING_QUEUE);
  await boss.work<{ runId: number; jobId: string }>(RUN_PROCESSING_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    await runProcessingJob({ db: database.db, log }, job.data.runId, job.data.jobId);
    return null;
  });
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // A poll or maintenance statement pg-boss started just before stopping may still be running: one more statement
      // queues behind it (PGlite runs one at a time), so the database is never closed under it.
      await database.sql.executeSql('SELECT 1').catch(() => undefined);
    },
  };
}
