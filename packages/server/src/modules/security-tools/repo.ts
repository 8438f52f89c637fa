// Queries of watched targets, written once over a kind's descriptor: the monitors and their scan logs, always for one
// customer, and for a member of a LIMITED team only those whose asset the member sees (a website without an asset is
// then not seen). Writes name their columns through the descriptor; lists use one count(*) over () query per page.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, queryRows, timeRange } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import type { AssetRef, LogRow, MonitorKind, MonitorRow } from './kinds.ts';

/** Ids are PostgreSQL integers: a larger one from a path names no monitor (and must not reach the database as one). */
export const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

const monitors = (kind: MonitorKind, extra = sql``) =>
  sql`select m.*, a.name as asset_name, a.value as asset_value, a.address as asset_address${extra}
      from ${sql.identifier(kind.table)} m left join assets a on a.id = m.asset_id and a.customer_id = m.customer_id`;

/** What the scope sees of monitors aliased `m` joined to their asset `a`. */
const visible = (scope: AssetScope): SQL =>
  scope.limitedToTags === null
    ? sql`m.customer_id = ${scope.customerId}`
    : sql`m.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')}`;

/** A value as a parameter of its column: times are timestamptz, lists and objects jsonb. */
const param = (v: unknown): SQL =>
  v instanceof Date
    ? sql`${v.toISOString()}::timestamptz`
    : typeof v === 'object' && v !== null
      ? sql`${JSON.stringify(v)}::jsonb`
      : sql`${v}`;
const assignments = (columns: Record<string, unknown>) =>
  sql.join(
    Object.entries(columns).map(([k, v]) => sql`${sql.identifier(k)} = ${param(v)}`),
    sql`, `,
  );

async function total(db: Db, rows: { total?: unknown }[], count: SQL): Promise<number> {
  // Past the last page the window count is missing: count apart.
  if (rows.length > 0) return Number(rows[0]!.total);
  return Number((await queryRows<{ n: number }>(db, count))[0]!.n);
}

export interface MonitorListOptions {
  page: number;
  pageSize: number;
  search?: string;
  active?: boolean;
  lastStatus?: string[];
  ordering: string;
  descending: boolean;
}

export async function listMonitors(
  db: Db,
  kind: MonitorKind,
  scope: AssetScope,
  o: MonitorListOptions,
): Promise<{ count: number; rows: MonitorRow[] }> {
  const where = sql.join(
    [
      visible(scope),
      o.search ? kind.search(containsPattern(o.search)) : sql`true`,
      o.active === undefined ? sql`true` : sql`m.active = ${o.active}`,
      o.lastStatus?.length
        ? sql`m.last_status in (${sql.join(
            o.lastStatus.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql`true`,
    ],
    sql` and `,
  );
  const dir = sql.raw(o.descending ? 'desc' : 'asc');
  const order = kind.orderings[o.ordering] ?? sql`m.id`;
  const rows = await queryRows<MonitorRow & { total: number }>(
    db,
    sql`${monitors(kind, sql`, count(*) over ()::int as total`)} where ${where}
        order by ${order} ${dir} nulls last, m.id ${dir}
        limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
  );
  const count = await total(db, rows, sql`select count(*)::int as n from (${monitors(kind)} where ${where}) c`);
  return { count, rows };
}

export async function getMonitor(db: Db | Tx, kind: MonitorKind, scope: AssetScope, id: number): Promise<MonitorRow | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<MonitorRow>(db, sql`${monitors(kind)} where m.id = ${id} and ${visible(scope)}`);
  return row ?? null;
}

/** One monitor by id alone, for the scheduled run (which has claimed it for its customer already). */
export async function monitorById(db: Db | Tx, kind: MonitorKind, id: number): Promise<MonitorRow | null> {
  const [row] = await queryRows<MonitorRow>(db, sql`${monitors(kind)} where m.id = ${id}`);
  return row ?? null;
}

/** The customer's asset of the given type (another customer's or another type's reads as missing). */
export async function assetOfType(db: Db | Tx, customerId: number, id: number, type: number): Promise<AssetRef | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<AssetRef & Record<string, unknown>>(
    db,
    sql`select id, type, name, value, address from assets where id = ${id} and customer_id = ${customerId} and type = ${type}`,
  );
  return row ? { ...row, id: Number(row.id), type: Number(row.type) } : null;
}

export async function insertMonitor(tx: Tx, kind: MonitorKind, columns: Record<string, unknown>): Promise<number> {
  const names = Object.keys(columns);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${sql.identifier(kind.table)} (${sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    )}) values (${sql.join(
      names.map((n) => param(columns[n])),
      sql`, `,
    )}) returning id`,
  );
  return Number(row!.id);
}

export async function updateMonitor(
  db: Db | Tx,
  kind: MonitorKind,
  customerId: number,
  id: number,
  columns: Record<string, unknown>,
): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await queryRows(
    db,
    sql`update ${sql.identifier(kind.table)} set ${assignments(columns)} where id = ${id} and customer_id = ${customerId} returning id`,
  );
  return rows.length > 0;
}

export async function deleteMonitorRow(db: Db, kind: MonitorKind, customerId: number, id: number): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await queryRows(
    db,
    sql`delete from ${sql.identifier(kind.table)} where id = ${id} and customer_id = ${customerId} returning id`,
  );
  return rows.length > 0;
}

export async function insertLog(tx: Tx, kind: MonitorKind, columns: Record<string, unknown>): Promise<number> {
  return insertMonitor(tx, { ...kind, table: kind.logTable }, columns);
}

const logs = (kind: MonitorKind, extra = sql``) =>
  sql`select l.*, l.${sql.identifier(kind.logKey)} as monitor_id${extra}
      from ${sql.identifier(kind.logTable)} l join ${sql.identifier(kind.table)} m on m.id = l.${sql.identifier(kind.logKey)}
      left join assets a on a.id = m.asset_id and a.customer_id = m.customer_id`;

export interface LogListOptions {
  page: number;
  pageSize: number;
  monitorId?: number;
  status?: string[];
  startedAfter?: Date;
  startedBefore?: Date;
}

/** A scan log, newest first. */
export async function listLogs(
  db: Db,
  kind: MonitorKind,
  scope: AssetScope,
  o: LogListOptions,
): Promise<{ count: number; rows: LogRow[] }> {
  const conditions = [
    visible(scope),
    sql`l.customer_id = ${scope.customerId}`,
    ...timeRange(sql`l.started_at`, o.startedAfter, o.startedBefore),
  ];
  if (o.monitorId !== undefined) conditions.push(isId(o.monitorId) ? sql`l.${sql.identifier(kind.logKey)} = ${o.monitorId}` : sql`false`);
  if (o.status?.length)
    conditions.push(
      sql`l.status in (${sql.join(
        o.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<LogRow & { total: number }>(
    db,
    sql`${logs(kind, sql`, count(*) over ()::int as total`)} where ${where}
        order by l.started_at desc, l.id desc limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
  );
  const count = await total(db, rows, sql`select count(*)::int as n from (${logs(kind)} where ${where}) c`);
  return { count, rows };
}

export async function getLog(db: Db, kind: MonitorKind, scope: AssetScope, id: number): Promise<LogRow | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<LogRow>(
    db,
    sql`${logs(kind)} where l.id = ${id} and l.customer_id = ${scope.customerId} and ${visible(scope)}`,
  );
  return row ?? null;
}
