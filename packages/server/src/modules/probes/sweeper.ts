// Re-queues the tasks of remote probes that went quiet, dispatches again those queued for them, and dispatches delayed
// tasks, when no built-in probe runs in
// this process (the built-in probe sweeps the same way; running both would sweep each lost task twice).
import { eq } from 'drizzle-orm';
import { SCAN_TASK_STATE as S } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { scanTasks } from '../../db/schema/index.ts';
import { startProcessingIfReady } from '../results/index.ts';
import { redispatchDelayed, redispatchStranded, requeueLostTasks } from '../tasks/index.ts';

export async function sweepRemoteProbes(ctx: AppContext): Promise<void> {
  // A lost task being cancelled ends cancelled: the hosts it had reported are processed, not lost.
  for (const runId of await requeueLostTasks(ctx.db, ctx)) await startProcessingIfReady(ctx, runId);
  await redispatchStranded(ctx.db, ctx);
  const delayed = await ctx.db
    .selectDistinct({ customerId: scanTasks.customerId })
    .from(scanTasks)
    .where(eq(scanTasks.state, S.delayed_node_assignment));
  for (const { customerId } of delayed) await redispatchDelayed(ctx.db, ctx, customerId);
}

/** The sweep loop of a serving process (a serve loop of the probes module's jobs): stopped before the database closes. */
export function startRemoteProbeSweeper(ctx: AppContext): (() => Promise<void>) | void {
  if (ctx.config.builtinProbe) return;
  let running: Promise<void> | null = null;
  // Often enough that a quiet probe's tasks move soon after it shows offline.
  const every = Math.max(1000, Math.min(10_000, ctx.probeTiming.offlineAfterMs / 2));
  const timer = setInterval(() => {
    running ??= sweepRemoteProbes(ctx)
      .catch((err: unknown) => ctx.log.error({ err }, 'sweeping remote probes failed'))
      .finally(() => (running = null));
  }, every);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
