// Tasks whose probe is not there: delayed tasks dispatched again when a probe comes online, tasks of a probe that went
// quiet mid-scan re-queued with their checkpoint (or ended after MAX_TASK_ATTEMPTS), and queued tasks of an offline
// probe handed to another member of their group. The sweeper calls these.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CLAIMABLE_TASK_STATES,
  MAX_TASK_ATTEMPTS,
  ON_PROBE_TASK_STATES,
  SCAN_ERROR_TYPE,
  SCAN_TASK_STATE as S,
  type ScanTaskState,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { probes, scanTasks } from '../../db/schema/index.ts';
import { addScanErrors, dispatchTask, moveTask, onlineSince, type ProbeClock } from './queue.ts';
import { refreshRun } from './runs.ts';

/** Dispatches the delayed tasks of a customer again (a probe came online). */
export async function redispatchDelayed(db: Db, timing: ProbeClock, customerId: number): Promise<number> {
  const delayed = await db
    .select()
    .from(scanTasks)
    .where(and(eq(scanTasks.customerId, customerId), eq(scanTasks.state, S.delayed_node_assignment)));
  let moved = 0;
  for (const task of delayed) {
    const row = await db.transaction((tx) => dispatchTask(tx, timing, task));
    if (row && row.state !== S.delayed_node_assignment) {
      moved++;
      await refreshRun(db, row.runId);
    }
  }
  return moved;
}

/**
 * Tasks held by remote probes that went quiet (no heartbeat for the context's offline time) go back to the queue
 * with their checkpoint; after MAX_TASK_ATTEMPTS claims a task ends in error 17. A task being paused or cancelled
 * on the lost probe simply ends paused or cancelled. Returns the ids of the runs touched.
 */
export async function requeueLostTasks(db: Db, timing: ProbeClock): Promise<number[]> {
  const since = onlineSince(timing).toISOString();
  const lost = await db
    .select({ task: scanTasks })
    .from(scanTasks)
    .innerJoin(probes, eq(probes.id, scanTasks.claimedBy))
    .where(
      and(
        inArray(scanTasks.state, [...ON_PROBE_TASK_STATES]),
        sql`(${probes.lastHeartbeatAt} is null or ${probes.lastHeartbeatAt} < ${since})`,
        sql`(${scanTasks.seenAt} is null or ${scanTasks.seenAt} < ${since})`,
      ),
    );
  const runs = new Set<number>();
  for (const { task } of lost) {
    const state = task.state as ScanTaskState;
    const row = await db.transaction(async (tx) => {
      const run = { id: task.runId, customerId: task.customerId };
      if (state === S.created_cancel || state === S.cancel_requested)
        return moveTask(tx, task.id, [state], S.cancelled, { finishedAt: new Date(), claimedBy: null });
      if (state === S.created_stop || state === S.stop_requested) return moveTask(tx, task.id, [state], S.stopped, { claimedBy: null });
      if (task.attempts >= MAX_TASK_ATTEMPTS) {
        await addScanErrors(tx, run, task.id, [
          {
            type: SCAN_ERROR_TYPE.max_attempts_exceeded,
            message: `The task was handed out ${task.attempts} times and no probe finished it.`,
          },
        ]);
        return moveTask(tx, task.id, [state], S.error, { finishedAt: new Date(), claimedBy: null });
      }
      await addScanErrors(tx, run, task.id, [
        { type: SCAN_ERROR_TYPE.connection_failed, message: 'The probe running this task stopped responding; the task was queued again.' },
      ]);
      const back = await moveTask(tx, task.id, [state], S.requested, { claimedBy: null, claimedAt: null });
      return back ? dispatchTask(tx, timing, back) : null;
    });
    if (row) runs.add(row.runId);
  }
  for (const id of runs) await refreshRun(db, id);
  return [...runs];
}

/**
 * Tasks waiting in the queue for a remote probe that went offline before it claimed them: dispatched again, to an
 * online member of their group, or delayed (node assignment) until their probe or a member comes back. Without this
 * a group's tasks handed to a member that then died would wait for it forever. Returns the ids of the runs touched.
 */
export async function redispatchStranded(db: Db, timing: ProbeClock): Promise<number[]> {
  const since = onlineSince(timing).toISOString();
  const stranded = await db
    .select({ task: scanTasks })
    .from(scanTasks)
    .innerJoin(probes, eq(probes.id, scanTasks.probeId))
    .where(
      and(
        inArray(scanTasks.state, [...CLAIMABLE_TASK_STATES]),
        sql`${scanTasks.claimedBy} is null`,
        sql`(${probes.lastHeartbeatAt} is null or ${probes.lastHeartbeatAt} < ${since})`,
      ),
    );
  const runs = new Set<number>();
  for (const { task } of stranded) {
    const row = await db.transaction((tx) => dispatchTask(tx, timing, task));
    if (row && (row.probeId !== task.probeId || row.state !== task.state)) runs.add(row.runId);
  }
  for (const id of runs) await refreshRun(db, id);
  return [...runs];
}
