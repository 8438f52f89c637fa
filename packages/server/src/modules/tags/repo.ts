// Queries of tags, always for one customer: the list (paged, or all with page_size=0) with each tag's asset count as
// the caller may see it, one tag, and the basic pickers.
import { sql } from 'drizzle-orm';
import type { Tag, TagRule } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

export interface TagRow extends Record<string, unknown> {
  id: number;
  name: string;
  description: string;
  color: string;
  is_dynamic: boolean;
  rules: TagRule[];
  business_impact: number | null;
  asset_count: number;
  created_at: string | Date;
  modified_at: string | Date;
  evaluated_at: string | Date | null;
}

export type TagOrdering = 'name' | 'created' | 'asset_count' | 'id';
const ORDER = { name: sql`lower(t.name)`, created: sql`t.created_at`, asset_count: sql`asset_count`, id: sql`t.id` };

const columns = (scope: AssetScope) => sql`t.id, t.name, t.description, t.color, t.is_dynamic, t.rules, t.business_impact,
  (select count(*)::int from asset_tags x join assets a on a.id = x.asset_id where x.tag_id = t.id and ${scopeCondition(scope)}) as asset_count,
  t.created_at, t.modified_at, t.evaluated_at`;

export interface TagListOptions {
  search?: string;
  isDynamic?: boolean;
  ordering: { key: TagOrdering; descending: boolean };
  /** null: every tag (page_size=0). */
  page: { page: number; size: number } | null;
}

export async function listTags(db: Db, scope: AssetScope, o: TagListOptions): Promise<{ count: number; rows: TagRow[] }> {
  const where = sql.join(
    [
      sql`t.customer_id = ${scope.customerId}`,
      o.search ? sql`(t.name ilike ${containsPattern(o.search)} or t.description ilike ${containsPattern(o.search)})` : sql`true`,
      o.isDynamic === undefined ? sql`true` : sql`t.is_dynamic = ${o.isDynamic}`,
    ],
    sql` and `,
  );
  const dir = o.ordering.descending ? sql`desc` : sql`asc`;
  const limit = o.page ? sql`limit ${o.page.size} offset ${(o.page.page - 1) * o.page.size}` : sql``;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<TagRow>(
      db,
      sql`select ${columns(scope)} from tags t where ${where} order by ${ORDER[o.ordering.key]} ${dir}, t.id ${dir} ${limit}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from tags t where ${where}`),
  ]);
  return { count: Number(n), rows };
}

export async function getTagRow(db: Db | Tx, scope: AssetScope, id: number): Promise<TagRow | null> {
  const [row] = await queryRows<TagRow>(
    db,
    sql`select ${columns(scope)} from tags t where t.customer_id = ${scope.customerId} and t.id = ${id}`,
  );
  return row ?? null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function toTag(r: TagRow): Tag {
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    color: r.color,
    is_dynamic: r.is_dynamic,
    rules: r.rules ?? [],
    business_impact: r.business_impact === null ? null : Number(r.business_impact),
    asset_count: Number(r.asset_count),
    created: iso(r.created_at)!,
    modified: iso(r.modified_at)!,
    evaluated: iso(r.evaluated_at),
  };
}

export async function tagBasics(db: Db, customerId: number) {
  const rows = await queryRows<{ id: number; name: string; color: string; is_dynamic: boolean }>(
    db,
    sql`select id, name, color, is_dynamic from tags where customer_id = ${customerId} order by lower(name), id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
