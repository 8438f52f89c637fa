// The one query layer of reports: which findings a report covers (its scope kind, the vulnerability list's filter, a
// network scan), the figures of every section (ReportData), and the finding rows the CSV, PDF, HTML and web view list.
// Every format reads these, so they show the same numbers.
import { sql, type SQL } from 'drizzle-orm';
import {
  SEVERITY_LABELS,
  VULNERABILITY_STATE_LABELS,
  type ReportData,
  type ReportFindingRow,
  type ReportScope,
  type ReportScopeKind,
  type ReportSection,
  type Severity,
  type VulnerabilityState,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { assetConditions } from '../../tenancy/asset-filters.ts';
import { matchingFindings, minQodOf, vulnerabilityFilterQuery, type VulnerabilityFilter } from '../vulnerabilities/index.ts';
import { trend } from '../dashboards/index.ts';
import { webDiscoveryOf } from './web-discovery.ts';
import { patRecipientsOf } from './pat-recipients.ts';
import { policyComplianceOf } from './policy-compliance.ts';

type Row = Record<string, unknown>;

/**
 * What a report selects: the list filter, the scan of a scan_network, scan_policy or web scan report, for no_runs every
 * policy run and for w_runs every web run (`runs`: which runs' findings and hosts count; null for all).
 */
export interface Selection {
  kind: ReportScopeKind;
  filter: VulnerabilityFilter;
  scanId: number | null;
  runs: 'scan' | 'policy' | 'web' | null;
}

/** The web scope kinds: their findings are web findings, on web-application assets. */
const WEB_KINDS: readonly ReportScopeKind[] = ['w_runs', 'scan_web_application', 'scan_web_application_discovery'];
export const isWebScope = (kind: ReportScopeKind): boolean => WEB_KINDS.includes(kind);

/** The scan kind a scan-scoped report reports on: network scans are 'nvt' scans, policy scans 'oval'. */
const SCAN_OF_KIND: Partial<Record<ReportScopeKind, { type: 'nvt' | 'oval' | 'was' | 'cloud'; name: string }>> = {
  scan_network: { type: 'nvt', name: 'network scan' },
  scan_policy: { type: 'oval', name: 'policy scan' },
  scan_web_application: { type: 'was', name: 'web scan' },
  scan_web_application_discovery: { type: 'was', name: 'web discovery scan' },
  cloud_result: { type: 'cloud', name: 'cloud scan' },
};

/** The settings a report takes from its template (or the defaults). */
export interface ReportLayout {
  title: string;
  description: string;
  logo: string | null;
  sections: ReportSection[];
  topN: number;
}

export const REMEDIATION_DAYS = 30;
export const TREND_DAYS = 90;

/** A report's scope checked: a bad filter or a missing scan is a 400 keyed by field. */
export async function selectionOf(db: Db, customerId: number, kind: ReportScopeKind, scope: ReportScope): Promise<Selection> {
  const parsed = vulnerabilityFilterQuery.safeParse(scope.filters);
  if (!parsed.success) throw badRequest({ scope: parsed.error.issues.map((i) => `${i.path.join('.') || 'filters'}: ${i.message}`) });
  // A web scope reports web findings only, whatever else its filter says.
  if (isWebScope(kind)) parsed.data.source = ['web'];
  // A phishing recipients report: the recipients' pat findings only.
  if (kind === 'pat_recipients') parsed.data.source = ['pat'];
  // A cloud scan's report: its cloud findings, on its resources.
  if (kind === 'cloud_result') parsed.data.source = ['cloud'];
  const scanKind = SCAN_OF_KIND[kind];
  if (scanKind) {
    if (scope.scan === null) throw badRequest({ scope: [`Choose the ${scanKind.name} to report on.`] });
    const [scan] = await queryRows<Row>(
      db,
      sql`select id from scans where id = ${scope.scan} and customer_id = ${customerId} and scan_type = ${scanKind.type}`,
    );
    if (!scan) throw badRequest({ scope: [`That ${scanKind.name} does not exist.`] });
    return { kind, filter: parsed.data, scanId: scope.scan, runs: 'scan' };
  }
  return { kind, filter: parsed.data, scanId: null, runs: kind === 'no_runs' ? 'policy' : kind === 'w_runs' ? 'web' : null };
}

/** The ids of the runs whose findings a selection covers, or null when it covers every finding. */
function selectedRuns(customerId: number, s: Selection): SQL | null {
  if (s.runs === 'scan' && s.scanId !== null) return sql`(select r.id from scan_runs r where r.scan_id = ${s.scanId})`;
  if (s.runs === 'policy') return sql`(select r.id from scan_runs r where r.customer_id = ${customerId} and r.scan_type = 'oval')`;
  if (s.runs === 'web') return sql`(select r.id from scan_runs r where r.customer_id = ${customerId} and r.scan_type = 'was')`;
  return null;
}

/** `from … where …` of the findings a selection covers, within the caller's scope. */
export function selectedFindings(scope: AssetScope, s: Selection, now: Date, qod: 'shown' | 'hidden' = 'shown'): SQL {
  const base = matchingFindings(scope, s.filter, now, qod);
  const runs = selectedRuns(scope.customerId, s);
  return runs === null ? base : sql`${base} and f.last_run_id in ${runs}`;
}

/** The selection's filter without its state and ignore rules: for what was detected, fixed and ignored in a window. */
function anyStateFindings(scope: AssetScope, s: Selection, now: Date): SQL {
  return selectedFindings(scope, { ...s, filter: { ...s.filter, finding_state: [0, 1, 2, 3], ignored: 'all', state: undefined } }, now);
}

/** The assets a report is about (average risk, coverage): tag and asset filters narrow them, a scan's hosts for a scan. */
function coveredAssets(scope: AssetScope, s: Selection): SQL {
  const out: SQL[] = [
    scopeCondition(scope, 'a'),
    sql`a.archived_at is null`,
    isWebScope(s.kind)
      ? sql`a.kind = 'webapp'`
      : s.kind === 'pat_recipients'
        ? sql`a.kind = 'recipient'`
        : s.kind === 'cloud_result'
          ? sql`a.kind = 'cloud'`
          : sql`a.kind = 'host'`,
  ];
  if (s.filter.unified_asset?.length)
    out.push(
      sql`a.id in (${sql.join(
        s.filter.unified_asset.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (s.filter.include_tags?.length || s.filter.exclude_tags?.length)
    out.push(
      ...assetConditions({ inclusion_unified_tags: s.filter.include_tags, exclusion_unified_tags: s.filter.exclude_tags, archived: 'all' }),
    );
  const runs = selectedRuns(scope.customerId, s);
  if (runs !== null)
    out.push(sql`(a.id in (select f2.host_id from findings f2 where f2.customer_id = ${scope.customerId} and f2.last_run_id in ${runs})
                  or a.address in (select h.address from scan_task_hosts h join scan_tasks k on k.id = h.task_id
                                   where h.customer_id = ${scope.customerId} and h.alive and k.run_id in ${runs})
                  or a.id in (select w.asset_id from web_run_results w where w.customer_id = ${scope.customerId} and w.run_id in ${runs})
                  or a.id in (select c.asset_id from cloud_resources c where c.customer_id = ${scope.customerId} and c.last_run_id in ${runs}))`);
  return sql.join(out, sql` and `);
}

const issueColumns = sql`i.hid, min(f.name) as name, max(f.severity)::int as severity, max(f.risk_score) as risk_score,
  count(distinct f.host_id)::int as assets, bool_or(f.exploit_known) as exploit_known, bool_or(f.ransomware_known) as ransomware_known`;
const toIssue = (r: Row) => ({
  hid: String(r.hid),
  name: String(r.name),
  severity: Number(r.severity),
  risk_score: Math.round(Number(r.risk_score) * 10) / 10,
  assets: Number(r.assets),
  exploit_known: Boolean(r.exploit_known),
  ransomware_known: Boolean(r.ransomware_known),
});

/** Every figure of a report, from the selection, at `now`. */
export async function prepareReportData(
  db: Db,
  scope: AssetScope,
  userId: number,
  s: Selection,
  layout: ReportLayout,
  scopeLabel: string,
  now: Date,
): Promise<ReportData> {
  const from = selectedFindings(scope, s, now);
  const since = new Date(now.getTime() - REMEDIATION_DAYS * 86_400_000).toISOString();
  const severities = [0, 1, 2, 3, 4].map((n) => sql`count(*) filter (where f.severity = ${n})::int as ${sql.raw(`s${n}`)}`);
  const mttr = [0, 1, 2, 3, 4].map(
    (n) =>
      sql`avg(extract(epoch from f.closed_at - f.first_seen) / 86400) filter (where f.state = 3 and f.closed_at >= ${since}::timestamptz and f.severity = ${n}) as ${sql.raw(`m${n}`)}`,
  );
  const [[open], [assets], [remediation], [runs], top, exposed, kev, [hidden], [minQod]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select count(*)::int as findings, count(distinct f.issue_id)::int as issues, count(distinct f.host_id)::int as hosts,
                 ${sql.join(severities, sql`, `)}, count(*) filter (where f.exploit_known)::int as kev,
                 count(*) filter (where f.ransomware_known)::int as ransomware ${from}`,
    ),
    queryRows<Row>(
      db,
      sql`select count(*)::int as n, count(*) filter (where a.last_seen is not null)::int as scored,
                 coalesce(avg(a.risk_score) filter (where a.last_seen is not null), 0) as average,
                 count(*) filter (where a.last_seen >= ${since}::timestamptz)::int as recent,
                 count(*) filter (where a.last_seen is null)::int as never
          from assets a where ${coveredAssets(scope, s)}`,
    ),
    queryRows<Row>(
      db,
      sql`select count(*) filter (where f.first_seen >= ${since}::timestamptz)::int as detected,
                 count(*) filter (where f.state = 3 and f.closed_at >= ${since}::timestamptz)::int as fixed,
                 count(*) filter (where f.state <> 3 and (f.ignore_kind is not null or f.test_ignored))::int as ignored,
                 ${sql.join(mttr, sql`, `)}
          ${anyStateFindings(scope, s, now)}`,
    ),
    queryRows<Row>(
      db,
      sql`select count(*)::int as n from scan_runs r where r.customer_id = ${scope.customerId} and r.created_at >= ${since}::timestamptz
          ${s.runs === 'scan' ? sql`and r.scan_id = ${s.scanId}` : s.runs === 'policy' ? sql`and r.scan_type = 'oval'` : s.runs === 'web' ? sql`and r.scan_type = 'was'` : sql``}`,
    ),
    queryRows<Row>(
      db,
      sql`select ${issueColumns} ${from} group by i.hid order by max(f.risk_score) desc, count(distinct f.host_id) desc, i.hid limit ${layout.topN}`,
    ),
    queryRows<Row>(
      db,
      sql`select a.id, coalesce(nullif(a.name, ''), a.value) as name, a.address, a.risk_score, count(*)::int as findings,
                 count(*) filter (where f.severity = 4)::int as critical, count(*) filter (where f.severity = 3)::int as high
          ${from} group by a.id order by a.risk_score desc, count(*) desc, a.id limit ${layout.topN}`,
    ),
    queryRows<Row>(
      db,
      sql`select ${issueColumns} ${from} and f.exploit_known group by i.hid
          order by max(f.risk_score) desc, count(distinct f.host_id) desc, i.hid limit ${layout.topN}`,
    ),
    // The open findings the minimum quality of detection left out, for the summary to say so.
    queryRows<Row>(db, sql`select count(*)::int as n ${selectedFindings(scope, s, now, 'hidden')}`),
    queryRows<Row>(db, sql`select ${minQodOf(scope.customerId, s.filter.qod_min)} as min`),
  ]);
  const points = layout.sections.includes('risk_trend') ? await trend({ db, scope, userId, now }, TREND_DAYS) : [];
  const round1 = (v: unknown) => Math.round(Number(v) * 10) / 10;
  return {
    title: layout.title,
    description: layout.description,
    logo: layout.logo,
    scope_label: scopeLabel,
    generated_at: now.toISOString(),
    sections: layout.sections,
    summary: {
      average_risk_score: round1(assets?.average ?? 0),
      assets_scored: Number(assets?.scored ?? 0),
      open_findings: Number(open?.findings ?? 0),
      open_issues: Number(open?.issues ?? 0),
      affected_assets: Number(open?.hosts ?? 0),
      by_severity: [0, 1, 2, 3, 4].map((n) => Number(open?.[`s${n}`] ?? 0)),
      exploit_known: Number(open?.kev ?? 0),
      ransomware_known: Number(open?.ransomware ?? 0),
    },
    qod: { min: Number(minQod?.min ?? 0), hidden: Number(hidden?.n ?? 0) },
    trend: points,
    top_issues: top.map(toIssue),
    exposed_assets: exposed.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      address: r.address === null ? null : String(r.address),
      risk_score: round1(r.risk_score),
      findings: Number(r.findings),
      critical: Number(r.critical),
      high: Number(r.high),
    })),
    kev: kev.map(toIssue),
    remediation: {
      days: REMEDIATION_DAYS,
      detected: Number(remediation?.detected ?? 0),
      fixed: Number(remediation?.fixed ?? 0),
      mttr_days: [0, 1, 2, 3, 4].map((n) => {
        const v = remediation?.[`m${n}`];
        return v === null || v === undefined ? null : round1(v);
      }),
      ignored: Number(remediation?.ignored ?? 0),
    },
    coverage: {
      assets: Number(assets?.n ?? 0),
      scanned_30d: Number(assets?.recent ?? 0),
      never_scanned: Number(assets?.never ?? 0),
      runs_30d: Number(runs?.n ?? 0),
    },
    findings_count: Number(open?.findings ?? 0),
    ...(s.kind === 'pat_recipients' ? { phishing: await patRecipientsOf(db, scope) } : {}),
    // A policy report: the hosts' compliance with their policies, beside the failed rules as findings.
    ...(s.kind === 'scan_policy' || s.kind === 'no_runs' ? { policy_compliance: await policyComplianceOf(db, scope, s.scanId) } : {}),
    ...(s.kind === 'scan_web_application_discovery' && s.scanId !== null
      ? { web_discovery: await webDiscoveryOf(db, scope, s.scanId) }
      : {}),
  };
}

const day = (v: unknown) => (v === null || v === undefined ? '' : new Date(v as string).toISOString().slice(0, 10));
const PROTOCOLS: Record<number, string> = { 6: 'tcp', 17: 'udp' };

/**
 * The selection's findings, highest risk first, as report rows: read in pages by key (risk, id) so 50,000 rows cost a
 * page of memory at a time and no page re-reads the ones before it.
 */
export async function* findingRows(db: Db, scope: AssetScope, s: Selection, now: Date, batch = 2000): AsyncGenerator<ReportFindingRow> {
  const from = selectedFindings(scope, s, now);
  let after: { risk: number; id: number } | null = null;
  for (;;) {
    const page: Row[] = await queryRows<Row>(
      db,
      sql`select f.id, f.risk_score, coalesce(nullif(a.name, ''), a.value) as asset, a.address, f.port, f.protocol, i.hid, f.name,
                 f.severity, f.cvss, f.epss, f.exploit_known, f.state, f.first_seen, f.last_seen,
                 coalesce(f.description, i.description) as description, coalesce(f.solution, i.solution) as solution, f.evidence
          ${from} ${after === null ? sql`` : sql`and (f.risk_score < ${after.risk}::real or (f.risk_score = ${after.risk}::real and f.id < ${after.id}))`}
          order by f.risk_score desc, f.id desc limit ${batch}`,
    );
    for (const r of page)
      yield {
        asset: String(r.asset),
        address: r.address === null ? '' : String(r.address),
        port: r.port === null || Number(r.port) === 0 ? '' : `${Number(r.port)}/${PROTOCOLS[Number(r.protocol)] ?? 'tcp'}`,
        issue: String(r.hid),
        name: String(r.name),
        severity: SEVERITY_LABELS[Number(r.severity) as Severity],
        risk_score: (Math.round(Number(r.risk_score) * 10) / 10).toFixed(1),
        cvss: r.cvss === null ? '' : Number(r.cvss).toFixed(1),
        epss: r.epss === null ? '' : Number(r.epss).toFixed(4),
        exploit_known: r.exploit_known ? 'yes' : 'no',
        state: VULNERABILITY_STATE_LABELS[Number(r.state) as VulnerabilityState],
        first_seen: day(r.first_seen),
        last_seen: day(r.last_seen),
        description: (r.description as string | null) ?? '',
        solution: (r.solution as string | null) ?? '',
        evidence: (r.evidence as string | null) ?? '',
      };
    if (page.length < batch) return;
    const last = page[page.length - 1] as Row;
    after = { risk: Number(last.risk_score), id: Number(last.id) };
  }
}
