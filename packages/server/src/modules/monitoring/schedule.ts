// The profiles' own checks on their schedule: each minute, the due profiles (next check at or before now, or never
// checked) are claimed by moving their next check on, so two workers never run the same round, then checked a few at
// a time. A round that fails leaves the profile due again at its next interval, not in a tight loop.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/rows.ts';
import { runProfileCheck } from './check.ts';

/** Profiles claimed per minute and checked at once: a round over 10,000 hosts is one profile's whole minute. */
export const DUE_BATCH = 20;
const PARALLEL = 2;

export interface DueResult {
  checked: number;
  failed: number;
  raised: number;
}

/** Claims the due profiles of every customer with continuous monitoring on and runs their rounds. */
export async function runDueChecks(ctx: AppContext, now: Date): Promise<DueResult> {
  const at = now.toISOString();
  const due = await queryRows<{ id: number; customer_id: number }>(
    ctx.db,
    sql`update monitoring_profiles p set next_check_at = ${at}::timestamptz + make_interval(mins => p.check_interval)
        where p.id in (
          select q.id from monitoring_profiles q join customers c on c.id = q.customer_id
          where q.active and q.check_interval > 0 and (q.next_check_at is null or q.next_check_at <= ${at}::timestamptz)
            and 'continuous-monitoring' = any(c.feature_flags)
          order by q.next_check_at nulls first, q.id
          limit ${DUE_BATCH}
          for update of q skip locked)
        returning p.id, p.customer_id`,
  );
  const out: DueResult = { checked: 0, failed: 0, raised: 0 };
  let next = 0;
  const lane = async () => {
    while (next < due.length) {
      const p = due[next++]!;
      try {
        const r = await runProfileCheck(ctx, Number(p.customer_id), Number(p.id), now);
        out.checked += 1;
        out.raised += r.alerts_raised;
      } catch (err) {
        out.failed += 1;
        ctx.log.warn({ err, profile: p.id }, 'monitoring check failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, lane));
  return out;
}
