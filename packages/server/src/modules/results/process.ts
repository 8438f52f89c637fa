// Turns a run's delivered task results into the inventory: hosts, ports, services and findings (first step: closes
// the tasks and the run; issue 5's inventory merge is built on top of this).
import { and, eq } from 'drizzle-orm';
import { SCAN_TASK_STATE as S } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { scanRuns, scanTasks } from '../../db/schema/index.ts';
import { moveTask, refreshRun } from '../scans/tasks.ts';

export interface ProcessProgress {
  current: number;
  total: number;
}

export interface ProcessSummary {
  runId: number;
  tasks: number;
}

/** Processes every task of the run in state process results; idempotent (a second call finds nothing to do). */
export async function processRun(
  db: Db,
  runId: number,
  onProgress?: (p: ProcessProgress) => void | Promise<void>,
): Promise<ProcessSummary> {
  const tasks = await db
    .select()
    .from(scanTasks)
    .where(and(eq(scanTasks.runId, runId), eq(scanTasks.state, S.process_results)));
  let n = 0;
  for (const task of tasks) {
    await db.transaction((tx) => moveTask(tx, task.id, [S.process_results], S.completed));
    n++;
    await onProgress?.({ current: n, total: tasks.length });
  }
  await db.update(scanRuns).set({ processedAt: new Date() }).where(eq(scanRuns.id, runId));
  await refreshRun(db, runId);
  return { runId, tasks: n };
}
