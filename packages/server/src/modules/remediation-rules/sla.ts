// Service levels of tickets: a ticket's due date comes from its rule (created + due_days[severity], set when the rule
// opens it); a ticket not closed (Open, In progress, Solution applied) whose due date is before the customer's today is overdue. This pass
// (every 15 minutes, clock injected) sends one reminder per due date some days before it and one overdue notice per
// overdue spell, each to the assignee, the assignee team's address and the rule's notify channels, and writes an
// 'overdue' history row. A ticket is claimed by one UPDATE before anything is sent, so two workers never both send.
import { sql, type SQL } from 'drizzle-orm';
import { ruleActions, type NotificationConfig } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/rows.ts';
import { handOver, queueNotifications, type Message } from '../notifications/index.ts';
import { recordTicketEvent } from '../tickets/index.ts';

/** Days before the due date a ticket no rule opened is reminded of. */
export const DEFAULT_REMIND_DAYS = 2;

/** Statuses whose tickets can be late: every one not closed (Solution applied is closed only once its re-test says Fixed). */
export const SLA_STATUSES = sql`(0, 1, 4)`;

/**
 * The customer's today on a row aliased `c` of customers at `now`: in the time zone of its blackout window when set
 * (the one time zone a customer names), else UTC.
 */
export function customerToday(now: Date, c = 'c'): SQL {
  return sql`(${now.toISOString()}::timestamptz at time zone coalesce(${sql.raw(c)}.blackouts->>'time_zone', 'UTC'))::date`;
}

/** True for an overdue ticket `t` of customer `c` at `now`. */
export function overdueSql(now: Date, t = 't', c = 'c'): SQL {
  const tt = sql.raw(t);
  return sql`(${tt}.status in ${SLA_STATUSES} and ${tt}.due_date is not null and ${tt}.due_date < ${customerToday(now, c)})`;
}

interface Claimed extends Record<string, unknown> {
  id: number;
  uuid: string;
  customer_id: number;
  number: number;
  title: string;
  due_date: string;
  rule_name: string | null;
  actions: unknown;
  user_email: string | null;
  team_email: string | null;
}

/** Who hears of a ticket's due date: its assignee, its team's address, and the channels of the rule that opened it. */
function recipients(r: Claimed): Partial<NotificationConfig> {
  const parsed = r.actions ? ruleActions.safeParse(r.actions) : null;
  const notify = parsed?.success ? parsed.data.notify : null;
  const email = [r.user_email, r.team_email, ...(notify?.email ?? [])].filter((e): e is string => Boolean(e));
  return { email, cc: notify?.cc ?? [], slack: notify?.slack ?? false, teams: notify?.teams ?? false, webhooks: notify?.webhooks ?? false };
}

const CLAIMED_COLUMNS = sql`t.id, t.uuid, t.customer_id, t.number, t.title, t.due_date::text as due_date, r.name as rule_name, r.actions,
  u.email as user_email, tm.notification_email as team_email`;
const CLAIMED_JOINS = sql`left join remediation_rules r on r.id = t.rule_id and r.customer_id = t.customer_id
  left join users u on u.id = t.assignee_user_id left join teams tm on tm.id = t.assignee_team_id`;

export async function ticketSlaPass(
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs'>,
  now: Date,
): Promise<{ ticketsReminded: number; ticketsOverdue: number }> {
  const { db } = ctx;
  const today = customerToday(now);
  // Overdue: once per spell. A notice sent on or before the current due date belongs to an earlier spell (the due date
  // was moved later since), so the ticket is told again.
  const overdue = await queryRows<Claimed>(
    db,
    sql`with claim as (
          update tickets t set overdue_notified_at = ${now.toISOString()}::timestamptz
          from customers c
          where c.id = t.customer_id and 'unified-remediation' = any(c.feature_flags) and ${overdueSql(now)}
            and (t.overdue_notified_at is null
                 or (t.overdue_notified_at at time zone coalesce(c.blackouts->>'time_zone', 'UTC'))::date <= t.due_date)
          returning t.*)
        select ${CLAIMED_COLUMNS} from claim t ${CLAIMED_JOINS}`,
  );
  // Reminders: once per due date, within the rule's days before it (a hand-made ticket: DEFAULT_REMIND_DAYS).
  const reminded = await queryRows<Claimed>(
    db,
    sql`with claim as (
          update tickets t set due_reminded_for = t.due_date
          from customers c
          where c.id = t.customer_id and 'unified-remediation' = any(c.feature_flags)
            and t.status in ${SLA_STATUSES} and t.due_date is not null and t.due_date >= ${today}
            and t.due_reminded_for is distinct from t.due_date
            and t.due_date - coalesce((select (r.actions->'open_ticket'->>'remind_days_before')::int from remediation_rules r
                                        where r.id = t.rule_id and r.customer_id = t.customer_id), ${DEFAULT_REMIND_DAYS}) <= ${today}
            and coalesce((select (r.actions->'open_ticket'->>'remind_days_before')::int from remediation_rules r
                          where r.id = t.rule_id and r.customer_id = t.customer_id), ${DEFAULT_REMIND_DAYS}) > 0
          returning t.*)
        select ${CLAIMED_COLUMNS} from claim t ${CLAIMED_JOINS}`,
  );
  let queued = 0;
  for (const t of overdue) {
    await recordTicketEvent(db, {
      customerId: Number(t.customer_id),
      ticketId: Number(t.id),
      at: now,
      kind: 'overdue',
      source: 'sla',
      changes: { due_date: [t.due_date, t.due_date] },
    });
    queued += (await queueNotifications(db, Number(t.customer_id), recipients(t), message(ctx.config.publicUrl, t, 'ticket_overdue')))
      .length;
  }
  for (const t of reminded)
    queued += (await queueNotifications(db, Number(t.customer_id), recipients(t), message(ctx.config.publicUrl, t, 'ticket_due_soon')))
      .length;
  if (queued && ctx.jobs) await handOver(db, ctx.jobs.send.bind(ctx.jobs));
  return { ticketsReminded: reminded.length, ticketsOverdue: overdue.length };
}

function message(publicUrl: string, t: Claimed, event: 'ticket_overdue' | 'ticket_due_soon'): Message {
  const late = event === 'ticket_overdue';
  return {
    event,
    title: `${late ? 'Ticket overdue' : 'Ticket due soon'}: #${t.number} ${t.title}`,
    lines: [late ? `Ticket #${t.number} was due on ${t.due_date} and is still open.` : `Ticket #${t.number} is due on ${t.due_date}.`],
    facts: [['Due', t.due_date], ...(t.rule_name ? ([['Rule', t.rule_name]] as [string, string][]) : [])],
    link: `${publicUrl}/remediation/unified-tickets/view/${t.uuid}`,
    data: { ticket: Number(t.id), number: Number(t.number), due_date: t.due_date },
  };
}
