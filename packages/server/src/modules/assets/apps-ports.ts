// Read models of the applications and ports views: the open ports of the assets a scope sees and the packages
// authenticated scans listed on them, grouped by product (or package) and version or by port and protocol, with how
// many assets and open findings each has; and one group's assets and findings. An application's id is the MD5 of "product|version", so a link to it stays the same across scans.
import { sql, type SQL } from 'drizzle-orm';
import type { AppAsset, AppVulnerability, InstalledApp, PortSummary } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';
import { DISPLAY_NAME } from '../../tenancy/asset-filters.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

const APP_KEY = sql`md5(p.product || '|' || coalesce(p.version, ''))`;
const iso = (v: string | Date) => new Date(v).toISOString();

/** Open ports of visible, live assets: the rows every view here starts from. */
const openPorts = (scope: AssetScope) => sql`host_ports p join assets a on a.id = p.host_id
  where p.open and a.archived_at is null and ${scopeCondition(scope)}`;

/** Packages authenticated scans listed on visible, live assets (`k`). */
const installedPackages = (scope: AssetScope) => sql`host_packages k join assets a on a.id = k.host_id
  where a.archived_at is null and ${scopeCondition(scope)}`;

/** Open findings an authenticated scan decided on the package row `k`'s source package. */
const findingsOnPackage = sql`findings f where f.host_id = k.host_id and f.package = k.source and f.state <> 3`;

const APP_KEY_OF_U = sql`md5(u.name || '|' || coalesce(u.version, ''))`;

/** Open findings on the same asset and port as the port row `p`. */
const findingsOnPort = sql`findings f where f.host_id = p.host_id and f.port = p.port and f.protocol = p.protocol and f.state <> 3`;

export type AppOrdering = 'name' | 'assets' | 'vulnerabilities';
export type PortOrdering = 'port' | 'assets' | 'vulnerabilities';

export async function listApps(
  db: Db,
  scope: AssetScope,
  o: { search?: string; page: number; pageSize: number; ordering: { key: AppOrdering; descending: boolean } },
) {
  const pattern = o.search ? containsPattern(o.search) : null;
  // Products the services announced, and the packages authenticated scans listed, grouped alike by name and version.
  const rows = sql`select p.host_id, p.product as name, p.version, p.cpe->>0 as cpe, p.port,
        (select count(*) from ${findingsOnPort}) as v, (select max(f.severity) from ${findingsOnPort}) as s
      from ${openPorts(scope)} and p.product is not null
        ${pattern ? sql`and (p.product ilike ${pattern} or p.version ilike ${pattern})` : sql``}
    union all
    select k.host_id, k.name, k.version, null, null,
        (select count(*) from ${findingsOnPackage}) as v, (select max(f.severity) from ${findingsOnPackage}) as s
      from ${installedPackages(scope)} ${pattern ? sql`and (k.name ilike ${pattern} or k.version ilike ${pattern})` : sql``}`;
  const grouped = sql`select ${APP_KEY_OF_U} as id, u.name, u.version, min(u.cpe) as cpe,
      count(distinct u.host_id)::int as assets, coalesce(array_agg(distinct u.port) filter (where u.port is not null), '{}') as ports,
      coalesce(sum(u.v), 0)::int as vulnerabilities, max(u.s) as max_severity
    from (${rows}) u group by u.name, u.version`;
  const order: Record<AppOrdering, SQL> = { name: sql`lower(name), version`, assets: sql`assets`, vulnerabilities: sql`vulnerabilities` };
  const dir = o.ordering.descending ? sql`desc` : sql`asc`;
  const [found, [{ n }]] = await Promise.all([
    queryRows<InstalledApp & { ports: number[] }>(
      db,
      sql`select * from (${grouped}) g order by ${order[o.ordering.key]} ${dir}, id limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${grouped}) g`),
  ]);
  return {
    count: Number(n),
    rows: found.map((r) => ({
      ...r,
      assets: Number(r.assets),
      ports: (r.ports ?? []).map(Number).sort((x, y) => x - y),
      vulnerabilities: Number(r.vulnerabilities),
      max_severity: r.max_severity === null ? null : Number(r.max_severity),
    })),
  };
}

export async function listPorts(
  db: Db,
  scope: AssetScope,
  o: { port?: number; page: number; pageSize: number; ordering: { key: PortOrdering; descending: boolean } },
) {
  const grouped = sql`select p.port, p.protocol, coalesce(array_agg(distinct p.service) filter (where p.service is not null), '{}') as services,
      count(distinct p.host_id)::int as assets,
      coalesce(sum((select count(*) from ${findingsOnPort})), 0)::int as vulnerabilities,
      max((select max(f.severity) from ${findingsOnPort})) as max_severity
    from ${openPorts(scope)} ${o.port === undefined ? sql`` : sql`and p.port = ${o.port}`}
    group by p.port, p.protocol`;
  const order: Record<PortOrdering, SQL> = { port: sql`port, protocol`, assets: sql`assets`, vulnerabilities: sql`vulnerabilities` };
  const dir = o.ordering.descending ? sql`desc` : sql`asc`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<PortSummary>(
      db,
      sql`select * from (${grouped}) g order by ${order[o.ordering.key]} ${dir}, port, protocol limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${grouped}) g`),
  ]);
  return {
    count: Number(n),
    rows: rows.map((r) => ({
      ...r,
      port: Number(r.port),
      protocol: Number(r.protocol),
      assets: Number(r.assets),
      vulnerabilities: Number(r.vulnerabilities),
      max_severity: r.max_severity === null ? null : Number(r.max_severity),
    })),
  };
}

/**
 * What an application or a port is, on the two tables where it shows: the open ports' products (`p`), and for an
 * application also the packages authenticated scans listed (`k`; null for a port).
 */
export interface Group {
  ports: SQL;
  packages: SQL | null;
}

/** The assets (and the port, for a service) where an application or a port was seen. */
export async function groupAssets(db: Db, scope: AssetScope, group: Group, page: number, pageSize: number) {
  const union = sql`select a.id, ${DISPLAY_NAME} as asset_name, p.port, p.protocol, p.service, p.product, p.version, p.last_seen
      from ${openPorts(scope)} and ${group.ports}
    ${
      group.packages
        ? sql`union all select a.id, ${DISPLAY_NAME}, null, null, null, k.name, k.version, k.last_seen
      from ${installedPackages(scope)} and ${group.packages}`
        : sql``
    }`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<{
      id: number;
      asset_name: string;
      port: number | null;
      protocol: number | null;
      service: string | null;
      product: string | null;
      version: string | null;
      last_seen: string | Date;
    }>(
      db,
      sql`select * from (${union}) u order by lower(u.asset_name), u.id, u.port nulls first limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${union}) u`),
  ]);
  const results: AppAsset[] = rows.map((r) => ({
    id: Number(r.id),
    asset_name: r.asset_name,
    port: r.port === null ? null : Number(r.port),
    protocol: r.protocol === null ? null : Number(r.protocol),
    service: r.service,
    product: r.product,
    version: r.version,
    last_detected: iso(r.last_seen),
  }));
  return { count: Number(n), results };
}

/** The open findings on the assets and ports (or installed packages) of an application or port, worst first. */
export function groupVulnerabilities(db: Db, scope: AssetScope, group: Group, page: number, pageSize: number) {
  const onPort = sql`exists (select 1 from host_ports p where p.host_id = f.host_id and p.port = f.port and p.protocol = f.protocol
    and p.open and ${group.ports})`;
  const onPackage = group.packages
    ? sql`exists (select 1 from host_packages k where k.host_id = f.host_id and k.source = f.package and ${group.packages})`
    : null;
  return openFindings(
    db,
    sql`findings f join assets a on a.id = f.host_id
    where f.state <> 3 and a.archived_at is null and ${scopeCondition(scope)} and (${onPort}${onPackage ? sql` or ${onPackage}` : sql``})`,
    page,
    pageSize,
  );
}

/** One asset's open findings (host-level ones too), worst first: the asset page's list. */
export function assetFindings(db: Db, scope: AssetScope, assetId: number, page: number, pageSize: number) {
  return openFindings(
    db,
    sql`findings f join assets a on a.id = f.host_id where f.state <> 3 and a.id = ${assetId} and ${scopeCondition(scope)}`,
    page,
    pageSize,
  );
}

async function openFindings(db: Db, from: SQL, page: number, pageSize: number) {
  const [rows, [{ n }]] = await Promise.all([
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
      sql`select f.id, f.name, f.cve, f.severity, f.risk_score, f.state, a.id as asset_id, ${DISPLAY_NAME} as asset_name, f.port,
                 (select i.hid from issues i where i.id = f.issue_id) as hid from ${from}
          order by f.risk_score desc, f.severity desc, f.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from}`),
  ]);
  const results: AppVulnerability[] = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    hid: r.hid,
    cve: r.cve,
    severity: Number(r.severity),
    risk_score: Number(r.risk_score),
    state: Number(r.state),
    asset: { id: Number(r.asset_id), asset_name: r.asset_name },
    port: r.port === null ? null : Number(r.port),
  }));
  return { count: Number(n), results };
}

export const appGroup = (id: string): Group => ({
  ports: sql`p.product is not null and ${APP_KEY} = ${id}`,
  packages: sql`md5(k.name || '|' || k.version) = ${id}`,
});
export const portGroup = (port: number, protocol: number): Group => ({
  ports: sql`p.port = ${port} and p.protocol = ${protocol}`,
  packages: null,
});
