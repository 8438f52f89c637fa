// What a scheduled scan tells the people its schedule names (notification_config, reminder_config): its run started,
// finished (with the new critical and high findings, and a link to the result), failed, or was paused by the blackout
// window; and a reminder before a scheduled start. A read model over runs and schedules: it only reads them, and it
// records the messages for deliveries.ts to send.
import { and, eq, gt, isNotNull, lte, or, isNull, ne, sql } from 'drizzle-orm';
import { INTERVAL_UNIT_MINUTES, SCAN_RUN_STATUS, type IntervalUnit, type NotificationConfig, type ReminderConfig } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { scanSchedules } from '../../db/schema/index.ts';
import type { Message } from './channels.ts';
import { queueNotifications } from './deliveries.ts';

export type RunEvent = 'scan_started' | 'scan_finished' | 'scan_failed' | 'scan_paused_blackout';

const when = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '—');

/** Records the messages of a run's event for its schedule's channels (none for a run no schedule started). */
export async function notifyRunEvent(db: Db, runId: number, event: RunEvent, publicUrl: string, detail?: string): Promise<number[]> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.customer_id, r.name, r.status, r.started_at, r.finished_at, r.hosts_total, r.hosts_up, r.cnt_vulns,
               s.id as schedule_id, s.notification_config,
               c.min_qod,
               (select count(*) from findings f where f.last_run_id = r.id and f.state = 0 and f.severity = 4 and f.qod >= c.min_qod)::int as new_critical,
               (select count(*) from findings f where f.last_run_id = r.id and f.state = 0 and f.severity = 3 and f.qod >= c.min_qod)::int as new_high,
               (select count(*) from findings f where f.last_run_id = r.id and f.state = 0 and f.severity >= 3 and f.qod < c.min_qod)::int as below_qod
        from scan_runs r join scan_schedules s on s.scan_id = r.scan_id join customers c on c.id = r.customer_id
        where r.id = ${runId} and r.scheduled`,
  );
  if (!row) return [];
  const config = row.notification_config as Partial<NotificationConfig>;
  const link = `${publicUrl}/scans/scans/view/nscan/${runId}`;
  const name = String(row.name);
  const message: Message = { event, title: '', lines: [], facts: [], link, data: { run: runId, schedule: Number(row.schedule_id) } };
  if (event === 'scan_started') {
    message.title = `Scheduled scan started: ${name}`;
    message.lines = ['The scheduled scan has started.'];
    message.facts = [['Started', when(new Date())]];
  } else if (event === 'scan_finished') {
    const critical = Number(row.new_critical);
    const high = Number(row.new_high);
    message.title = `Scan finished: ${name} — ${critical} new critical, ${high} new high`;
    message.lines = [
      critical + high > 0 ? `${critical + high} new critical or high findings need a look.` : 'No new critical or high findings.',
    ];
    message.facts = [
      ['Hosts up', `${Number(row.hosts_up)} of ${Number(row.hosts_total)}`],
      ['Findings', String(Number(row.cnt_vulns))],
      ['New critical', String(critical)],
      ['New high', String(high)],
      ['Finished', when(row.finished_at as string | null)],
    ];
    // As every count the user sees: findings below the organisation's minimum quality of detection are not counted.
    const below = Number(row.below_qod);
    if (below > 0)
      message.lines.push(
        `${below} more new critical or high ${below === 1 ? 'finding is' : 'findings are'} below the minimum quality of detection (${Number(row.min_qod)} %) and not counted.`,
      );
    message.data = { ...message.data, new_critical: critical, new_high: high, below_min_qod: below };
  } else if (event === 'scan_failed') {
    message.title = `Scan failed: ${name}`;
    message.lines = [detail ?? 'The scan ended with errors; its result page says why.'];
  } else {
    message.title = `Scan paused by the blackout window: ${name}`;
    message.lines = [detail ?? 'It resumes when the window ends.'];
  }
  return queueNotifications(db, Number(row.customer_id), config, message, { scheduleId: Number(row.schedule_id), runId });
}

/** After results processing: finished or failed, by the run's status. */
export async function notifyRunEnded(db: Db, runId: number, publicUrl: string): Promise<number[]> {
  const [run] = await queryRows<{ status: number }>(db, sql`select status from scan_runs where id = ${runId}`);
  if (!run) return [];
  return notifyRunEvent(db, runId, Number(run.status) === SCAN_RUN_STATUS.error ? 'scan_failed' : 'scan_finished', publicUrl);
}

/**
 * Records reminders of scheduled starts now within their schedule's notice (notify_before_time, in minutes), once per
 * start (reminded_for). Answers the schedules reminded.
 */
export async function queueDueReminders(db: Db, now: Date, publicUrl: string): Promise<number[]> {
  const due = await db
    .select()
    .from(scanSchedules)
    .where(
      and(
        eq(scanSchedules.isActive, true),
        isNotNull(scanSchedules.nextRunAt),
        gt(scanSchedules.nextRunAt, now),
        sql`coalesce((${scanSchedules.reminderConfig}->>'notify_before_time')::int, 0) > 0`,
        lte(sql`${scanSchedules.nextRunAt} - make_interval(mins => (${scanSchedules.reminderConfig}->>'notify_before_time')::int)`, now),
        or(isNull(scanSchedules.remindedFor), ne(scanSchedules.remindedFor, scanSchedules.nextRunAt)),
      ),
    );
  const reminded: number[] = [];
  for (const s of due) {
    const claimed = await db
      .update(scanSchedules)
      .set({ remindedFor: s.nextRunAt })
      .where(and(eq(scanSchedules.id, s.id), or(isNull(scanSchedules.remindedFor), ne(scanSchedules.remindedFor, s.nextRunAt!))))
      .returning({ id: scanSchedules.id });
    if (claimed.length === 0) continue;
    const config = s.reminderConfig as Partial<ReminderConfig>;
    const minutes = Number(config.notify_before_time ?? 0);
    const unit = (config.notify_before_unit ?? 'minutes') as IntervalUnit;
    const ahead = `${Math.round(minutes / INTERVAL_UNIT_MINUTES[unit])} ${unit}`;
    await queueNotifications(
      db,
      s.customerId,
      config,
      {
        event: 'scan_reminder',
        title: `Scheduled scan in ${ahead}: ${s.name}`,
        lines: [`The scan "${s.name}" starts at ${when(s.nextRunAt)}.`],
        facts: [['Starts', when(s.nextRunAt)]],
        link: `${publicUrl}/scans/schedules/view/${s.scanId}`,
        data: { schedule: s.id },
      },
      { scheduleId: s.id },
    );
    reminded.push(s.id);
  }
  return reminded;
}
