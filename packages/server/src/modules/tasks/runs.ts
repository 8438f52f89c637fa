// A run kept in step with its tasks: its progress by hosts done, its state and summary refreshed from the tasks, and
// the tasks a probe may work on.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SCAN_TASK_STATE as S, isFinalTaskState, runStatus, runTaskState } from '@bulwark/core';
import type { Tx } from '../../db/client.ts';
import { scanRuns, scanTaskHosts, scanTasks } from '../../db/schema/index.ts';
import type { RunRow, TaskRow } from './rows.ts';

/**
 * A run's progress by hosts done across its tasks (each task's hosts are counted when it is created), so children of
 * different sizes move the run in proportion and it moves with every report; a task that delivered or ended counts
 * whole. Tasks that know no host count (names not resolved yet) fall back to their own percentage.
 */
export function runProgress(tasks: readonly { state: number; progress: number; hostsTotal: number; hostsDone: number }[]): number {
  if (tasks.length === 0) return 0;
  const over = (t: (typeof tasks)[number]): boolean => isFinalTaskState(t.state) || t.state === S.process_results;
  const total = tasks.reduce((n, t) => n + t.hostsTotal, 0);
  if (total === 0 || tasks.some((t) => t.hostsTotal === 0)) {
    return tasks.reduce((n, t) => n + (over(t) ? 100 : t.progress), 0) / tasks.length;
  }
  const done = tasks.reduce((n, t) => n + (over(t) ? t.hostsTotal : Math.min(t.hostsDone, t.hostsTotal)), 0);
  return (done / total) * 100;
}

/**
 * Recomputes a run's summary from its tasks: state (runTaskState), display status, progress (runProgress),
 * hosts, start and finish times. Returns the updated run.
 */
export async function refreshRun(tx: Tx, runId: number): Promise<RunRow | null> {
  const tasks = await tx
    .select({
      state: scanTasks.state,
      progress: scanTasks.progress,
      hostsTotal: scanTasks.hostsTotal,
      hostsDone: scanTasks.hostsDone,
      startedAt: scanTasks.startedAt,
      finishedAt: scanTasks.finishedAt,
    })
    .from(scanTasks)
    .where(and(eq(scanTasks.runId, runId), sql`${scanTasks.state} <> ${S.group_run}`));
  const [current] = await tx.select().from(scanRuns).where(eq(scanRuns.id, runId));
  if (!current) return null;
  const state = runTaskState(tasks.map((t) => t.state));
  const processing = state === S.process_results;
  const started = tasks.map((t) => t.startedAt).filter((d): d is Date => d !== null);
  const allFinal = tasks.length > 0 && tasks.every((t) => isFinalTaskState(t.state));
  const progress = runProgress(tasks);
  const [row] = await tx
    .update(scanRuns)
    .set({
      state,
      status: runStatus(state, processing),
      progress: Math.round(progress * 10) / 10,
      hostsTotal: tasks.reduce((n, t) => n + t.hostsTotal, 0),
      startedAt: current.startedAt ?? (started.length ? new Date(Math.min(...started.map((d) => d.getTime()))) : null),
      finishedAt: allFinal && !processing ? (current.finishedAt ?? new Date()) : null,
    })
    .where(eq(scanRuns.id, runId))
    .returning();
  return row ?? null;
}

/** Tasks of a run that a probe may work on (not the group parent). */
export async function runTasks(tx: Tx, runId: number): Promise<TaskRow[]> {
  return tx
    .select()
    .from(scanTasks)
    .where(and(eq(scanTasks.runId, runId), sql`${scanTasks.state} <> ${S.group_run}`))
    .orderBy(scanTasks.id);
}

/**
 * Whether a run has results waiting to be processed now that its tasks are done: every task delivered (process
 * results) or ended, the run not processed or queued for it yet, and something delivered — a task in process
 * results, or hosts a cancelled or failed task reported before it ended (those are kept, never thrown away).
 */
export async function runHasUnprocessedResults(tx: Tx, runId: number): Promise<boolean> {
  const [run] = await tx
    .select({ processedAt: scanRuns.processedAt, jobId: scanRuns.processingJobId })
    .from(scanRuns)
    .where(eq(scanRuns.id, runId));
  if (!run || run.processedAt !== null || run.jobId !== null) return false;
  const tasks = await runTasks(tx, runId);
  if (tasks.length === 0 || !tasks.every((t) => t.state === S.process_results || isFinalTaskState(t.state))) return false;
  if (tasks.some((t) => t.state === S.process_results)) return true;
  const ended = tasks.filter((t) => t.state === S.cancelled || t.state === S.error).map((t) => t.id);
  if (ended.length === 0) return false;
  // A cancelled or failed web task that kept what it found so far.
  if (tasks.some((t) => ended.includes(t.id) && typeof t.result === 'object' && t.result !== null && 'web' in t.result)) return true;
  const [row] = await tx.select({ id: scanTaskHosts.id }).from(scanTaskHosts).where(inArray(scanTaskHosts.taskId, ended)).limit(1);
  return row !== undefined;
}
