// A rule's conditions as ONE SQL condition over a findings row `f` joined to its asset `a` (the rule engine never walks
// findings in JavaScript: a rule over a million findings is one INSERT … SELECT). `candidateSql` adds what every rule
// leaves out: closed, ignored or disabled findings, findings below the organisation's minimum quality of detection,
// findings of archived assets, findings already on an open ticket, and findings an exception covers.
import { sql, type SQL } from 'drizzle-orm';
import type { RuleConditions } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows, textArray } from '../../db/rows.ts';
import { findingExcludedSql } from '../exclusions/index.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

const DAY_MS = 86_400_000;

/** The rule's own conditions on `f` (findings) and `a` (its asset); every given condition must hold. */
export function conditionsSql(c: RuleConditions, now: Date): SQL {
  const parts: SQL[] = [];
  if (c.severity_min !== null) parts.push(sql`f.severity >= ${c.severity_min}`);
  if (c.severities.length) parts.push(sql`f.severity = any(${intArray(c.severities)})`);
  if (c.risk_score_min !== null) parts.push(sql`f.risk_score >= ${c.risk_score_min}`);
  if (c.risk_score_max !== null) parts.push(sql`f.risk_score <= ${c.risk_score_max}`);
  if (c.epss_min !== null) parts.push(sql`coalesce(f.epss, 0) >= ${c.epss_min}`);
  if (c.kev) parts.push(sql`f.exploit_known`);
  if (c.ransomware) parts.push(sql`f.ransomware_known`);
  if (c.sources.length) parts.push(sql`f.source = any(${textArray(c.sources)})`);
  if (c.detection.length) parts.push(sql`f.detection = any(${textArray(c.detection)})`);
  if (c.confidence.length) parts.push(sql`f.confidence = any(${textArray(c.confidence)})`);
  if (c.tags_any.length)
    parts.push(sql`exists (select 1 from asset_tags t where t.asset_id = f.host_id and t.tag_id = any(${intArray(c.tags_any)}))`);
  if (c.tags_all.length) {
    const all = [...new Set(c.tags_all)];
    parts.push(sql`(select count(*) from asset_tags t where t.asset_id = f.host_id and t.tag_id = any(${intArray(all)})) = ${all.length}`);
  }
  if (c.tags_minus.length)
    parts.push(sql`not exists (select 1 from asset_tags t where t.asset_id = f.host_id and t.tag_id = any(${intArray(c.tags_minus)}))`);
  if (c.asset_criticality_min !== null) parts.push(sql`a.criticality >= ${c.asset_criticality_min}`);
  if (c.issues.length) parts.push(sql`f.issue_id = any(${intArray(c.issues)})`);
  // A finding names its CVEs in `cves` (a check may name several); `cve` is its main one.
  if (c.cves.length) parts.push(sql`(f.cve = any(${textArray(c.cves)}) or f.cves ?| ${textArray(c.cves)})`);
  if (c.first_seen_days !== null)
    parts.push(sql`f.first_seen <= ${new Date(now.getTime() - c.first_seen_days * DAY_MS).toISOString()}::timestamptz`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export interface CandidateOptions {
  customerId: number;
  now: Date;
  /** Only the findings a run saw (the evaluation after a processed run). */
  runId?: number;
  /** A LIMITED member's preview counts only what the member sees. */
  scope?: AssetScope;
  /**
   * Whether the customer has an unexpired exception (hasExceptions): without one the exception check is left out of
   * the query, since PostgreSQL would otherwise read every finding once to learn that no exception covers any.
   */
  exceptions?: boolean;
}

/** Whether the customer has an exception in force at `now` (when not, no finding can be covered by one). */
export async function hasExceptions(db: Db | Tx, customerId: number, now: Date): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from exclusions where customer_id = ${customerId} and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz) limit 1`,
  );
  return rows.length > 0;
}

/**
 * What any rule may ticket: open (not closed), counted (not ignored, disabled or of an ignored test), at or above the
 * customer's minimum quality of detection, on an asset not archived, not on an open ticket, not covered by an
 * exception. On `f` joined to `a`.
 */
export function candidateSql(o: CandidateOptions): SQL {
  const parts: SQL[] = [
    sql`f.customer_id = ${o.customerId}`,
    sql`f.state <> 3`,
    sql`f.ignore_kind is null and not f.test_ignored`,
    sql`f.qod >= (select c.min_qod from customers c where c.id = ${o.customerId})`,
    sql`a.archived_at is null`,
    sql`not exists (select 1 from ticket_subtasks s where s.finding_id = f.id and s.open)`,
  ];
  if (o.exceptions !== false) parts.push(sql`not (${findingExcludedSql(o.customerId, sql`f.id`, o.now)})`);
  if (o.runId !== undefined)
    parts.push(sql`exists (select 1 from scan_run_findings rf where rf.run_id = ${o.runId} and rf.finding_id = f.id)`);
  if (o.scope) parts.push(scopeCondition(o.scope, 'a'));
  return sql.join(parts, sql` and `);
}

/** `select f.id from findings f join assets a …` of what a rule would ticket: the subquery the tickets face takes. */
export function matchingFindingIdsSql(c: RuleConditions, o: CandidateOptions): SQL {
  return sql`select f.id from findings f join assets a on a.id = f.host_id where ${candidateSql(o)} and ${conditionsSql(c, o.now)}`;
}
