// Recipients as the screens read them (fra/recipients/): the list (paged, searched over name and address, filtered by
// department, language, tag, active, severity and source, ordered), one recipient with its tags (its asset's tags) and
// how many assessments it was in, and the departments with their counts. A member of a LIMITED team reads only the
// recipients whose asset carries one of the team's tags (pinned.md "Permissions and teams").
import { sql, type SQL } from 'drizzle-orm';
import type { Language, Recipient, RecipientSource } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, intArray, queryRows, textArray } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

export const RECIPIENT_ORDERING = ['email', 'name', 'department', 'severity', 'created', 'modified'] as const;
export type RecipientOrdering = (typeof RECIPIENT_ORDERING)[number];
const ORDER: Record<RecipientOrdering, string> = {
  email: 'r.email',
  name: 'lower(r.last_name), lower(r.first_name)',
  department: 'lower(r.department)',
  severity: 'r.severity',
  created: 'r.created_at',
  modified: 'r.modified_at',
};

export interface RecipientFilter {
  search?: string;
  department?: string[];
  language?: string[];
  tag?: number[];
  asset?: number[];
  active?: boolean;
  severity?: number[];
  source?: string[];
}

interface Row extends Record<string, unknown> {
  id: number;
  asset_id: number;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  job_title: string;
  language: string;
  active: boolean;
  source: string;
  external_id: string | null;
  severity: number;
  created_at: string | Date;
  modified_at: string | Date;
}

const COLUMNS = sql`r.id, r.asset_id, r.email, r.first_name, r.last_name, r.department, r.job_title, r.language, r.active,
  r.source, r.external_id, r.severity, r.created_at, r.modified_at`;
const FROM = sql`fra_recipients r join assets a on a.id = r.asset_id`;
const iso = (d: string | Date) => new Date(d).toISOString();
/** Ids are PostgreSQL integers: a larger one from a path names no recipient. */
export const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** The recipients the scope sees (always tenant-scoped, through the asset for LIMITED members). */
export function recipientScope(scope: AssetScope): SQL {
  return sql`r.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')}`;
}

function conditions(scope: AssetScope, f: RecipientFilter): SQL {
  const out: SQL[] = [recipientScope(scope)];
  if (f.search) {
    const p = containsPattern(f.search);
    out.push(sql`(r.email ilike ${p} or (r.first_name || ' ' || r.last_name) ilike ${p} or r.job_title ilike ${p})`);
  }
  if (f.department?.length) out.push(sql`r.department = any(${textArray(f.department)})`);
  if (f.language?.length) out.push(sql`r.language = any(${textArray(f.language)})`);
  if (f.source?.length) out.push(sql`r.source = any(${textArray(f.source)})`);
  if (f.severity?.length) out.push(sql`r.severity = any(${intArray(f.severity)})`);
  if (f.active !== undefined) out.push(sql`r.active = ${f.active}`);
  if (f.asset?.length) out.push(sql`r.asset_id = any(${intArray(f.asset)})`);
  if (f.tag?.length)
    out.push(sql`exists (select 1 from asset_tags t where t.asset_id = r.asset_id and t.tag_id = any(${intArray(f.tag)}))`);
  return sql.join(out, sql` and `);
}

/** Tags and assessment counts of a page of recipients, one query each. */
async function toRecipients(db: Db | Tx, customerId: number, rows: Row[]): Promise<Recipient[]> {
  if (rows.length === 0) return [];
  const assetIds = intArray(rows.map((r) => Number(r.asset_id)));
  const ids = intArray(rows.map((r) => Number(r.id)));
  const [tagRows, targetRows] = await Promise.all([
    queryRows<{ asset_id: number; id: number; name: string; color: string | null }>(
      db,
      sql`select at.asset_id, t.id, t.name, t.color from asset_tags at join tags t on t.id = at.tag_id
          where at.asset_id = any(${assetIds}) and t.customer_id = ${customerId} order by lower(t.name)`,
    ),
    queryRows<{ recipient_id: number; n: number; last: string | Date | null }>(
      db,
      sql`select recipient_id, count(*)::int as n, max(coalesce(sent_at, send_at)) as last from fra_targets
          where customer_id = ${customerId} and recipient_id = any(${ids}) group by recipient_id`,
    ),
  ]);
  const tags = new Map<number, Recipient['tags']>();
  for (const t of tagRows) {
    const list = tags.get(Number(t.asset_id)) ?? [];
    list.push({ id: Number(t.id), name: t.name, color: t.color });
    tags.set(Number(t.asset_id), list);
  }
  const targets = new Map(targetRows.map((t) => [Number(t.recipient_id), t]));
  return rows.map((r) => {
    const t = targets.get(Number(r.id));
    return {
      id: Number(r.id),
      asset_id: Number(r.asset_id),
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      department: r.department,
      job_title: r.job_title,
      language: r.language as Language,
      tags: tags.get(Number(r.asset_id)) ?? [],
      active: Boolean(r.active),
      source: r.source as RecipientSource,
      external_id: r.external_id,
      severity: Number(r.severity),
      assessments: Number(t?.n ?? 0),
      last_assessed: t?.last ? iso(t.last) : null,
      created: iso(r.created_at),
      modified: iso(r.modified_at),
    };
  });
}

export async function listRecipients(
  db: Db,
  scope: AssetScope,
  f: RecipientFilter,
  o: { page: number; pageSize: number; ordering: RecipientOrdering; descending: boolean },
): Promise<{ count: number; results: Recipient[] }> {
  const where = conditions(scope, f);
  const dir = sql.raw(o.descending ? 'desc' : 'asc');
  const order = sql.raw(
    ORDER[o.ordering]
      .split(', ')
      .map((c) => `${c} ${o.descending ? 'desc' : 'asc'}`)
      .join(', '),
  );
  const [rows, counted] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${COLUMNS} from ${FROM} where ${where} order by ${order}, r.id ${dir}
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where}`),
  ]);
  return { count: Number(counted[0]?.n ?? 0), results: await toRecipients(db, scope.customerId, rows) };
}

export async function getRecipient(db: Db | Tx, scope: AssetScope, id: number): Promise<Recipient | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<Row>(db, sql`select ${COLUMNS} from ${FROM} where r.id = ${id} and ${recipientScope(scope)}`);
  return row ? (await toRecipients(db, scope.customerId, [row]))[0]! : null;
}

/** Distinct departments of the recipients the scope sees, with how many (active and not) are in each. */
export async function listDepartments(db: Db, scope: AssetScope): Promise<{ department: string; recipients: number; active: number }[]> {
  const rows = await queryRows<{ department: string; n: number; active: number }>(
    db,
    sql`select r.department, count(*)::int as n, count(*) filter (where r.active)::int as active from ${FROM}
        where ${recipientScope(scope)} and r.department <> '' group by r.department order by lower(r.department)`,
  );
  return rows.map((r) => ({ department: r.department, recipients: Number(r.n), active: Number(r.active) }));
}
