// Report schedules: a report made daily, weekly or monthly at a time in the recipients' time zone and e-mailed with its
// file attached. Next runs come from the recurrence engine every schedule shares (schedules/recurrence.ts): a time the
// clock skips at a daylight-saving change runs at the same minutes of the next hour that day, a repeated hour runs
// once, and day 0 means the month's last day. A schedule missed while no server ran starts once when one is back.
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  REPORT_FORMAT_LABELS,
  type reportScheduleInput,
  type ReportFormat,
  type ReportSchedule,
  type ReportScope,
  type ReportScopeKind,
} from '@bulwark/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { reports, reportSchedules } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { nextTimes } from '../../schedules/recurrence.ts';
import { selectionOf } from './data.ts';
import { readFile } from './files.ts';
import { createReport, FILE_TYPES, type ReportOwner } from './runs.ts';
import { getTemplate } from './templates.ts';

type ScheduleRow = typeof reportSchedules.$inferSelect;
export type ScheduleValues = z.output<typeof reportScheduleInput>;
type Timing = Pick<ScheduleValues, 'frequency' | 'time' | 'weekday' | 'day_of_month' | 'time_zone'>;
const DUPLICATE = 'A report schedule with this name already exists.';

/** The next `n` times a schedule runs after `after`. */
export function upcomingRuns(t: Timing, after: Date, n = 5): Date[] {
  return nextTimes(t, after, n);
}

function toSchedule(r: ScheduleRow, now: Date): ReportSchedule {
  const timing: Timing = {
    frequency: r.frequency as Timing['frequency'],
    time: r.time,
    weekday: r.weekday,
    day_of_month: r.dayOfMonth,
    time_zone: r.timeZone,
  };
  return {
    id: r.id,
    name: r.name,
    template: r.templateId,
    format: r.format as ReportFormat,
    scope_kind: r.scopeKind as ReportScopeKind,
    scope: { filters: {}, scan: null, ...(r.scope as Partial<ReportScope>) },
    ...timing,
    recipients: r.recipients,
    is_active: r.isActive,
    next_run_at: r.nextRunAt?.toISOString() ?? null,
    last_run_at: r.lastRunAt?.toISOString() ?? null,
    last_report: r.lastReportId,
    upcoming: r.isActive ? upcomingRuns(timing, now).map((d) => d.toISOString()) : [],
  };
}

export async function listSchedules(db: Db, customerId: number, page: number, pageSize: number, now: Date) {
  const where = eq(reportSchedules.customerId, customerId);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(reportSchedules).where(where),
    db
      .select()
      .from(reportSchedules)
      .where(where)
      .orderBy(sql`lower(${reportSchedules.name})`, desc(reportSchedules.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { count: Number(total?.n ?? 0), rows: rows.map((r) => toSchedule(r, now)) };
}

async function scheduleRow(db: Db, customerId: number, id: number): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.customerId, customerId), eq(reportSchedules.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function getSchedule(db: Db, customerId: number, id: number, now: Date): Promise<ReportSchedule> {
  return toSchedule(await scheduleRow(db, customerId, id), now);
}

async function check(db: Db, customerId: number, v: ScheduleValues): Promise<void> {
  await selectionOf(db, customerId, v.scope_kind, v.scope);
  if (v.template !== null) await getTemplate(db, customerId, v.template);
}

const values = (v: ScheduleValues, now: Date) => ({
  name: v.name,
  templateId: v.template,
  format: v.format,
  scopeKind: v.scope_kind,
  scope: v.scope,
  frequency: v.frequency,
  time: v.time,
  weekday: v.weekday,
  dayOfMonth: v.day_of_month,
  timeZone: v.time_zone,
  recipients: [...new Set(v.recipients.map((r) => r.toLowerCase()))],
  isActive: v.is_active,
  nextRunAt: v.is_active ? upcomingRuns(v, now, 1)[0]! : null,
  updatedAt: now,
});

export async function createSchedule(db: Db, o: ReportOwner, v: ScheduleValues, now: Date): Promise<ReportSchedule> {
  await check(db, o.customerId, v);
  try {
    const [row] = await db
      .insert(reportSchedules)
      .values({ customerId: o.customerId, createdBy: o.userId, ...values(v, now) })
      .returning();
    return toSchedule(row!, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ name: [DUPLICATE] });
    throw error;
  }
}

export async function updateSchedule(db: Db, customerId: number, id: number, v: ScheduleValues, now: Date): Promise<ReportSchedule> {
  await scheduleRow(db, customerId, id);
  await check(db, customerId, v);
  try {
    const [row] = await db
      .update(reportSchedules)
      .set(values(v, now))
      .where(and(eq(reportSchedules.customerId, customerId), eq(reportSchedules.id, id)))
      .returning();
    return toSchedule(row!, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ name: [DUPLICATE] });
    throw error;
  }
}

/** A schedule's stored values in the input's shape (what PATCH merges into). */
export async function scheduleValues(db: Db, customerId: number, id: number, now: Date): Promise<Record<string, unknown>> {
  const s = await getSchedule(db, customerId, id, now);
  const { id: _id, next_run_at: _n, last_run_at: _l, last_report: _r, upcoming: _u, ...rest } = s;
  return rest;
}

export async function deleteSchedule(db: Db, customerId: number, id: number): Promise<void> {
  const gone = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.customerId, customerId), eq(reportSchedules.id, id)))
    .returning({ id: reportSchedules.id });
  if (gone.length === 0) throw notFound();
}

/** Starts a schedule's report now (its owner is the schedule's author); answers the report's id. */
export async function runSchedule(db: Db, row: ScheduleRow, now: Date): Promise<number> {
  const owner: ReportOwner = { customerId: row.customerId, userId: row.createdBy ?? 0 };
  const report = await createReport(
    db,
    owner,
    {
      name: `${row.name} ${now.toISOString().slice(0, 10)}`,
      template: row.templateId,
      format: row.format as ReportFormat,
      scope_kind: row.scopeKind as ReportScopeKind,
      scope: { filters: {}, scan: null, ...(row.scope as Partial<ReportScope>) },
    },
    row.id,
  );
  await db.update(reportSchedules).set({ lastRunAt: now, lastReportId: report.id }).where(eq(reportSchedules.id, row.id));
  return report.id;
}

export async function runScheduleNow(db: Db, customerId: number, id: number, now: Date): Promise<number> {
  return runSchedule(db, await scheduleRow(db, customerId, id), now);
}

/**
 * Starts every schedule that is due and moves it to its next run after `now`: a schedule missed for days starts once.
 * Each is claimed by moving next_run_at in the same statement, so two servers never start the same one twice.
 */
export async function runDueSchedules(db: Db, now: Date, log: FastifyBaseLogger): Promise<number[]> {
  const due = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.isActive, true), lte(reportSchedules.nextRunAt, now)));
  const started: number[] = [];
  for (const row of due) {
    const next = upcomingRuns(
      {
        frequency: row.frequency as Timing['frequency'],
        time: row.time,
        weekday: row.weekday,
        day_of_month: row.dayOfMonth,
        time_zone: row.timeZone,
      },
      now,
      1,
    )[0]!;
    const claimed = await db
      .update(reportSchedules)
      .set({ nextRunAt: next })
      .where(and(eq(reportSchedules.id, row.id), eq(reportSchedules.nextRunAt, row.nextRunAt!)))
      .returning({ id: reportSchedules.id });
    if (claimed.length === 0) continue;
    try {
      started.push(await runSchedule(db, row, now));
    } catch (err) {
      log.error({ err, schedule: row.id }, 'scheduled report could not start');
    }
  }
  return started;
}

/** E-mails a finished scheduled report to the schedule's recipients, its file attached (a web report: a link). */
export async function mailScheduledReport(
  deps: { db: Db; mailer: Mailer; config: { publicUrl: string } },
  reportId: number,
): Promise<void> {
  const [row] = await deps.db
    .select({ report: reports, schedule: reportSchedules })
    .from(reports)
    .innerJoin(reportSchedules, eq(reportSchedules.id, reports.scheduleId))
    .where(eq(reports.id, reportId));
  if (!row) return;
  const { report, schedule } = row;
  const link = `${deps.config.publicUrl}/reports/reports/view/${report.id}`;
  const format = report.format as ReportFormat;
  const text = `Your scheduled report "${schedule.name}" (${REPORT_FORMAT_LABELS[format]}) is ready.\n\nView it in Bulwark: ${link}\n`;
  for (const to of schedule.recipients) {
    // Each message reads the file again: a stream can be sent once.
    const attachments =
      format === 'web' || report.fileName === null
        ? []
        : [{ filename: report.fileName, content: readFile(deps.db, { report: report.id }), contentType: FILE_TYPES[format].contentType }];
    await deps.mailer.send({ to, subject: `Bulwark report: ${schedule.name}`, text, attachments });
  }
}
