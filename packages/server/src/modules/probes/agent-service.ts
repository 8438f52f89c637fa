// What a remote probe's calls do: register with a one-time token, heart-beat (learning pause/cancel of its tasks),
// hand tasks back when it leaves or restarts. Claiming, reporting and finishing go through the task state machine.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { ON_PROBE_TASK_STATES, SCAN_ERROR_TYPE, SCAN_TASK_STATE as S, type AgentTaskAction, type ScanTaskState } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { probes, scanTasks } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { addTaskHosts, addScanErrors, dispatchTask, moveTask, redispatchDelayed, refreshRun, type TaskRow } from '../tasks/index.ts';
import { probeStatus, type ProbeRow } from './repo.ts';
import { startProcessingIfReady } from '../results/index.ts';

export const INVALID_TOKEN = 'This registration token is invalid or has expired.';

/** Registers the probe the token was made for: a fresh secret replaces any earlier one; the token is used up. */
export async function registerProbe(
  ctx: AppContext,
  input: { token: string; hostname: string; version: string },
  address: string,
): Promise<{ probe_id: number; secret: string; name: string }> {
  const secret = randomToken(32);
  // Heartbeats are written on the context's clock, the one the online rule reads.
  const now = ctx.clock();
  const [row] = await ctx.db
    .update(probes)
    .set({
      tokenHash: null,
      tokenExpiresAt: null,
      secretHash: sha256(secret),
      registeredAt: now,
      lastHeartbeatAt: now,
      hostname: input.hostname || null,
      version: input.version || null,
      address,
    })
    // The hash is the lookup key; matching on it in the update makes the token single-use even under races.
    .where(and(eq(probes.tokenHash, sha256(input.token)), gt(probes.tokenExpiresAt, now)))
    .returning();
  if (!row) throw badRequest({ token: [INVALID_TOKEN] });
  await redispatchDelayed(ctx.db, ctx, row.customerId);
  return { probe_id: row.id, secret, name: row.name };
}

function actionFor(task: Pick<TaskRow, 'state'> | undefined): AgentTaskAction {
  switch (task?.state) {
    case S.running:
      return 'continue';
    case S.created_stop:
    case S.stop_requested:
      return 'pause';
    default:
      // Being cancelled, or no longer this probe's: the probe drops it.
      return 'cancel';
  }
}

/** What the probe should do with a task of its own, from the task's state. */
export const agentAction = actionFor;

/**
 * Puts the tasks a probe holds back in the queue: running ones with the hosts it sends added to the ones it reported; ones being paused end paused, ones being cancelled end cancelled. `graceful` (the probe said goodbye)
 * does not count the claim as an attempt and records no error.
 */
export async function handBackTasks(
  ctx: AppContext,
  probe: ProbeRow,
  checkpoints: ReadonlyMap<number, { done: unknown[] } | null>,
  graceful: boolean,
): Promise<number> {
  const { db } = ctx;
  const held = await db
    .select()
    .from(scanTasks)
    .where(
      and(
        eq(scanTasks.customerId, probe.customerId),
        eq(scanTasks.claimedBy, probe.id),
        inArray(scanTasks.state, [...ON_PROBE_TASK_STATES]),
      ),
    );
  const runs = new Set<number>();
  for (const task of held) {
    const state = task.state as ScanTaskState;
    const row = await db.transaction(async (tx) => {
      await addTaskHosts(tx, task, checkpoints.get(task.id)?.done);
      if (state === S.created_cancel || state === S.cancel_requested)
        return moveTask(tx, task.id, [state], S.cancelled, { finishedAt: new Date(), claimedBy: null });
      if (state === S.created_stop || state === S.stop_requested) return moveTask(tx, task.id, [state], S.stopped, { claimedBy: null });
      if (!graceful) {
        await addScanErrors(tx, { id: task.runId, customerId: task.customerId }, task.id, [
          { type: SCAN_ERROR_TYPE.connection_failed, message: 'The probe running this task restarted; the task was queued again.' },
        ]);
      }
      const back = await moveTask(tx, task.id, [state], S.requested, {
        claimedBy: null,
        claimedAt: null,
        ...(graceful ? { attempts: Math.max(0, task.attempts - 1) } : {}),
      });
      return back ? dispatchTask(tx, ctx, back) : null;
    });
    if (row) runs.add(row.runId);
  }
  for (const id of runs) {
    await refreshRun(db, id);
    // A task being cancelled ended cancelled: what it had reported is processed, not lost.
    await startProcessingIfReady(ctx, id);
  }
  return held.length;
}

/**
 * A heartbeat: the probe is alive (and where from). A probe that was offline or just registered brings the customer's
 * delayed tasks back to the queue; a freshly started agent first hands back what the server thought it held.
 * Answers with what to do about each task it says it runs.
 */
export async function heartbeat(
  ctx: AppContext,
  probe: ProbeRow,
  input: { hostname: string; version: string; running: number[]; fresh: boolean },
  address: string,
): Promise<{ tasks: { id: number; action: AgentTaskAction }[] }> {
  const wasOnline = probeStatus(probe, ctx) === 'online';
  if (input.fresh) await handBackTasks(ctx, probe, new Map(), false);
  const now = ctx.clock();
  await ctx.db
    .update(probes)
    .set({ lastHeartbeatAt: now, hostname: input.hostname || probe.hostname, version: input.version || probe.version, address })
    .where(eq(probes.id, probe.id));
  const ids = [...new Set(input.running)];
  const mine = ids.length
    ? await ctx.db
        .update(scanTasks)
        .set({ seenAt: now })
        .where(and(eq(scanTasks.claimedBy, probe.id), eq(scanTasks.customerId, probe.customerId), inArray(scanTasks.id, ids)))
        .returning({ id: scanTasks.id, state: scanTasks.state })
    : [];
  const byId = new Map(mine.map((t) => [t.id, t]));
  if (!wasOnline) await redispatchDelayed(ctx.db, ctx, probe.customerId);
  return { tasks: ids.map((id) => ({ id, action: actionFor(byId.get(id)) })) };
}

/** The probe leaves: offline at once (so dispatch passes it by), its tasks back in the queue with their checkpoints. */
export async function leave(
  ctx: AppContext,
  probe: ProbeRow,
  tasks: { id: number; checkpoint: { done: unknown[] } | null }[],
): Promise<number> {
  await ctx.db.update(probes).set({ lastHeartbeatAt: null }).where(eq(probes.id, probe.id));
  return handBackTasks(ctx, { ...probe, lastHeartbeatAt: null }, new Map(tasks.map((t) => [t.id, t.checkpoint])), true);
}
