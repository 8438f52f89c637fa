// The rules of people's ticket work beside the one change path (change.ts): creating tickets from finding ids, an
// issue, an asset, a vulnerability-list filter or one finding (create-ticket-from-vuln), subtasks updated or deleted
// in bulk, watchers, deleting a ticket. Everything runs in a transaction for the caller's AssetScope.
import { sql, type SQL } from 'drizzle-orm';
import {
  CLOSED_TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketCreateInput,
  type TicketGrouping,
  type TicketStatus,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { fieldErrors } from '../../http/list.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { matchingFindings, vulnerabilityFilterQuery } from '../vulnerabilities/index.ts';
import { checkAssignees, pushToTrackers } from './change.ts';
import { recordTicketEvent } from './history.ts';
import { openTicketsForFindings, refreshTicketScores } from './open.ts';

/** Findings the scope sees, on `f` joined to its asset `a`. */
const visibleFindings = (scope: AssetScope, where: SQL) =>
  sql`select f.id from findings f join assets a on a.id = f.host_id
      where f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')} and ${where}`;

/** The findings a create request names, and the grouping it defaults to. */
async function sourceOf(
  tx: Tx,
  scope: AssetScope,
  input: TicketCreateInput,
  now: Date,
): Promise<{ findings: SQL; grouping: TicketGrouping }> {
  if (input.finding_ids) {
    const ids = intArray(input.finding_ids);
    const [seen] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (${visibleFindings(scope, sql`f.id = any(${ids})`)}) x`,
    );
    if (!Number(seen?.n)) throw badRequest({ finding_ids: ['None of these findings exist.'] });
    return { findings: visibleFindings(scope, sql`f.id = any(${ids})`), grouping: 'individual' };
  }
  // An issue's or an asset's findings: those that count (not ignored, not disabled), as the lists show them.
  const counts = sql`f.ignore_kind is null and not f.test_ignored`;
  if (input.issue_id !== undefined) {
    const [issue] = await queryRows<{ id: number }>(
      tx,
      sql`select id from issues where id = ${input.issue_id} and customer_id = ${scope.customerId}`,
    );
    if (!issue) throw badRequest({ issue_id: [`Invalid pk "${input.issue_id}" - object does not exist.`] });
    return { findings: visibleFindings(scope, sql`f.issue_id = ${input.issue_id} and ${counts}`), grouping: 'by_vulnerability' };
  }
  if (input.asset_id !== undefined) {
    const [asset] = await queryRows<{ id: number }>(
      tx,
      sql`select a.id from assets a where a.id = ${input.asset_id} and ${scopeCondition(scope, 'a')}`,
    );
    if (!asset) throw badRequest({ asset_id: [`Invalid pk "${input.asset_id}" - object does not exist.`] });
    return { findings: visibleFindings(scope, sql`f.host_id = ${input.asset_id} and ${counts}`), grouping: 'by_asset' };
  }
  const parsed = vulnerabilityFilterQuery.safeParse(input.filter ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    throw badRequest(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`filter.${k}`, v])));
  }
  return { findings: sql`select f.id ${matchingFindings(scope, parsed.data, now)}`, grouping: 'individual' };
}

/**
 * Creates tickets (people's create): answers the ids made and how many findings were skipped because they are
 * already on an open ticket (or closed).
 */
export async function createTickets(
  ctx: AppContext,
  scope: AssetScope,
  userId: number,
  input: TicketCreateInput,
): Promise<{ ids: number[]; skipped: number }> {
  const now = ctx.clock();
  const made = await ctx.db.transaction(async (tx) => {
    await checkAssignees(tx, scope.customerId, input.assignee_user, input.assignee_team);
    const source = await sourceOf(tx, scope, input, now);
    const [candidates] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${source.findings}) x`);
    const ids = await openTicketsForFindings(tx, {
      customerId: scope.customerId,
      findings: source.findings,
      grouping: input.grouping ?? source.grouping,
      title: input.title,
      description: input.description,
      assigneeUserId: input.assignee_user ?? null,
      assigneeTeamId: input.assignee_team ?? null,
      dueDate: input.due_date ?? null,
      priority: input.priority,
      customFields: input.custom_fields,
      createdBy: userId,
      at: now,
    });
    const [made] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ticket_subtasks where ticket_id = any(${intArray(ids)})`,
    );
    if (ids.length && input.legacy_type != null)
      await tx.execute(sql`update tickets set legacy_type = ${input.legacy_type} where id = any(${intArray(ids)})`);
    return { ids, skipped: Number(candidates?.n ?? 0) - Number(made?.n ?? 0) };
  });
  // New tickets are linked to no tracker yet: a rule's push_to or the ticket's Send to … links and pushes them.
  return made;
}

/**
 * One finding's ticket (create-ticket-from-vuln/{id}/, the id being the finding's, as the vulnerability list's rows
 * are). A finding already on an open ticket is a 409 naming that ticket.
 */
export async function createTicketFromFinding(
  ctx: AppContext,
  scope: AssetScope,
  userId: number,
  findingId: number,
  input: Omit<TicketCreateInput, 'finding_ids' | 'issue_id' | 'asset_id' | 'filter' | 'legacy_type'>,
): Promise<number | null> {
  // Whether the caller sees the finding comes first: the 409 names a ticket, which a stranger must not learn of.
  const [visible] = await queryRows<{ id: number }>(ctx.db, visibleFindings(scope, sql`f.id = ${findingId}`));
  if (!visible) return null;
  const [open] = await queryRows<{ number: number }>(
    ctx.db,
    sql`select t.number from ticket_subtasks s join tickets t on t.id = s.ticket_id
        where s.finding_id = ${findingId} and s.open and t.customer_id = ${scope.customerId}`,
  );
  if (open) throw conflict({ finding: [`This finding is already on open ticket #${open.number}.`] });
  const made = await createTickets(ctx, scope, userId, { ...input, finding_ids: [findingId] });
  if (!made.ids.length) throw badRequest({ finding: ['A closed finding needs no ticket.'] });
  return made.ids[0]!;
}

/** Sets the status of subtasks: a closed status takes them off the ticket's open findings, another puts them back. */
export async function updateSubtasks(
  ctx: AppContext,
  customerId: number,
  ticketId: number,
  ids: readonly number[],
  status: TicketStatus,
  userId: number,
): Promise<number> {
  const now = ctx.clock();
  const at = now.toISOString();
  const closed = (CLOSED_TICKET_STATUSES as readonly number[]).includes(status);
  const count = await ctx.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      closed
        ? sql`update ticket_subtasks set status = ${status}, open = false, closed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
              where ticket_id = ${ticketId} and customer_id = ${customerId} and id = any(${intArray(ids)}) returning id`
        : // Reopening a subtask whose finding meanwhile went onto another open ticket leaves it closed here.
          sql`update ticket_subtasks s set status = ${status}, open = true, closed_at = null, updated_at = ${at}::timestamptz
              where s.ticket_id = ${ticketId} and s.customer_id = ${customerId} and s.id = any(${intArray(ids)})
                and (s.open or not exists (select 1 from ticket_subtasks o where o.finding_id = s.finding_id and o.open))
              returning s.id`,
    );
    if (!rows.length) return 0;
    await recordTicketEvent(tx, {
      customerId,
      ticketId,
      at: now,
      kind: 'changed',
      userId,
      changes: { subtasks: [null, { ids: rows.map((r) => Number(r.id)), status }] },
      comment: `${rows.length} subtask${rows.length === 1 ? '' : 's'} set to ${TICKET_STATUS_LABELS[status]}.`,
    });
    await refreshTicketScores(tx, customerId, sql`${ticketId}`);
    return rows.length;
  });
  if (count) await pushToTrackers(ctx, ticketId);
  return count;
}

/** Deletes subtasks (their findings may be ticketed again). */
export async function deleteSubtasks(
  ctx: AppContext,
  customerId: number,
  ticketId: number,
  ids: readonly number[],
  userId: number,
): Promise<number> {
  const now = ctx.clock();
  const count = await ctx.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; finding_id: number }>(
      tx,
      sql`delete from ticket_subtasks where ticket_id = ${ticketId} and customer_id = ${customerId} and id = any(${intArray(ids)})
          returning id, finding_id`,
    );
    if (!rows.length) return 0;
    await recordTicketEvent(tx, {
      customerId,
      ticketId,
      at: now,
      kind: 'changed',
      userId,
      changes: { subtasks: [{ removed_findings: rows.map((r) => Number(r.finding_id)) }, null] },
      comment: `${rows.length} subtask${rows.length === 1 ? '' : 's'} removed.`,
    });
    await refreshTicketScores(tx, customerId, sql`${ticketId}`);
    return rows.length;
  });
  if (count) await pushToTrackers(ctx, ticketId);
  return count;
}

/** Adds or removes a watcher (a user of the ticket's customer). */
export async function setWatcher(ctx: AppContext, customerId: number, ticketId: number, userId: number, watching: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [u] = await queryRows<{ id: number }>(tx, sql`select id from users where id = ${userId} and customer_id = ${customerId}`);
    if (!u) throw badRequest({ user: [`Invalid pk "${userId}" - object does not exist.`] });
    if (watching)
      await tx.execute(sql`insert into ticket_watchers (ticket_id, user_id) values (${ticketId}, ${userId}) on conflict do nothing`);
    else await tx.execute(sql`delete from ticket_watchers where ticket_id = ${ticketId} and user_id = ${userId}`);
  });
}

/** Deletes a ticket with its subtasks, history and watchers; its findings may be ticketed again. */
export async function deleteTicket(ctx: AppContext, customerId: number, ticketId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`delete from tickets where id = ${ticketId} and customer_id = ${customerId} returning id`,
  );
  return rows.length > 0;
}
