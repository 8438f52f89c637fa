// The run's summary after its results are merged, read back from what the run recorded (so re-processing gives the
// same numbers): hosts up, open ports, findings by severity, vulnerabilities (severity ≥ 1), result code.
import { runResult, type ScanResult } from '@bulwark/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface RunSummary {
  hostsUp: number;
  openPorts: number;
  cntVulns: number;
  severityCounts: number[];
  maxSeverity: number | null;
  exploited: boolean;
}

export async function runSummary(tx: Tx, runId: number): Promise<RunSummary> {
  const [hosts] = await queryRows<{ hosts: number; ports: number }>(
    tx,
    // A web run's web application counts as its one host up (it has no scan_run_hosts), so its result is pass/warn/fail.
    sql`select count(*)::int + (select count(*) from web_run_results w where w.run_id = ${runId})::int as hosts,
               coalesce(sum((select count(*) from jsonb_array_elements(h.ports) e where e->>'state' = 'open')), 0)::int as ports
        from scan_run_hosts h where h.run_id = ${runId}`,
  );
  // Findings this run saw (not the ones it closed).
  const bySeverity = await queryRows<{ severity: number; n: number; exploited: boolean }>(
    tx,
    sql`select r.severity, count(*)::int as n, bool_or(f.exploit_known) as exploited
        from scan_run_findings r join findings f on f.id = r.finding_id
        where r.run_id = ${runId} and r.state <> 3
        group by r.severity`,
  );
  const severityCounts = [0, 0, 0, 0, 0];
  let exploited = false;
  for (const r of bySeverity) {
    severityCounts[r.severity] = Number(r.n);
    exploited ||= Boolean(r.exploited);
  }
  const present = severityCounts.map((n, s) => (n > 0 ? s : -1)).filter((s) => s >= 0);
  return {
    hostsUp: Number(hosts?.hosts ?? 0),
    openPorts: Number(hosts?.ports ?? 0),
    cntVulns: severityCounts.slice(1).reduce((a, b) => a + b, 0),
    severityCounts,
    maxSeverity: present.length ? Math.max(...present) : null,
    exploited,
  };
}

/** The run's result code for its final task state and summary (see runResult in core). */
export const resultOf = (state: number, s: RunSummary): ScanResult =>
  runResult({ state, hostsUp: s.hostsUp, maxSeverity: s.maxSeverity, exploited: s.exploited });
