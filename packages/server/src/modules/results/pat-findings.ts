// Phishing and training results as findings (source `pat`) on recipient assets: opened, raised again (Reopened) and
// closed through the one merge of findings, so unified vulnerabilities, dashboards and reports see them as any other.
// A pat finding has no scan run (last_run_id null, no scan_run_findings row): the tracking of an assessment, not a
// run, decides it, and its key (`pat:<assessment uuid>`) is one per recipient and assessment.
import { sql } from 'drizzle-orm';
import type { Severity } from '@bulwark/core';
import { findingRiskScore } from '@bulwark/intel';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { refreshIssues, upsertIssues } from '../vulnerabilities/index.ts';
import { closeFindings } from './merge.ts';
import { jsonRows } from './sql.ts';

export interface PatFindingInput {
  /** The recipient asset. */
  assetId: number;
  /** Stable per recipient and behaviour source, e.g. `pat:<assessment uuid>`. */
  key: string;
  /** The issue's hid (`pat-clicked`, `pat-submitted` …): one issue per behaviour across recipients. */
  hid: string;
  name: string;
  /** 0-4 (phishing severity maps onto finding severity). */
  severity: number;
  description: string;
  solution: string;
  evidence: string;
}

/** Why a pat finding closed: the recipient completed the training that followed. */
export const PAT_CLOSED_REASON = 'training_completed';

/**
 * Opens (or keeps open, or reopens) the findings given and closes those named in `close`, in the caller's
 * transaction; the caller then runs vulnerabilities' afterFindingsChanged for the assets.
 */
export async function mergePatFindings(
  tx: Tx,
  customerId: number,
  seen: Date,
  open: readonly PatFindingInput[],
  close: readonly { assetId: number; key: string }[],
): Promise<void> {
  if (open.length > 0) await openPatFindings(tx, customerId, seen, open);
  if (close.length > 0) {
    const pairs = close.map((c) => ({ host_id: c.assetId, key: c.key }));
    await closeFindings(tx, {
      at: seen,
      customerId,
      runId: null,
      reason: PAT_CLOSED_REASON,
      where: sql`f.source = 'pat' and (f.host_id, f.key) in
                 (select x.host_id, x.key from jsonb_to_recordset(${jsonRows(pairs)}) as x(host_id int, key text))`,
    });
  }
}

async function openPatFindings(tx: Tx, customerId: number, seen: Date, open: readonly PatFindingInput[]): Promise<void> {
  const risk = (severity: number) =>
    findingRiskScore({ cvss: null, severity: clampSeverity(severity), epss: null, kev: false, ransomware: false });
  const issueIds = await upsertIssues(
    tx,
    customerId,
    seen,
    open.map((f) => ({
      hid: f.hid,
      kind: 2,
      checkId: null,
      cve: null,
      cves: [],
      name: f.name,
      severity: clampSeverity(f.severity),
      cvss: null,
      cvssVector: null,
      epss: null,
      epssPercentile: null,
      exploitKnown: false,
      ransomwareKnown: false,
      description: f.description,
      solution: f.solution,
      riskScore: risk(f.severity),
      // The issues table takes 'pat' (schema: network | web | cloud | pat); IssueInput's type names only the scan engines.
      source: 'pat' as 'network',
    })),
  );
  const data = open.map((f) => ({
    host_id: f.assetId,
    key: f.key,
    issue_id: issueIds.get(f.hid) ?? null,
    name: f.name.slice(0, 500),
    severity: clampSeverity(f.severity),
    risk_score: risk(f.severity),
    evidence: f.evidence.slice(0, 10_000),
    description: f.description,
    solution: f.solution,
  }));
  const at = seen.toISOString();
  // A behaviour that grew (opened → clicked) moves the finding to another issue: the one it left is refreshed too.
  const left = await queryRows<{ issue_id: number }>(
    tx,
    sql`select f.issue_id from findings f
        join jsonb_to_recordset(${jsonRows(data)}) as x(host_id int, key text, issue_id int) on x.host_id = f.host_id and x.key = f.key
        where f.customer_id = ${customerId} and f.issue_id is distinct from x.issue_id and f.issue_id is not null`,
  );
  await tx.execute(sql`
    insert into findings (customer_id, host_id, key, source, name, severity, confidence, state, risk_score, evidence,
                          description, solution, first_seen, last_seen, closed_at, last_run_id, issue_id, kind, qod)
    select ${customerId}, x.host_id, x.key, 'pat', x.name, x.severity, 'confirmed', 0, x.risk_score, x.evidence,
           x.description, x.solution, ${at}::timestamptz, ${at}::timestamptz, null, null, x.issue_id, 2, 100
    from jsonb_to_recordset(${jsonRows(data)}) as x(host_id int, key text, issue_id int, name text, severity smallint,
                                                   risk_score real, evidence text, description text, solution text)
    join assets a on a.id = x.host_id and a.customer_id = ${customerId}
    on conflict (host_id, key) do update set
      name = excluded.name, severity = excluded.severity, risk_score = excluded.risk_score, evidence = excluded.evidence,
      description = excluded.description, solution = excluded.solution, issue_id = excluded.issue_id,
      state = case when findings.state = 3 then 2 else findings.state end,
      closed_at = null, closed_reason = null,
      last_seen = greatest(findings.last_seen, excluded.last_seen)`);
  if (left.length > 0) await refreshIssues(tx, customerId, [...new Set(left.map((r) => Number(r.issue_id)))]);
}

const clampSeverity = (s: number) => Math.max(0, Math.min(4, Math.round(s))) as Severity;
