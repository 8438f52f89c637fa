// Queries of the exceptions, always for one customer: the paged list (kind, active at a time, search), one exception,
// adding and deleting, and the unexpired ones scans honour.
import { sql, type SQL } from 'drizzle-orm';
import type { Exclusion, ExclusionKind } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';

interface ExclusionRow extends Record<string, unknown> {
  id: number;
  kind: ExclusionKind;
  value: string;
  port: number | null;
  test_id: string | null;
  issue_id: number | null;
  issue_hid: string | null;
  issue_name: string | null;
  reason: string;
  expires_at: string | Date | null;
  created_by: number | null;
  created_by_email: string | null;
  created_at: string | Date;
}

const COLUMNS = sql`x.id, x.kind, x.value, x.port, x.test_id, x.issue_id, i.hid as issue_hid, i.name as issue_name, x.reason,
  x.expires_at, x.created_by, u.email as created_by_email, x.created_at`;
const FROM = sql`exclusions x left join issues i on i.id = x.issue_id left join users u on u.id = x.created_by`;

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

function toExclusion(r: ExclusionRow, now: Date): Exclusion {
  const expires = iso(r.expires_at);
  return {
    id: Number(r.id),
    kind: r.kind,
    value: r.value,
    port: r.port === null ? null : Number(r.port),
    test_id: r.test_id,
    issue_id: r.issue_id === null ? null : Number(r.issue_id),
    issue_hid: r.issue_hid,
    issue_name: r.issue_name,
    reason: r.reason,
    expires_at: expires,
    active: expires === null || new Date(expires) > now,
    created_by: r.created_by === null ? null : Number(r.created_by),
    created_by_email: r.created_by_email,
    created: iso(r.created_at)!,
  };
}

/** Unexpired at `now` (an exception without expiry never ends). */
export const activeSql = (now: Date, alias = 'x'): SQL =>
  sql`(${sql.raw(alias)}.expires_at is null or ${sql.raw(alias)}.expires_at > ${now.toISOString()}::timestamptz)`;

export type ExclusionOrdering = 'created' | 'value' | 'expires_at' | 'kind';

const ORDER: Record<ExclusionOrdering, SQL> = {
  created: sql`x.created_at`,
  value: sql`lower(x.value)`,
  expires_at: sql`x.expires_at`,
  kind: sql`x.kind`,
};

export async function listExclusions(
  db: Db,
  customerId: number,
  now: Date,
  o: {
    page: number;
    pageSize: number;
    kind?: ExclusionKind[];
    active?: boolean;
    search?: string;
    order: ExclusionOrdering;
    descending: boolean;
  },
): Promise<{ count: number; results: Exclusion[] }> {
  const where = sql.join(
    [
      sql`x.customer_id = ${customerId}`,
      o.kind?.length
        ? sql`x.kind in (${sql.join(
            o.kind.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql`true`,
      o.active === undefined ? sql`true` : o.active ? activeSql(now) : sql`not ${activeSql(now)}`,
      o.search
        ? sql`(x.value ilike ${containsPattern(o.search)} or x.reason ilike ${containsPattern(o.search)} or x.test_id ilike ${containsPattern(o.search)})`
        : sql`true`,
    ],
    sql` and `,
  );
  const direction = o.descending ? sql`desc nulls last` : sql`asc nulls last`;
  const rows = await queryRows<ExclusionRow & { total: number }>(
    db,
    sql`select ${COLUMNS}, count(*) over () as total from ${FROM} where ${where}
        order by ${ORDER[o.order]} ${direction}, x.id ${o.descending ? sql`desc` : sql`asc`}
        limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
  );
  let count = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && o.page > 1) {
    const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where}`);
    count = Number(c?.n ?? 0);
  }
  return { count, results: rows.map((r) => toExclusion(r, now)) };
}

export async function getExclusion(db: Db | Tx, customerId: number, id: number, now: Date): Promise<Exclusion | null> {
  const [row] = await queryRows<ExclusionRow>(db, sql`select ${COLUMNS} from ${FROM} where x.customer_id = ${customerId} and x.id = ${id}`);
  return row ? toExclusion(row, now) : null;
}

export interface NewExclusion {
  kind: ExclusionKind;
  value: string;
  first: string | null;
  last: string | null;
  port: number | null;
  testId: string | null;
  issueId: number | null;
  reason: string;
  expiresAt: Date | null;
  createdBy: number | null;
}

export async function insertExclusion(db: Db | Tx, customerId: number, e: NewExclusion, now: Date): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into exclusions (customer_id, kind, value, first, last, port, test_id, issue_id, reason, expires_at, created_by, created_at)
        values (${customerId}, ${e.kind}, ${e.value}, ${e.first}, ${e.last}, ${e.port}, ${e.testId}, ${e.issueId}, ${e.reason},
                ${e.expiresAt?.toISOString() ?? null}::timestamptz, ${e.createdBy}, ${now.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row!.id);
}

export async function deleteExclusion(db: Db | Tx, customerId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from exclusions where customer_id = ${customerId} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** Whether the customer has this issue (an exception may name only its own customer's issues). */
export async function issueExists(db: Db | Tx, customerId: number, issueId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from issues where customer_id = ${customerId} and id = ${issueId}`);
  return rows.length > 0;
}

/**
 * The customer's unexpired exceptions of some kinds that keep a place out of scans: those naming a test or an issue
 * keep findings out of ticketing only (the host is still scanned for everything else).
 */
export async function scopeExclusions(
  db: Db | Tx,
  customerId: number,
  now: Date,
  kinds: readonly ExclusionKind[],
): Promise<{ id: number; kind: ExclusionKind; value: string; port: number | null }[]> {
  if (kinds.length === 0) return [];
  const rows = await queryRows<{ id: number; kind: ExclusionKind; value: string; port: number | null }>(
    db,
    sql`select x.id, x.kind, x.value, x.port from exclusions x
        where x.customer_id = ${customerId} and ${activeSql(now)} and x.test_id is null and x.issue_id is null
          and x.kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by x.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, value: r.value, port: r.port === null ? null : Number(r.port) }));
}
