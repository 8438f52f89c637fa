// The scheduled runs of watched targets: every minute, each kind's active monitors that are due (next_run at or before
// now) for customers with the kind's flags are claimed in a bounded batch — next_run moves on by the interval in the
// same statement, with SKIP LOCKED, so two workers never run one monitor twice and a monitor late by hours runs once,
// not once per missed interval — then run a few at a time.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows, textArray } from '../../db/rows.ts';
import type { MonitorKind } from './kinds.ts';
import { mailServers } from './mail-server.ts';
import { monitorById } from './repo.ts';
import { runMonitor } from './run.ts';
import { websites } from './website.ts';

/** Every kind of watched target, in the order a pass runs them. */
export const KINDS: readonly MonitorKind[] = [websites, mailServers];

export interface DueOptions {
  /**
   * Monitors claimed per kind and pass (the rest stay due for the next minute's pass): with the default 50 and 16 at
   * once, a pass of slow targets (a website's longest run is 125 s, a mail server's 120 s) ends well within the job's
   * 15 minutes.
   */
  batch?: number;
  /** Runs at once. */
  concurrency?: number;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** One pass: claims what is due of every kind, then runs it all in one pool; answers how many of each kind it ran. */
export async function runDueMonitors(ctx: AppContext, now: Date, o: DueOptions = {}): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const due: { kind: MonitorKind; id: number }[] = [];
  const at = sql`${now.toISOString()}::timestamptz`;
  for (const kind of KINDS) {
    const table = sql.identifier(kind.table);
    const claimed = await queryRows<{ id: number }>(
      ctx.db,
      sql`update ${table} m set next_run = ${at} + make_interval(mins => m.interval)
          where m.id in (select d.id from ${table} d join customers c on c.id = d.customer_id
                         where d.active and d.next_run <= ${at} and c.feature_flags @> ${textArray(kind.flag)}
                         order by d.next_run, d.id limit ${o.batch ?? 50} for update of d skip locked)
          returning m.id`,
    );
    counts[kind.entity] = claimed.length;
    due.push(...claimed.map(({ id }) => ({ kind, id: Number(id) })));
  }
  await pool(due, o.concurrency ?? 16, async ({ kind, id }) => {
    const row = await monitorById(ctx.db, kind, id);
    if (!row) return;
    try {
      await runMonitor(ctx, kind, row, 'schedule', now);
    } catch (err) {
      // One monitor's failure (its log could not be written) never holds up the others of the pass.
      ctx.log.error({ err, kind: kind.entity, monitor: id }, 'scheduled monitor run failed');
    }
  });
  return counts;
}
