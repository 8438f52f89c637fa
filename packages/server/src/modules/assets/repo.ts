// Queries of the asset inventory, always within an AssetScope (the customer, and a LIMITED team member's tags): pages
// of the list, one asset with its tags and owner, its open ports and scan history, pickers, usage and counts by tag.
import { sql, type SQL } from 'drizzle-orm';
import { ASSET_KIND_CATEGORY, type Asset, type AssetKind } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, intArray, queryRows } from '../../db/rows.ts';
import { countRows } from '../../http/list.ts';
import { assetConditions, DISPLAY_NAME, ORDER_COLUMN, type AssetFilter, type AssetOrderingKey } from '../../tenancy/asset-filters.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

export interface AssetRow extends Record<string, unknown> {
  id: number;
  kind: AssetKind;
  type: number;
  value: string;
  address: string | null;
  name: string;
  display_name: string;
  description: string;
  hostnames: string[];
  os: string | null;
  open_ports: number;
  is_server: boolean;
  internet_facing: boolean;
  pci: boolean;
  email_address: string | null;
  criticality: number;
  owner_id: number | null;
  parent_id: number | null;
  risk_score: number;
  created_at: string | Date;
  first_seen: string | Date | null;
  last_seen: string | Date | null;
  archived_at: string | Date | null;
}

const COLUMNS = sql`a.id, a.kind, a.type, a.value, a.address, a.name, ${DISPLAY_NAME} as display_name, a.description, a.hostnames,
  a.os, a.open_ports, a.is_server, a.internet_facing, a.pci, a.email_address, a.criticality, a.owner_id, a.parent_id,
  a.risk_score, a.created_at, a.first_seen, a.last_seen, a.archived_at`;

const where = (scope: AssetScope, extra: SQL[]): SQL => sql.join([scopeCondition(scope), ...extra], sql` and `);
const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

export interface ListOptions {
  page: number;
  pageSize: number;
  ordering: { key: AssetOrderingKey; descending: boolean };
}

export async function listAssets(
  db: Db,
  scope: AssetScope,
  filter: AssetFilter,
  o: ListOptions,
): Promise<{ count: number; rows: AssetRow[] }> {
  const condition = where(scope, assetConditions(filter));
  const dir = o.ordering.descending ? sql`desc nulls last` : sql`asc nulls first`;
  const [rows, { count }] = await Promise.all([
    queryRows<AssetRow>(
      db,
      sql`select ${COLUMNS} from assets a where ${condition}
          order by ${ORDER_COLUMN[o.ordering.key]} ${dir}, a.id ${o.ordering.descending ? sql`desc` : sql`asc`}
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    countRows(db, sql`select a.id from assets a where ${condition}`),
  ]);
  return { count, rows };
}

/** The ids of every asset the filter matches (bulk work on "everything matching"). */
export async function matchingAssetIds(db: Db | Tx, scope: AssetScope, filter: AssetFilter): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select a.id from assets a where ${where(scope, assetConditions(filter))}`);
  return rows.map((r) => Number(r.id));
}

export async function getAssetRow(db: Db | Tx, scope: AssetScope, id: number): Promise<AssetRow | null> {
  const [row] = await queryRows<AssetRow>(db, sql`select ${COLUMNS} from assets a where ${where(scope, [sql`a.id = ${id}`])}`);
  return row ?? null;
}

/** Rows in the reply shape, with their tags, owners and parents in three queries for the whole page. */
export async function toAssets(db: Db | Tx, customerId: number, rows: readonly AssetRow[]): Promise<Asset[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const owners = [...new Set(rows.map((r) => r.owner_id).filter((v): v is number => v !== null))];
  const parents = [...new Set(rows.map((r) => r.parent_id).filter((v): v is number => v !== null))];
  const [tagRows, ownerRows, parentRows] = await Promise.all([
    queryRows<{ asset_id: number; id: number; name: string; color: string }>(
      db,
      sql`select at.asset_id, t.id, t.name, t.color from asset_tags at join tags t on t.id = at.tag_id
          where at.customer_id = ${customerId} and at.asset_id = any(${intArray(ids)}) order by lower(t.name)`,
    ),
    owners.length
      ? queryRows<{ id: number; email: string; first_name: string; last_name: string }>(
          db,
          sql`select id, email, first_name, last_name from users where customer_id = ${customerId} and id = any(${intArray(owners)})`,
        )
      : [],
    parents.length
      ? queryRows<{ id: number; display_name: string }>(
          db,
          sql`select a.id, ${DISPLAY_NAME} as display_name from assets a where a.customer_id = ${customerId} and a.id = any(${intArray(parents)})`,
        )
      : [],
  ]);
  const tagsOf = new Map<number, { id: number; name: string; color: string }[]>();
  for (const t of tagRows) {
    const list = tagsOf.get(Number(t.asset_id)) ?? [];
    list.push({ id: Number(t.id), name: t.name, color: t.color });
    tagsOf.set(Number(t.asset_id), list);
  }
  const ownerOf = new Map(ownerRows.map((u) => [Number(u.id), { ...u, id: Number(u.id) }]));
  const parentOf = new Map(parentRows.map((p) => [Number(p.id), { id: Number(p.id), asset_name: p.display_name }]));
  return rows.map((r) => {
    const v6 = r.address?.includes(':') ?? false;
    return {
      id: Number(r.id),
      asset_type: Number(r.type),
      kind: r.kind,
      category: ASSET_KIND_CATEGORY[r.kind],
      asset_name: r.display_name,
      name: r.name,
      value: r.value,
      ipv4: r.address && !v6 ? r.address : null,
      ipv6: r.address && v6 ? r.address : null,
      hostnames: r.hostnames ?? [],
      os: r.os,
      open_ports: Number(r.open_ports),
      is_server: r.is_server,
      internet_facing: r.internet_facing,
      pci: r.pci,
      email_address: r.email_address,
      criticality: Number(r.criticality),
      owner: r.owner_id === null ? null : (ownerOf.get(Number(r.owner_id)) ?? null),
      description: r.description,
      risk_score: Number(r.risk_score),
      tags: tagsOf.get(Number(r.id)) ?? [],
      parent: r.parent_id === null ? null : (parentOf.get(Number(r.parent_id)) ?? null),
      created: iso(r.created_at)!,
      first_detected: iso(r.first_seen),
      last_detected: iso(r.last_seen),
      archived: iso(r.archived_at),
    };
  });
}

export async function assetPorts(db: Db, scope: AssetScope, id: number, page: number, pageSize: number) {
  const condition = sql`p.host_id = ${id} and p.open and exists (select 1 from assets a where a.id = p.host_id and ${scopeCondition(scope)})`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<{
      port: number;
      protocol: number;
      service: string | null;
      product: string | null;
      version: string | null;
      cpe: string[];
      tls: boolean;
      banner: string | null;
      first_seen: string | Date;
      last_seen: string | Date;
    }>(
      db,
      sql`select p.port, p.protocol, p.service, p.product, p.version, p.cpe, p.tls, p.banner, p.first_seen, p.last_seen
          from host_ports p where ${condition} order by p.protocol, p.port limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from host_ports p where ${condition}`),
  ]);
  return {
    count: Number(n),
    results: rows.map((r) => ({
      port: Number(r.port),
      protocol: Number(r.protocol),
      service: r.service,
      product: r.product,
      version: r.version,
      cpe: r.cpe ?? [],
      tls: r.tls,
      banner: r.banner,
      first_detected: iso(r.first_seen)!,
      last_detected: iso(r.last_seen)!,
    })),
  };
}

/** The runs that saw the asset, newest first (its scan history). */
export async function assetScans(db: Db, scope: AssetScope, id: number, page: number, pageSize: number) {
  const condition = sql`h.host_id = ${id} and h.customer_id = ${scope.customerId}`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<{
      run_id: number;
      scan_id: number;
      scan_name: string;
      finished: string | Date | null;
      status: number;
      ports: { state: string }[];
      findings_count: number;
      max_severity: number | null;
    }>(
      db,
      sql`select r.id as run_id, r.scan_id, r.name as scan_name, r.finished_at as finished, r.status, h.ports, h.findings_count, h.max_severity
          from scan_run_hosts h join scan_runs r on r.id = h.run_id
          where ${condition} order by r.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from scan_run_hosts h where ${condition}`),
  ]);
  return {
    count: Number(n),
    results: rows.map((r) => ({
      run_id: Number(r.run_id),
      scan_id: Number(r.scan_id),
      scan_name: r.scan_name,
      finished: iso(r.finished),
      status: Number(r.status),
      open_ports: (r.ports ?? []).filter((p) => p.state === 'open').length,
      findings: Number(r.findings_count),
      max_severity: r.max_severity === null ? null : Number(r.max_severity),
    })),
  };
}

/** Open findings of an asset by severity 0-4. */
export async function openFindingsBySeverity(db: Db, customerId: number, id: number): Promise<{ counts: number[]; belowQod: number }> {
  // Counted as every list counts them: at or above the organisation's minimum quality of detection.
  const rows = await queryRows<{ severity: number; shown: boolean; n: number }>(
    db,
    sql`select f.severity, f.qod >= c.min_qod as shown, count(*)::int as n
        from findings f join customers c on c.id = f.customer_id
        where f.customer_id = ${customerId} and f.host_id = ${id} and f.state <> 3
        group by f.severity, shown`,
  );
  const counts = [0, 0, 0, 0, 0];
  let belowQod = 0;
  for (const r of rows) {
    if (r.shown) counts[Number(r.severity)] += Number(r.n);
    else belowQod += Number(r.n);
  }
  return { counts, belowQod };
}

/** `text` in an asset's display name or value. */
const nameSearch = (text: string | undefined): SQL[] =>
  text
    ? [
        sql`(${DISPLAY_NAME} ilike ${containsPattern(text)} or a.value ilike ${containsPattern(text)} or a.address ilike ${containsPattern(text)})`,
      ]
    : [];

/** Live assets of these kinds for pickers (id, name, type), by name; `search` in name, value or address. */
export async function basicAssets(
  db: Db,
  scope: AssetScope,
  kinds: readonly AssetKind[],
  search: string | undefined,
  page: number,
  pageSize: number,
) {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const condition = where(scope, [sql`a.archived_at is null`, sql`a.kind in (${kindList})`, ...nameSearch(search)]);
  const [rows, { count }] = await Promise.all([
    queryRows<{ id: number; display_name: string; type: number; kind: AssetKind }>(
      db,
      sql`select a.id, ${DISPLAY_NAME} as display_name, a.type, a.kind from assets a where ${condition}
          order by lower(${DISPLAY_NAME}), a.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    countRows(db, sql`select a.id from assets a where ${condition}`),
  ]);
  return { count, rows: rows.map((r) => ({ id: Number(r.id), asset_name: r.display_name, asset_type: Number(r.type), kind: r.kind })) };
}

export async function assetIps(db: Db, scope: AssetScope, search: string | undefined, page: number, pageSize: number) {
  const condition = where(scope, [sql`a.address is not null`, sql`a.archived_at is null`, ...nameSearch(search)]);
  const [rows, { count }] = await Promise.all([
    queryRows<{ id: number; address: string; display_name: string }>(
      db,
      sql`select a.id, a.address, ${DISPLAY_NAME} as display_name from assets a where ${condition}
          order by a.address::inet, a.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    countRows(db, sql`select a.id from assets a where ${condition}`),
  ]);
  return { count, rows: rows.map((r) => ({ id: Number(r.id), ip: r.address, asset_name: r.display_name })) };
}

export async function assetUsage(db: Db, scope: AssetScope) {
  const [row] = await queryRows<{ hosts: number; webapps: number; networks: number; used: number }>(
    db,
    sql`select count(*) filter (where a.kind = 'host')::int as hosts,
               count(*) filter (where a.kind = 'webapp')::int as webapps,
               count(*) filter (where a.kind in ('network', 'range'))::int as networks,
               count(*) filter (where (a.kind = 'host' and a.last_seen is not null) or a.kind = 'webapp')::int as used
        from assets a where ${where(scope, [sql`a.archived_at is null`])}`,
  );
  return {
    hosts: Number(row?.hosts ?? 0),
    webapps: Number(row?.webapps ?? 0),
    networks: Number(row?.networks ?? 0),
    used: Number(row?.used ?? 0),
  };
}

export async function assetCountsByTag(db: Db, scope: AssetScope, filter: AssetFilter) {
  const condition = where(scope, assetConditions(filter));
  const [totals] = await queryRows<{ total: number; untagged: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where not exists (select 1 from asset_tags t where t.asset_id = a.id))::int as untagged
        from assets a where ${condition}`,
  );
  const tags = await queryRows<{ id: number; name: string; color: string; count: number }>(
    db,
    sql`select t.id, t.name, t.color, (select count(*)::int from asset_tags x join assets a on a.id = x.asset_id
                                      where x.tag_id = t.id and ${condition}) as count
        from tags t where t.customer_id = ${scope.customerId} order by lower(t.name)`,
  );
  return {
    total: Number(totals?.total ?? 0),
    untagged: Number(totals?.untagged ?? 0),
    tags: tags.map((t) => ({ id: Number(t.id), name: t.name, color: t.color, count: Number(t.count) })),
  };
}
