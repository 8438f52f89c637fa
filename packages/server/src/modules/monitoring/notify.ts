// Tells people about new alerts: the profile owner's e-mail (with cc), its SMS recipients, and the customer's Slack,
// Teams and webhook integrations the profile names, through the notification outbox: one message per profile and
// round, a fact line per alert. Each alert is told once (notified_at), even when several rounds race.
import { sql } from 'drizzle-orm';
import { MONITORING_TRIGGER_LABELS, SEVERITY_LABELS, type MonitoringTrigger } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { handOver, queueNotifications, type Message } from '../notifications/index.ts';

/** A message names this many alerts, then says how many more. */
export const ALERTS_PER_MESSAGE = 20;

interface NewAlert extends Record<string, unknown> {
  id: number;
  customer_id: number;
  profile_id: number;
  profile_name: string;
  trigger: string;
  title: string;
  subject: string;
  severity: number;
  asset_name: string;
  notify_owner: boolean;
  owner_email: string | null;
  owner_active: boolean | null;
  notif_cc: string[];
  notif_sms_recipients: string[];
  slack: boolean;
  teams: boolean;
  webhooks: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const severityLabel = (s: number) => (SEVERITY_LABELS as Record<number, string | undefined>)[s] ?? String(s);

/** The message of one profile's new alerts (oldest first). */
export function alertMessage(publicUrl: string, alerts: NewAlert[]): Message {
  const first = alerts[0]!;
  const triggers = [...new Set(alerts.map((a) => a.trigger))];
  const base = publicUrl.replace(/\/+$/, '');
  const link =
    alerts.length === 1
      ? `${base}/policies/alerts/view/${first.id}`
      : triggers.length === 1
        ? `${base}/policies/alerts/show/${first.profile_id}/${first.trigger}`
        : `${base}/policies/alerts`;
  const shown = alerts.slice(0, ALERTS_PER_MESSAGE);
  const more = alerts.length - shown.length;
  return {
    event: 'monitoring_alert',
    title: `${plural(alerts.length, 'new alert', 'new alerts')}: ${first.profile_name}`,
    lines: [
      `Monitoring profile "${first.profile_name}" saw ${plural(alerts.length, 'change', 'changes')}: ` +
        triggers.map((t) => MONITORING_TRIGGER_LABELS[t as MonitoringTrigger] ?? t).join(', ') +
        '.',
      ...(more > 0 ? [`${plural(more, 'more alert is', 'more alerts are')} not listed here.`] : []),
    ],
    facts: shown.map((a) => [a.asset_name, `${a.title} (${severityLabel(Number(a.severity))})`]),
    link,
    data: {
      profile: first.profile_id,
      alerts: alerts.map((a) => a.id),
      triggers,
    },
  };
}

/** Queues the notifications of these newly raised alerts (one message per profile and round) and marks them notified. */
export async function notifyAlerts(ctx: AppContext, alertIds: number[]): Promise<void> {
  const ids = [...new Set(alertIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return;
  const now = ctx.clock();
  const queued = await ctx.db.transaction(async (tx) => {
    // Claim first: an alert another round has already told (or is telling) is left out.
    const claimed = await queryRows<{ id: number }>(
      tx,
      sql`update monitoring_alerts set notified_at = ${now.toISOString()}::timestamptz
          where id = any(${intArray(ids)}) and notified_at is null and resolved_at is null returning id`,
    );
    if (claimed.length === 0) return 0;
    const rows = await queryRows<NewAlert>(
      tx,
      sql`select m.id, m.customer_id, m.profile_id, p.name as profile_name, m.trigger, m.title, m.subject, m.severity,
                 coalesce(nullif(a.name, ''), a.value) as asset_name, p.notify_owner, u.email as owner_email,
                 u.is_active as owner_active, p.notif_cc, p.notif_sms_recipients, p.slack, p.teams, p.webhooks
          from monitoring_alerts m join monitoring_profiles p on p.id = m.profile_id join assets a on a.id = m.asset_id
               left join users u on u.id = p.owner_id and u.customer_id = p.customer_id
          where m.id = any(${intArray(claimed.map((c) => Number(c.id)))})
          order by m.profile_id, m.severity desc, m.first_seen, m.id`,
    );
    const byProfile = new Map<number, NewAlert[]>();
    for (const r of rows) byProfile.set(Number(r.profile_id), [...(byProfile.get(Number(r.profile_id)) ?? []), r]);
    let n = 0;
    for (const alerts of byProfile.values()) {
      const p = alerts[0]!;
      const owner = p.notify_owner && p.owner_email && p.owner_active !== false ? [p.owner_email] : [];
      const cc = Array.isArray(p.notif_cc) ? p.notif_cc : [];
      // Without the owner, the copied addresses are the recipients (a message must be addressed to someone).
      const email = owner.length ? owner : cc;
      const delivered = await queueNotifications(
        tx,
        Number(p.customer_id),
        {
          email,
          cc: owner.length ? cc.filter((c) => c !== owner[0]) : [],
          sms: Array.isArray(p.notif_sms_recipients) ? p.notif_sms_recipients : [],
          slack: Boolean(p.slack),
          teams: Boolean(p.teams),
          webhooks: Boolean(p.webhooks),
        },
        alertMessage(ctx.config.publicUrl, alerts),
      );
      n += delivered.length;
    }
    return n;
  });
  // After the commit: the outbox job sends them; the minute sweep hands over what this misses.
  if (queued > 0 && ctx.jobs) await handOver(ctx.db, ctx.jobs.send.bind(ctx.jobs));
}
