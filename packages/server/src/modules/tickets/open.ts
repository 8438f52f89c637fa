// Opening tickets for a set of findings, set-based (one INSERT … SELECT whatever the number of findings): people's
// bulk create and the remediation rules (over a million findings) both come through here. A finding already on an open
// ticket is skipped (the partial unique index on ticket_subtasks.open is what keeps rules idempotent), numbers run on
// per customer under an advisory lock, and every ticket gets its 'created' history row in the same statement.
import { sql, type SQL } from 'drizzle-orm';
import type { Severity, TicketGrouping } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** The advisory lock class of ticket numbering (the second key is the customer id). */
const NUMBER_LOCK_CLASS = 290_001;

export interface OpenTicketsOptions {
  customerId: number;
  /** A subquery yielding finding ids (`select f.id from findings f where …`); closed findings are left out. */
  findings: SQL;
  grouping: TicketGrouping;
  /** The title of every ticket made; by default the finding's, the asset's or the issue's name. */
  title?: string;
  description?: string;
  assigneeUserId?: number | null;
  assigneeTeamId?: number | null;
  /** A fixed due date (YYYY-MM-DD), or days after `at` by the worst severity of the ticket's findings. */
  dueDate?: string | null;
  dueDaysBySeverity?: Partial<Record<Severity, number>>;
  /** 1 low … 4 critical; by default from the worst severity (info counts as low). */
  priority?: number;
  customFields?: Record<string, unknown>;
  ruleId?: number | null;
  createdBy?: number | null;
  at: Date;
}

/** Takes the customer's ticket-number lock for the rest of the transaction (every ticket insert holds it). */
export async function lockTicketNumbers(tx: Db | Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_CLASS}, ${customerId})`);
}

/** What a ticket groups its findings by, on a findings row `f` (an integer, so grouping and joining stay cheap). */
function groupKey(grouping: TicketGrouping): SQL {
  switch (grouping) {
    case 'individual':
      return sql`f.id`;
    case 'by_asset':
      return sql`f.host_id`;
    case 'by_vulnerability':
      // A finding without an issue (should not happen after processing) stays on a ticket of its own.
      return sql`coalesce(f.issue_id, -f.id)`;
  }
}

/**
 * One row per ticket to make, numbered by risk (`rn`). Individually there is nothing to aggregate (a rule over a
 * million findings makes a million tickets), so the rows are the candidates themselves.
 */
function groups(grouping: TicketGrouping): SQL {
  if (grouping === 'individual')
    return sql`select c.gkey, row_number() over (order by c.risk_score desc, c.id) as rn, c.severity::int as severity, c.host_id,
                      c.issue_id, c.name as finding_name, 1 as hosts, 1 as issues, 1 as n, c.risk_score as finding_risk,
                      c.asset_risk, c.asset_name, c.id as fid
               from cand c`;
  return sql`select c.gkey, row_number() over (order by max(c.risk_score) desc, min(c.id)) as rn, max(c.severity)::int as severity,
                    (array_agg(c.host_id order by c.risk_score desc, c.id))[1] as host_id,
                    (array_agg(c.issue_id order by c.risk_score desc, c.id))[1] as issue_id,
                    (array_agg(c.name order by c.risk_score desc, c.id))[1] as finding_name,
                    count(distinct c.host_id) as hosts, count(distinct c.issue_id) as issues, count(*)::int as n,
                    max(c.risk_score) as finding_risk, max(c.asset_risk) as asset_risk,
                    (array_agg(c.asset_name order by c.risk_score desc, c.id))[1] as asset_name, null::int as fid
             from cand c group by c.gkey`;
}

/**
 * Opens tickets for the findings `findings` yields (within the customer, not closed, not on an open ticket), grouped
 * as asked, a subtask per finding. Answers the ids of the tickets made, in number order. Call it inside a transaction.
 */
export async function openTicketsForFindings(tx: Db | Tx, o: OpenTicketsOptions): Promise<number[]> {
  await lockTicketNumbers(tx, o.customerId);
  const at = o.at.toISOString();
  const type = o.grouping === 'by_asset' ? 2 : 1;
  const dueDays = o.dueDaysBySeverity ? JSON.stringify(o.dueDaysBySeverity) : null;
  const dueDate = o.dueDate
    ? sql`${o.dueDate}::date`
    : dueDays
      ? sql`(${at}::timestamptz at time zone 'UTC')::date + (${dueDays}::jsonb ->> g.severity::text)::int`
      : sql`null::date`;
  const priority = o.priority !== undefined ? sql`${o.priority}::smallint` : sql`greatest(g.severity, 1)::smallint`;
  const defaultTitle =
    o.grouping === 'by_asset'
      ? sql`g.asset_name`
      : o.grouping === 'by_vulnerability'
        ? sql`coalesce(g.issue_name, g.finding_name)`
        : sql`g.finding_name || ' on ' || g.asset_name`;
  const title = o.title !== undefined ? sql`${o.title}` : defaultTitle;
  const source = o.ruleId != null ? 'rule' : null;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
    with cand as materialized (
      select f.id, f.host_id, f.issue_id, f.severity, f.risk_score, f.name, a.risk_score as asset_risk,
             coalesce(nullif(a.name, ''), a.value) as asset_name, ${groupKey(o.grouping)} as gkey
      from findings f join assets a on a.id = f.host_id
      where f.customer_id = ${o.customerId} and f.state <> 3 and f.id in (${o.findings})
        and not exists (select 1 from ticket_subtasks s where s.finding_id = f.id and s.open)
    ),
    g as (${groups(o.grouping)}),
    gg as (
      select g.*, i.name as issue_name, greatest(g.finding_risk, coalesce(i.risk_score, 0)) as threat
      from g left join issues i on i.id = g.issue_id
    ),
    base as (select coalesce(max(number), 0) as m from tickets where customer_id = ${o.customerId}),
    ins as (
      insert into tickets (customer_id, number, type, grouping, title, description, status, priority, issue_id, asset_id,
                           assignee_user_id, assignee_team_id, due_date, custom_fields, rule_id, asset_risk_score,
                           issue_threat_score, open_findings, created_by, created_at, updated_at, version)
      select ${o.customerId}, base.m + g.rn, ${type}, ${o.grouping}, left(${title}, 300), ${o.description ?? ''}, 0, ${priority},
             case when ${o.grouping} = 'by_asset' and g.issues > 1 then null else g.issue_id end,
             case when ${o.grouping} = 'by_vulnerability' and g.hosts > 1 then null else g.host_id end,
             ${o.assigneeUserId ?? null}::int, ${o.assigneeTeamId ?? null}::int, ${dueDate},
             ${JSON.stringify(o.customFields ?? {})}::jsonb, ${o.ruleId ?? null}::int, g.asset_risk, g.threat, g.n,
             ${o.createdBy ?? null}::int, ${at}::timestamptz, ${at}::timestamptz, 1
      from gg g cross join base
      returning id, number
    ),
    sub as (
      insert into ticket_subtasks (customer_id, ticket_id, finding_id, status, open, created_at, updated_at)
      select ${o.customerId}, ins.id, ${o.grouping === 'individual' ? sql`g.fid` : sql`c.id`}, 0, true, ${at}::timestamptz, ${at}::timestamptz
      from ins cross join base join gg g on base.m + g.rn = ins.number
      ${o.grouping === 'individual' ? sql`` : sql`join cand c on c.gkey = g.gkey`}
      on conflict do nothing
    ),
    ev as (
      insert into ticket_events (customer_id, ticket_id, at, kind, user_id, source, changes, version)
      select ${o.customerId}, ins.id, ${at}::timestamptz, 'created', ${o.createdBy ?? null}::int, ${source}, '{}'::jsonb, 1
      from ins
    )
    select id from ins order by number`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Recomputes what a ticket keeps from its findings (open findings, asset risk, issue threat) for the tickets named by
 * `ticketIds` (a subquery or an int[] expression), after subtasks were added, removed or their findings changed.
 */
export async function refreshTicketScores(tx: Db | Tx, customerId: number, ticketIds: SQL): Promise<void> {
  await tx.execute(sql`
    update tickets t set
      open_findings = coalesce(x.open_findings, 0),
      asset_risk_score = coalesce(x.asset_risk, 0),
      issue_threat_score = coalesce(x.threat, 0)
    from (
      select t2.id,
             (select count(*)::int from ticket_subtasks s join findings f on f.id = s.finding_id
              where s.ticket_id = t2.id and s.open and f.state <> 3 and s.status not in (2, 3)) as open_findings,
             (select max(a.risk_score) from ticket_subtasks s join findings f on f.id = s.finding_id join assets a on a.id = f.host_id
              where s.ticket_id = t2.id) as asset_risk,
             (select max(greatest(f.risk_score, coalesce(i.risk_score, 0))) from ticket_subtasks s join findings f on f.id = s.finding_id
              left join issues i on i.id = f.issue_id where s.ticket_id = t2.id) as threat
      from tickets t2 where t2.customer_id = ${customerId} and t2.id in (${ticketIds})
    ) x
    where t.id = x.id`);
}
