// Queries of findings in unified vulnerabilities, always within an AssetScope: pages of findings under one filter, their
// count and export, one finding with its timeline, and the summaries of exposure and of what is ignored. The issue side
// (one row per weakness) is issue-queries.ts.
import { sql, type SQL } from 'drizzle-orm';
import {
  FINDING_CONFIDENCE_LABELS,
  IGNORE_EXPIRY_WARNING_DAYS,
  IGNORE_REASON_LABELS,
  SEVERITY_LABELS,
  VULNERABILITY_KIND_LABELS,
  VULNERABILITY_STATE_LABELS,
  DETECTION_LABELS,
  type FindingConfidence,
  type IgnoreReason,
  type Severity,
  type TimelineEvent,
  type Vulnerability,
  type VulnerabilityDetail,
  type VulnerabilityKind,
  type VulnerabilityOrdering,
  type VulnerabilityState,
  isDetectionMethod,
  formatQod,
} from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { countRows } from '../../http/list.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { COUNTS, findingOrder, matchingFindings, type VulnerabilityFilter } from './filters.ts';
import { customerMinQod, minQodOf, type QodHidden } from './qod.ts';

export type Row = Record<string, unknown>;
export const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const FINDING_COLUMNS = sql`f.id, i.hid, f.name, f.source, f.kind, f.confidence, f.severity, f.state, f.cvss, f.epss,
  f.exploit_known, f.ransomware_known, f.risk_score, a.id as asset_id, coalesce(nullif(a.name, ''), a.value) as asset_name,
  a.type as asset_type, a.criticality, f.port, f.protocol,
  (select p.service from host_ports p where p.host_id = f.host_id and p.port = f.port and p.protocol = f.protocol) as service,
  f.check_id, f.cve, f.cves, f.first_seen, f.last_seen, f.closed_at, f.ignore_kind, f.ignore_reason, f.ignore_comment,
  f.ignore_expires_at, f.ignored_at, f.ignore_pending, f.test_ignored,
  (select u.email from users u where u.id = f.ignored_by) as ignored_by_email, f.ignored_by, f.qod`;

/**
 * Findings are counted exactly up to this many, then estimated: finding 10,000 matches of a joined, filtered million-row
 * list costs a hundred milliseconds, finding 1,000 a tenth of that (bench/vulnerabilities.ts).
 */
export const FINDING_EXACT_COUNT = 1000;

export interface Paging {
  page: number;
  pageSize: number;
}

/** A finding row as the lists show it; `now` decides whether its ignore is about to end. */
export function toVulnerability(r: Row, now: Date): Vulnerability {
  const kind = Number(r.kind) as VulnerabilityKind;
  const ignoreKind = num(r.ignore_kind);
  const expires = iso(r.ignore_expires_at);
  const reason = num(r.ignore_reason);
  return {
    id: Number(r.id),
    hid: String(r.hid),
    name: String(r.name),
    source: String(r.source),
    kind,
    kind_label: VULNERABILITY_KIND_LABELS[kind] ?? String(kind),
    confidence: String(r.confidence),
    confidence_label: FINDING_CONFIDENCE_LABELS[r.confidence as FindingConfidence] ?? String(r.confidence),
    severity: Number(r.severity),
    severity_label: SEVERITY_LABELS[Number(r.severity) as Severity],
    state: Number(r.state),
    state_label: VULNERABILITY_STATE_LABELS[Number(r.state) as VulnerabilityState],
    cvss: num(r.cvss),
    epss: num(r.epss),
    exploit_known: Boolean(r.exploit_known),
    ransomware_known: Boolean(r.ransomware_known),
    risk_score: Math.round(Number(r.risk_score)),
    asset: {
      id: Number(r.asset_id),
      asset_name: String(r.asset_name),
      asset_type: Number(r.asset_type),
      criticality: Number(r.criticality),
    },
    port: num(r.port),
    protocol: r.protocol === null || r.protocol === undefined ? null : Number(r.protocol) === 1 ? 'udp' : 'tcp',
    service: (r.service as string | null) ?? null,
    check_id: (r.check_id as string | null) ?? null,
    cve: (r.cve as string | null) ?? null,
    cves: (r.cves as string[]) ?? [],
    created: iso(r.first_seen)!,
    last_detected: iso(r.last_seen)!,
    closed_at: iso(r.closed_at),
    ignored:
      ignoreKind === null && !r.ignore_pending
        ? null
        : {
            kind: ignoreKind ?? 1,
            reason,
            reason_label: reason === null ? null : IGNORE_REASON_LABELS[reason as IgnoreReason],
            comment: String(r.ignore_comment ?? ''),
            expires_at: expires,
            is_expiring: expires !== null && Date.parse(expires) <= now.getTime() + IGNORE_EXPIRY_WARNING_DAYS * 86_400_000,
            at: iso(r.ignored_at),
            by:
              r.ignored_by === null || r.ignored_by === undefined
                ? null
                : { id: Number(r.ignored_by), email: String(r.ignored_by_email ?? '') },
            pending: Boolean(r.ignore_pending),
          },
    test_ignored: Boolean(r.test_ignored),
    qod: Number(r.qod ?? 0),
    qod_label: formatQod(Number(r.qod ?? 0)),
  };
}

export async function listFindings(
  db: Db,
  scope: AssetScope,
  filter: VulnerabilityFilter,
  o: Paging & { ordering: { key: VulnerabilityOrdering; descending: boolean } },
  now: Date,
): Promise<{ count: number; rows: Vulnerability[] }> {
  const from = matchingFindings(scope, filter, now);
  const [rows, { count }] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${FINDING_COLUMNS} ${from}
          order by ${findingOrder(o.ordering.key, o.ordering.descending)}
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    countRows(db, sql`select f.id ${from}`, FINDING_EXACT_COUNT),
  ]);
  return { count, rows: rows.map((r) => toVulnerability(r, now)) };
}

/**
 * Every finding the filter matches, in the list's order, for the export: the ids in one sorted read, then the rows in
 * batches by id, so a long export costs one sort however far it gets (paging by OFFSET would re-read every row before
 * each batch).
 */
export async function* exportFindings(
  db: Db,
  scope: AssetScope,
  filter: VulnerabilityFilter,
  ordering: { key: VulnerabilityOrdering; descending: boolean },
  now: Date,
  batch = 2000,
): AsyncGenerator<Vulnerability> {
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`select f.id ${matchingFindings(scope, filter, now)} order by ${findingOrder(ordering.key, ordering.descending)}`,
    )
  ).map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += batch) {
    const chunk = ids.slice(i, i + batch);
    const rows = await queryRows<Row>(
      db,
      sql`select ${FINDING_COLUMNS} from findings f join assets a on a.id = f.host_id join issues i on i.id = f.issue_id
          where f.customer_id = ${scope.customerId} and f.id = any(${intArray(chunk)})`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of chunk) {
      const row = byId.get(id);
      if (row) yield toVulnerability(row, now);
    }
  }
}

/** The minimum QoD in force for a filter and how many findings it matches below it (the list says they are hidden). */
export async function hiddenBelowQod(db: Db, scope: AssetScope, filter: VulnerabilityFilter, now: Date): Promise<QodHidden> {
  const min = filter.qod_min ?? (await customerMinQod(db, scope.customerId));
  if (min === 0) return { min, hidden: 0 };
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${matchingFindings(scope, { ...filter, qod_min: min }, now, 'hidden')}`,
  );
  return { min, hidden: Number(row?.n ?? 0) };
}

/** The count of the finding list (OPTIONS): exact up to the toolkit's limit, else the planner's estimate. */
export function countFindings(db: Db, scope: AssetScope, filter: VulnerabilityFilter, now: Date) {
  return countRows(db, sql`select f.id ${matchingFindings(scope, filter, now)}`, FINDING_EXACT_COUNT);
}

/** The ids of every finding the filter matches (ignoring by filter). */
export async function matchingFindingIds(tx: Tx, scope: AssetScope, filter: VulnerabilityFilter, now: Date): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(tx, sql`select f.id ${matchingFindings(scope, filter, now)}`);
  return rows.map((r) => Number(r.id));
}

/** One finding within the scope, with the detail columns. */
export async function getFinding(db: Db | Tx, scope: AssetScope, id: number): Promise<Row | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${FINDING_COLUMNS}, f.cvss_vector, f.epss_percentile, f.evidence, f.description, f.solution, f.detection,
               f.matched_by, i.solution as issue_solution, i.description as issue_description, f.cwes, f.reference_urls,
               i.cwes as issue_cwes, i.reference_urls as issue_reference_urls, f.issue_id, f.host_id
        from findings f join assets a on a.id = f.host_id join issues i on i.id = f.issue_id
        where f.id = ${id} and f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')}`,
  );
  return row ?? null;
}

const EVENT_LABELS: Record<string, string> = {
  0: 'Detected',
  1: 'Seen again',
  2: 'Reopened',
  3: 'Closed',
  ignored: 'Ignored',
  disabled: 'Disabled',
  unignored: 'Counted again',
  expired: 'Ignore ran out',
  approved: 'Risk acceptance approved',
  requested: 'Risk acceptance requested',
};

/**
 * The finding's timeline, oldest first: every run that saw or closed it (when its scan saw it: the finding's first
 * sighting for the run that found it, else the run's tasks' end, as results processing dates what a run saw),
 * and every ignore and its end; at the same moment the run comes first.
 */
export async function findingTimeline(db: Db, findingId: number): Promise<TimelineEvent[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select * from (
          select case when s.state = 0 then (select f.first_seen from findings f where f.id = s.finding_id)
                      else coalesce((select max(k.finished_at) from scan_tasks k where k.run_id = r.id), r.finished_at, r.started_at, r.created_at)
                 end as at,
                 0 as source, s.state::text as event, r.id as run_id, r.scan_id, sc.name as scan_name,
                 null::int as user_id, null::text as email, null::smallint as reason, null::text as comment, null::timestamptz as expires_at
          from scan_run_findings s join scan_runs r on r.id = s.run_id join scans sc on sc.id = r.scan_id
          where s.finding_id = ${findingId}
          union all
          select e.at, 1, e.event, null, null, null, e.user_id, u.email, e.reason, e.comment, e.expires_at
          from finding_events e left join users u on u.id = e.user_id where e.finding_id = ${findingId}
        ) t order by t.at nulls last, t.source`,
  );
  return rows.map((r) => {
    const event = r.run_id === null ? String(r.event) : (['detected', 'seen', 'reopened', 'closed'][Number(r.event)] ?? 'seen');
    const reason = num(r.reason);
    return {
      at: iso(r.at) ?? new Date(0).toISOString(),
      event,
      label: EVENT_LABELS[String(r.event)] ?? String(r.event),
      run: r.run_id === null ? null : { id: Number(r.run_id), scan_id: Number(r.scan_id), scan_name: String(r.scan_name) },
      user: r.user_id === null ? null : { id: Number(r.user_id), email: String(r.email ?? '') },
      reason_label: reason === null ? null : IGNORE_REASON_LABELS[reason as IgnoreReason],
      comment: (r.comment as string | null) ?? null,
      expires_at: iso(r.expires_at),
    };
  });
}

/** The finding's own list, or its issue's when the finding has none (stored before findings kept them). */
const nonEmpty = (own: unknown, issue: unknown): string[] =>
  Array.isArray(own) && own.length ? (own as string[]) : Array.isArray(issue) ? (issue as string[]) : [];

export function toVulnerabilityDetail(r: Row, timeline: TimelineEvent[], now: Date): VulnerabilityDetail {
  const detection = r.detection as string | null;
  return {
    ...toVulnerability(r, now),
    cvss_vector: (r.cvss_vector as string | null) ?? null,
    epss_percentile: num(r.epss_percentile),
    evidence: (r.evidence as string | null) ?? null,
    description: (r.description as string | null) ?? (r.issue_description as string | null) ?? null,
    solution: (r.solution as string | null) ?? (r.issue_solution as string | null) ?? null,
    cwes: nonEmpty(r.cwes, r.issue_cwes),
    references: nonEmpty(r.reference_urls, r.issue_reference_urls),
    detection,
    detection_label: detection && isDetectionMethod(detection) ? DETECTION_LABELS[detection] : null,
    matched_by: (r.matched_by as string | null) ?? null,
    timeline,
  };
}

/** What is ignored or disabled within the scope, by kind and reason, and how much runs out soon. */
export async function ignoredSummary(db: Db, scope: AssetScope, now: Date) {
  const soon = new Date(now.getTime() + IGNORE_EXPIRY_WARNING_DAYS * 86_400_000).toISOString();
  const base: SQL = sql`from findings f join assets a on a.id = f.host_id
                        where f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')} and f.ignore_kind is not null`;
  const [[totals], reasons] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select count(*)::int as total, count(*) filter (where f.ignore_kind = 1)::int as ignored,
                 count(*) filter (where f.ignore_kind = 0)::int as disabled,
                 count(*) filter (where f.ignore_pending)::int as pending,
                 count(*) filter (where f.ignore_expires_at is not null and f.ignore_expires_at <= ${soon}::timestamptz)::int as expiring
          ${base}`,
    ),
    queryRows<{ reason: number; n: number }>(db, sql`select f.ignore_reason as reason, count(*)::int as n ${base} group by 1 order by 1`),
  ]);
  return {
    total: Number(totals?.total ?? 0),
    ignored: Number(totals?.ignored ?? 0),
    disabled: Number(totals?.disabled ?? 0),
    pending: Number(totals?.pending ?? 0),
    expiring: Number(totals?.expiring ?? 0),
    by_reason: reasons
      .filter((r) => r.reason !== null)
      .map((r) => ({ reason: Number(r.reason), label: IGNORE_REASON_LABELS[Number(r.reason) as IgnoreReason], count: Number(r.n) })),
  };
}

/** The customer's exposure: the mean risk of the assets scans have seen, and the open findings that count. */
export async function vulnerabilitySummary(db: Db, scope: AssetScope) {
  const minQod = minQodOf(scope.customerId, undefined);
  const [[assets], [open], [hidden]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select coalesce(avg(a.risk_score), 0) as average, count(*)::int as n from assets a
          where ${scopeCondition(scope, 'a')} and a.last_seen is not null and a.archived_at is null`,
    ),
    queryRows<Row>(
      db,
      sql`select count(*)::int as findings, count(distinct f.issue_id)::int as issues, count(distinct f.host_id)::int as assets,
                 ${sql.join(
                   [0, 1, 2, 3, 4].map((s) => sql`count(*) filter (where f.severity = ${s})::int as ${sql.raw(`s${s}`)}`),
                   sql`, `,
                 )},
                 count(*) filter (where f.exploit_known)::int as kev, count(*) filter (where f.ransomware_known)::int as ransomware
          from findings f join assets a on a.id = f.host_id
          where f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')} and f.state <> 3 and ${COUNTS}
            and f.qod >= ${minQod}`,
    ),
    queryRows<Row>(
      db,
      sql`select ${minQod} as min, (select count(*)::int from findings f join assets a on a.id = f.host_id
          where f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')} and f.state <> 3 and ${COUNTS}
            and f.qod < ${minQod}) as hidden`,
    ),
  ]);
  return {
    average_risk_score: Math.round(Number(assets?.average ?? 0) * 10) / 10,
    assets_scored: Number(assets?.n ?? 0),
    open_findings: Number(open?.findings ?? 0),
    open_issues: Number(open?.issues ?? 0),
    affected_assets: Number(open?.assets ?? 0),
    by_severity: [0, 1, 2, 3, 4].map((s) => Number(open?.[`s${s}`] ?? 0)),
    exploit_known: Number(open?.kev ?? 0),
    ransomware_known: Number(open?.ransomware ?? 0),
    qod: { min: Number(hidden?.min ?? 0), hidden: Number(hidden?.hidden ?? 0) },
  };
}

/** The findings among `ids` within the scope (what ignoring by id may touch). */
export async function findingsWithin(tx: Tx, scope: AssetScope, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select f.id from findings f join assets a on a.id = f.host_id
        where f.customer_id = ${scope.customerId} and f.id = any(${intArray(ids)}) and ${scopeCondition(scope, 'a')}`,
  );
  return rows.map((r) => Number(r.id));
}
