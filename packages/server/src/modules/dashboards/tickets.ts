// The ticket widgets (issue 29 SLA): open tickets by status, overdue tickets (the most overdue first) and time to fix by
// severity (median days from a ticket's creation to Fixed). Within the caller's scope through the tickets face's
// visibility, so a LIMITED member counts only the tickets the ticket list shows them; overdue is the ticket list's own
// rule (not closed, due date before today), so a widget's count is the count of the list it links to.
import { sql } from 'drizzle-orm';
import { TICKET_STATUS, TICKET_STATUS_LABELS, type TicketStatus } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AssetScope } from '../../tenancy/visibility.ts';
import { ticketVisible } from '../tickets/index.ts';

/** What these widgets read with (widget-data's WidgetContext has it). */
interface TicketWidgetContext {
  db: Db;
  scope: AssetScope;
  now: Date;
}

const TICKETS = '/remediation/unified-tickets';
/** Not closed: Open, In progress, Solution applied (closed once its re-test says Fixed). */
const NOT_CLOSED: TicketStatus[] = [TICKET_STATUS.open, TICKET_STATUS.in_progress, TICKET_STATUS.solution_applied];
const today = (now: Date) => now.toISOString().slice(0, 10);
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function ticketsByStatus(c: TicketWidgetContext) {
  const rows = await queryRows<{ status: number; n: number }>(
    c.db,
    sql`select t.status, count(*)::int as n from tickets t where ${ticketVisible(c.scope)} and t.status in (0, 1, 4) group by t.status`,
  );
  const by = new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  const segments = NOT_CLOSED.map((status) => ({
    status,
    label: TICKET_STATUS_LABELS[status],
    count: by.get(status) ?? 0,
    link: `${TICKETS}?status=${status}`,
  }));
  return { segments, total: segments.reduce((n, s) => n + s.count, 0), link: `${TICKETS}?status=0&status=4&status=1` };
}

export async function overdueTickets(c: TicketWidgetContext) {
  const day = today(c.now);
  const [counts] = await queryRows<{ overdue: number; with_due: number }>(
    c.db,
    sql`select count(*) filter (where t.due_date < ${day}::date)::int as overdue, count(*)::int as with_due
        from tickets t where ${ticketVisible(c.scope)} and t.status in (0, 1, 4) and t.due_date is not null`,
  );
  const items = await queryRows<{ uuid: string; number: number; title: string; due_date: string; late: number }>(
    c.db,
    sql`select t.uuid, t.number, t.title, t.due_date::text as due_date, (${day}::date - t.due_date)::int as late
        from tickets t where ${ticketVisible(c.scope)} and t.status in (0, 1, 4) and t.due_date < ${day}::date
        order by t.due_date, t.priority desc, t.number limit 5`,
  );
  return {
    count: Number(counts?.overdue ?? 0),
    with_due_date: Number(counts?.with_due ?? 0),
    items: items.map((r) => ({
      uuid: String(r.uuid),
      number: Number(r.number),
      title: r.title,
      due_date: r.due_date,
      days_overdue: Number(r.late),
      link: `${TICKETS}/view/${String(r.uuid)}`,
    })),
    link: `${TICKETS}?overdue=true`,
  };
}

/** Median days from creation to Fixed of tickets fixed within the last `days`, by priority (the worst severity). */
export async function ticketTimeToFix(c: TicketWidgetContext, days: number) {
  const since = new Date(c.now.getTime() - days * 86_400_000).toISOString();
  const rows = await queryRows<{ severity: number; days: number | null; fixed: number }>(
    c.db,
    sql`select t.priority as severity,
               percentile_cont(0.5) within group (order by extract(epoch from (t.closed_at - t.created_at)) / 86400) as days,
               count(*)::int as fixed
        from tickets t where ${ticketVisible(c.scope)} and t.status = 2 and t.closed_at is not null and t.closed_at >= ${since}::timestamptz
        group by t.priority`,
  );
  const by = new Map(rows.map((r) => [Number(r.severity), r]));
  return [4, 3, 2, 1].map((severity) => {
    const r = by.get(severity);
    return { severity, days: r?.days === null || r?.days === undefined ? null : round1(Number(r.days)), fixed: Number(r?.fixed ?? 0) };
  });
}
