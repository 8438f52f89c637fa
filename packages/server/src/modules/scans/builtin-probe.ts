// The built-in probe: runs scans of the built-in (external) probe for this server. It claims tasks (every ~500 ms
// and at once when tasks are queued), executes up to N at a time in its scan process (off the HTTP event loop),
// writes their reports (progress, the hosts finished since the last one, errors) through the task state machine, and
// sweeps lost tasks (probes gone quiet, delayed tasks whose probe came back) every ~10 s.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_TASK_ATTEMPTS, ON_PROBE_TASK_STATES, SCAN_ERROR_TYPE, SCAN_TASK_STATE as S, type ScanTaskState } from '@bulwark/core';
import type { TaskDecision } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import { scanTasks } from '../../db/schema/index.ts';
import { saveCloudProgress, saveWebProgress, sweepRemoteProbes, taskSpecOf } from '../probes/index.ts';
import { releaseVault } from '../vault/index.ts';
import { queueLiveProcessing, startProcessingIfReady, startRunProcessing } from '../results/index.ts';
import { onTasksQueued } from './notify.ts';
import { ScanProcess } from './scan-process/index.ts';
import type { ScanProcessOptions } from './scan-process/protocol.ts';
import {
  addTaskHosts,
  BUILTIN_PROBE_ID,
  addScanErrors,
  claimTask,
  finishTask,
  moveTask,
  onlineSince,
  refreshRun,
  reportTask,
  type ClaimedTask,
  type Claimer,
  type TaskOutcome,
} from '../tasks/index.ts';

const CLAIMER: Claimer = { kind: 'builtin' };

export interface BuiltinProbeOptions {
  maxTasks: number;
  pollMs?: number;
  sweepMs?: number;
  /** Executor settings for every task (engine timing, rate, report interval). */
  execute?: ScanProcessOptions;
}

export class BuiltinProbe {
  private readonly active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => void) | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private closing = false;
  /** The sweep in progress, waited for on stop (it must not outlive the database). */
  private sweeping: Promise<void> | null = null;
  /** Where the tasks run: a child process, started with the first task. */
  readonly process = new ScanProcess();

  constructor(
    private readonly ctx: AppContext,
    private readonly options: BuiltinProbeOptions,
  ) {}

  start(): void {
    this.timers.push(setInterval(() => this.poll(), this.options.pollMs ?? 500));
    this.timers.push(
      setInterval(() => {
        this.sweeping ??= this.sweep().finally(() => (this.sweeping = null));
      }, this.options.sweepMs ?? 10_000),
    );
    this.unlisten = onTasksQueued(() => this.poll());
    this.poll();
  }

  /** Stops claiming, aborts the tasks it runs (they go back to the queue with their checkpoint) and waits for them. */
  async stop(): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.unlisten?.();
    await this.polling;
    await this.sweeping;
    for (const { controller } of this.active.values()) controller.abort();
    await Promise.all([...this.active.values()].map((a) => a.done));
    await this.process.stop();
  }

  /** Claims tasks while it has room; one claiming loop at a time (a call during one makes it go round again). */
  private poll(): void {
    if (this.closing) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = (async () => {
      do {
        this.pollAgain = false;
        while (!this.closing && this.active.size < this.options.maxTasks) {
          const claimed = await claimTask(this.ctx.db, CLAIMER).catch((err: unknown) => {
            this.ctx.log.error({ err }, 'built-in probe: claiming a task failed');
            return null;
          });
          if (!claimed) break;
          this.run(claimed);
        }
      } while (this.pollAgain && !this.closing);
    })().finally(() => {
      this.polling = null;
    });
  }

  private run(claimed: ClaimedTask): void {
    const controller = new AbortController();
    const done = this.execute(claimed, controller.signal)
      .catch((err: unknown) => this.ctx.log.error({ err, taskId: claimed.task.id }, 'built-in probe: task failed'))
      // Whatever the end (done, paused, failed, handed back), what it borrowed from the vault goes back.
      .then(() => releaseVault(this.ctx, claimed.task.id))
      .finally(() => {
        this.active.delete(claimed.task.id);
        this.poll();
      });
    this.active.set(claimed.task.id, { controller, done });
  }

  private async execute({ task, run }: ClaimedTask, signal: AbortSignal): Promise<void> {
    const { db } = this.ctx;
    let spec;
    try {
      spec = await taskSpecOf(this.ctx, { task, run });
    } catch (err) {
      // What the task needs is gone (a policy removed since the run started): it fails with why.
      const finished = await finishTask(db, this.ctx, CLAIMER, task.id, {
        outcome: 'failed',
        message: err instanceof Error ? err.message : String(err),
      });
      if (finished?.runReady) await startRunProcessing(this.ctx, task.runId);
      return;
    }
    const outcome = await this.process.run(
      spec,
      { ...this.options.execute, keepHosts: false },
      async (r): Promise<TaskDecision> => {
        const row = await reportTask(db, CLAIMER, task.id, {
          progress: r.progress,
          hostsDone: r.hostsDone,
          hostsTotal: r.hostsTotal || undefined,
          checkpoint: r.hosts.length > 0 ? { done: r.hosts } : undefined,
          errors: r.errors,
        });
        // Not ours any more (force-cancelled, deleted): stop without a word.
        if (!row) return 'cancel';
        await saveWebProgress(db, task.id, r.web);
        await saveCloudProgress(db, task.id, r.cloud);
        // Live hosts arrived: their findings show on the run's page during the scan.
        if (r.hosts.some((h) => h.alive)) await queueLiveProcessing(this.ctx, task.runId);
        if (row.state === S.created_stop || row.state === S.stop_requested) return 'pause';
        if (row.state === S.created_cancel || row.state === S.cancel_requested) return 'cancel';
        return 'continue';
      },
      signal,
    );
    // Shutting down: a task still simply running goes back to the queue, with its hosts, for the next start.
    if (this.closing && outcome.outcome === 'stopped') {
      const back = await db.transaction(async (tx) => {
        const row = await moveTask(tx, task.id, [S.running], S.requested, { claimedBy: null, claimedAt: null });
        if (row) await addTaskHosts(tx, task, outcome.hosts);
        return row;
      });
      if (back) {
        await refreshRun(db, task.runId);
        return;
      }
    }
    if (outcome.outcome === 'lost') {
      await this.requeue(task.id, outcome.message);
      return;
    }
    const mapped: TaskOutcome =
      outcome.outcome === 'done'
        ? { outcome: 'done', result: outcome.result, web: outcome.web, cloud: outcome.cloud }
        : outcome.outcome === 'stopped'
          ? { outcome: 'stopped', checkpoint: { done: outcome.hosts } }
          : outcome.outcome === 'cancelled'
            ? { outcome: 'cancelled', checkpoint: { done: outcome.hosts ?? [] }, web: outcome.web, cloud: outcome.cloud }
            : {
                outcome: 'failed',
                message: outcome.message,
                checkpoint: { done: outcome.hosts ?? [] },
                web: outcome.web,
                cloud: outcome.cloud,
              };
    const finished = await finishTask(db, this.ctx, CLAIMER, task.id, mapped);
    if (finished?.runReady) await startRunProcessing(this.ctx, task.runId);
  }

  /** The scan process died under a task: back to the queue (its reported hosts are kept), or error 17 when spent. */
  private async requeue(taskId: number, why: string): Promise<void> {
    const { db } = this.ctx;
    const [task] = await db.select().from(scanTasks).where(eq(scanTasks.id, taskId));
    if (!task || !(ON_PROBE_TASK_STATES as readonly number[]).includes(task.state)) return;
    await this.release(task, { type: SCAN_ERROR_TYPE.internal, message: `${why} The task was queued again.` });
  }

  /** Re-queues lost tasks and dispatches delayed ones again. */
  async sweep(): Promise<void> {
    try {
      await this.requeueSilentBuiltinTasks();
      await sweepRemoteProbes(this.ctx);
    } catch (err) {
      this.ctx.log.error({ err }, 'built-in probe: sweeping tasks failed');
    }
  }

  /**
   * Tasks of the built-in probe that no server has reported on for the offline time: the server that ran them
   * stopped without handing them back (a crash). Another server's probe reports about every second, so a live task
   * is never taken away.
   */
  private async requeueSilentBuiltinTasks(): Promise<void> {
    const { db } = this.ctx;
    const since = onlineSince(this.ctx).toISOString();
    const lost = await db
      .select()
      .from(scanTasks)
      .where(
        and(
          eq(scanTasks.claimedBy, BUILTIN_PROBE_ID),
          inArray(scanTasks.state, [...ON_PROBE_TASK_STATES]),
          sql`(${scanTasks.seenAt} is null or ${scanTasks.seenAt} < ${since})`,
        ),
      );
    for (const task of lost) {
      if (this.active.has(task.id)) continue;
      await this.release(task);
    }
  }

  /**
   * A built-in task nobody runs any more: being paused or cancelled, it ends so; else back to the queue (with an
   * error row when `why` says what happened), or in error 17 once it was handed out MAX_TASK_ATTEMPTS times.
   */
  private async release(task: typeof scanTasks.$inferSelect, why?: { type: number; message: string }): Promise<void> {
    const { db } = this.ctx;
    const state = task.state as ScanTaskState;
    await db.transaction(async (tx) => {
      const run = { id: task.runId, customerId: task.customerId };
      const now = new Date();
      if (state === S.created_cancel || state === S.cancel_requested)
        return moveTask(tx, task.id, [state], S.cancelled, { finishedAt: now, claimedBy: null });
      if (state === S.created_stop || state === S.stop_requested) return moveTask(tx, task.id, [state], S.stopped, { claimedBy: null });
      if (task.attempts >= MAX_TASK_ATTEMPTS) {
        await addScanErrors(tx, run, task.id, [
          {
            type: SCAN_ERROR_TYPE.max_attempts_exceeded,
            message: `The task was handed out ${task.attempts} times and no probe finished it.`,
          },
        ]);
        return moveTask(tx, task.id, [state], S.error, { finishedAt: now, claimedBy: null });
      }
      if (why) await addScanErrors(tx, run, task.id, [why]);
      return moveTask(tx, task.id, [state], S.requested, { claimedBy: null, claimedAt: null });
    });
    await refreshRun(db, task.runId);
    // Ended cancelled or in error: what it had reported is processed all the same.
    await startProcessingIfReady(this.ctx, task.runId);
    this.poll();
  }
}
