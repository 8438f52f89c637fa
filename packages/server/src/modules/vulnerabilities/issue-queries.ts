// Queries of the issue side of unified vulnerabilities (one row per weakness), always within an AssetScope: the issue
// list grouped from the findings a filter matches, one issue with its page's details, its related issues and the
// application versions it is on, and distinct issues.
import { sql } from 'drizzle-orm';
import {
  IGNORE_REASON_LABELS,
  SEVERITY_LABELS,
  VULNERABILITY_KIND_LABELS,
  type IgnoreReason,
  type Issue,
  type IssueDetails,
  type IssueOrdering,
  type Severity,
  type VulnerabilityKind,
  formatQod,
} from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { ISSUE_ORDER, matchingFindings, type VulnerabilityFilter } from './filters.ts';
import { iso, num, type Paging, type Row } from './repo.ts';

const ISSUE_COLUMNS = sql`i.hid, i.name, i.source, i.kind, i.severity, i.cvss, i.epss, i.exploit_known, i.ransomware_known,
  i.check_id, i.cve, i.cves`;

function toIssue(r: Row): Issue {
  const kind = Number(r.kind) as VulnerabilityKind;
  return {
    hid: String(r.hid),
    name: String(r.name),
    source: String(r.source),
    kind,
    kind_label: VULNERABILITY_KIND_LABELS[kind] ?? String(kind),
    severity: Number(r.severity),
    severity_label: SEVERITY_LABELS[Number(r.severity) as Severity],
    cvss: num(r.cvss),
    epss: num(r.epss),
    exploit_known: Boolean(r.exploit_known),
    ransomware_known: Boolean(r.ransomware_known),
    risk_score: Math.round(Number(r.risk_score ?? 0)),
    check_id: (r.check_id as string | null) ?? null,
    cve: (r.cve as string | null) ?? null,
    cves: (r.cves as string[]) ?? [],
    assets: Number(r.assets ?? 0),
    findings: Number(r.findings ?? 0),
    created: iso(r.created)!,
    last_detected: iso(r.last_detected)!,
    qod: Number(r.qod ?? 0),
    qod_label: formatQod(Number(r.qod ?? 0)),
  };
}

/** Issues with at least one finding the filter matches; counts and risk are over those findings. */
export async function listIssues(
  db: Db,
  scope: AssetScope,
  filter: VulnerabilityFilter,
  o: Paging & { ordering: { key: IssueOrdering; descending: boolean } },
  now: Date,
): Promise<{ count: number; rows: Issue[] }> {
  const grouped = sql`select f.issue_id, max(f.risk_score) as risk_score, count(*)::int as findings, count(distinct f.host_id)::int as assets,
                             min(f.first_seen) as created, max(f.last_seen) as last_detected, max(f.qod) as qod
                      ${matchingFindings(scope, filter, now)} group by f.issue_id`;
  const dir = o.ordering.descending ? sql`desc nulls last` : sql`asc nulls first`;
  const [rows, [counted]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`with g as (${grouped})
          select ${ISSUE_COLUMNS}, g.risk_score, g.findings, g.assets, g.created, g.last_detected, g.qod
          from g join issues i on i.id = g.issue_id
          order by ${ISSUE_ORDER[o.ordering.key]} ${dir}, i.hid
          limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(distinct f.issue_id)::int as n ${matchingFindings(scope, filter, now)}`),
  ]);
  return { count: Number(counted?.n ?? 0), rows: rows.map(toIssue) };
}

export interface IssueRow extends Row {
  id: number;
  hid: string;
}

/** An issue the caller can see: it has a finding on an asset within the scope. */
export async function getIssue(db: Db | Tx, scope: AssetScope, hid: string): Promise<IssueRow | null> {
  const [row] = await queryRows<IssueRow>(
    db,
    sql`select i.*, (select u.email from users u where u.id = i.ignored_by) as ignored_by_email
        from issues i where i.customer_id = ${scope.customerId} and i.hid = ${hid}
          and exists (select 1 from findings f join assets a on a.id = f.host_id where f.issue_id = i.id and ${scopeCondition(scope, 'a')})`,
  );
  return row ?? null;
}

/** Counts of an issue's findings within the scope: open (counting), closed, ignored or disabled, and assets affected. */
export async function issueCounts(db: Db, scope: AssetScope, issueId: number) {
  const [r] = await queryRows<Row>(
    db,
    sql`select count(*) filter (where f.state <> 3 and f.ignore_kind is null and not f.test_ignored)::int as open,
               count(*) filter (where f.state = 3)::int as closed,
               count(*) filter (where f.ignore_kind is not null)::int as ignored,
               count(distinct f.host_id) filter (where f.state <> 3)::int as assets,
               max(f.risk_score) filter (where f.state <> 3 and f.ignore_kind is null and not f.test_ignored) as risk,
               min(f.first_seen) as created, max(f.last_seen) as last_detected,
               max(f.qod) filter (where f.state <> 3) as qod
        from findings f join assets a on a.id = f.host_id where f.issue_id = ${issueId} and ${scopeCondition(scope, 'a')}`,
  );
  return {
    open: Number(r?.open ?? 0),
    closed: Number(r?.closed ?? 0),
    ignored: Number(r?.ignored ?? 0),
    assets: Number(r?.assets ?? 0),
    risk: Math.round(Number(r?.risk ?? 0)),
    created: iso(r?.created),
    lastDetected: iso(r?.last_detected),
    qod: Number(r?.qod ?? 0),
  };
}

/** Other issues on the assets this issue is open on, by how many of those assets they share. */
export async function relatedIssues(db: Db, scope: AssetScope, issueId: number, limit = 20) {
  return queryRows<{ hid: string; name: string; severity: number; risk_score: number; shared_assets: number }>(
    db,
    sql`with mine as (select distinct f.host_id from findings f join assets a on a.id = f.host_id
                      where f.issue_id = ${issueId} and f.state <> 3 and ${scopeCondition(scope, 'a')})
        select i.hid, i.name, i.severity, i.risk_score, count(distinct f.host_id)::int as shared_assets
        from findings f join mine m on m.host_id = f.host_id join issues i on i.id = f.issue_id
        where f.issue_id <> ${issueId} and f.state <> 3 and f.ignore_kind is null and not f.test_ignored
        group by i.id order by shared_assets desc, i.risk_score desc, i.hid limit ${limit}`,
  );
}

/** Products and versions on the ports this issue's open findings are on, most common first. */
export async function commonAppVersions(db: Db, scope: AssetScope, issueId: number, limit = 20) {
  return queryRows<{ product: string; version: string | null; service: string | null; assets: number }>(
    db,
    sql`select p.product, p.version, p.service, count(distinct f.host_id)::int as assets
        from findings f join assets a on a.id = f.host_id
        join host_ports p on p.host_id = f.host_id and p.port = f.port and p.protocol = f.protocol
        where f.issue_id = ${issueId} and f.state <> 3 and p.product is not null and ${scopeCondition(scope, 'a')}
        group by p.product, p.version, p.service order by assets desc, p.product, p.version limit ${limit}`,
  );
}

/** One row per issue the filter matches ("distinct" vulnerabilities): hid, name, severity, how many findings. */
export async function distinctIssues(db: Db, scope: AssetScope, filter: VulnerabilityFilter, now: Date, p: Paging) {
  const from = matchingFindings(scope, filter, now);
  const [rows, [counted]] = await Promise.all([
    queryRows<{ hid: string; name: string; severity: number; findings: number }>(
      db,
      sql`select i.hid, min(i.name) as name, max(i.severity) as severity, count(*)::int as findings ${from}
          group by i.hid order by max(i.severity) desc, i.hid limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(distinct i.hid)::int as n ${from}`),
  ]);
  return { count: Number(counted?.n ?? 0), rows };
}

/** References of an issue: NVD and CISA KEV for CVEs. */
/** The host name of a reference URL, as its label (the URL itself when it has none). */
const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
};

function referencesOf(cves: readonly string[], kev: boolean, urls: readonly string[]) {
  const out = cves.map((c) => ({ label: `${c} at NVD`, url: `https://nvd.nist.gov/vuln/detail/${encodeURIComponent(c)}` }));
  if (kev && cves.length)
    out.push({ label: 'CISA Known Exploited Vulnerabilities', url: 'https://www.cisa.gov/known-exploited-vulnerabilities-catalog' });
  // Every reference of the test or the record, once.
  const seen = new Set(out.map((r) => r.url));
  for (const url of urls) {
    if (seen.has(url)) continue;
    seen.add(url);
    out.push({ label: hostOf(url), url });
  }
  return out;
}

/** An issue's page: its facts, counts and risk within the scope, references, whether its test is ignored, its rule. */
export async function issueDetails(db: Db, scope: AssetScope, row: IssueRow): Promise<IssueDetails> {
  const [counts, [testIgnored]] = await Promise.all([
    issueCounts(db, scope, Number(row.id)),
    row.check_id
      ? queryRows(
          db,
          sql`select 1 from ignored_tests where customer_id = ${scope.customerId} and variant = 'n' and test_id = ${row.check_id}`,
        )
      : Promise.resolve([]),
  ]);
  const reason = num(row.ignore_reason);
  return {
    ...toIssue({
      ...row,
      risk_score: counts.risk,
      assets: counts.assets,
      findings: counts.open,
      created: counts.created ?? row.first_seen,
      last_detected: counts.lastDetected ?? row.last_seen,
      qod: counts.qod,
    }),
    cvss_vector: (row.cvss_vector as string | null) ?? null,
    epss_percentile: num(row.epss_percentile),
    description: (row.description as string | null) ?? null,
    solution: (row.solution as string | null) ?? null,
    cwes: (row.cwes as string[] | null) ?? [],
    references: referencesOf((row.cves as string[]) ?? [], Boolean(row.exploit_known), (row.reference_urls as string[] | null) ?? []),
    counts: { open: counts.open, closed: counts.closed, ignored: counts.ignored, assets: counts.assets },
    test_ignored: testIgnored !== undefined,
    ignore_rule:
      row.ignore_kind === null || row.ignore_kind === undefined
        ? null
        : {
            kind: Number(row.ignore_kind),
            reason,
            reason_label: reason === null ? null : IGNORE_REASON_LABELS[reason as IgnoreReason],
            comment: String(row.ignore_comment ?? ''),
            expires_at: iso(row.ignore_expires_at),
            at: iso(row.ignored_at),
            by: row.ignored_by === null ? null : { id: Number(row.ignored_by), email: String(row.ignored_by_email ?? '') },
          },
  };
}
