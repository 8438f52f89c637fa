// The scan task state machine on the database: dispatch to probes, claim (FOR UPDATE SKIP LOCKED), progress, finish.
// The built-in probe and the remote probe API both go through here; the run kept in step is runs.ts, tasks whose
// probe went away are recovery.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CLAIMABLE_TASK_STATES,
  ON_PROBE_TASK_STATES,
  SCAN_ERROR_TYPE,
  SCAN_TASK_STATE as S,
  canTransition,
  type ScanErrorType,
  type ScanTaskState,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customers, probes, scanErrors, scanTasks } from '../../db/schema/index.ts';
import type { RunRow, TaskRow } from './rows.ts';
import { addTaskHosts } from './hosts.ts';
import { refreshRun, runHasUnprocessedResults } from './runs.ts';

export type { RunRow, TaskRow } from './rows.ts';

/** Who claims and reports on tasks: the built-in probe (claimed_by -1) or a registered remote probe. */
export type Claimer = { kind: 'builtin' } | { kind: 'probe'; probeId: number; customerId: number };
export const BUILTIN_PROBE_ID = -1;
const claimerId = (c: Claimer): number => (c.kind === 'builtin' ? BUILTIN_PROBE_ID : c.probeId);

/** What the online rule reads: the clock and the offline time, both from the context (tests move the clock). */
export type ProbeClock = Pick<AppContext, 'clock' | 'probeTiming'>;

/** A probe counts as online when it heart-beat since this time (the offline time before the clock's now). */
export const onlineSince = (timing: ProbeClock): Date => new Date(timing.clock().getTime() - timing.probeTiming.offlineAfterMs);

/**
 * Moves a task from one of `from` to `to` (both checked against the legal transitions), with extra column values.
 * Returns the updated row, or null when the task was not in one of `from` (someone else moved it first).
 */
export async function moveTask(
  tx: Tx,
  taskId: number,
  from: readonly ScanTaskState[],
  to: ScanTaskState,
  extra: Partial<typeof scanTasks.$inferInsert> = {},
): Promise<TaskRow | null> {
  const legal = from.filter((f) => canTransition(f, to));
  if (legal.length === 0) return null;
  const [row] = await tx
    .update(scanTasks)
    .set({ ...extra, state: to })
    .where(and(eq(scanTasks.id, taskId), inArray(scanTasks.state, [...legal])))
    .returning();
  return row ?? null;
}

/** Records scan errors of a run (and task) with their §4 types. */
export async function addScanErrors(
  tx: Tx,
  run: { id: number; customerId: number },
  taskId: number | null,
  errors: readonly { type: number; message: string; host?: string | null }[],
): Promise<void> {
  if (errors.length === 0) return;
  await tx.insert(scanErrors).values(
    errors.slice(0, 10_000).map((e) => ({
      customerId: run.customerId,
      runId: run.id,
      taskId,
      type: e.type as ScanErrorType,
      message: e.message.slice(0, 2000),
      host: e.host ?? null,
    })),
  );
}

/** Online remote probes that may take work for a task: its probe, or the members of its group, fewest active tasks first. */
async function onlineProbeFor(
  tx: Tx,
  timing: ProbeClock,
  task: Pick<TaskRow, 'customerId' | 'probeId' | 'probeGroupId'>,
): Promise<number | null> {
  const since = onlineSince(timing);
  const where = task.probeGroupId !== null ? eq(probes.groupId, task.probeGroupId) : eq(probes.id, task.probeId ?? 0);
  const rows = await tx
    .select({
      id: probes.id,
      // Spelled out: in a one-table select drizzle writes ${probes.id} as a bare "id", which the subquery reads as t.id.
      active: sql<number>`(select count(*)::int from ${scanTasks} t where t.probe_id = probes.id and t.state in (${sql.join(
        [...ON_PROBE_TASK_STATES, ...CLAIMABLE_TASK_STATES].map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    })
    .from(probes)
    .where(and(eq(probes.customerId, task.customerId), where, sql`${probes.lastHeartbeatAt} >= ${since.toISOString()}`))
    .orderBy(sql`2`, probes.id);
  return rows[0]?.id ?? null;
}

/**
 * Puts a task (created start, delayed, or re-queued) in the queue: requested for the built-in probe; for a remote
 * probe or group, requested on an online member (the group member with the fewest active tasks), else delayed node
 * assignment (8) until one comes online. A resumed task keeps the state created resume while it waits.
 */
export async function dispatchTask(
  tx: Tx,
  timing: ProbeClock,
  task: TaskRow,
  options: { throttleChecked?: boolean } = {},
): Promise<TaskRow | null> {
  const from = [task.state as ScanTaskState];
  if (!options.throttleChecked && THROTTLED_FROM.includes(task.state as ScanTaskState) && (await mustWait(tx, task))) {
    return task.state === S.throttling ? task : moveTask(tx, task.id, from, S.throttling);
  }
  if (task.probeId === null && task.probeGroupId === null) {
    if (task.state === S.created_resume || task.state === S.requested) return task;
    return moveTask(tx, task.id, from, S.requested);
  }
  const probeId = await onlineProbeFor(tx, timing, task);
  if (probeId === null) return moveTask(tx, task.id, from, S.delayed_node_assignment);
  // Already waiting (resumed, or re-queued from a lost probe: requested → requested is no transition): set its probe.
  if (task.state === S.created_resume || task.state === S.requested) {
    const [row] = await tx.update(scanTasks).set({ probeId }).where(eq(scanTasks.id, task.id)).returning();
    return row ?? null;
  }
  return moveTask(tx, task.id, from, S.requested, { probeId });
}

/** Tasks that may be held back by the customer's limit: new starts and tasks waiting for a probe (not resumed ones). */
const THROTTLED_FROM: readonly ScanTaskState[] = [S.created_start, S.delayed_node_assignment, S.throttling];
/** The states that take one of the customer's slots: claimable, or on a probe. */
const ACTIVE = sql.join(
  [...CLAIMABLE_TASK_STATES, ...ON_PROBE_TASK_STATES].map((s) => sql`${s}`),
  sql`, `,
);

/** Serialises the limit's decisions of one customer (the counts below are then exact). */
async function lockCustomerSlots(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7007, ${customerId})`);
}

/** The customer's limit of tasks at once (null: none). */
async function limitOf(tx: Tx, customerId: number): Promise<number | null> {
  const [row] = await tx.select({ limit: customers.maxConcurrentTasks }).from(customers).where(eq(customers.id, customerId));
  return row?.limit ?? null;
}

/** How many of the customer's tasks take a slot now. */
async function activeCount(tx: Tx, customerId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(scanTasks)
    .where(and(eq(scanTasks.customerId, customerId), sql`${scanTasks.state} in (${ACTIVE})`));
  return Number(row?.n ?? 0);
}

/**
 * Whether a task must wait as throttling (7): its customer runs its limit of tasks already, or older tasks are waiting
 * for a slot (they go first: tasks start in the order they were queued).
 */
async function mustWait(tx: Tx, task: TaskRow): Promise<boolean> {
  const limit = await limitOf(tx, task.customerId);
  if (limit === null) return false;
  await lockCustomerSlots(tx, task.customerId);
  if ((await activeCount(tx, task.customerId)) >= limit) return true;
  if (task.state === S.throttling) return false;
  const [older] = await tx
    .select({ id: scanTasks.id })
    .from(scanTasks)
    .where(and(eq(scanTasks.customerId, task.customerId), eq(scanTasks.state, S.throttling), sql`${scanTasks.id} < ${task.id}`))
    .limit(1);
  return older !== undefined;
}

/**
 * Gives free slots to the customer's waiting tasks, oldest first (after a task ends, and every minute). Answers the
 * tasks released.
 */
export async function releaseThrottled(db: Db, timing: ProbeClock, customerId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const limit = await limitOf(tx, customerId);
    await lockCustomerSlots(tx, customerId);
    const free = limit === null ? 10_000 : Math.max(0, limit - (await activeCount(tx, customerId)));
    if (free === 0) return 0;
    const waiting = await tx
      .select()
      .from(scanTasks)
      .where(and(eq(scanTasks.customerId, customerId), eq(scanTasks.state, S.throttling)))
      .orderBy(scanTasks.id)
      .limit(free);
    for (const task of waiting) await dispatchTask(tx, timing, task, { throttleChecked: true });
    return waiting.length;
  });
}

/** Every customer's waiting tasks given the slots they have (the scheduler's minute, catching ends of any kind). */
export async function releaseAllThrottled(db: Db, timing: ProbeClock): Promise<number> {
  const rows = await db.selectDistinct({ customerId: scanTasks.customerId }).from(scanTasks).where(eq(scanTasks.state, S.throttling));
  let released = 0;
  for (const r of rows) released += await releaseThrottled(db, timing, r.customerId);
  return released;
}

/** The task and the run it belongs to, as a probe needs them to scan. */
export interface ClaimedTask {
  task: TaskRow;
  run: RunRow;
}

/** Claims the oldest task waiting for this claimer (skipping rows another claimer has locked) and marks it running. */
export async function claimTask(db: Db, claimer: Claimer): Promise<ClaimedTask | null> {
  const claimable = sql.join(
    CLAIMABLE_TASK_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const mine =
    claimer.kind === 'builtin'
      ? sql`t.probe_id is null and t.probe_group_id is null`
      : sql`t.probe_id = ${claimer.probeId} and t.customer_id = ${claimer.customerId}`;
  const claimed = await db.transaction(async (tx) => {
    const picked = await tx.execute<{ id: number }>(
      // Nothing of a customer inside its blackout window starts (blackout.ts keeps blackout_active).
      sql`select t.id from scan_tasks t where t.state in (${claimable}) and ${mine}
            and not exists (select 1 from customers c where c.id = t.customer_id and c.blackout_active)
          order by t.id limit 1 for update skip locked`,
    );
    const rows = (picked as unknown as { rows: { id: number }[] }).rows ?? (picked as unknown as { id: number }[]);
    const id = rows[0]?.id;
    if (id === undefined) return null;
    const now = new Date();
    const [task] = await tx
      .update(scanTasks)
      .set({
        state: S.running,
        claimedBy: claimerId(claimer),
        claimedAt: now,
        seenAt: now,
        attempts: sql`${scanTasks.attempts} + 1`,
        startedAt: sql`coalesce(${scanTasks.startedAt}, now())`,
      })
      .where(and(eq(scanTasks.id, id), inArray(scanTasks.state, [...CLAIMABLE_TASK_STATES])))
      .returning();
    return task ?? null;
  });
  if (!claimed) return null;
  const run = await refreshRun(db, claimed.runId);
  return run ? { task: claimed, run } : null;
}

export interface TaskReport {
  progress?: number;
  hostsDone?: number;
  hostsTotal?: number;
  /** Hosts finished since the previous report, added to the task's (scan_task_hosts). */
  checkpoint?: { done: unknown[] } | null;
  errors?: readonly { type: number; message: string; host?: string | null }[];
}

/**
 * A probe's word about a task it holds: progress, checkpoint, errors. Answers with the task's state so the probe
 * learns of a pause or cancel; seeing created stop / created cancel, it acknowledges them (stop / cancel requested).
 * Null when the task is not this claimer's (any more).
 */
export async function reportTask(db: Db, claimer: Claimer, taskId: number, report: TaskReport): Promise<TaskRow | null> {
  const row = await db.transaction(async (tx) => {
    const [task] = await tx
      .update(scanTasks)
      .set({
        seenAt: new Date(),
        ...(report.progress !== undefined ? { progress: Math.max(0, Math.min(100, report.progress)) } : {}),
        ...(report.hostsDone !== undefined ? { hostsDone: report.hostsDone } : {}),
        ...(report.hostsTotal !== undefined ? { hostsTotal: report.hostsTotal } : {}),
      })
      .where(
        and(eq(scanTasks.id, taskId), eq(scanTasks.claimedBy, claimerId(claimer)), inArray(scanTasks.state, [...ON_PROBE_TASK_STATES])),
      )
      .returning();
    if (!task) return null;
    await addTaskHosts(tx, task, report.checkpoint?.done);
    if (report.errors?.length) await addScanErrors(tx, { id: task.runId, customerId: task.customerId }, task.id, report.errors);
    if (task.state === S.created_stop) return (await moveTask(tx, task.id, [S.created_stop], S.stop_requested)) ?? task;
    if (task.state === S.created_cancel) return (await moveTask(tx, task.id, [S.created_cancel], S.cancel_requested)) ?? task;
    return task;
  });
  if (row) await refreshRun(db, row.runId);
  return row;
}

export type TaskOutcome =
  /**
   * A web task's done carries the engine's WebScanResult in `web`, a cloud task's its CloudScanResult in `cloud`: stored
   * with the result, processed on its asset (web) or its account's resources (cloud).
   */
  | { outcome: 'done'; result: unknown; errors?: TaskReport['errors']; web?: unknown; cloud?: unknown }
  | { outcome: 'stopped'; checkpoint: { done: unknown[] } | null }
  | { outcome: 'cancelled'; checkpoint?: { done: unknown[] } | null; web?: unknown; cloud?: unknown }
  | { outcome: 'failed'; type?: number; message: string; checkpoint?: { done: unknown[] } | null; web?: unknown; cloud?: unknown };

/** A delivered result without its hosts (they are rows of scan_task_hosts), and its hosts. */
function splitResult(result: unknown): { rest: unknown; hosts: unknown[] } {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return { rest: result, hosts: [] };
  const { hosts, ...rest } = result as { hosts?: unknown };
  return { rest, hosts: Array.isArray(hosts) ? hosts : [] };
}

/**
 * The probe is done with a task. 'done' stores the result (state process results), its hosts added to the ones the
 * reports delivered; 'stopped' adds the hosts it finished since its last report to the checkpoint (paused); a task the
 * user cancelled meanwhile ends cancelled whatever the outcome, and a failed one in error — both keep the hosts they
 * reported, and a cancelled one the hosts it sends with its outcome. Returns the updated task and whether the run now
 * has results to process (every task delivered or ended, something delivered).
 */
export async function finishTask(
  db: Db,
  timing: ProbeClock,
  claimer: Claimer,
  taskId: number,
  outcome: TaskOutcome,
): Promise<{ task: TaskRow; runReady: boolean } | null> {
  const task = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(scanTasks)
      .where(and(eq(scanTasks.id, taskId), eq(scanTasks.claimedBy, claimerId(claimer))))
      .for('update');
    if (!current || !(ON_PROBE_TASK_STATES as readonly number[]).includes(current.state)) return null;
    const state = current.state as ScanTaskState;
    const now = new Date();
    const run = { id: current.runId, customerId: current.customerId };
    // What a cancelled or failed task finished and no report carried is kept with the hosts it reported.
    if (outcome.outcome === 'cancelled' || outcome.outcome === 'failed') await addTaskHosts(tx, current, outcome.checkpoint?.done);
    // What a cancelled or failed web task found so far is kept too (processed as an incomplete run: it closes nothing).
    const partialWeb = outcome.outcome !== 'stopped' && outcome.web !== undefined ? { result: { web: outcome.web } } : {};
    // A cancelled or failed cloud task's partial result too: its resources are inventoried, nothing is marked gone or closed.
    const partial =
      outcome.outcome !== 'stopped' && outcome.cloud !== undefined
        ? { result: { ...partialWeb.result, cloud: outcome.cloud } }
        : partialWeb;
    if (state === S.created_cancel || state === S.cancel_requested || outcome.outcome === 'cancelled') {
      return moveTask(tx, taskId, [state], S.cancelled, { finishedAt: now, claimedBy: null, ...partial });
    }
    if (outcome.outcome === 'done') {
      if (outcome.errors?.length) await addScanErrors(tx, run, taskId, outcome.errors);
      const { rest, hosts } = splitResult(outcome.result);
      await addTaskHosts(tx, current, hosts);
      return moveTask(tx, taskId, [state], S.process_results, {
        result:
          outcome.web === undefined && outcome.cloud === undefined
            ? rest
            : {
                ...(typeof rest === 'object' && rest !== null ? rest : {}),
                ...(outcome.web === undefined ? {} : { web: outcome.web }),
                ...(outcome.cloud === undefined ? {} : { cloud: outcome.cloud }),
              },
        progress: 100,
        hostsDone: sql`${scanTasks.hostsTotal}` as unknown as number,
        finishedAt: now,
        claimedBy: null,
      });
    }
    if (outcome.outcome === 'stopped') {
      await addTaskHosts(tx, current, outcome.checkpoint?.done);
      return moveTask(tx, taskId, [state], S.stopped, { claimedBy: null });
    }
    await addScanErrors(tx, run, taskId, [{ type: outcome.type ?? SCAN_ERROR_TYPE.internal, message: outcome.message }]);
    return moveTask(tx, taskId, [state], S.error, { finishedAt: now, claimedBy: null, ...partial });
  });
  if (!task) return null;
  // The task gave its slot back: the next waiting task of the customer may start.
  await releaseThrottled(db, timing, task.customerId);
  const runRow = await refreshRun(db, task.runId);
  // Ready when every task delivered or ended, a cancelled or failed task's reported hosts included.
  return { task, runReady: runRow !== null && (await runHasUnprocessedResults(db, task.runId)) };
}

/** Whether the customer has a task with this id (a probe asking about a task it lost tells 404 from 409 by it). */
export async function taskExists(db: Db, customerId: number, taskId: number): Promise<boolean> {
  const [task] = await db
    .select({ id: scanTasks.id })
    .from(scanTasks)
    .where(and(eq(scanTasks.id, taskId), eq(scanTasks.customerId, customerId)));
  return Boolean(task);
}
