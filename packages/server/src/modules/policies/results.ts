// What policy runs found: each host's result (score, counts, credential health) and each rule's, written when a run's
// results are processed (again on re-processing, replacing the run's rows of those hosts), and read per run (hosts,
// rules with filters and paging) and per asset (the latest result of each policy).
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  POLICY_RULE_RESULT_LABELS,
  type AssetPolicyResult,
  type PolicyCounts,
  type PolicyHostResult,
  type PolicyRuleResult,
  type PolicyRuleRow,
  type RuleSeverityName,
} from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { jsonRows } from '../../db/rows.ts';
import { assets, policyHostResults, policyRuleResults, scanRuns } from '../../db/schema/index.ts';

export interface PolicyHostInput {
  hostId: number;
  address: string;
  policy: string;
  policyName: string;
  benchmark: string;
  score: number | null;
  counts: PolicyCounts;
  credentialHealth: string | null;
  credentialMessage: string | null;
  error: string | null;
  rules: {
    ruleId: string;
    title: string;
    severity: RuleSeverityName;
    result: PolicyRuleResult;
    evidence: string[];
    message: string | null;
  }[];
}

/** Writes the hosts' results of a run (replacing what an earlier processing of the same run wrote for them). */
export async function savePolicyHosts(tx: Tx, customerId: number, runId: number, hosts: readonly PolicyHostInput[]): Promise<void> {
  if (hosts.length === 0) return;
  await tx.delete(policyHostResults).where(
    and(
      eq(policyHostResults.runId, runId),
      inArray(
        policyHostResults.hostId,
        hosts.map((h) => h.hostId),
      ),
    ),
  );
  for (const h of hosts) {
    const [row] = await tx
      .insert(policyHostResults)
      .values({
        customerId,
        runId,
        hostId: h.hostId,
        address: h.address,
        policy: h.policy,
        policyName: h.policyName,
        benchmark: h.benchmark,
        score: h.score,
        counts: h.counts,
        credentialHealth: h.credentialHealth,
        credentialMessage: h.credentialMessage,
        error: h.error,
      })
      .returning({ id: policyHostResults.id });
    if (h.rules.length === 0) continue;
    // One statement per host whatever its number of rules (one JSON parameter, not thousands of bind parameters).
    await tx.execute(sql`
      insert into policy_rule_results (customer_id, run_id, host_result_id, rule_id, title, severity, result, evidence, message)
      select ${customerId}, ${runId}, ${row!.id}, x.rule_id, x.title, x.severity, x.result, x.evidence, x.message
      from jsonb_to_recordset(${jsonRows(
        h.rules.map((r) => ({
          rule_id: r.ruleId,
          title: r.title,
          severity: r.severity,
          result: r.result,
          evidence: r.evidence,
          message: r.message,
        })),
      )}) as x(rule_id text, title text, severity text, result text, evidence jsonb, message text)`);
  }
}

/** Whether the run is one of the customer's policy runs. */
export async function policyRun(db: Db, customerId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: scanRuns.id })
    .from(scanRuns)
    .where(and(eq(scanRuns.customerId, customerId), eq(scanRuns.id, id), eq(scanRuns.scanType, 'oval')));
  return row !== undefined;
}

type HostRow = typeof policyHostResults.$inferSelect & { hostnames: string[] | null };

function toHost(r: HostRow): PolicyHostResult {
  return {
    id: r.id,
    host_id: r.hostId,
    address: r.address,
    hostnames: r.hostnames ?? [],
    policy: r.policy,
    policy_name: r.policyName,
    benchmark: r.benchmark,
    score: r.score === null ? null : Math.round(r.score * 100) / 100,
    counts: r.counts,
    credential_health: r.credentialHealth,
    credential_message: r.credentialMessage,
    error: r.error,
  };
}

/** The hosts of a policy run, by address, paged. */
export async function runPolicyHosts(
  db: Db,
  customerId: number,
  runId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: PolicyHostResult[] }> {
  const where = and(eq(policyHostResults.customerId, customerId), eq(policyHostResults.runId, runId));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ r: policyHostResults, hostnames: assets.hostnames })
      .from(policyHostResults)
      .leftJoin(assets, eq(assets.id, policyHostResults.hostId))
      .where(where)
      .orderBy(asc(policyHostResults.address), asc(policyHostResults.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(policyHostResults)
      .where(where),
  ]);
  return { count: n, rows: rows.map(({ r, hostnames }) => toHost({ ...r, hostnames })) };
}

export interface RuleFilters {
  host?: number;
  results?: PolicyRuleResult[];
  severities?: RuleSeverityName[];
  search?: string;
}

const SEVERITY_ORDER = sql`case ${policyRuleResults.severity} when 'high' then 4 when 'medium' then 3 when 'low' then 2 when 'info' then 1 else 0 end`;
const RESULT_ORDER = sql`case ${policyRuleResults.result} when 'fail' then 0 when 'error' then 1 when 'unknown' then 2 when 'pass' then 3 when 'notchecked' then 4 else 5 end`;
export const RULE_ORDERINGS: Record<string, SQL> = {
  title: sql`lower(${policyRuleResults.title})`,
  severity: SEVERITY_ORDER,
  result: RESULT_ORDER,
  address: sql`${policyHostResults.address}`,
  rule_id: sql`${policyRuleResults.ruleId}`,
};

/** The rules of a policy run (every host, or one), filtered, ordered and paged. */
export async function runPolicyRules(
  db: Db,
  customerId: number,
  runId: number,
  f: RuleFilters,
  ordering: { key: string; descending: boolean },
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: PolicyRuleRow[] }> {
  const parts: SQL[] = [eq(policyRuleResults.customerId, customerId), eq(policyRuleResults.runId, runId)];
  if (f.host !== undefined) parts.push(eq(policyHostResults.hostId, f.host));
  if (f.results?.length) parts.push(inArray(policyRuleResults.result, f.results));
  if (f.severities?.length) parts.push(inArray(policyRuleResults.severity, f.severities));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(${policyRuleResults.title} ilike ${like} or ${policyRuleResults.ruleId} ilike ${like})`);
  }
  const where = and(...parts);
  const col = RULE_ORDERINGS[ordering.key] ?? RESULT_ORDER;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ r: policyRuleResults, hostId: policyHostResults.hostId, address: policyHostResults.address })
      .from(policyRuleResults)
      .innerJoin(policyHostResults, eq(policyHostResults.id, policyRuleResults.hostResultId))
      .where(where)
      .orderBy(ordering.descending ? desc(col) : asc(col), desc(SEVERITY_ORDER), asc(policyRuleResults.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(policyRuleResults)
      .innerJoin(policyHostResults, eq(policyHostResults.id, policyRuleResults.hostResultId))
      .where(where),
  ]);
  return {
    count: n,
    rows: rows.map(({ r, hostId, address }) => ({
      id: r.id,
      host_id: hostId,
      address,
      rule_id: r.ruleId,
      title: r.title,
      severity: r.severity,
      result: r.result,
      result_label: POLICY_RULE_RESULT_LABELS[r.result],
      evidence: r.evidence,
      message: r.message,
    })),
  };
}

/** The asset's latest result of each policy, newest first. */
export async function assetPolicyResults(db: Db, customerId: number, hostId: number): Promise<AssetPolicyResult[]> {
  const rows = await db
    .selectDistinctOn([policyHostResults.policy], {
      r: policyHostResults,
      hostnames: assets.hostnames,
      scanId: scanRuns.scanId,
      finished: scanRuns.finishedAt,
    })
    .from(policyHostResults)
    .innerJoin(scanRuns, eq(scanRuns.id, policyHostResults.runId))
    .leftJoin(assets, eq(assets.id, policyHostResults.hostId))
    .where(and(eq(policyHostResults.customerId, customerId), eq(policyHostResults.hostId, hostId)))
    .orderBy(policyHostResults.policy, desc(policyHostResults.runId));
  return rows
    .map(({ r, hostnames, scanId, finished }) => ({
      ...toHost({ ...r, hostnames }),
      run_id: r.runId,
      scan_id: scanId,
      finished: finished?.toISOString() ?? null,
    }))
    .sort((a, b) => b.run_id - a.run_id);
}
