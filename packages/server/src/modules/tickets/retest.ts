// Verified fixes: "Solution applied" starts a re-test, a run of exactly the ticket's open findings' assets and ports
// (or web applications) with only the tests that found them, on the probe that found them (retest-scope.ts plans it, the scans module's
// startNarrowedRun runs it). What the run finds is applied by after-run.ts once its results are processed.
//
// Call it AFTER the transaction that set the status has committed: it writes the ticket (retest_run_id, an event) on
// its own connection, and waiting on the caller's uncommitted row would never end.
import { and, eq, sql } from 'drizzle-orm';
import { FINAL_TASK_STATES, SCAN_TASK_STATE as S } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { scanRuns, scanTasks, tickets } from '../../db/schema/index.ts';
import { StartError, startNarrowedRun } from '../scans/index.ts';
import { recordTicketEvent } from './history.ts';
import { planRetest, planWebRetest, retestFindings } from './retest-scope.ts';

export type RetestOutcome = { runId: number } | { reason: string };

/** Whether the run is still scanning or waiting for its results to be processed. */
async function runUnderWay(ctx: AppContext, runId: number): Promise<boolean> {
  const [run] = await ctx.db.select({ processedAt: scanRuns.processedAt }).from(scanRuns).where(eq(scanRuns.id, runId));
  if (!run || run.processedAt !== null) return false;
  const open = await ctx.db.$count(
    scanTasks,
    and(
      eq(scanTasks.runId, runId),
      sql`${scanTasks.state} not in (${sql.join(
        [...FINAL_TASK_STATES, S.group_run].map((s) => sql`${s}`),
        sql`, `,
      )})`,
    ),
  );
  return open > 0;
}

/**
 * Starts the ticket's re-test run. Answers its id, or why none started: the ticket is not there, a re-test is already
 * under way, no finding is left open, the runs that found them are gone, or the scan that found them is running.
 * Network findings are re-tested first (a ticket's web findings then wait for their own re-test or the next web scan).
 */
export async function startRetest(ctx: AppContext, customerId: number, ticketId: number, userId: number | null): Promise<RetestOutcome> {
  const [ticket] = await ctx.db
    .select({ id: tickets.id, number: tickets.number, retestRunId: tickets.retestRunId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.customerId, customerId)));
  if (!ticket) return { reason: 'The ticket does not exist.' };
  if (ticket.retestRunId !== null && (await runUnderWay(ctx, ticket.retestRunId)))
    return { reason: `A re-test of this ticket is under way (run ${ticket.retestRunId}).` };
  const found = await retestFindings(ctx.db, customerId, ticketId);
  if (found.length === 0) return { reason: 'The ticket has no open finding to re-test.' };
  // Network findings first; a ticket of web findings only is re-tested by a web run of their applications.
  const plan = planRetest(found) ?? planWebRetest(found);
  if (!plan) return { reason: 'The scan runs that found the open findings no longer exist: scan their assets again to verify them.' };
  let runId: number;
  try {
    const run = await startNarrowedRun(ctx.db, ctx, {
      customerId,
      scanType: plan.scanType,
      vhosts: plan.vhosts,
      scanId: plan.scanId,
      name: `Re-test of ticket #${ticket.number}`,
      userId,
      profileId: plan.profileId,
      profile: plan.profile,
      tcp: plan.tcp,
      udp: plan.udp,
      shares: plan.shares,
      retest: { ticketId, findingIds: plan.findingIds, tests: plan.tests },
    });
    runId = run.id;
  } catch (err) {
    if (err instanceof StartError) return { reason: err.message };
    throw err;
  }
  const hosts = plan.shares.flatMap((s) => s.targets);
  const ports = [...plan.tcp.map((p) => `${p}/tcp`), ...plan.udp.map((p) => `${p}/udp`)];
  const comment =
    `Re-test started (run ${runId}): ${plan.findingIds.length} ${plan.scanType === 'was' ? 'web ' : ''}finding(s) on ${hosts.join(', ')}` +
    (ports.length ? `, ports ${ports.join(', ')}` : '') +
    (plan.tests.length ? `, tests ${plan.tests.join(', ')}` : ', version checks only') +
    (plan.skipped.length ? `; not re-tested: ${plan.skipped.map((s) => `finding ${s.id} (${s.why})`).join(', ')}` : '') +
    '.';
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(tickets)
      .set({ retestRunId: runId })
      .where(and(eq(tickets.id, ticketId), eq(tickets.customerId, customerId)));
    await recordTicketEvent(tx, {
      customerId,
      ticketId,
      at: ctx.clock(),
      kind: 'retest_started',
      userId,
      source: userId === null ? 'retest' : null,
      changes: { retest_run: [ticket.retestRunId, runId] },
      comment,
    });
  });
  return { runId };
}
