// The issues behind findings: results processing upserts the issue of every finding it merges (by hid), and whatever
// changes which findings count (a run, ignoring, un-ignoring, an ignore running out, ignoring a test) refreshes the
// issues' risk score and counts from their open, counted findings.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';

export interface IssueInput {
  hid: string;
  kind: number;
  checkId: string | null;
  cve: string | null;
  cves: string[];
  name: string;
  severity: number;
  cvss: number | null;
  cvssVector: string | null;
  epss: number | null;
  epssPercentile: number | null;
  exploitKnown: boolean;
  ransomwareKnown: boolean;
  description: string | null;
  solution?: string | null;
  cwes?: string[];
  references?: string[];
  riskScore: number;
  /** The engine of the finding that makes it (default network); an existing issue keeps its source. */
  source?: 'network' | 'web' | 'cloud';
}

/** Upserts the issues (one statement) and answers their ids by hid. The worst finding of a batch gives the facts. */
export async function upsertIssues(tx: Tx, customerId: number, seen: Date, inputs: readonly IssueInput[]): Promise<Map<string, number>> {
  const byHid = new Map<string, IssueInput>();
  for (const x of inputs) {
    const had = byHid.get(x.hid);
    if (!had || x.riskScore > had.riskScore || (x.riskScore === had.riskScore && x.severity > had.severity)) byHid.set(x.hid, x);
  }
  if (byHid.size === 0) return new Map();
  const data = [...byHid.values()].map((x) => ({
    hid: x.hid,
    kind: x.kind,
    check_id: x.checkId,
    cve: x.cve,
    cves: x.cves,
    name: x.name.slice(0, 500),
    severity: x.severity,
    cvss: x.cvss,
    cvss_vector: x.cvssVector,
    epss: x.epss,
    epss_percentile: x.epssPercentile,
    exploit_known: x.exploitKnown,
    ransomware_known: x.ransomwareKnown,
    description: x.description,
    solution: x.solution ?? null,
    cwes: x.cwes ?? [],
    reference_urls: x.references ?? [],
    source: x.source ?? 'network',
  }));
  const at = seen.toISOString();
  const rows = await queryRows<{ id: number; hid: string }>(
    tx,
    sql`insert into issues (customer_id, hid, source, kind, check_id, cve, cves, name, severity, cvss, cvss_vector, epss,
                            epss_percentile, exploit_known, ransomware_known, description, solution, cwes, reference_urls,
                            first_seen, last_seen)
        select ${customerId}, x.hid, x.source, x.kind, x.check_id, x.cve, x.cves, x.name, x.severity, x.cvss, x.cvss_vector,
               x.epss, x.epss_percentile, x.exploit_known, x.ransomware_known, x.description, x.solution, x.cwes,
               x.reference_urls, ${at}::timestamptz, ${at}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(
          hid text, kind smallint, check_id text, cve text, cves jsonb, name text, severity smallint, cvss real, cvss_vector text,
          epss real, epss_percentile real, exploit_known boolean, ransomware_known boolean, description text, solution text,
          cwes jsonb, reference_urls jsonb, source text)
        on conflict (customer_id, hid) do update set
          kind = excluded.kind, cves = excluded.cves, name = excluded.name, severity = excluded.severity, cvss = excluded.cvss,
          cvss_vector = excluded.cvss_vector, epss = excluded.epss, epss_percentile = excluded.epss_percentile,
          exploit_known = excluded.exploit_known, ransomware_known = excluded.ransomware_known,
          description = coalesce(excluded.description, issues.description),
          solution = coalesce(excluded.solution, issues.solution),
          cwes = case when excluded.cwes = '[]'::jsonb then issues.cwes else excluded.cwes end,
          reference_urls = case when excluded.reference_urls = '[]'::jsonb then issues.reference_urls else excluded.reference_urls end,
          first_seen = least(issues.first_seen, excluded.first_seen), last_seen = greatest(issues.last_seen, excluded.last_seen)
        returning id, hid`,
  );
  return new Map(rows.map((r) => [r.hid, Number(r.id)]));
}

/** Recomputes risk score and open counts of these issues from their open findings that count. */
export async function refreshIssues(tx: Tx, customerId: number, issueIds: readonly number[]): Promise<void> {
  if (issueIds.length === 0) return;
  await tx.execute(sql`
    update issues i set risk_score = coalesce(s.risk, 0), open_findings = s.n, open_assets = s.hosts
    from (select x.id, agg.risk, agg.n, agg.hosts
          from unnest(${intArray([...new Set(issueIds)])}) as x(id)
          cross join lateral (select max(f.risk_score) as risk, count(*)::int as n, count(distinct f.host_id)::int as hosts
                              from findings f
                              where f.issue_id = x.id and f.state <> 3 and f.ignore_kind is null and not f.test_ignored) agg) s
    where i.id = s.id and i.customer_id = ${customerId}
      and (i.risk_score, i.open_findings, i.open_assets) is distinct from (coalesce(s.risk, 0), s.n, s.hosts)`);
}

/** The issues of the findings of these assets (what a batch of results processing may have changed). */
export async function issuesOfAssets(tx: Tx, customerId: number, assetIds: readonly number[]): Promise<number[]> {
  if (assetIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select distinct issue_id as id from findings
        where customer_id = ${customerId} and host_id = any(${intArray(assetIds)}) and issue_id is not null`,
  );
  return rows.map((r) => Number(r.id));
}
