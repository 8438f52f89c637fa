// Feed imports as background jobs on pg-boss (run by this server with BULWARK_JOBS=on, or by `bulwark worker`).
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { feedImports } from '../../db/schema/index.ts';

export const FEED_IMPORT_QUEUE = 'feed-import';

export async function startFeedImport(ctx: AppContext, id: number): Promise<void> {
  if (!ctx.jobs) throw new Error('The job queue is not running: feeds cannot be imported in the background.');
  await ctx.jobs.send(FEED_IMPORT_QUEUE, { id });
}

/** Waits until no feed import is queued or running (tests). */
export async function settleFeedImports(ctx: Pick<AppContext, 'db'>, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await ctx.db.$count(feedImports, inArray(feedImports.status, ['queued', 'running']));
    if (open === 0) return;
    if (Date.now() > until) throw new Error(`${open} feed import(s) still open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
