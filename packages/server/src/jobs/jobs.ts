// Background jobs on pg-boss, on the same database (PGlite through the SqlExecutor adapter, or PostgreSQL). Every
// process sends jobs; a process with `work` also runs them (`bulwark serve` with BULWARK_JOBS=on, and `bulwark
// worker`). There is no other path: tests run results processing and feed imports through this queue too. The queues
// and their workers are the modules' own (ModuleJobs, listed by src/module-jobs.ts): this package imports no module.
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import type { Jobs } from './types.ts';
import { RUN_PROCESSED_QUEUE, type ModuleJobs, type Polling, type WorkContext } from './declare.ts';
import { runHousekeeping } from './housekeeping.ts';

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
  /** Seconds stop() lets running jobs finish before pg-boss fails them as shut down (10). */
  stopGraceSeconds?: number;
}

export type { Jobs } from './types.ts';

export async function startJobs(ctx: AppContext, modules: readonly ModuleJobs[], options: JobsOptions = { work: true }): Promise<Jobs> {
  const { database, log } = ctx;
  // pg-boss completes or fails a job without awaiting it; a handler that outlives stop()'s grace would then write
  // through a closed pool, an unhandled rejection. Past stop() its statements are dropped (a promise that never
  // settles: an empty answer would break pg-boss's reading of it): the job is already failed as "shut down while
  // active" and is retried by the next worker.
  let closed = false;
  const gate: PgBoss.Db = {
    executeSql: (text, values) => (closed ? new Promise(() => undefined) : database.sql.executeSql(text, values)),
  };
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <T>(run: () => Promise<T>): Promise<T> => {
    const p = run();
    inFlight.add(p);
    void p.then(
      () => inFlight.delete(p),
      () => inFlight.delete(p),
    );
    return p;
  };
  const boss = new PgBoss({
    db: gate,
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
  await boss.createQueue(RUN_PROCESSED_QUEUE, { name: RUN_PROCESSED_QUEUE, retryLimit: 2, ...retry, deadLetter: DEAD_LETTER_QUEUE });
  const queues = modules.flatMap((m) => m.queues ?? []);
  for (const { name, options: o = {} } of queues) {
    const { deadLetter, ...rest } = o;
    // A queue that retries waits the configured delay, doubled at each retry.
    await boss.createQueue(name, {
      name,
      ...(rest.retryLimit ? retry : {}),
      ...rest,
      ...(deadLetter ? { deadLetter: DEAD_LETTER_QUEUE } : {}),
    });
  }

  const workers = new Map<string, string>();
  const send: WorkContext['send'] = async (queue, data, sendOptions) => {
    const id = sendOptions ? await boss.send(queue, data, sendOptions) : await boss.send(queue, data);
    const worker = workers.get(queue);
    if (worker) boss.notifyWorker(worker);
    return id;
  };
  if (options.work) {
    const polling = options.pollingSeconds ?? 2;
    const every: Record<Polling, number> = { fast: Math.min(polling, 1), normal: polling, slow: Math.max(polling, 5) };
    const tasks = modules.flatMap((m) => m.housekeeping ?? []);
    await boss.schedule(HOUSEKEEPING_QUEUE, '*/15 * * * *');
    workers.set(
      HOUSEKEEPING_QUEUE,
      await boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: every.slow }, () =>
        tracked(async () => {
          const result = await runHousekeeping(ctx.db, tasks);
          log.info({ result }, 'housekeeping done');
          return result;
        }),
      ),
    );
    const w: WorkContext = { ctx, send };
    const hooks = modules.flatMap((m) => m.afterRunProcessed ?? []);
    workers.set(
      RUN_PROCESSED_QUEUE,
      await boss.work<{ runId: number }>(RUN_PROCESSED_QUEUE, { pollingIntervalSeconds: every.fast }, ([job]) =>
        tracked(async () => {
          // In module order: a re-test's tickets are settled before rules open new ones.
          for (const hook of hooks) await hook(w, job!.data.runId);
          return null;
        }),
      ),
    );
    for (const queue of queues) {
      if (queue.schedule) {
        const schedule = queue.schedule(ctx);
        if (schedule) await boss.schedule(queue.name, schedule.cron, schedule.data, schedule.options);
        else await boss.unschedule(queue.name);
      }
      const work = queue.work;
      if (!work) continue;
      workers.set(
        queue.name,
        await boss.work<object>(queue.name, { pollingIntervalSeconds: every[queue.polling ?? 'normal'], includeMetadata: true }, ([job]) =>
          tracked(async () => (await work(job!, w)) ?? null),
        ),
      );
    }
  }

  return {
    boss,
    send: (queue, data) => send(queue, data),
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: (options.stopGraceSeconds ?? 10) * 1000 });
      // A handler past the grace still holds the database: let it end (its own statements may still run), then let
      // pg-boss's unawaited completion of it go through before the gate shuts.
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 60_000).unref())]);
      await new Promise((r) => setImmediate(r));
      closed = true;
      // A poll or maintenance statement pg-boss started just before stopping may still be running: one more statement
      // queues behind it (PGlite runs one at a time), so the database is never closed under it.
      await database.sql.executeSql('SELECT 1').catch(() => undefined);
    },
  };
}
