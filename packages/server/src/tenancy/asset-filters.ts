// Asset conditions, in the tenancy layer below every module (the asset list, tags, vulnerabilities, reports and
// exports share them; it imports no module). The asset list's query string (feature-areas §3 filter fields and
// operators, both tag filter encodings) and the SQL condition it becomes, on an assets row aliased `a`. Every filter
// has an index or runs on the customer's rows only.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ASSET_FILTER_KINDS,
  ASSET_KINDS,
  ASSET_ORDERING_KEYS,
  DEFAULT_ASSET_ORDERING,
  UNIFIED_ASSET_CATEGORIES,
  type AssetFilterKind,
  type AssetOrdering,
  parseUnifiedTagValue,
  type UnifiedAssetCategory,
} from '@bulwark/core';
import { intArray, textCondition, timeRange, TEXT_OPERATORS, type TextOperator } from '../db/rows.ts';
import { boolParam, dateBound, idParam, listParam, ordering, pageQuery, searchParam, textFilters } from '../http/list.ts';
import { containsPattern } from '../db/rows.ts';

/** Text fields of §3 with the five operators (`asset_name__starts_with=web`). */
export const TEXT_FIELDS = ['asset_name', 'ipv4', 'ipv6', 'os', 'email_address', 'hostname'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type AssetOrderingKey = AssetOrdering;

const tagId = idParam;
/** Tags one filter may name: far more than a person picks, few enough that the condition stays cheap. */
const MAX_TAGS = 100;
// Nine digits at most: a tag id is a 32-bit integer, and a longer number is no tag.
const unifiedTagValue = z.string().regex(/^-?[1-9][0-9]{0,8}$/, 'Enter a tag id, with a leading - for any-of.');
const port = z.coerce
  .number({ error: 'Enter a port from 1 to 65535.' })
  .int('Enter a port from 1 to 65535.')
  .min(1, 'Enter a port from 1 to 65535.')
  .max(65535, 'Enter a port from 1 to 65535.');

export const assetFilterShape = {
  ...textFilters(TEXT_FIELDS),
  search: searchParam,
  asset_type: listParam(z.coerce.number().int().min(1).max(3)),
  kind: listParam(z.enum(ASSET_KINDS)),
  /** §3 asset kinds in filters (any of them): Hosts, Policy, Devices, Web applications, Recipients, Cloud resources, Missing Patches. */
  asset_kind: listParam(z.enum(ASSET_FILTER_KINDS)),
  category: listParam(z.enum(UNIFIED_ASSET_CATEGORIES)),
  is_server: boolParam,
  internet_facing: boolParam,
  pci: boolParam,
  /** Assets with any of these ports open. */
  open_ports: listParam(port),
  criticality: listParam(z.coerce.number().int().min(1).max(4)),
  owner: idParam.optional(),
  parent: idParam.optional(),
  created_after: dateBound(false),
  created_before: dateBound(true),
  first_detected_after: dateBound(false),
  first_detected_before: dateBound(true),
  last_detected_after: dateBound(false),
  last_detected_before: dateBound(true),
  /** Archived assets are left out unless asked for. */
  archived: z.enum(['false', 'true', 'all'], { error: 'Must be false, true or all.' }).default('false'),
  /**
   * Recipients (phishing) are people, not systems: their assets are left out of the inventory's lists unless asked for,
   * here or by a kind, asset_kind or category filter that names them.
   */
  include_recipients: z.enum(['false', 'true'], { error: 'Must be true or false.' }).default('false'),
  inclusion_unified_tags: listParam(unifiedTagValue, MAX_TAGS),
  exclusion_unified_tags: listParam(unifiedTagValue, MAX_TAGS),
  all_tags: listParam(tagId, MAX_TAGS),
  any_tags: listParam(tagId, MAX_TAGS),
  all_tags_exc: listParam(tagId, MAX_TAGS),
  any_tags_exc: listParam(tagId, MAX_TAGS),
};

export const assetListQuery = pageQuery.extend({ ...assetFilterShape, ordering: ordering(ASSET_ORDERING_KEYS, DEFAULT_ASSET_ORDERING) });
export type AssetListQuery = z.output<typeof assetListQuery>;
// include_recipients is optional here: a filter built in code (vulnerabilities, reports) includes recipients unless it says.
export type AssetFilter = Omit<AssetListQuery, 'page' | 'page_size' | 'ordering' | 'include_recipients'> & {
  include_recipients?: 'false' | 'true';
};

/** The display name of an asset row `a`. */
export const DISPLAY_NAME = sql`coalesce(nullif(a.name, ''), a.value)`;

const TEXT_COLUMN: Record<TextField, SQL> = {
  asset_name: DISPLAY_NAME,
  ipv4: sql`a.address`,
  ipv6: sql`a.address`,
  os: sql`a.os`,
  email_address: sql`a.email_address`,
  hostname: sql`a.hostnames::text`,
};

export const ORDER_COLUMN: Record<AssetOrderingKey, SQL> = {
  asset_name: sql`lower(${DISPLAY_NAME})`,
  asset_type: sql`a.type`,
  ipv4: sql`(case when a.address not like '%:%' then a.address::inet end)`,
  os: sql`a.os`,
  open_ports: sql`a.open_ports`,
  risk_score: sql`a.risk_score`,
  criticality: sql`a.criticality`,
  created: sql`a.created_at`,
  first_detected: sql`a.first_seen`,
  last_detected: sql`a.last_seen`,
  id: sql`a.id`,
};

const KIND_OF_CATEGORY: Record<UnifiedAssetCategory, string[]> = {
  systems_and_networks: ['host', 'network', 'range'],
  web_applications: ['webapp'],
  cloud_assets: ['cloud'],
  recipients: ['recipient'],
};

/**
 * What each §3 asset kind means here: Missing Patches are hosts with an open finding an authenticated scan decided on
 * a package; Policy, hosts with a policy result; Recipients, the people phishing assessments go to; Cloud resources, what cloud
 * scans inventoried.
 */
const ASSET_KIND_CONDITION: Record<AssetFilterKind, SQL> = {
  hosts: sql`a.kind = 'host'`,
  devices: sql`a.kind in ('network', 'range')`,
  web_applications: sql`a.kind = 'webapp'`,
  missing_patches: sql`exists (select 1 from findings f where f.host_id = a.id and f.state <> 3 and f.detection = 'package-list' and f.package is not null)`,
  policy: sql`exists (select 1 from policy_host_results p where p.customer_id = a.customer_id and p.host_id = a.id)`,
  recipients: sql`a.kind = 'recipient'`,
  cloud_resources: sql`a.kind = 'cloud'`,
};

const hasTag = (id: number) => sql`exists (select 1 from asset_tags t where t.asset_id = a.id and t.tag_id = ${id})`;
const hasAnyTag = (ids: readonly number[]) =>
  sql`exists (select 1 from asset_tags t where t.asset_id = a.id and t.tag_id = any(${intArray(ids)}))`;
const allOf = (ids: readonly number[]) => sql.join(ids.map(hasTag), sql` and `);

/** Tag conditions from either encoding: all-of / any-of inclusion, all-of / any-of exclusion. */
function tagConditions(f: AssetFilter): SQL[] {
  const out: SQL[] = [];
  const split = (values: readonly string[] | undefined) => {
    const all: number[] = [];
    const any: number[] = [];
    for (const v of values ?? []) {
      const p = parseUnifiedTagValue(v);
      if (p) (p.anyOf ? any : all).push(p.id);
    }
    return { all, any };
  };
  const inc = split(f.inclusion_unified_tags);
  const exc = split(f.exclusion_unified_tags);
  const includeAll = [...inc.all, ...(f.all_tags ?? [])];
  const includeAny = [...inc.any, ...(f.any_tags ?? [])];
  const excludeAll = [...exc.all, ...(f.all_tags_exc ?? [])];
  const excludeAny = [...exc.any, ...(f.any_tags_exc ?? [])];
  if (includeAll.length) out.push(allOf(includeAll));
  if (includeAny.length) out.push(hasAnyTag(includeAny));
  if (excludeAll.length) out.push(sql`not (${allOf(excludeAll)})`);
  if (excludeAny.length) out.push(sql`not ${hasAnyTag(excludeAny)}`);
  return out;
}

/** The conditions of a filter (without tenant and visibility, which the repository adds). */
export function assetConditions(f: AssetFilter): SQL[] {
  const out: SQL[] = [];
  for (const field of TEXT_FIELDS) {
    for (const op of TEXT_OPERATORS) {
      const value = (f as Record<string, unknown>)[`${field}__${op}`];
      if (typeof value !== 'string' || value === '') continue;
      // An address filter tests the address column itself (no expression around it) and its family beside it.
      if (field === 'ipv4') out.push(sql`(a.address not like '%:%' and ${textCondition(sql`a.address`, op as TextOperator, value)})`);
      else if (field === 'ipv6') out.push(sql`(a.address like '%:%' and ${textCondition(sql`a.address`, op as TextOperator, value)})`);
      else out.push(textCondition(TEXT_COLUMN[field], op as TextOperator, value));
    }
  }
  if (f.search) {
    const p = containsPattern(f.search);
    out.push(
      sql`(${DISPLAY_NAME} ilike ${p} or a.value ilike ${p} or a.address ilike ${p} or a.hostnames::text ilike ${p} or a.os ilike ${p} or a.description ilike ${p})`,
    );
  }
  if (f.asset_type?.length) out.push(sql`a.type = any(${intArray(f.asset_type)})`);
  if (f.asset_kind?.length)
    out.push(
      sql`(${sql.join(
        [...new Set(f.asset_kind)].map((k) => ASSET_KIND_CONDITION[k]),
        sql` or `,
      )})`,
    );
  if (f.kind?.length)
    out.push(
      sql`a.kind in (${sql.join(
        f.kind.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  if (f.category?.length) {
    const kinds = [...new Set(f.category.flatMap((c) => KIND_OF_CATEGORY[c]))];
    out.push(
      kinds.length
        ? sql`a.kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (f.include_recipients === 'false' && !f.kind?.length && !f.asset_kind?.length && !f.category?.length)
    out.push(sql`a.kind <> 'recipient'`);
  if (f.is_server !== undefined) out.push(sql`a.is_server = ${f.is_server}`);
  if (f.internet_facing !== undefined) out.push(sql`a.internet_facing = ${f.internet_facing}`);
  if (f.pci !== undefined) out.push(sql`a.pci = ${f.pci}`);
  if (f.open_ports?.length)
    out.push(sql`exists (select 1 from host_ports p where p.host_id = a.id and p.open and p.port = any(${intArray(f.open_ports)}))`);
  if (f.criticality?.length) out.push(sql`a.criticality = any(${intArray(f.criticality)})`);
  if (f.owner !== undefined) out.push(sql`a.owner_id = ${f.owner}`);
  if (f.parent !== undefined) out.push(sql`a.parent_id = ${f.parent}`);
  out.push(
    ...timeRange(sql`a.created_at`, f.created_after, f.created_before),
    ...timeRange(sql`a.first_seen`, f.first_detected_after, f.first_detected_before),
    ...timeRange(sql`a.last_seen`, f.last_detected_after, f.last_detected_before),
  );
  if (f.archived === 'false') out.push(sql`a.archived_at is null`);
  if (f.archived === 'true') out.push(sql`a.archived_at is not null`);
  out.push(...tagConditions(f));
  return out;
}
