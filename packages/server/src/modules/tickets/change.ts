// The one write path of a ticket's fields and status, for people (routes), rules, re-tests, scans and trackers: it
// checks the change, records it in the history (once per tracker change id), keeps the subtasks' open flag in step
// with the status, starts a re-test on Solution applied and tells the tracker sync.
import { sql } from 'drizzle-orm';
import {
  CLOSED_TICKET_STATUSES,
  TICKET_STATUS,
  TICKET_STATUS_LABELS,
  TICKET_TRANSITIONS,
  TRACKERS,
  type TicketStatus,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import { recordTicketEvent, TRACKER_PUSH_QUEUE } from './history.ts';
import { startRetest } from './retest.ts';

export interface TicketActor {
  userId: number | null;
  /** 'user' (default), 'rule', 'retest', 'scan', or the tracker the change came from. */
  source?: string;
  /** The tracker's change id, so the same change is applied once. */
  externalId?: string | null;
  /** The tracker's time of the change (a change older than Bulwark's own newer edit does not overwrite it). */
  externalAt?: Date | null;
}

export interface TicketPatch {
  title?: string;
  description?: string;
  status?: TicketStatus;
  priority?: number;
  assignee_user?: number | null;
  assignee_team?: number | null;
  due_date?: string | null;
  custom_fields?: Record<string, unknown>;
  /** A comment added with the change (or alone). */
  comment?: string | null;
}

export type ChangeOutcome = 'applied' | 'unchanged' | 'duplicate' | 'not_found';

type Field = Exclude<keyof TicketPatch, 'comment'>;
const COLUMN: Record<Field, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assignee_user: 'assignee_user_id',
  assignee_team: 'assignee_team_id',
  due_date: 'due_date',
  custom_fields: 'custom_fields',
};
const FIELDS = Object.keys(COLUMN) as Field[];

const isTracker = (source: string) => (TRACKERS as readonly string[]).includes(source);
const isClosed = (status: number) => (CLOSED_TICKET_STATUSES as readonly number[]).includes(status);

/** Values compared as JSON, so {a:1} equals {a:1} and a date string equals itself. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

interface Applied {
  outcome: ChangeOutcome;
  statusFrom?: number;
  statusTo?: number;
}

/** The assignee must be a user or a team of the ticket's customer. */
export async function checkAssignees(tx: Tx, customerId: number, user?: number | null, team?: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (user != null) {
    const [u] = await queryRows<{ id: number }>(
      tx,
      sql`select id from users where id = ${user} and customer_id = ${customerId} and is_active`,
    );
    if (!u) errors.assignee_user = [`Invalid pk "${user}" - object does not exist.`];
  }
  if (team != null) {
    const [t] = await queryRows<{ id: number }>(tx, sql`select id from teams where id = ${team} and customer_id = ${customerId}`);
    if (!t) errors.assignee_team = [`Invalid pk "${team}" - object does not exist.`];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

async function applyChange(
  tx: Tx,
  customerId: number,
  ticketId: number,
  patch: TicketPatch,
  actor: TicketActor,
  source: string,
  now: Date,
): Promise<Applied> {
  const [row] = await queryRows<Record<string, unknown> & { status: number }>(
    tx,
    sql`select title, description, status, priority, assignee_user_id, assignee_team_id, due_date::text as due_date, custom_fields
        from tickets where id = ${ticketId} and customer_id = ${customerId} for update`,
  );
  if (!row) return { outcome: 'not_found' };
  const tracker = isTracker(source);
  if (tracker && actor.externalId) {
    const [seen] = await queryRows<{ id: number }>(
      tx,
      sql`select id from ticket_events where ticket_id = ${ticketId} and source = ${source} and external_id = ${actor.externalId}`,
    );
    if (seen) return { outcome: 'duplicate' };
  }
  await checkAssignees(tx, customerId, patch.assignee_user, patch.assignee_team);

  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of FIELDS) {
    if (patch[field] === undefined) continue;
    const before = row[COLUMN[field]];
    const after = patch[field];
    if (same(before, after)) continue;
    // A tracker's change made before Bulwark's own later edit of the same field does not overwrite that edit (the
    // edit is on its way to the tracker; the tracker's older value would undo it).
    if (tracker && actor.externalAt) {
      const [newer] = await queryRows<{ id: number }>(
        tx,
        sql`select id from ticket_events
            where ticket_id = ${ticketId} and changes -> ${field} is not null and coalesce(source, '') <> ${source}
              and at > ${actor.externalAt.toISOString()}::timestamptz
            limit 1`,
      );
      if (newer) continue;
    }
    changes[field] = [before ?? null, after ?? null];
  }
  const comment = patch.comment?.trim() ? patch.comment.trim() : null;

  const statusChange = changes.status as [number, number] | undefined;
  if (statusChange && (source === 'user' || source === 'rule')) {
    const [from, to] = statusChange;
    if (!TICKET_TRANSITIONS[from as TicketStatus].includes(to as TicketStatus))
      throw badRequest({
        status: [`A ticket cannot go from ${TICKET_STATUS_LABELS[from as TicketStatus]} to ${TICKET_STATUS_LABELS[to as TicketStatus]}.`],
      });
  }
  if (Object.keys(changes).length === 0 && !comment) return { outcome: 'unchanged' };

  const kind = tracker ? 'sync_in' : Object.keys(changes).length === 0 ? 'comment' : statusChange ? 'status' : 'changed';
  const version = await recordTicketEvent(tx, {
    customerId,
    ticketId,
    at: now,
    kind,
    userId: actor.userId,
    source: source === 'user' ? null : source,
    externalId: actor.externalId ?? null,
    changes,
    comment,
  });
  if (version === null) return { outcome: 'duplicate' };

  const sets = Object.keys(changes).map((field) => {
    const value = changes[field]![1];
    if (field === 'custom_fields') return sql`custom_fields = ${JSON.stringify(value ?? {})}::jsonb`;
    if (field === 'due_date') return sql`due_date = ${value as string | null}::date`;
    return sql`${sql.raw(COLUMN[field as Field])} = ${value as string | number | null}`;
  });
  if (statusChange) {
    const to = statusChange[1];
    sets.push(isClosed(to) ? sql`closed_at = ${now.toISOString()}::timestamptz` : sql`closed_at = null`);
  }
  // A new due date or reopening starts a new overdue spell.
  if (changes.due_date || (statusChange && !isClosed(statusChange[1]))) sets.push(sql`overdue_notified_at = null`);
  if (sets.length)
    await tx.execute(sql`update tickets set ${sql.join(sets, sql`, `)} where id = ${ticketId} and customer_id = ${customerId}`);

  if (statusChange) await followStatus(tx, ticketId, statusChange[0], statusChange[1], now);
  return { outcome: 'applied', statusFrom: statusChange?.[0], statusTo: statusChange?.[1] };
}

/**
 * The subtasks follow the ticket: closing it closes its open subtasks (their findings may be ticketed again);
 * reopening it reopens them, except a finding that meanwhile went onto another open ticket.
 */
async function followStatus(tx: Tx, ticketId: number, from: number, to: number, now: Date): Promise<void> {
  const at = now.toISOString();
  if (isClosed(to))
    await tx.execute(sql`update ticket_subtasks set open = false, status = ${to}, closed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
                         where ticket_id = ${ticketId} and open`);
  else if (isClosed(from))
    await tx.execute(sql`update ticket_subtasks s set open = true, status = ${TICKET_STATUS.open}, closed_at = null, updated_at = ${at}::timestamptz
                         where s.ticket_id = ${ticketId} and not s.open
                           and not exists (select 1 from ticket_subtasks o where o.finding_id = s.finding_id and o.open)`);
  await tx.execute(sql`update tickets t set open_findings = (
                         select count(*)::int from ticket_subtasks s join findings f on f.id = s.finding_id
                         where s.ticket_id = t.id and s.open and f.state <> 3)
                       where t.id = ${ticketId}`);
}

/**
 * Tells the tracker sync that the ticket changed, when it is linked to a tracker other than the one the change came
 * from (a change never echoes back to its own tracker; an unlinked ticket has nobody to tell). A queue that is not
 * there (no tracker wired in this process) is logged, never fatal.
 */
export async function pushToTrackers(ctx: AppContext, ticketId: number, fromTracker: string | null = null): Promise<void> {
  const [linked] = await queryRows<{ id: number }>(
    ctx.db,
    sql`select id from ticket_links where ticket_id = ${ticketId} and tracker <> ${fromTracker ?? ''} limit 1`,
  );
  if (!linked) return;
  try {
    await ctx.jobs?.send(TRACKER_PUSH_QUEUE, { ticketId });
  } catch (err) {
    ctx.log.warn({ err, ticketId }, 'tracker push not queued');
  }
}

/**
 * Changes a ticket. Answers 'applied', 'unchanged' (nothing differs, or a tracker's older change lost to a newer
 * edit here), 'duplicate' (this tracker change was applied before) or 'not_found'. A person's impossible status
 * change or an assignee of another customer is a 400 keyed by field.
 */
export async function changeTicket(
  ctx: AppContext,
  customerId: number,
  ticketId: number,
  patch: TicketPatch,
  actor: TicketActor,
): Promise<ChangeOutcome> {
  const source = actor.source ?? 'user';
  const now = ctx.clock();
  const done = await ctx.db.transaction((tx) => applyChange(tx, customerId, ticketId, patch, actor, source, now));
  if (done.outcome !== 'applied') return done.outcome;
  await pushToTrackers(ctx, ticketId, isTracker(source) ? source : null);
  if (done.statusTo === TICKET_STATUS.solution_applied && source !== 'retest') {
    let note: string | null = null;
    try {
      const started = await startRetest(ctx, customerId, ticketId, actor.userId);
      if ('reason' in started) note = `Re-test not started: ${started.reason}`;
    } catch (err) {
      note = `Re-test not started: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (note)
      await ctx.db.transaction((tx) =>
        recordTicketEvent(tx, { customerId, ticketId, at: ctx.clock(), kind: 'retest_result', source: 'retest', comment: note }),
      );
  }
  return 'applied';
}
