// Results as they arrive: while a run scans, the live hosts its tasks reported and no earlier pass merged (no
// snapshot of them on the run yet) are merged into the inventory and findings, so the run's Hosts and Findings tabs
// fill up during the scan. Each host a probe reports is finished, so merging it early is what the final processing
// would do; that processing merges every host again (idempotent) and sums the run up.
import { ON_PROBE_TASK_STATES, SCAN_TASK_STATE as S } from '@bulwark/core';
import { profilePorts } from '@bulwark/scanner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { scanRuns, scans, scanTasks } from '../../db/schema/index.ts';
import type { BatchContext } from './inventory.ts';
import { MatchCache, processBatch, processPolicyBatch } from './process.ts';
import { mergeHosts, parseResult } from './scan-result.ts';

/** Hosts merged per pass at most (a pass follows a report; the rest wait for the next pass or the final processing). */
const PASS_HOSTS = 500;

/** Merges the live hosts of a scanning run not merged yet; answers how many. Nothing once the run is being processed. */
export async function processDeliveredSoFar(db: Db, runId: number): Promise<number> {
  const [run] = await db.select().from(scanRuns).where(eq(scanRuns.id, runId));
  if (!run || run.processedAt !== null || run.processingJobId !== null) return 0;
  const tasks = await db
    .select({ id: scanTasks.id })
    .from(scanTasks)
    .where(and(eq(scanTasks.runId, runId), inArray(scanTasks.state, [...ON_PROBE_TASK_STATES, S.stopped])));
  if (tasks.length === 0) return 0;
  const ids = sql.join(
    tasks.map((t) => sql`${t.id}`),
    sql`, `,
  );
  const found = (
    await queryRows<{ host: unknown }>(
      db,
      sql`select h.host from scan_task_hosts h
          where h.task_id in (${ids}) and h.alive
            and not exists (select 1 from scan_run_hosts r where r.run_id = ${runId} and r.address = h.address)
          order by h.id limit ${PASS_HOSTS}`,
    )
  ).map((r) => r.host);
  if (found.length === 0) return 0;
  const live = mergeHosts([parseResult(tasks[0]!.id, { hosts: found })]).filter((h) => h.alive);
  const ports = profilePorts(run.profile);
  const [scan] = run.scanId === null ? [] : await db.select({ targetIds: scans.targetIds }).from(scans).where(eq(scans.id, run.scanId));
  const c: BatchContext = {
    customerId: run.customerId,
    runId,
    seen: run.startedAt ?? new Date(),
    targetAssetIds: scan?.targetIds ?? [],
    tcp: ports.tcp,
    udp: ports.udp,
    onlyFindings: run.retest?.findingIds ?? null,
  };
  if (run.scanType === 'oval') await processPolicyBatch(db, c, live);
  else {
    const skipped = Array.isArray(run.profile.minus_tests) ? run.profile.minus_tests.map(String) : [];
    await processBatch(db, c, live, new MatchCache(), skipped);
  }
  return live.length;
}
