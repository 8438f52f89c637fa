// Daily snapshots of each customer's exposure (exposure_snapshots): what counts open by severity, the average asset
// risk, and the findings first found and fixed that day. Housekeeping refreshes today's row every 15 minutes, so a
// year of trend reads 365 rows however many findings there are. Findings below the customer's minimum quality of
// detection are left out; a stored day keeps the figures of its day (history is not recomputed), today is read live.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** The UTC day of a moment, as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** Every customer's (or one's) figures of the day of `now`, as snapshot columns. */
function figures(now: Date, customerId?: number) {
  const day = dayOf(now);
  return sql`select c.id as customer_id, ${day}::date as day, coalesce(o.critical, 0) as critical, coalesce(o.high, 0) as high,
               coalesce(o.medium, 0) as medium, coalesce(o.low, 0) as low, coalesce(o.info, 0) as info,
               coalesce(r.average, 0) as average_risk, coalesce(d.n, 0) as detected, coalesce(x.n, 0) as fixed
        from customers c
        left join lateral (
          select count(*) filter (where f.severity = 4)::int as critical, count(*) filter (where f.severity = 3)::int as high,
                 count(*) filter (where f.severity = 2)::int as medium, count(*) filter (where f.severity = 1)::int as low,
                 count(*) filter (where f.severity = 0)::int as info
          from findings f where f.customer_id = c.id and f.state <> 3 and f.ignore_kind is null and not f.test_ignored
            and f.qod >= c.min_qod) o on true
        left join lateral (
          select avg(a.risk_score) as average from assets a
          where a.customer_id = c.id and a.last_seen is not null and a.archived_at is null) r on true
        left join lateral (
          select count(*)::int as n from findings f
          where f.customer_id = c.id and f.qod >= c.min_qod and f.first_seen >= ${day}::date and f.first_seen < ${day}::date + 1) d on true
        left join lateral (
          select count(*)::int as n from findings f
          where f.customer_id = c.id and f.state = 3 and f.closed_reason is null and f.qod >= c.min_qod
            and f.closed_at >= ${day}::date and f.closed_at < ${day}::date + 1) x on true
        where ${customerId === undefined ? sql`true` : sql`c.id = ${customerId}`}`;
}

/** Writes (or refreshes) today's snapshot of every customer, or of one. Answers how many rows it wrote. */
export async function takeSnapshots(db: Db | Tx, now: Date, customerId?: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`insert into exposure_snapshots (customer_id, day, critical, high, medium, low, info, average_risk, detected, fixed, taken_at)
        select f.customer_id, f.day, f.critical, f.high, f.medium, f.low, f.info, f.average_risk, f.detected, f.fixed,
               ${now.toISOString()}::timestamptz
        from (${figures(now, customerId)}) f
        on conflict (customer_id, day) do update set
          critical = excluded.critical, high = excluded.high, medium = excluded.medium, low = excluded.low, info = excluded.info,
          average_risk = excluded.average_risk, detected = excluded.detected, fixed = excluded.fixed, taken_at = excluded.taken_at
        returning customer_id`,
  );
  return rows.length;
}

export interface SnapshotRow extends Record<string, unknown> {
  day: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
  info: number;
  average_risk: number;
  detected: number;
  fixed: number;
}

/**
 * The customer's snapshots of the last `days` days, oldest first, with today's figures as they are now (a read writes
 * nothing: housekeeping keeps today's row).
 */
export async function snapshotsOf(db: Db, customerId: number, days: number, now: Date): Promise<SnapshotRow[]> {
  const today = dayOf(now);
  const [stored, live] = await Promise.all([
    queryRows<SnapshotRow>(
      db,
      sql`select day::text as day, critical, high, medium, low, info, average_risk, detected, fixed from exposure_snapshots
          where customer_id = ${customerId} and day > ${today}::date - ${days}::int and day < ${today}::date order by day`,
    ),
    liveFigures(db, customerId, now),
  ]);
  return [...stored, ...live];
}

/**
 * Today's figures, worked out once for every read that asks while they are being worked out: a dashboard asks for
 * several trends at once, and each would otherwise count the customer's open findings again. Nothing is kept after.
 */
const inFlight = new WeakMap<Db, Map<string, Promise<SnapshotRow[]>>>();
function liveFigures(db: Db, customerId: number, now: Date): Promise<SnapshotRow[]> {
  const key = `${customerId}:${dayOf(now)}`;
  let ofDb = inFlight.get(db);
  if (!ofDb) inFlight.set(db, (ofDb = new Map()));
  const reads = ofDb;
  let pending = reads.get(key);
  if (!pending) {
    pending = queryRows<SnapshotRow>(
      db,
      sql`select day::text as day, critical, high, medium, low, info, average_risk, detected, fixed from (${figures(now, customerId)}) f`,
    ).finally(() => reads.delete(key));
    reads.set(key, pending);
  }
  return pending;
}
