// Reading assessments as the API answers them: the list (paged, searched by name, filtered by state, ordered) and one
// by uuid, each with its counts of people — a recipient counts once per kind of event, only for what a person did;
// requests judged a machine's are counted apart (bot_events) — and its progress (the share of messages handled).
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Assessment, AssessmentState, AssessmentStats } from '@bulwark/core';
import type { Db, Tx } from '../../../db/client.ts';
import { containsPattern, intArray, queryRows } from '../../../db/rows.ts';
import { fraAssessments, users } from '../../../db/schema/index.ts';
import { isoOf, loadNames, settingsOf } from './refs.ts';

export const ASSESSMENT_ORDERING = ['name', 'state', 'created', 'send_start', 'started'] as const;
export type AssessmentOrdering = (typeof ASSESSMENT_ORDERING)[number];

export type AssessmentRow = typeof fraAssessments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

const EMPTY: AssessmentStats = {
  targets: 0,
  sent: 0,
  delivered: 0,
  bounced: 0,
  opened: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
  training_started: 0,
  training_completed: 0,
  bot_events: 0,
};

interface Counts extends AssessmentStats {
  handled: number;
  cancelled: number;
}

/** The counts of each assessment, from its targets' first-time columns (set only by a person's events). */
async function countsOf(db: Db | Tx, customerId: number, ids: number[]): Promise<Map<number, Counts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Record<string, number>>(
    db,
    sql`select assessment_id,
          count(*)::int as targets,
          count(sent_at)::int as sent,
          count(delivered_at)::int as delivered,
          count(bounced_at)::int as bounced,
          count(opened_at)::int as opened,
          count(clicked_at)::int as clicked,
          count(submitted_at)::int as submitted,
          count(reported_at)::int as reported,
          count(training_started_at)::int as training_started,
          count(training_completed_at)::int as training_completed,
          coalesce(sum(bot_events), 0)::int as bot_events,
          count(*) filter (where state in ('sent', 'bounced', 'failed'))::int as handled,
          count(*) filter (where state = 'cancelled')::int as cancelled
        from fra_targets
        where customer_id = ${customerId} and assessment_id = any(${intArray(ids)})
        group by assessment_id`,
  );
  return new Map(
    rows.map((r) => [Number(r.assessment_id), Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as Counts]),
  );
}

async function answer(db: Db | Tx, customerId: number, rows: { a: AssessmentRow; email: string | null }[]): Promise<Assessment[]> {
  const names = await loadNames(
    db,
    customerId,
    rows.map((r) => r.a),
  );
  const counts = await countsOf(
    db,
    customerId,
    rows.map((r) => r.a.id),
  );
  return rows.map(({ a, email }) => {
    const c = counts.get(a.id);
    const stats: AssessmentStats = { ...EMPTY };
    if (c) for (const k of Object.keys(EMPTY) as (keyof AssessmentStats)[]) stats[k] = c[k];
    const due = c ? c.targets - c.cancelled : 0;
    return {
      id: a.id,
      uuid: a.uuid,
      state: a.state,
      ...settingsOf(a, names),
      send_start: isoOf(a.sendStart),
      send_end: isoOf(a.sendEnd),
      schedule: a.scheduleId,
      stats,
      progress: due > 0 ? Math.round((c!.handled / due) * 1000) / 1000 : 0,
      created: isoOf(a.createdAt)!,
      created_by: a.createdBy !== null && email !== null ? { id: a.createdBy, email } : null,
      started: isoOf(a.startedAt),
      finished: isoOf(a.finishedAt),
    };
  });
}

export interface AssessmentQuery {
  page: number;
  pageSize: number;
  search?: string;
  states?: AssessmentState[];
  ordering: AssessmentOrdering;
  descending: boolean;
}

const COLUMN: Record<AssessmentOrdering, SQL | typeof fraAssessments.state> = {
  name: sql`lower(${fraAssessments.name})`,
  state: fraAssessments.state,
  created: sql`${fraAssessments.createdAt}`,
  send_start: sql`${fraAssessments.sendStart}`,
  started: sql`${fraAssessments.startedAt}`,
};

export async function listAssessments(db: Db, customerId: number, q: AssessmentQuery): Promise<{ count: number; results: Assessment[] }> {
  const where = and(
    eq(fraAssessments.customerId, customerId),
    q.search ? ilike(fraAssessments.name, containsPattern(q.search)) : undefined,
    q.states?.length ? inArray(fraAssessments.state, q.states) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(fraAssessments).where(where);
  const dir = q.descending ? desc : asc;
  const rows = await db
    .select({ a: fraAssessments, email: users.email })
    .from(fraAssessments)
    .leftJoin(users, eq(users.id, fraAssessments.createdBy))
    .where(where)
    .orderBy(dir(COLUMN[q.ordering]), dir(fraAssessments.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { count: Number(total?.n ?? 0), results: await answer(db, customerId, rows) };
}

/** The customer's assessment row by uuid (null for a malformed uuid or another customer's). */
export async function assessmentRow(db: Db | Tx, customerId: number, uuid: string, lock = false): Promise<AssessmentRow | null> {
  if (!isUuid(uuid)) return null;
  const q = db
    .select()
    .from(fraAssessments)
    .where(and(eq(fraAssessments.customerId, customerId), eq(fraAssessments.uuid, uuid)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function getAssessment(db: Db | Tx, customerId: number, uuid: string): Promise<Assessment | null> {
  if (!isUuid(uuid)) return null;
  const rows = await db
    .select({ a: fraAssessments, email: users.email })
    .from(fraAssessments)
    .leftJoin(users, eq(users.id, fraAssessments.createdBy))
    .where(and(eq(fraAssessments.customerId, customerId), eq(fraAssessments.uuid, uuid)));
  return (await answer(db, customerId, rows))[0] ?? null;
}
