// The four actions on a run (§4: pause, resume, cancel, force cancel) applied to its tasks, and deleting a run.
// A task a probe holds learns of a pause or cancel from its next report; anything else changes at once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTION_FROM_STATES,
  ON_PROBE_TASK_STATES,
  QUEUED_TASK_STATES,
  SCAN_ERROR_TYPE,
  SCAN_TASK_STATE as S,
  actionRefusedMessage,
  runTaskState,
  taskStateLabel,
  type ScanAction,
  type ScanTaskState,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { scanRuns, scanTasks } from '../../db/schema/index.ts';
import { startProcessingIfReady } from '../results/index.ts';
import { notifyTasksQueued } from './notify.ts';
import { addScanErrors, dispatchTask, moveTask, refreshRun, runTasks, type ProbeClock, type RunRow, type TaskRow } from '../tasks/index.ts';
import type { Tx } from '../../db/client.ts';

/** The toast each action's success shows (§8). */
export const ACTION_MESSAGES: Record<ScanAction, string> = {
  pause: 'Scan paused.',
  resume: 'Scan resumed.',
  cancel: 'Scan stopped.',
  force_cancel: 'Scan stopped.',
};

/** The action is not allowed in the run's state; `message` says why. */
export class ActionRefused extends Error {}

const has = (list: readonly number[], s: number) => list.includes(s);

async function applyToTask(tx: Tx, timing: ProbeClock, action: ScanAction, task: TaskRow, who: string): Promise<void> {
  const state = task.state as ScanTaskState;
  const now = new Date();
  if (action === 'pause') {
    if (has(QUEUED_TASK_STATES, state)) await moveTask(tx, task.id, [state], S.stopped);
    else if (state === S.running) await moveTask(tx, task.id, [state], S.created_stop);
    return;
  }
  if (action === 'resume') {
    const moved = await moveTask(tx, task.id, [S.stopped], S.created_resume);
    if (moved) await dispatchTask(tx, timing, moved);
    return;
  }
  if (action === 'cancel') {
    if (has(ON_PROBE_TASK_STATES, state)) await moveTask(tx, task.id, [state], S.created_cancel);
    else await moveTask(tx, task.id, [state], S.cancelled, { finishedAt: now, claimedBy: null });
    return;
  }
  // Force cancel is beyond the probe's say: a direct write, whatever the task was doing (results not yet processed included).
  const [row] = await tx
    .update(scanTasks)
    .set({ state: S.cancelled, claimedBy: null, finishedAt: now })
    .where(and(eq(scanTasks.id, task.id), inArray(scanTasks.state, [...ACTION_FROM_STATES.force_cancel])))
    .returning();
  if (row) {
    await addScanErrors(tx, { id: task.runId, customerId: task.customerId }, task.id, [
      { type: SCAN_ERROR_TYPE.internal, message: `The task was force-cancelled by ${who}.` },
    ]);
  }
}

/**
 * Applies an action to every task of the run that allows it; throws ActionRefused when none does. Returns the
 * run as it is afterwards. A run left with only delivered or ended tasks gets its results processed, the hosts its
 * cancelled tasks had reported included.
 */
export async function runAction(ctx: AppContext, run: RunRow, action: ScanAction, who: string): Promise<RunRow> {
  const updated = await ctx.db.transaction(async (tx) => {
    // One action at a time per run: the row lock orders concurrent clicks.
    await tx.execute(sql`select id from scan_runs where id = ${run.id} for update`);
    const tasks = await runTasks(tx, run.id);
    const allowed = ACTION_FROM_STATES[action] as readonly number[];
    const targets = tasks.filter((t) => allowed.includes(t.state));
    if (targets.length === 0) {
      const label = taskStateLabel(runTaskState(tasks.map((t) => t.state))) ?? 'New';
      throw new ActionRefused(actionRefusedMessage(action, label));
    }
    for (const task of targets) await applyToTask(tx, ctx, action, task, who);
    return (await refreshRun(tx, run.id))!;
  });
  if (action === 'resume') notifyTasksQueued();
  // Delivered results, and the hosts cancelled tasks had reported, are processed (kept) whatever the run's end.
  if (await startProcessingIfReady(ctx, run.id)) {
    return (await ctx.db.select().from(scanRuns).where(eq(scanRuns.id, run.id)))[0]!;
  }
  return updated;
}

/** Whether the run may be deleted: none of its tasks on a probe or being processed. */
export async function runDeletable(tx: Tx, runId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(scanTasks)
    .where(and(eq(scanTasks.runId, runId), inArray(scanTasks.state, [...ON_PROBE_TASK_STATES, S.process_results])));
  return (row?.n ?? 0) === 0;
}
