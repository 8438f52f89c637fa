// Starting feed imports in the background: on the pg-boss queue when jobs run, else in this process.
import type { AppContext } from '../../context.ts';
import { runFeedImport } from './import.ts';

export const FEED_IMPORT_QUEUE = 'feed-import';

/** Imports running in this process (without the job queue), so shutdown and tests can wait for them. */
const running = new Set<Promise<unknown>>();

export async function startFeedImport(ctx: AppContext, id: number): Promise<void> {
  if (ctx.jobs) {
    await ctx.jobs.boss.send(FEED_IMPORT_QUEUE, { id }, { retryLimit: 0, expireInSeconds: 6 * 3600 });
    return;
  }
  const task = runFeedImport(ctx.db, id).catch((err: unknown) => ctx.log.error({ err, id }, 'feed import failed'));
  running.add(task);
  void task.finally(() => running.delete(task));
}

/** Waits for the imports this process runs itself. */
export async function settleFeedImports(): Promise<void> {
  await Promise.all([...running]);
}
