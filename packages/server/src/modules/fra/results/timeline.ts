// An assessment's timeline for its chart (people's first times per hour or day, from the targets' first-time columns;
// machine requests from the events, counted apart) and the tracking requests of one target (bots included, marked).
import { sql, type SQL } from 'drizzle-orm';
import { TRACKING_EVENTS, type AssessmentTimeline, type TrackingEvent, type TrackingEventRow } from '@bulwark/core';
import type { Db, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { AssetScope } from '../../../tenancy/visibility.ts';
import { EVENT_COLUMN, recipientScope } from './read-model.ts';

type Bucket = 'hour' | 'day';

const zeros = (): Record<TrackingEvent, number> => Object.fromEntries(TRACKING_EVENTS.map((k) => [k, 0])) as Record<TrackingEvent, number>;

/** Targets the caller may see: for a LIMITED member only, the recipient's asset tags narrow them. */
function targetScope(scope: AssetScope, alias: string): SQL {
  if (scope.limitedToTags === null) return sql`true`;
  return sql`exists (select 1 from fra_recipients r where r.id = ${sql.raw(alias)}.recipient_id and ${recipientScope(scope)})`;
}

function eventScope(scope: AssetScope): SQL {
  if (scope.limitedToTags === null) return sql`true`;
  return sql`exists (select 1 from fra_targets et join fra_recipients r on r.id = et.recipient_id
                     where et.id = e.target_id and ${recipientScope(scope)})`;
}

export async function assessmentTimeline(
  db: Db | Tx,
  scope: AssetScope,
  assessmentId: number,
  bucket: Bucket,
): Promise<AssessmentTimeline> {
  const unit = sql.raw(`'${bucket}'`);
  // One pass over the assessment's targets (index fra_targets_customer_idx), each first-time column a row of its own.
  const pairs = sql.join(
    TRACKING_EVENTS.map((k) => sql`(${k}::text, ${sql.raw(`t.${EVENT_COLUMN[k]}`)})`),
    sql`, `,
  );
  const human = sql`select k.kind, date_trunc(${unit}, k.at) as at, count(*)::int as n
    from fra_targets t cross join lateral (values ${pairs}) as k(kind, at)
    where t.customer_id = ${scope.customerId} and t.assessment_id = ${assessmentId} and k.at is not null and ${targetScope(scope, 't')}
    group by 1, 2`;
  type Count = { kind: TrackingEvent; at: string | Date; n: number };
  const [people, bots] = await Promise.all([
    queryRows<Count>(db, human),
    queryRows<Count>(
      db,
      sql`select e.kind, date_trunc(${unit}, e.at) as at, count(*)::int as n from fra_events e
        where e.assessment_id = ${assessmentId} and e.customer_id = ${scope.customerId} and not e.human
          and ${eventScope(scope)}
        group by 1, 2`,
    ),
  ]);
  const points = new Map<string, { at: string; human: Record<TrackingEvent, number>; bots: number }>();
  const point = (at: string | Date) => {
    const key = new Date(at).toISOString();
    let p = points.get(key);
    if (!p) points.set(key, (p = { at: key, human: zeros(), bots: 0 }));
    return p;
  };
  const totals = { human: zeros(), bots: zeros() };
  for (const r of people) {
    point(r.at).human[r.kind] += Number(r.n);
    totals.human[r.kind] += Number(r.n);
  }
  for (const r of bots) {
    point(r.at).bots += Number(r.n);
    totals.bots[r.kind] += Number(r.n);
  }
  return { bucket, points: [...points.values()].sort((a, b) => a.at.localeCompare(b.at)), totals };
}

export async function eventsOfTargets(
  db: Db | Tx,
  customerId: number,
  targetIds: readonly number[],
  o: { human?: boolean; limit: number; offset: number },
): Promise<{ count: number; results: (TrackingEventRow & { target: number })[] }> {
  if (targetIds.length === 0) return { count: 0, results: [] };
  const ids = sql.join(
    targetIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const where = sql`e.customer_id = ${customerId} and e.target_id in (${ids})${o.human === undefined ? sql`` : sql` and e.human = ${o.human}`}`;
  const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from fra_events e where ${where}`);
  const rows = await queryRows<{
    id: number;
    target_id: number;
    kind: TrackingEvent;
    at: string | Date;
    human: boolean;
    bot_reasons: TrackingEventRow['bot_reasons'];
    ip: string | null;
    user_agent: string | null;
    details: Record<string, unknown>;
  }>(
    db,
    sql`select e.id, e.target_id, e.kind, e.at, e.human, e.bot_reasons, e.ip, e.user_agent, e.details from fra_events e
        where ${where} order by e.at, e.id limit ${o.limit} offset ${o.offset}`,
  );
  return {
    count: Number(c?.n ?? 0),
    results: rows.map((e) => ({
      id: Number(e.id),
      target: Number(e.target_id),
      kind: e.kind,
      at: new Date(e.at).toISOString(),
      human: Boolean(e.human),
      bot_reasons: e.bot_reasons ?? [],
      ip: e.ip,
      user_agent: e.user_agent,
      details: e.details ?? {},
    })),
  };
}
