// Re-queues the tasks of remote probes that went quiet, dispatches again those queued for them, and dispatches delayed
// tasks, when no built-in probe runs in
// this process (the built-in probe sweeps the same way; running both would sweep each lost task twice).
import { eq } from 'drizzle-orm';
import { SCAN_TASK_STATE as S } from '@bulwark/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { scanTasks } from '../../db/schema/index.ts';
import { startProcessingIfReady } from '../results/index.ts';
import { probeTiming, redispatchDelayed, redispatchStranded, requeueLostTasks } from '../tasks/index.ts';

export async function sweepRemoteProbes(ctx: AppContext): Promise<void> {
  // A lost task being cancelled ends cancelled: the hosts it had reported are processed, not lost.
  for (const runId of await requeueLostTasks(ctx.db)) await startProcessingIfReady(ctx, runId);
  await redispatchStranded(ctx.db);
  const delayed = await ctx.db
    .selectDistinct({ customerId: scanTasks.customerId })
    .from(scanTasks)
    .where(eq(scanTasks.state, S.delayed_node_assignment));
  for (const { customerId } of delayed) await redispatchDelayed(ctx.db, customerId);
}

export function startRemoteProbeSweeper(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.builtinProbe) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    // Often enough that a quiet probe's tasks move soon after it shows offline.
    const every = Math.max(1000, Math.min(10_000, probeTiming.offlineAfterMs / 2));
    timer = setInterval(() => {
      running ??= sweepRemoteProbes(ctx)
        .catch((err: unknown) => ctx.log.error({ err }, 'sweeping remote probes failed'))
        .finally(() => (running = null));
    }, every);
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
