// Merges one batch of a run's findings into the customer's findings by their stable key (host, check or CVE, port)
// and closes what the run no longer sees; each finding the run saw or closed is recorded in scan_run_findings with
// the state it came out in. States: New 0 → Active 1 when seen again; Closed 3 → Reopened 2; not seen → Closed 3.
// The one owner of finding state: every open and reopen is upsertFindings, every close is closeFindings (network
// runs, policy runs, the lifecycle archive); afterwards callers run vulnerabilities' afterFindingsChanged.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { FindingInput } from './findings.ts';
import type { BatchContext } from './inventory.ts';
import { intArray, jsonRows, textArray } from './sql.ts';
import { queryRows } from '../../db/rows.ts';
import { issueHid } from '@bulwark/core';
import { upsertIssues } from '../vulnerabilities/index.ts';
import { placeExcludedSql } from '../exclusions/index.ts';

/**
 * Upserts the findings seen (one multi-row statement). A finding this run already touched (last_run_id = this run:
 * the run's results are being processed again) is left exactly as it is, so re-processing changes nothing.
 */
export async function upsertFindings(tx: Tx, c: BatchContext, found: readonly { hostId: number; finding: FindingInput }[]): Promise<void> {
  if (found.length === 0) return;
  // CVE findings, from a banner or a package list, are one issue per CVE; a check's findings one per check.
  const hidOf = (f: FindingInput) => (f.checkId === null ? issueHid('cve', f.cve ?? '') : issueHid('check', f.checkId));
  const kindOf = (f: FindingInput) => (f.confidence === 'potential' ? 1 : 2);
  const issueIds = await upsertIssues(
    tx,
    c.customerId,
    c.seen,
    found.map(({ finding: f }) => ({
      hid: hidOf(f),
      kind: kindOf(f),
      checkId: f.checkId,
      cve: f.cve,
      cves: f.cves,
      name: f.name,
      severity: f.severity,
      cvss: f.cvss,
      cvssVector: f.cvssVector,
      epss: f.epss,
      epssPercentile: f.epssPercentile,
      exploitKnown: f.exploitKnown,
      ransomwareKnown: f.ransomwareKnown,
      description: f.description,
      solution: f.solution ?? null,
      cwes: f.cwes ?? [],
      references: f.references ?? [],
      riskScore: f.riskScore,
      source: f.source,
    })),
  );
  const data = found.map(({ hostId, finding: f }) => ({
    host_id: hostId,
    issue_id: issueIds.get(hidOf(f)) ?? null,
    kind: kindOf(f),
    key: f.key,
    check_id: f.checkId,
    cve: f.cve,
    cves: f.cves,
    port: f.port,
    protocol: f.protocol,
    name: f.name.slice(0, 500),
    severity: f.severity,
    confidence: f.confidence,
    cvss: f.cvss,
    cvss_vector: f.cvssVector,
    epss: f.epss,
    epss_percentile: f.epssPercentile,
    exploit_known: f.exploitKnown,
    ransomware_known: f.ransomwareKnown,
    risk_score: f.riskScore,
    evidence: f.evidence?.slice(0, 10_000) ?? null,
    description: f.description,
    solution: f.solution ?? null,
    cwes: f.cwes ?? [],
    reference_urls: f.references ?? [],
    matched_by: f.matchedBy,
    detection: f.detection,
    qod: f.qod,
    package: f.package ?? null,
    installed_version: f.installedVersion ?? null,
    fixed_version: f.fixedVersion ?? null,
    advisory: f.advisory ?? null,
    source: f.source ?? 'network',
    owasp: f.owasp ?? null,
  }));
  const seen = c.seen.toISOString();
  await tx.execute(sql`
    with up as (
      insert into findings (customer_id, host_id, key, source, check_id, cve, cves, port, protocol, name, severity, confidence,
                            state, cvss, cvss_vector, epss, epss_percentile, exploit_known, ransomware_known, risk_score,
                            evidence, description, solution, cwes, reference_urls, matched_by, detection, qod, package,
                            installed_version, fixed_version, advisory, first_seen, last_seen, closed_at, last_run_id,
                            issue_id, kind, test_ignored, ignore_kind, ignore_reason, ignore_comment, ignore_expires_at,
                            ignored_by, ignored_at, owasp)
      select ${c.customerId}, x.host_id, x.key, x.source, x.check_id, x.cve, x.cves, x.port, x.protocol, x.name, x.severity,
             x.confidence, 0, x.cvss, x.cvss_vector, x.epss, x.epss_percentile, x.exploit_known, x.ransomware_known,
             x.risk_score, x.evidence, x.description, x.solution, x.cwes, x.reference_urls, x.matched_by, x.detection, x.qod, x.package, x.installed_version, x.fixed_version,
             x.advisory, ${seen}::timestamptz, ${seen}::timestamptz, null, ${c.runId},
             x.issue_id, x.kind,
             exists (select 1 from ignored_tests t where t.customer_id = ${c.customerId}
                     and t.variant = case when x.source = 'web' then 'w' else 'n' end and t.test_id = x.check_id),
             r.ignore_kind, r.ignore_reason, r.ignore_comment, r.ignore_expires_at, r.ignored_by, r.ignored_at, x.owasp
      from jsonb_to_recordset(${jsonRows(data)}) as x(
        host_id int, key text, check_id text, cve text, cves jsonb, port int, protocol smallint, name text, severity smallint,
        confidence text, cvss real, cvss_vector text, epss real, epss_percentile real, exploit_known boolean,
        ransomware_known boolean, risk_score real, evidence text, description text, solution text, cwes jsonb, reference_urls jsonb, matched_by text, detection text, qod smallint,
        package text, installed_version text, fixed_version text, advisory text, issue_id int, kind smallint, source text,
        owasp text)
      -- A new finding of an issue ignored on all its assets starts ignored the same way (an existing one keeps its own).
      left join issues r on r.id = x.issue_id and r.ignore_kind is not null
        and (r.ignore_expires_at is null or r.ignore_expires_at > ${seen}::timestamptz)
      on conflict (host_id, key) do update set
        check_id = excluded.check_id, cve = excluded.cve, cves = excluded.cves, port = excluded.port,
        protocol = excluded.protocol, name = excluded.name, severity = excluded.severity, confidence = excluded.confidence,
        cvss = excluded.cvss, cvss_vector = excluded.cvss_vector, epss = excluded.epss,
        epss_percentile = excluded.epss_percentile, exploit_known = excluded.exploit_known,
        ransomware_known = excluded.ransomware_known, risk_score = excluded.risk_score, evidence = excluded.evidence,
        description = excluded.description, solution = excluded.solution, cwes = excluded.cwes,
        reference_urls = excluded.reference_urls, matched_by = excluded.matched_by, detection = excluded.detection, qod = excluded.qod,
        package = excluded.package, installed_version = excluded.installed_version, fixed_version = excluded.fixed_version,
        advisory = excluded.advisory, issue_id = excluded.issue_id, kind = excluded.kind, owasp = excluded.owasp,
        state = case when findings.state = 3 then 2 else 1 end,
        closed_at = null,
        closed_reason = null,
        first_seen = least(findings.first_seen, excluded.first_seen),
        last_seen = greatest(findings.last_seen, excluded.last_seen),
        last_run_id = excluded.last_run_id
      where findings.last_run_id is distinct from excluded.last_run_id
      returning id, state, severity, risk_score, (xmax = 0) as inserted, ignore_kind, ignore_reason, ignore_comment,
                ignore_expires_at, ignored_by
    ),
    inherited as (
      insert into finding_events (customer_id, finding_id, at, event, user_id, reason, comment, expires_at)
      select ${c.customerId}, up.id, ${seen}::timestamptz, case when up.ignore_kind = 0 then 'disabled' else 'ignored' end,
             up.ignored_by, up.ignore_reason, up.ignore_comment, up.ignore_expires_at
      from up where up.inserted and up.ignore_kind is not null
    )
    insert into scan_run_findings (run_id, finding_id, customer_id, state, severity, risk_score)
    select ${c.runId}, up.id, ${c.customerId}, up.state, up.severity, up.risk_score from up
    on conflict (run_id, finding_id) do nothing`);
}

/** A finding the merge step closed: what the caller needs to refresh the derived data. */
export type ClosedFinding = {
  id: number;
  customer_id: number;
  host_id: number;
  issue_id: number | null;
};

/**
 * Closes open findings: the one way a finding closes (a network run no longer seeing it, a policy run passing its
 * rule, the lifecycle archiving its host). With a run, the finding's last run becomes that run and the run records it
 * as closed (scan_run_findings); a finding the run already touched is left as it is, so re-processing changes nothing.
 * With a reason (asset_archived) the finding says why it closed. Answers what it closed.
 */
export async function closeFindings(
  tx: Tx,
  close: { at: Date; customerId: number | null; runId: number | null; reason?: string; where: SQL },
): Promise<ClosedFinding[]> {
  const { at, customerId, runId, reason, where } = close;
  const sets = [sql`state = 3`, sql`closed_at = ${at.toISOString()}::timestamptz`];
  if (runId !== null) sets.push(sql`last_run_id = ${runId}`);
  if (reason !== undefined) sets.push(sql`closed_reason = ${reason}`);
  const conditions = [sql`f.state <> 3`, where];
  if (customerId !== null) conditions.push(sql`f.customer_id = ${customerId}`);
  if (runId !== null) conditions.push(sql`f.last_run_id is distinct from ${runId}`);
  const update = sql`update findings f set ${sql.join(sets, sql`, `)} where ${sql.join(conditions, sql` and `)}
                     returning f.id, f.customer_id, f.host_id, f.issue_id, f.severity, f.risk_score`;
  const rows =
    runId === null
      ? await queryRows<ClosedFinding>(tx, update)
      : await queryRows<ClosedFinding>(
          tx,
          sql`with closed as (${update}),
              recorded as (
                insert into scan_run_findings (run_id, finding_id, customer_id, state, severity, risk_score)
                select ${runId}, closed.id, closed.customer_id, 3, closed.severity, closed.risk_score from closed
                on conflict (run_id, finding_id) do nothing
              )
              select id, customer_id, host_id, issue_id from closed`,
        );
  return rows.map((r) => ({
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    host_id: Number(r.host_id),
    issue_id: r.issue_id === null ? null : Number(r.issue_id),
  }));
}

/**
 * Closes the open findings of the batch's live hosts that this run did not see, where it looked: a port the profile
 * covered or the run saw open, or a host-level finding (no port). Host-level checks run on every live host, so a
 * live host without the finding no longer has it — unless the run's profile left that check out (minus_tests), in
 * which case the run says nothing about it. Findings of hosts the run did not see alive are never closed, nor those
 * an authenticated look decided (detection package-list) where this run did not read the host's packages, nor failed
 * policy rules (a policy run closes those when the host passes the rule), nor those on a port an exception kept the
 * scan away from. A re-test run closes only the findings it was started for (it ran only their tests).
 */
export async function closeUnseen(
  tx: Tx,
  c: BatchContext,
  aliveHostIds: readonly number[],
  skippedChecks: readonly string[],
  /** Hosts whose package list this run read: only there do package-list findings close. */
  listedHostIds: readonly number[] = [],
): Promise<void> {
  if (aliveHostIds.length === 0) return;
  await closeFindings(tx, {
    at: c.seen,
    customerId: c.customerId,
    runId: c.runId,
    where: sql`f.host_id = any(${intArray(aliveHostIds)})
        and not (coalesce(f.check_id, '') = any(${textArray(skippedChecks)}))
        and (f.detection is distinct from 'package-list' or f.host_id = any(${intArray(listedHostIds)}))
        and f.detection is distinct from 'policy-rule'
        and ${c.onlyFindings ? sql`f.id = any(${intArray(c.onlyFindings)})` : sql`true`}
        and not ${placeExcludedSql(c.customerId, sql`f.host_id`, sql`f.port`, c.seen)}
        and (f.port is null
             or (f.protocol = 0 and f.port = any(${intArray(c.tcp)}))
             or (f.protocol = 1 and f.port = any(${intArray(c.udp)}))
             or exists (select 1 from host_ports p
                        where p.host_id = f.host_id and p.port = f.port and p.protocol = f.protocol and p.last_run_id = ${c.runId}))`,
  });
}

/** Closes the failed-rule findings of hosts whose rule this policy run passed (or found not applicable). */
export async function closePassedRules(tx: Tx, c: BatchContext, passed: readonly { hostId: number; checkIds: string[] }[]): Promise<void> {
  const pairs = passed.flatMap((p) => p.checkIds.map((check_id) => ({ host_id: p.hostId, check_id })));
  if (pairs.length === 0) return;
  await closeFindings(tx, {
    at: c.seen,
    customerId: c.customerId,
    runId: c.runId,
    where: sql`f.detection = 'policy-rule'
        and (f.host_id, f.check_id) in (select x.host_id, x.check_id from jsonb_to_recordset(${jsonRows(pairs)}) as x(host_id int, check_id text))`,
  });
}
