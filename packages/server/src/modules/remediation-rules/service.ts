// The rules of remediation rules: saving one (a unique name per customer, 409; assignees, tags and issues that are the
// customer's own, 400 keyed by the part they are in), the preview count before saving, and evaluating a rule: its
// conditions as one SQL condition handed to the tickets face's set-based opener, in one transaction per rule, so a
// rule evaluated twice opens nothing new. Then what follows outside the transaction: tracker pushes and notifications.
import { sql } from 'drizzle-orm';
import type {
  RemediationRule,
  RemediationRulePreview,
  RemediationRuleRun,
  RemediationRuleValues,
  RuleConditions,
  TicketGrouping,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { handOver, queueNotifications } from '../notifications/index.ts';
import { openTicketsForFindings, TRACKER_PUSH_QUEUE } from '../tickets/index.ts';
import type { AssetScope } from '../../tenancy/visibility.ts';
import { hasExceptions, matchingFindingIdsSql, type CandidateOptions } from './conditions.ts';
import { deleteRuleRow, enabledRules, getRule, insertRule, markEvaluated, updateRule } from './repo.ts';

export const DUPLICATE_RULE = 'A rule with this name already exists.';

async function missing(tx: Db | Tx, table: 'tags' | 'users' | 'teams' | 'issues', customerId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(table)} where customer_id = ${customerId} and id = any(${intArray(unique)})`,
  );
  const have = new Set(found.map((f) => Number(f.id)));
  return unique.filter((id) => !have.has(id));
}

/** The ids a rule names must be the customer's own (another customer's id reads as unknown, never as found). */
async function checkReferences(tx: Db | Tx, customerId: number, conditions: RuleConditions, v?: RemediationRuleValues): Promise<void> {
  const errors: Record<string, string[]> = {};
  const tags = await missing(tx, 'tags', customerId, [...conditions.tags_any, ...conditions.tags_all, ...conditions.tags_minus]);
  if (tags.length) (errors.conditions ??= []).push(`Tags: no tag with id ${tags.join(', ')}.`);
  const issues = await missing(tx, 'issues', customerId, conditions.issues);
  if (issues.length) (errors.conditions ??= []).push(`Issues: no issue with id ${issues.join(', ')}.`);
  const open = v?.actions.open_ticket;
  if (open?.assignee_user && (await missing(tx, 'users', customerId, [open.assignee_user])).length)
    (errors.actions ??= []).push(`Assignee: no user with id ${open.assignee_user}.`);
  if (open?.assignee_team && (await missing(tx, 'teams', customerId, [open.assignee_team])).length)
    (errors.actions ??= []).push(`Assignee team: no team with id ${open.assignee_team}.`);
  if (Object.keys(errors).length) throw badRequest(errors);
}

export async function saveRule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  customerId: number,
  v: RemediationRuleValues,
  userId: number | null,
  id?: number,
): Promise<RemediationRule> {
  const now = ctx.clock();
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkReferences(tx, customerId, v.conditions, v);
      let ruleId = id;
      if (id === undefined) ruleId = await insertRule(tx, customerId, v, userId, now);
      else if (!(await updateRule(tx, customerId, id, v, now))) throw notFound();
      return (await getRule(tx, customerId, ruleId!))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ name: [DUPLICATE_RULE] });
    throw e;
  }
}

export async function deleteRule(db: Db, customerId: number, id: number): Promise<void> {
  if (!(await deleteRuleRow(db, customerId, id))) throw notFound();
}

/** What a rule would ticket now: findings, the tickets its grouping makes of them, their assets and issues. */
export async function previewRule(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  customerId: number,
  conditions: RuleConditions,
  grouping: TicketGrouping,
  scope?: AssetScope,
): Promise<RemediationRulePreview> {
  await checkReferences(ctx.db, customerId, conditions);
  const now = ctx.clock();
  const exceptions = await hasExceptions(ctx.db, customerId, now);
  const ids = matchingFindingIdsSql(conditions, { customerId, now, scope, exceptions });
  const tickets =
    grouping === 'by_asset'
      ? sql`count(distinct f.host_id)`
      : grouping === 'by_vulnerability'
        ? sql`count(distinct coalesce('i' || f.issue_id, 'f' || f.id))`
        : sql`count(*)`;
  const [row] = await queryRows<{ findings: number; tickets: number; assets: number; issues: number }>(
    ctx.db,
    sql`select count(*)::int as findings, ${tickets}::int as tickets, count(distinct f.host_id)::int as assets,
               count(distinct f.issue_id)::int as issues
        from findings f where f.id in (${ids})`,
  );
  return { findings: Number(row!.findings), tickets: Number(row!.tickets), assets: Number(row!.assets), issues: Number(row!.issues) };
}

/** What one evaluation opened, with what must follow it once committed. */
interface Opened extends RemediationRuleRun {
  ticketIds: number[];
}

/** Opens the rule's tickets in one transaction (nothing when it has no open_ticket action). */
async function openForRule(db: Db, customerId: number, rule: RemediationRule, o: Omit<CandidateOptions, 'customerId'>): Promise<Opened> {
  const open = rule.actions.open_ticket;
  return db.transaction(async (tx) => {
    await markEvaluated(tx, rule.id, o.now);
    if (!open) return { findings: 0, tickets: 0, ticketIds: [] };
    const exceptions = await hasExceptions(tx, customerId, o.now);
    const ticketIds = await openTicketsForFindings(tx, {
      customerId,
      findings: matchingFindingIdsSql(rule.conditions, { ...o, customerId, exceptions }),
      grouping: open.grouping,
      assigneeUserId: open.assignee_user,
      assigneeTeamId: open.assignee_team,
      dueDaysBySeverity: open.due_days,
      ruleId: rule.id,
      at: o.now,
    });
    if (ticketIds.length === 0) return { findings: 0, tickets: 0, ticketIds };
    const [n] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ticket_subtasks where ticket_id = any(${intArray(ticketIds)})`,
    );
    const push = rule.actions.push_to;
    // The tracker sync picks these up from the queue; a link in 'syncing' says so on the ticket until it answers.
    if (push)
      await tx.execute(sql`
        insert into ticket_links (customer_id, ticket_id, tracker, sync_state, created_at)
        select ${customerId}, t, ${push.tracker}, 'syncing', ${o.now.toISOString()}::timestamptz from unnest(${intArray(ticketIds)}) as t
        on conflict do nothing`);
    return { findings: Number(n!.n), tickets: ticketIds.length, ticketIds };
  });
}

/** After the transaction: the tracker pushes and the rule's notification (a failing receiver never undoes the tickets). */
async function follow(ctx: AppContext, customerId: number, rule: RemediationRule, opened: Opened): Promise<void> {
  if (opened.tickets === 0) return;
  if (rule.actions.push_to && ctx.jobs) for (const ticketId of opened.ticketIds) await ctx.jobs.send(TRACKER_PUSH_QUEUE, { ticketId });
  const notify = rule.actions.notify;
  if (!notify) return;
  const link = `${ctx.config.publicUrl}/remediation/unified-tickets`;
  const ids = await queueNotifications(ctx.db, customerId, notify, {
    event: 'tickets_opened',
    title: `Rule "${rule.name}" opened ${opened.tickets} ${opened.tickets === 1 ? 'ticket' : 'tickets'}`,
    lines: [`${opened.findings} ${opened.findings === 1 ? 'finding is' : 'findings are'} now on tickets.`],
    facts: [
      ['Tickets', String(opened.tickets)],
      ['Findings', String(opened.findings)],
    ],
    link,
    data: { rule: rule.id, tickets: opened.ticketIds.slice(0, 1000) },
  });
  if (ids.length && ctx.jobs) await handOver(ctx.db, ctx.jobs.send.bind(ctx.jobs));
}

/** Evaluates one rule over what exists now (POST …/{id}/run/), or over one run's findings. */
export async function runRule(ctx: AppContext, customerId: number, rule: RemediationRule, runId?: number): Promise<RemediationRuleRun> {
  const opened = await openForRule(ctx.db, customerId, rule, { now: ctx.clock(), runId });
  await follow(ctx, customerId, rule, opened);
  return { findings: opened.findings, tickets: opened.tickets };
}

/** Evaluates every enabled rule of the run's customer over the findings the run saw, in position order. */
export async function rulesAfterRun(ctx: AppContext, runId: number): Promise<RemediationRuleRun> {
  // Rules belong to unified remediation: with the flag off (legacy tickets) none fires.
  const [run] = await queryRows<{ customer_id: number; unified: boolean }>(
    ctx.db,
    sql`select r.customer_id, 'unified-remediation' = any(c.feature_flags) as unified
        from scan_runs r join customers c on c.id = r.customer_id where r.id = ${runId}`,
  );
  const total = { findings: 0, tickets: 0 };
  if (!run?.unified) return total;
  const customerId = Number(run.customer_id);
  for (const rule of await enabledRules(ctx.db, customerId)) {
    const r = await runRule(ctx, customerId, rule, runId);
    total.findings += r.findings;
    total.tickets += r.tickets;
  }
  return total;
}
