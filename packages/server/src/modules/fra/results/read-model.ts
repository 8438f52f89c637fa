// The result lists of phishing assessments: one row per recipient per assessment (fra_targets), read from the
// targets' first-time columns (what a person did first, bots never set them) so a list costs the same whether the
// assessment had a thousand tracking requests or a million. Tenant-scoped; a LIMITED member sees only recipients
// whose asset carries one of the team's tags.
import { sql, type SQL } from 'drizzle-orm';
import type { RecipientResult, RecipientResultOrdering, TargetState, TrackingEvent } from '@bulwark/core';
import type { Db, Tx } from '../../../db/client.ts';
import { containsPattern, queryRows } from '../../../db/rows.ts';
import { countRows } from '../../../http/list.ts';
import { scopeCondition, type AssetScope } from '../../../tenancy/visibility.ts';

/** The first-time column of each tracking event kind. */
export const EVENT_COLUMN: Record<TrackingEvent, string> = {
  sent: 'sent_at',
  delivered: 'delivered_at',
  bounced: 'bounced_at',
  opened: 'opened_at',
  clicked: 'clicked_at',
  submitted: 'submitted_at',
  reported: 'reported_at',
  training_started: 'training_started_at',
  training_completed: 'training_completed_at',
};

const ORDER_SQL: Record<RecipientResultOrdering, string> = {
  email: 'r.email',
  name: "lower(r.first_name || ' ' || r.last_name)",
  department: 'lower(r.department)',
  severity: 't.severity',
  send_at: 't.send_at',
  sent_at: 't.sent_at',
  opened_at: 't.opened_at',
  clicked_at: 't.clicked_at',
  submitted_at: 't.submitted_at',
  reported_at: 't.reported_at',
  training_completed_at: 't.training_completed_at',
};

export interface ResultFilter {
  assessmentId?: number;
  recipientId?: number;
  state?: TargetState[];
  reached?: TrackingEvent[];
  severity?: number[];
  department?: string[];
  search?: string;
}

export interface ResultListOptions extends ResultFilter {
  page: number;
  pageSize: number;
  ordering: RecipientResultOrdering;
  descending: boolean;
}

/** The scope of the recipients: the tenant always; a LIMITED member's tags on the recipient's asset. */
export function recipientScope(scope: AssetScope): SQL {
  if (scope.limitedToTags === null) return sql`r.customer_id = ${scope.customerId}`;
  return sql`r.customer_id = ${scope.customerId} and exists (select 1 from assets ast where ast.id = r.asset_id and ${scopeCondition(scope, 'ast')})`;
}

function conditions(scope: AssetScope, f: ResultFilter): SQL {
  const c: SQL[] = [sql`t.customer_id = ${scope.customerId}`, recipientScope(scope)];
  if (f.assessmentId !== undefined) c.push(sql`t.assessment_id = ${f.assessmentId}`);
  if (f.recipientId !== undefined) c.push(sql`t.recipient_id = ${f.recipientId}`);
  if (f.state?.length)
    c.push(
      sql`t.state in (${sql.join(
        f.state.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  // Reached: every kind named was reached (clicked AND submitted), as a funnel is read.
  for (const k of f.reached ?? []) c.push(sql`${sql.raw(`t.${EVENT_COLUMN[k]}`)} is not null`);
  if (f.severity?.length)
    c.push(
      sql`t.severity in (${sql.join(
        f.severity.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.department?.length)
    c.push(
      sql`lower(r.department) in (${sql.join(
        f.department.map((d) => sql`${d.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  if (f.search) {
    const p = containsPattern(f.search);
    c.push(sql`(r.email ilike ${p} or (r.first_name || ' ' || r.last_name) ilike ${p} or r.department ilike ${p} or a.name ilike ${p})`);
  }
  return sql.join(c, sql` and `);
}

const FROM = sql`from fra_targets t
  join fra_assessments a on a.id = t.assessment_id
  join fra_recipients r on r.id = t.recipient_id
  left join fra_phishing_templates p on p.id = t.template_id`;

type Row = Record<string, unknown> & {
  id: number;
  a_id: number;
  a_uuid: string;
  a_name: string;
  r_id: number;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  p_id: number | null;
  p_name: string | null;
  language: string;
  state: TargetState;
  training_score: number | null;
  severity: number;
  bot_events: number;
  error: string | null;
};

const SELECT = sql`select t.id, a.id as a_id, a.uuid::text as a_uuid, a.name as a_name, r.id as r_id, r.email, r.first_name,
  r.last_name, r.department, p.id as p_id, p.name as p_name, t.language, t.state, t.send_at, t.sent_at, t.delivered_at,
  t.bounced_at, t.opened_at, t.clicked_at, t.submitted_at, t.reported_at, t.training_started_at, t.training_completed_at,
  t.training_score, t.severity, t.bot_events, t.error`;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toResult(x: Row): RecipientResult {
  const name = `${x.first_name} ${x.last_name}`.trim();
  return {
    id: Number(x.id),
    assessment: { id: Number(x.a_id), uuid: x.a_uuid, name: x.a_name },
    recipient: { id: Number(x.r_id), email: x.email, name: name || x.email, department: x.department },
    template: x.p_id === null ? null : { id: Number(x.p_id), name: x.p_name ?? '' },
    language: x.language as RecipientResult['language'],
    state: x.state,
    send_at: iso(x.send_at),
    sent_at: iso(x.sent_at),
    delivered_at: iso(x.delivered_at),
    bounced_at: iso(x.bounced_at),
    opened_at: iso(x.opened_at),
    clicked_at: iso(x.clicked_at),
    submitted_at: iso(x.submitted_at),
    reported_at: iso(x.reported_at),
    training_started_at: iso(x.training_started_at),
    training_completed_at: iso(x.training_completed_at),
    training_score: x.training_score === null ? null : Number(x.training_score),
    severity: Number(x.severity),
    bot_events: Number(x.bot_events),
    error: x.error,
  };
}

export async function listResults(
  db: Db | Tx,
  scope: AssetScope,
  o: ResultListOptions,
): Promise<{ count: number; results: RecipientResult[] }> {
  const where = conditions(scope, o);
  const dir = sql.raw(o.descending ? 'desc nulls last' : 'asc nulls last');
  // The count and the page at once: on PostgreSQL they run on two connections of the pool.
  const [{ count }, rows] = await Promise.all([
    countRows(db, sql`select t.id ${FROM} where ${where}`),
    queryRows<Row>(
      db,
      sql`${SELECT} ${FROM} where ${where}
          order by ${sql.raw(ORDER_SQL[o.ordering])} ${dir}, t.id ${sql.raw(o.descending ? 'desc' : 'asc')}
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
  ]);
  return { count, results: rows.map(toResult) };
}

/** Results of one recipient (newest first) for its timeline. */
export async function resultsOfRecipient(db: Db | Tx, scope: AssetScope, recipientId: number, limit = 50): Promise<RecipientResult[]> {
  const rows = await queryRows<Row>(
    db,
    sql`${SELECT} ${FROM} where ${conditions(scope, { recipientId })}
        order by coalesce(t.sent_at, t.send_at, a.created_at) desc, t.id desc limit ${limit}`,
  );
  return rows.map(toResult);
}

/** The assessment (by uuid) of the caller's customer, or undefined. */
export async function assessmentOf(db: Db | Tx, customerId: number, uuid: string) {
  const [a] = await queryRows<{ id: number; started_at: string | null; send_end: string | null; created_at: string }>(
    db,
    sql`select id, started_at, send_end, created_at from fra_assessments where uuid = ${uuid}::uuid and customer_id = ${customerId}`,
  );
  return a;
}

/** A recipient the caller may see, or undefined. */
export async function recipientOf(db: Db | Tx, scope: AssetScope, id: number) {
  const [r] = await queryRows<{ id: number; email: string; first_name: string; last_name: string; severity: number }>(
    db,
    sql`select r.id, r.email, r.first_name, r.last_name, r.severity from fra_recipients r where r.id = ${id} and ${recipientScope(scope)}`,
  );
  return r;
}

/** A target the caller may see (through its recipient), or undefined. */
export async function targetOf(db: Db | Tx, scope: AssetScope, id: number) {
  const [t] = await queryRows<{ id: number }>(
    db,
    sql`select t.id from fra_targets t join fra_recipients r on r.id = t.recipient_id
        where t.id = ${id} and t.customer_id = ${scope.customerId} and ${recipientScope(scope)}`,
  );
  return t;
}
