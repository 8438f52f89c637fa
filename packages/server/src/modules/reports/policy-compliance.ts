// The compliance part of a policy report (scope scan_policy: one policy scan; no_runs: every policy scan's runs): each
// host's latest result of each policy among the scope's runs — its score, passed and failed rules — the rule results
// summed over those hosts, and the rules failing on most of them. Hosts the caller may not see (a LIMITED team member)
// are left out, as everywhere else in reports.
import { sql, type SQL } from 'drizzle-orm';
import { POLICY_REPORT_HOSTS, POLICY_REPORT_RULES, type ReportData } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

type Compliance = NonNullable<ReportData['policy_compliance']>;
type Row = Record<string, unknown>;
const COUNT_KEYS = ['pass', 'fail', 'error', 'unknown', 'notapplicable', 'notchecked'] as const;

/** `scanId`: the policy scan of a scan_policy report; null for every policy run (no_runs). */
export async function policyComplianceOf(db: Db, scope: AssetScope, scanId: number | null): Promise<Compliance> {
  const runs: SQL =
    scanId === null
      ? sql`r.customer_id = ${scope.customerId} and r.scan_type = 'oval'`
      : sql`r.customer_id = ${scope.customerId} and r.scan_type = 'oval' and r.scan_id = ${scanId}`;
  // The latest result of each (host, policy): a host checked again counts once, as it is now.
  const latest = sql`select distinct on (h.host_id, h.policy) h.id, h.run_id, h.address, h.policy_name, h.score, h.counts, h.error,
                            r.finished_at, coalesce(nullif(a.name, ''), a.value) as asset
                     from policy_host_results h
                     join scan_runs r on r.id = h.run_id
                     join assets a on a.id = h.host_id
                     where h.customer_id = ${scope.customerId} and ${runs} and ${scopeCondition(scope, 'a')}
                     order by h.host_id, h.policy, h.run_id desc`;
  const [totals] = await queryRows<Row>(
    db,
    sql`with latest as (${latest})
        select count(*)::int as hosts, avg(score) as average,
               ${sql.join(
                 COUNT_KEYS.map((k) => sql`coalesce(sum((counts ->> ${k})::int), 0)::int as ${sql.raw(k)}`),
                 sql`, `,
               )}
        from latest`,
  );
  const hosts = await queryRows<Row>(
    db,
    sql`with latest as (${latest})
        select * from latest order by score asc nulls first, asset, policy_name limit ${POLICY_REPORT_HOSTS}`,
  );
  const rules = await queryRows<Row>(
    db,
    sql`with latest as (${latest})
        select x.rule_id, min(x.title) as title, min(x.severity) as severity, count(distinct x.host_result_id)::int as hosts
        from policy_rule_results x join latest l on l.id = x.host_result_id
        where x.result = 'fail'
        group by x.rule_id
        order by hosts desc, title
        limit ${POLICY_REPORT_RULES}`,
  );
  const average = totals?.average;
  return {
    hosts: Number(totals?.hosts ?? 0),
    average_score: average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10,
    counts: Object.fromEntries(COUNT_KEYS.map((k) => [k, Number(totals?.[k] ?? 0)])) as Compliance['counts'],
    host_results: hosts.map((h) => {
      const counts = (h.counts ?? {}) as Partial<Record<(typeof COUNT_KEYS)[number], number>>;
      return {
        asset: String(h.asset),
        address: String(h.address),
        policy_name: String(h.policy_name),
        score: h.score === null ? null : Number(h.score),
        pass: Number(counts.pass ?? 0),
        fail: Number(counts.fail ?? 0),
        error: h.error === null ? null : String(h.error),
        run: Number(h.run_id),
        finished: h.finished_at === null ? null : new Date(h.finished_at as string).toISOString(),
      };
    }),
    failed_rules: rules.map((r) => ({
      rule_id: String(r.rule_id),
      title: String(r.title),
      severity: String(r.severity),
      hosts: Number(r.hosts),
    })),
  };
}
