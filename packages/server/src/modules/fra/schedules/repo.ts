// Assessment schedules (fra/schedules/): the same settings as an assessment plus the one recurrence of every schedule
// (schedules/recurrence.ts) and a sending window in hours. Saving works out the next run; a paused schedule has none.
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AssessmentSchedule, assessmentScheduleInput } from '@bulwark/core';
import type { Db, Tx } from '../../../db/client.ts';
import { containsPattern } from '../../../db/rows.ts';
import { fraSchedules } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { nextStarts, type Recurrence } from '../../../schedules/recurrence.ts';
import { checkReferences } from '../assessments/checks.ts';
import { isoOf, loadNames, settingsOf } from '../assessments/refs.ts';
import { settingsColumns } from '../assessments/save.ts';

export type ScheduleValues = z.output<typeof assessmentScheduleInput>;
export type ScheduleRow = typeof fraSchedules.$inferSelect;

export const SCHEDULE_ORDERING = ['name', 'next_run', 'created'] as const;
export type ScheduleOrdering = (typeof SCHEDULE_ORDERING)[number];

const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** The recurrence of a stored schedule. */
export const timingOf = (r: ScheduleRow): Recurrence => r.timing as unknown as Recurrence;

function timingColumns(v: ScheduleValues): Recurrence {
  return {
    start_date: v.start_date,
    time: v.time,
    time_zone: v.time_zone,
    end_date: v.end_date,
    repeat: v.repeat,
    interval: v.interval,
    weekdays: [...new Set(v.weekdays)].sort((a, b) => a - b),
    monthly_mode: v.monthly_mode,
    max_run_cnt: v.max_run_cnt,
  };
}

async function answer(db: Db | Tx, customerId: number, rows: ScheduleRow[]): Promise<AssessmentSchedule[]> {
  const names = await loadNames(db, customerId, rows);
  return rows.map((r) => {
    const t = timingOf(r);
    return {
      id: r.id,
      active: r.active,
      start_date: t.start_date,
      time: t.time,
      time_zone: t.time_zone,
      end_date: t.end_date,
      repeat: t.repeat,
      interval: t.interval,
      weekdays: t.weekdays,
      monthly_mode: t.monthly_mode,
      max_run_cnt: t.max_run_cnt,
      window_hours: r.windowHours,
      ...settingsOf(r, names),
      next_run: isoOf(r.nextRun),
      last_run: isoOf(r.lastRun),
      runs: r.runs,
      created: isoOf(r.createdAt)!,
    };
  });
}

export interface ScheduleQuery {
  page: number;
  pageSize: number;
  search?: string;
  active?: boolean;
  ordering: ScheduleOrdering;
  descending: boolean;
}

const COLUMN: Record<ScheduleOrdering, SQL> = {
  name: sql`lower(${fraSchedules.name})`,
  next_run: sql`${fraSchedules.nextRun}`,
  created: sql`${fraSchedules.createdAt}`,
};

export async function listSchedules(
  db: Db,
  customerId: number,
  q: ScheduleQuery,
): Promise<{ count: number; results: AssessmentSchedule[] }> {
  const where = and(
    eq(fraSchedules.customerId, customerId),
    q.search ? ilike(fraSchedules.name, containsPattern(q.search)) : undefined,
    q.active === undefined ? undefined : eq(fraSchedules.active, q.active),
  );
  const [total] = await db.select({ n: count() }).from(fraSchedules).where(where);
  const dir = q.descending ? desc : asc;
  const rows = await db
    .select()
    .from(fraSchedules)
    .where(where)
    .orderBy(dir(COLUMN[q.ordering]), dir(fraSchedules.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { count: Number(total?.n ?? 0), results: await answer(db, customerId, rows) };
}

export async function getSchedule(db: Db | Tx, customerId: number, id: number): Promise<AssessmentSchedule | null> {
  if (!isId(id)) return null;
  const rows = await db
    .select()
    .from(fraSchedules)
    .where(and(eq(fraSchedules.customerId, customerId), eq(fraSchedules.id, id)));
  return (await answer(db, customerId, rows))[0] ?? null;
}

/** Creates (no id) or changes a schedule; its next run is worked out from now and the runs already made. */
export async function saveSchedule(
  db: Db,
  customerId: number,
  v: ScheduleValues,
  userId: number,
  now: Date,
  id?: number,
): Promise<AssessmentSchedule> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, customerId, v);
    const timing = timingColumns(v);
    const columns = { ...settingsColumns(v), active: v.active, timing: { ...timing }, windowHours: v.window_hours, modifiedAt: now };
    let scheduleId = id;
    if (id === undefined) {
      const [row] = await tx
        .insert(fraSchedules)
        .values({
          customerId,
          ...columns,
          nextRun: v.active ? (nextStarts(timing, now, 1, 0)[0] ?? null) : null,
          createdBy: userId,
          createdAt: now,
        })
        .returning({ id: fraSchedules.id });
      scheduleId = row!.id;
    } else {
      if (!isId(id)) throw notFound();
      const [current] = await tx
        .select({ runs: fraSchedules.runs })
        .from(fraSchedules)
        .where(and(eq(fraSchedules.id, id), eq(fraSchedules.customerId, customerId)))
        .for('update');
      if (!current) throw notFound();
      const nextRun = v.active ? (nextStarts(timing, now, 1, current.runs)[0] ?? null) : null;
      await tx
        .update(fraSchedules)
        .set({ ...columns, nextRun })
        .where(eq(fraSchedules.id, id));
    }
    return (await getSchedule(tx, customerId, scheduleId!))!;
  });
}

/** Deletes a schedule; the assessments it started stay (their schedule link is cleared). */
export async function deleteSchedule(db: Db, customerId: number, id: number): Promise<void> {
  if (!isId(id)) throw notFound();
  const rows = await db
    .delete(fraSchedules)
    .where(and(eq(fraSchedules.id, id), eq(fraSchedules.customerId, customerId)))
    .returning({ id: fraSchedules.id });
  if (rows.length === 0) throw notFound();
}
