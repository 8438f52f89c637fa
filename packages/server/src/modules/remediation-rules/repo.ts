// Queries of remediation rules, always for one customer: the list (paged, ordered by position), one rule, the enabled
// rules in evaluation order, and writing a rule.
import { sql } from 'drizzle-orm';
import { ruleActions, ruleConditions, type RemediationRule, type RemediationRuleValues } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';

interface RuleRow extends Record<string, unknown> {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  position: number;
  conditions: unknown;
  actions: unknown;
  open_tickets: number;
  created_by: number | null;
  created_at: string | Date;
  updated_at: string | Date;
  last_evaluated_at: string | Date | null;
}

const COLUMNS = sql`r.id, r.name, r.description, r.enabled, r.position, r.conditions, r.actions, r.created_by, r.created_at,
  r.updated_at, r.last_evaluated_at,
  (select count(*)::int from tickets t where t.rule_id = r.id and t.customer_id = r.customer_id and t.status not in (2, 3)) as open_tickets`;

const iso = (d: string | Date) => new Date(d).toISOString();
/** Ids are PostgreSQL integers: a larger one from a path names no rule (and must not reach the database as one). */
const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/**
 * A stored rule as the API answers it. Stored conditions and actions are parsed again (defaults fill what an older
 * rule lacks); one that no longer parses keeps what it has rather than failing the list.
 */
export function toRule(r: RuleRow): RemediationRule {
  const conditions = ruleConditions.safeParse(r.conditions);
  const actions = ruleActions.safeParse(r.actions);
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    enabled: Boolean(r.enabled),
    position: Number(r.position),
    conditions: conditions.success ? conditions.data : (r.conditions as RemediationRule['conditions']),
    actions: actions.success ? actions.data : (r.actions as RemediationRule['actions']),
    open_tickets: Number(r.open_tickets ?? 0),
    created_by: r.created_by === null ? null : Number(r.created_by),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    last_evaluated_at: r.last_evaluated_at ? iso(r.last_evaluated_at) : null,
  };
}

export const RULE_ORDERING = ['position', 'name', 'created_at', 'updated_at'] as const;
export type RuleOrdering = (typeof RULE_ORDERING)[number];
const ORDER: Record<RuleOrdering, string> = {
  position: 'r.position',
  name: 'lower(r.name)',
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
};

export async function listRules(
  db: Db,
  customerId: number,
  o: { page: number; pageSize: number; search?: string; enabled?: boolean; ordering: RuleOrdering; descending: boolean },
): Promise<{ count: number; results: RemediationRule[] }> {
  const where = sql.join(
    [
      sql`r.customer_id = ${customerId}`,
      o.search ? sql`(r.name ilike ${containsPattern(o.search)} or r.description ilike ${containsPattern(o.search)})` : sql`true`,
      o.enabled === undefined ? sql`true` : sql`r.enabled = ${o.enabled}`,
    ],
    sql` and `,
  );
  const dir = sql.raw(o.descending ? 'desc' : 'asc');
  const rows = await queryRows<RuleRow & { total: number }>(
    db,
    sql`select ${COLUMNS}, count(*) over () ::int as total from remediation_rules r where ${where}
        order by ${sql.raw(ORDER[o.ordering])} ${dir}, r.id ${dir}
        limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
  );
  // Past the last page the window count is missing: count apart.
  const count =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from remediation_rules r where ${where}`))[0]!.n);
  return { count, results: rows.map(toRule) };
}

export async function getRule(db: Db | Tx, customerId: number, id: number): Promise<RemediationRule | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<RuleRow>(
    db,
    sql`select ${COLUMNS} from remediation_rules r where r.id = ${id} and r.customer_id = ${customerId}`,
  );
  return row ? toRule(row) : null;
}

/** The customer's enabled rules in evaluation order (position, then age). */
export async function enabledRules(db: Db | Tx, customerId: number): Promise<RemediationRule[]> {
  const rows = await queryRows<RuleRow>(
    db,
    sql`select ${COLUMNS} from remediation_rules r where r.customer_id = ${customerId} and r.enabled order by r.position, r.id`,
  );
  return rows.map(toRule);
}

export async function insertRule(tx: Tx, customerId: number, v: RemediationRuleValues, userId: number | null, now: Date): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into remediation_rules (customer_id, name, description, enabled, position, conditions, actions, created_by, created_at, updated_at)
        values (${customerId}, ${v.name}, ${v.description}, ${v.enabled},
                coalesce(${v.position}::int, (select coalesce(max(position) + 1, 0) from remediation_rules where customer_id = ${customerId})),
                ${JSON.stringify(v.conditions)}::jsonb, ${JSON.stringify(v.actions)}::jsonb, ${userId}::int, ${now.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row!.id);
}

export async function updateRule(tx: Tx, customerId: number, id: number, v: RemediationRuleValues, now: Date): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await queryRows(
    tx,
    sql`update remediation_rules set name = ${v.name}, description = ${v.description}, enabled = ${v.enabled},
               position = coalesce(${v.position}::int, position), conditions = ${JSON.stringify(v.conditions)}::jsonb,
               actions = ${JSON.stringify(v.actions)}::jsonb, updated_at = ${now.toISOString()}::timestamptz
        where id = ${id} and customer_id = ${customerId} returning id`,
  );
  return rows.length > 0;
}

export async function deleteRuleRow(db: Db, customerId: number, id: number): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await queryRows(db, sql`delete from remediation_rules where id = ${id} and customer_id = ${customerId} returning id`);
  return rows.length > 0;
}

export async function markEvaluated(tx: Db | Tx, ruleId: number, now: Date): Promise<void> {
  await tx.execute(sql`update remediation_rules set last_evaluated_at = ${now.toISOString()}::timestamptz where id = ${ruleId}`);
}
