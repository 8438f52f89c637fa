// One run of a watched target of any kind, on its schedule or by scan-website/ / scan-mailserver/: the kind's engine
// (bounded by the kind's longest run; an engine that throws or is aborted makes a failed run, never a lost one), the
// scan-log row and the monitor's summary in one transaction, then one message to the monitor's e-mail and SMS
// recipients naming only the checks that alert now and did not at the previous run ("never cry wolf").
import type { AppContext } from '../../context.ts';
import { handOver, queueNotifications, type Message } from '../notifications/index.ts';
import type { Checked, LogRow, MonitorKind, MonitorRow } from './kinds.ts';
import { insertLog, updateMonitor } from './repo.ts';

export type RunTrigger = 'schedule' | 'manual';

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** An alert key ("starttls@mx1.example.org") as people read it ("STARTTLS (mx1.example.org)"). */
export function checkLabel(kind: MonitorKind, key: string): string {
  const at = key.indexOf('@');
  const check = at < 0 ? key : key.slice(0, at);
  const label = kind.checkLabels[check] ?? check;
  return at < 0 ? label : `${label} (${key.slice(at + 1)})`;
}

async function notify(ctx: AppContext, kind: MonitorKind, row: MonitorRow, checked: Checked, newly: string[], logId: number, at: Date) {
  const email = row.email_recipients ?? [];
  const sms = row.sms_recipients ?? [];
  if (email.length === 0 && sms.length === 0) return;
  const message: Message = {
    event: kind.event,
    title: `${kind.label} ${kind.title(row)}: ${newly.map((k) => checkLabel(kind, k)).join(', ')}`,
    lines: newly.map((k) => `${checkLabel(kind, k)}: ${checked.details[k] ?? ''}`),
    facts: [
      ['Status', checked.status],
      ['Checked', when(at)],
    ],
    link: `${ctx.config.publicUrl}${kind.screen}/${row.id}`,
    data: { [kind.entity]: row.id, scan_log: logId, newly_failing: newly },
  };
  const ids = await queueNotifications(ctx.db, row.customer_id, { email, sms }, message);
  if (ids.length && ctx.jobs) await handOver(ctx.db, ctx.jobs.send.bind(ctx.jobs));
}

/**
 * Runs one monitor now and answers its new scan-log row (null when the monitor was deleted while it ran). `row` is the
 * monitor as read before the run: its `failing` list is what "newly" is measured against.
 */
export async function runMonitor<L>(
  ctx: AppContext,
  kind: MonitorKind<unknown, unknown, L>,
  row: MonitorRow,
  trigger: RunTrigger,
  now: Date = ctx.clock(),
): Promise<L | null> {
  const limit = kind.maxRunMs(row);
  const signal = AbortSignal.timeout(limit);
  let checked: Checked;
  try {
    checked = await kind.check(ctx, row, now, signal);
  } catch (err) {
    const reason = signal.aborted ? `no result within ${Math.round(limit / 1000)} s` : err instanceof Error ? err.message : String(err);
    ctx.log.warn({ kind: kind.entity, monitor: row.id, reason }, 'monitor run failed');
    checked = kind.failed(row, reason);
  }
  const finished = new Date(Math.max(ctx.clock().getTime(), now.getTime()));
  const before = new Set(row.failing ?? []);
  const newly = checked.alerting.filter((k) => !before.has(k));
  const log = await ctx.db.transaction(async (tx) => {
    const kept = await updateMonitor(tx, kind, row.customer_id, row.id, {
      ...checked.summary,
      last_run: now,
      last_status: checked.status,
      failing: checked.alerting,
    });
    if (!kept) return null;
    const columns = {
      ...checked.log,
      customer_id: row.customer_id,
      [kind.logKey]: row.id,
      started_at: now,
      finished_at: finished,
      status: checked.status,
      trigger,
      newly_failing: newly,
      result: checked.result,
    };
    const id = await insertLog(tx, kind, columns);
    return { ...columns, id, monitor_id: row.id } as LogRow;
  });
  if (!log) return null;
  if (newly.length) await notify(ctx, kind, row, checked, newly, log.id, now);
  return kind.logToReply(log);
}
