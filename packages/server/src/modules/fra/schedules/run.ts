// Starting due assessment schedules: each due schedule is claimed (its next run moved on, so two workers never start
// it twice), then an assessment "<schedule> — <date>" is created with the schedule's settings and a window from now
// to now + window hours, and started in one transaction. A run that cannot start (nobody matches, a template archived)
// is logged and does not count as a run.
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { fraSchedules } from '../../../db/schema/index.ts';
import { nextStarts } from '../../../schedules/recurrence.ts';
import { createAssessment, type AssessmentValues } from '../assessments/save.ts';
import { startIn, wakeSender } from '../assessments/start.ts';
import { timingOf, type ScheduleRow } from './repo.ts';

/** The settings of one run of a schedule. */
export function runValues(s: ScheduleRow, now: Date): AssessmentValues {
  const day = now.toLocaleDateString('en-CA', { timeZone: timingOf(s).time_zone || 'UTC' });
  return {
    name: `${s.name} — ${day}`.slice(0, 255),
    phishing_templates: s.phishingTemplateIds,
    recipients: s.selection,
    sender_domain: s.senderDomainId ?? 0,
    landing_domain: s.landingDomainId,
    training_template: s.trainingTemplateId,
    training_trigger: s.trainingTrigger,
    rate_per_minute: s.ratePerMinute,
    tracking_days: s.trackingDays,
    send_start: null,
    send_end: s.windowHours > 0 ? new Date(now.getTime() + s.windowHours * 3_600_000).toISOString() : null,
  };
}

/** Starts every due schedule at `now`; answers the uuids of the assessments started. */
export async function runDueSchedules(ctx: AppContext, now: Date): Promise<string[]> {
  const due = await ctx.db
    .select()
    .from(fraSchedules)
    .where(and(eq(fraSchedules.active, true), sql`${fraSchedules.nextRun} <= ${now.toISOString()}::timestamptz`));
  const started: string[] = [];
  for (const s of due) {
    const next = nextStarts(timingOf(s), now, 1, s.runs + 1)[0] ?? null;
    const claimed = await ctx.db
      .update(fraSchedules)
      .set({ nextRun: next, lastRun: now })
      .where(and(eq(fraSchedules.id, s.id), eq(fraSchedules.nextRun, s.nextRun!)))
      .returning({ id: fraSchedules.id });
    if (claimed.length === 0) continue;
    try {
      const uuid = await ctx.db.transaction(async (tx) => {
        const created = await createAssessment(tx, s.customerId, runValues(s, now), s.createdBy, now, s.id);
        await startIn(tx, ctx, s.customerId, created, now);
        await tx
          .update(fraSchedules)
          .set({ runs: sql`${fraSchedules.runs} + 1` })
          .where(eq(fraSchedules.id, s.id));
        return created;
      });
      started.push(uuid);
    } catch (err) {
      ctx.log.warn({ err, schedule: s.id }, 'a scheduled phishing assessment could not start');
      // Not a run: the next run is worked out from the runs actually made.
      const retry = nextStarts(timingOf(s), now, 1, s.runs)[0] ?? null;
      await ctx.db.update(fraSchedules).set({ nextRun: retry }).where(eq(fraSchedules.id, s.id));
    }
  }
  if (started.length) await wakeSender(ctx);
  return started;
}
