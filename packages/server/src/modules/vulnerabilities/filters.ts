// The vulnerability lists' query string (feature-areas §3, §4, §9) and the SQL condition it becomes, on findings `f`
// joined to their asset `a` and issue `i`. The issue list, the finding list, the count, the export and ignoring by
// filter all read the same condition, so they always agree on what a filter matches.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  OWASP_2021_IDS,
  FINDING_CONFIDENCE,
  IGNORE_EXPIRY_WARNING_DAYS,
  IGNORED_FILTER_VALUES,
  ISSUE_ORDERING_KEYS,
  DEFAULT_ISSUE_ORDERING,
  DEFAULT_VULNERABILITY_ORDERING,
  VULNERABILITY_ORDERING_KEYS,
  VULNERABILITY_SOURCES,
  VULNERABILITY_STATE_FILTER_OPTIONS,
  vulnerabilityStateFilter,
  type IssueOrdering,
  type VulnerabilityOrdering,
} from '@bulwark/core';
import { containsPattern, intArray, timeRange } from '../../db/rows.ts';
import { boolParam, dateBound, idParam, listParam, ordering, pageQuery, searchParam } from '../../http/list.ts';
import { assetConditions } from '../../tenancy/asset-filters.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { qodCondition, qodPercent } from './qod.ts';

const unifiedTagValue = z.string().regex(/^-?[1-9][0-9]{0,8}$/, 'Enter a tag id, with a leading - for any-of.');
const port = z.coerce
  .number({ error: 'Enter a port from 0 to 65535.' })
  .int('Enter a port from 0 to 65535.')
  .min(0, 'Enter a port from 0 to 65535.')
  .max(65535, 'Enter a port from 0 to 65535.');

/**
 * `_min` / `_max` of a score: any number from 0; above the cap (100, or 1 for EPSS on the wire) it means "no bound",
 * which is also how the numeric sentinel 9999999999 of §9 is read.
 */
const cappedBound = (cap: number) =>
  z.coerce
    .number({ error: 'A valid number is required.' })
    .min(0, 'Ensure this value is greater than or equal to 0.')
    .transform((v) => Math.min(v, cap))
    .optional();

export const vulnerabilityFilterShape = {
  search: searchParam,
  severity: listParam(
    z.coerce
      .number({ error: 'Severity is 0 to 4.' })
      .int('Severity is 0 to 4.')
      .min(0, 'Severity is 0 to 4.')
      .max(4, 'Severity is 0 to 4.'),
  ),
  /** §3: all, ignored_disabled, not_ignored_disabled (the default: what counts). */
  ignored: z.enum(IGNORED_FILTER_VALUES, { error: `Choose one of: ${IGNORED_FILTER_VALUES.join(', ')}.` }).optional(),
  /** §4: the page's state filter (active, ignored; both or none: no filter); wins over `ignored`. */
  state: listParam(z.enum(VULNERABILITY_STATE_FILTER_OPTIONS, { error: 'Choose active or ignored.' }), 2),
  /** New 0, Active 1, Reopened 2, Closed 3; open ones (0-2) unless asked. */
  finding_state: listParam(
    z.coerce.number({ error: 'State is 0 to 3.' }).int('State is 0 to 3.').min(0, 'State is 0 to 3.').max(3, 'State is 0 to 3.'),
  ),
  source: listParam(z.enum(VULNERABILITY_SOURCES, { error: `Choose one of: ${VULNERABILITY_SOURCES.join(', ')}.` })),
  /** Web findings of these OWASP Top 10 (2021) categories (the OWASP top 10 widget's segments open the list with it). */
  owasp: listParam(z.enum(OWASP_2021_IDS, { error: `Choose OWASP Top 10 (2021) categories: ${OWASP_2021_IDS.join(', ')}.` }), 10),
  kind: listParam(
    z.coerce
      .number({ error: 'Kind is 1 (potential) or 2 (general).' })
      .int()
      .min(1, 'Kind is 1 (potential) or 2 (general).')
      .max(2, 'Kind is 1 (potential) or 2 (general).'),
  ),
  confidence: listParam(z.enum(FINDING_CONFIDENCE, { error: `Choose one of: ${FINDING_CONFIDENCE.join(', ')}.` })),
  risk_score_min: cappedBound(100),
  risk_score_max: cappedBound(100),
  /** EPSS as a probability, 0-1 (the page shows 0-100). */
  epssv1_min: cappedBound(1),
  epssv1_max: cappedBound(1),
  exploit_known: boolParam,
  ransomware_known: boolParam,
  created_after: dateBound(false),
  created_before: dateBound(true),
  last_detected_after: dateBound(false),
  last_detected_before: dateBound(true),
  include_tags: listParam(unifiedTagValue, 100),
  exclude_tags: listParam(unifiedTagValue, 100),
  unified_asset: listParam(idParam, 1000),
  /** The findings this run saw or closed (a run's result page lists exactly its own). */
  run: idParam.optional(),
  hid: z.string().trim().max(200).optional(),
  cve: z
    .string()
    .trim()
    .regex(/^CVE-\d{4}-\d{4,}$/i, 'Enter a CVE id, e.g. CVE-2024-6387.')
    .optional(),
  check: z.string().trim().max(200).optional(),
  port: listParam(port, 100),
  service: listParam(z.string().trim().min(1).max(100), 100),
  /** Ignore reasons (False positive 0, Risk accepted 1, Not relevant 2) and kinds (disabled 0, ignored 1). */
  reason: listParam(z.coerce.number({ error: 'Reason is 0 to 2.' }).int().min(0, 'Reason is 0 to 2.').max(2, 'Reason is 0 to 2.'), 3),
  ignore_kind: listParam(z.coerce.number({ error: 'Choose 0 (disabled) or 1 (ignored).' }).int().min(0).max(1), 2),
  /** Ignores that end within IGNORE_EXPIRY_WARNING_DAYS. */
  is_expiring: boolParam,
  /** Minimum quality of detection 0-100; the customer's setting (min_qod) when absent, 0 shows every finding. */
  qod_min: qodPercent.optional(),
};

export const vulnerabilityFilterQuery = z.object(vulnerabilityFilterShape);
export type VulnerabilityFilter = z.output<typeof vulnerabilityFilterQuery>;

export const vulnerabilityListQuery = pageQuery.extend({
  ...vulnerabilityFilterShape,
  ordering: ordering(VULNERABILITY_ORDERING_KEYS, DEFAULT_VULNERABILITY_ORDERING),
});
export const issueListQuery = pageQuery.extend({
  ...vulnerabilityFilterShape,
  ordering: ordering(ISSUE_ORDERING_KEYS, DEFAULT_ISSUE_ORDERING),
});

/** A finding counts (is neither ignored nor disabled, nor made by an ignored test). */
export const COUNTS = sql`(f.ignore_kind is null and not f.test_ignored)`;

/** Sort columns of the finding list, and whether they can be empty (empty ones go last whichever the direction). */
const FINDING_ORDER: Record<VulnerabilityOrdering, [SQL, boolean]> = {
  name: [sql`lower(f.name)`, false],
  severity: [sql`f.severity`, false],
  state: [sql`f.state`, false],
  risk_score: [sql`f.risk_score`, false],
  epss: [sql`f.epss`, true],
  cvss: [sql`f.cvss`, true],
  asset_name: [sql`lower(coalesce(nullif(a.name, ''), a.value))`, false],
  port: [sql`f.port`, true],
  source: [sql`f.source`, false],
  confidence: [sql`f.confidence`, false],
  qod: [sql`f.qod`, false],
  created: [sql`f.first_seen`, false],
  last_detected: [sql`f.last_seen`, false],
  id: [sql`f.id`, false],
};

/**
 * The ORDER BY of the finding list, ties broken by id in the same direction. Columns that are never empty get no NULLS
 * clause, so "risk, highest first" reads the partial risk index backwards instead of sorting every match.
 */
export function findingOrder(key: VulnerabilityOrdering, descending: boolean): SQL {
  const [column, nullable] = FINDING_ORDER[key];
  const dir = descending ? sql`desc` : sql`asc`;
  return nullable ? sql`${column} ${dir} nulls last, f.id ${dir}` : sql`${column} ${dir}, f.id ${dir}`;
}

export const ISSUE_ORDER: Record<IssueOrdering, SQL> = {
  name: sql`lower(i.name)`,
  severity: sql`i.severity`,
  risk_score: sql`g.risk_score`,
  epss: sql`i.epss`,
  cvss: sql`i.cvss`,
  assets: sql`g.assets`,
  findings: sql`g.findings`,
  created: sql`g.created`,
  last_detected: sql`g.last_detected`,
};

/**
 * The conditions of a filter on `f` / `a` / `i`, within the caller's scope. `now` decides what "expiring" means; `qod`
 * whether the findings at or above the minimum quality of detection are matched (shown) or those below it (hidden).
 */
export function vulnerabilityConditions(
  scope: AssetScope,
  filter: VulnerabilityFilter,
  now: Date,
  qod: 'shown' | 'hidden' = 'shown',
): SQL[] {
  const out: SQL[] = [sql`f.customer_id = ${scope.customerId}`, scopeCondition(scope, 'a')];
  const qodWhere = qodCondition(scope.customerId, filter.qod_min, qod);
  if (qodWhere) out.push(qodWhere);
  const ignored = (filter.state?.length ? vulnerabilityStateFilter(filter.state) : (filter.ignored ?? 'not_ignored_disabled')) ?? 'all';
  if (ignored === 'not_ignored_disabled') out.push(COUNTS);
  if (ignored === 'ignored_disabled') out.push(sql`not ${COUNTS}`);
  const states = [...new Set(filter.finding_state ?? [0, 1, 2])].sort();
  // "Open" is written as the partial indexes say it, so the planner uses them.
  if (states.join() === '0,1,2') out.push(sql`f.state <> 3`);
  else if (states.length < 4) out.push(sql`f.state = any(${intArray(states)})`);
  if (filter.severity?.length) out.push(sql`f.severity = any(${intArray(filter.severity)})`);
  if (filter.source?.length)
    out.push(
      sql`f.source in (${sql.join(
        filter.source.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.owasp?.length)
    out.push(
      sql`f.owasp in (${sql.join(
        filter.owasp.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.kind?.length) out.push(sql`f.kind = any(${intArray(filter.kind)})`);
  if (filter.run !== undefined)
    out.push(sql`exists (select 1 from scan_run_findings srf where srf.run_id = ${filter.run} and srf.finding_id = f.id)`);
  if (filter.confidence?.length)
    out.push(
      sql`f.confidence in (${sql.join(
        filter.confidence.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.risk_score_min !== undefined && filter.risk_score_min > 0) out.push(sql`f.risk_score >= ${filter.risk_score_min}`);
  if (filter.risk_score_max !== undefined && filter.risk_score_max < 100) out.push(sql`f.risk_score <= ${filter.risk_score_max}`);
  if (filter.epssv1_min !== undefined && filter.epssv1_min > 0) out.push(sql`f.epss >= ${filter.epssv1_min}`);
  if (filter.epssv1_max !== undefined && filter.epssv1_max < 1) out.push(sql`coalesce(f.epss, 0) <= ${filter.epssv1_max}`);
  if (filter.exploit_known !== undefined) out.push(sql`f.exploit_known = ${filter.exploit_known}`);
  if (filter.ransomware_known !== undefined) out.push(sql`f.ransomware_known = ${filter.ransomware_known}`);
  out.push(
    ...timeRange(sql`f.first_seen`, filter.created_after, filter.created_before),
    ...timeRange(sql`f.last_seen`, filter.last_detected_after, filter.last_detected_before),
  );
  if (filter.include_tags?.length || filter.exclude_tags?.length)
    out.push(
      ...assetConditions({
        inclusion_unified_tags: filter.include_tags,
        exclusion_unified_tags: filter.exclude_tags,
        archived: 'all',
      }),
    );
  if (filter.unified_asset?.length) out.push(sql`f.host_id = any(${intArray(filter.unified_asset)})`);
  if (filter.hid) out.push(sql`i.hid = ${filter.hid}`);
  if (filter.cve) out.push(sql`f.cves @> ${JSON.stringify([filter.cve.toUpperCase()])}::jsonb`);
  if (filter.check) out.push(sql`f.check_id = ${filter.check}`);
  if (filter.port?.length) out.push(sql`coalesce(f.port, 0) = any(${intArray(filter.port)})`);
  if (filter.service?.length)
    out.push(
      sql`exists (select 1 from host_ports p where p.host_id = f.host_id and p.port = f.port and p.protocol = f.protocol
                  and lower(p.service) in (${sql.join(
                    filter.service.map((s) => sql`${s.toLowerCase()}`),
                    sql`, `,
                  )}))`,
    );
  if (filter.reason?.length) out.push(sql`f.ignore_reason = any(${intArray(filter.reason)})`);
  if (filter.ignore_kind?.length) out.push(sql`f.ignore_kind = any(${intArray(filter.ignore_kind)})`);
  if (filter.is_expiring !== undefined) {
    const soon = new Date(now.getTime() + IGNORE_EXPIRY_WARNING_DAYS * 86_400_000).toISOString();
    const expiring = sql`(f.ignore_kind is not null and f.ignore_expires_at is not null and f.ignore_expires_at <= ${soon}::timestamptz)`;
    out.push(filter.is_expiring ? expiring : sql`not ${expiring}`);
  }
  if (filter.search) {
    const p = containsPattern(filter.search);
    out.push(
      sql`(f.name ilike ${p} or f.cves::text ilike ${p} or f.check_id ilike ${p} or a.value ilike ${p} or a.name ilike ${p} or a.address ilike ${p})`,
    );
  }
  return out;
}

/** The findings a filter matches, as `from … where …` for the lists, counts and bulk work. */
export function matchingFindings(scope: AssetScope, filter: VulnerabilityFilter, now: Date, qod: 'shown' | 'hidden' = 'shown'): SQL {
  return sql`from findings f join assets a on a.id = f.host_id join issues i on i.id = f.issue_id
             where ${sql.join(vulnerabilityConditions(scope, filter, now, qod), sql` and `)}`;
}
