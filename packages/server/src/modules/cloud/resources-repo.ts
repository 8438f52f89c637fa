// Cloud resources as the API reads them (cloud/resources/, and a run's resources for scan/cruns/{id}/results/): the
// cloud_resources row with its asset, open findings by severity, within the caller's asset scope (tenant, and a LIMITED
// team member's tags). Every filter of cloudResourceQuery is on an index of cloud_resources.
import { sql, type SQL } from 'drizzle-orm';
import type { CloudResourceItem } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

export const RESOURCE_ORDERINGS = {
  name: sql`lower(r.name)`,
  type: sql`r.resource_type`,
  region: sql`r.region`,
  last_seen: sql`r.last_seen`,
} as const;
export type ResourceOrdering = keyof typeof RESOURCE_ORDERINGS;

export interface ResourceFilter {
  provider?: number;
  account?: string;
  region?: string;
  resource_type?: string;
  search?: string;
  gone?: 'true' | 'false';
  run?: number;
}

export interface ResourcePage {
  page: number;
  pageSize: number;
  ordering: { key: ResourceOrdering; descending: boolean };
}

/** Open findings that count on the resource's asset (as the other asset lists count them). */
const COUNTED = sql`f.state <> 3 and f.ignore_kind is null and not f.test_ignored`;

function conditions(scope: AssetScope, f: ResourceFilter): SQL {
  const out: SQL[] = [sql`r.customer_id = ${scope.customerId}`, sql`a.kind = 'cloud'`, scopeCondition(scope)];
  if (f.provider !== undefined) out.push(sql`r.provider = ${f.provider}`);
  if (f.account) out.push(sql`r.account = ${f.account}`);
  if (f.region) out.push(sql`r.region = ${f.region}`);
  if (f.resource_type) out.push(sql`r.resource_type = ${f.resource_type}`);
  if (f.gone === 'true') out.push(sql`r.gone_since is not null`);
  if (f.gone === 'false') out.push(sql`r.gone_since is null`);
  if (f.search) {
    const like = containsPattern(f.search.trim());
    out.push(sql`(r.name ilike ${like} or a.value ilike ${like})`);
  }
  if (f.run !== undefined)
    out.push(sql`(r.last_run_id = ${f.run} or exists (select 1 from cloud_control_results c
                  where c.customer_id = r.customer_id and c.asset_id = r.asset_id and c.run_id = ${f.run}))`);
  return sql.join(out, sql` and `);
}

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

function toItem(r: Record<string, unknown>): CloudResourceItem {
  const json = <T>(v: unknown, fallback: T): T =>
    v === null || v === undefined ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);
  return {
    id: Number(r.id),
    provider: Number(r.provider),
    uid: String(r.uid),
    name: String(r.name),
    account: String(r.account),
    region: r.region === null ? null : String(r.region),
    service: String(r.service),
    resource_type: String(r.resource_type),
    public_addresses: json<string[]>(r.public_addresses, []),
    tags: json<Record<string, string>>(r.tags, {}),
    properties: json<Record<string, unknown>>(r.properties, {}),
    first_seen: iso(r.first_seen),
    last_seen: iso(r.last_seen),
    gone_since: r.gone_since === null ? null : iso(r.gone_since),
    vulnerabilities: {
      critical: Number(r.critical),
      high: Number(r.high),
      medium: Number(r.medium),
      low: Number(r.low),
      info: Number(r.info),
    },
  };
}

const SELECT = sql`select a.id, r.provider, a.value as uid, r.name, r.account, r.region, r.service, r.resource_type,
         r.public_addresses, r.tags, r.properties, r.first_seen, r.last_seen, r.gone_since, fc.*
  from cloud_resources r join assets a on a.id = r.asset_id
  cross join lateral (select count(*) filter (where f.severity = 4)::int as critical,
                             count(*) filter (where f.severity = 3)::int as high,
                             count(*) filter (where f.severity = 2)::int as medium,
                             count(*) filter (where f.severity = 1)::int as low,
                             count(*) filter (where f.severity = 0)::int as info
                      from findings f where f.host_id = a.id and ${COUNTED}) fc`;

/** A page of the cloud resources the scope sees, filtered and sorted (ties by id). */
export async function listCloudResources(
  db: Db,
  scope: AssetScope,
  filter: ResourceFilter,
  page: ResourcePage,
): Promise<{ count: number; results: CloudResourceItem[] }> {
  const where = conditions(scope, filter);
  const direction = sql.raw(page.ordering.descending ? 'desc nulls last' : 'asc nulls first');
  const [counted, rows] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from cloud_resources r join assets a on a.id = r.asset_id where ${where}`),
    queryRows<Record<string, unknown>>(
      db,
      sql`${SELECT} where ${where}
          order by ${RESOURCE_ORDERINGS[page.ordering.key]} ${direction}, a.id ${sql.raw(page.ordering.descending ? 'desc' : 'asc')}
          limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
    ),
  ]);
  return { count: Number(counted[0]?.n ?? 0), results: rows.map(toItem) };
}

/** One cloud resource the scope sees, or null. */
export async function getCloudResource(db: Db | Tx, scope: AssetScope, id: number): Promise<CloudResourceItem | null> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${SELECT} where a.id = ${id} and ${conditions(scope, {})}`);
  return row ? toItem(row) : null;
}

/** The open findings of one cloud resource, worst first, in the shape of the asset pages' lists (appVulnerability). */
export async function cloudResourceFindings(db: Db, scope: AssetScope, id: number, page: number, pageSize: number) {
  const from = sql`findings f join assets a on a.id = f.host_id join cloud_resources r on r.asset_id = a.id
                   where f.host_id = ${id} and f.state <> 3 and ${conditions(scope, {})}`;
  const [rows, counted] = await Promise.all([
    queryRows<{
      id: number;
      name: string;
      cve: string | null;
      severity: number;
      risk_score: number;
      state: number;
      asset_id: number;
      asset_name: string;
      port: number | null;
      hid: string | null;
    }>(
      db,
      sql`select f.id, f.name, f.cve, f.severity, f.risk_score, f.state, a.id as asset_id, r.name as asset_name, f.port,
                 (select i.hid from issues i where i.id = f.issue_id) as hid from ${from}
          order by f.risk_score desc, f.severity desc, f.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from}`),
  ]);
  return {
    count: Number(counted[0]?.n ?? 0),
    results: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      hid: r.hid,
      cve: r.cve,
      severity: Number(r.severity),
      risk_score: Number(r.risk_score),
      state: Number(r.state),
      asset: { id: Number(r.asset_id), asset_name: r.asset_name },
      port: r.port === null ? null : Number(r.port),
    })),
  };
}
