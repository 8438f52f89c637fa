// How scan tasks and runs move (platform-core §4): legal task transitions, which action each state offers, a run's
// state, display status and result. The server enforces these; the web app uses them to offer only legal actions.
import {
  SCAN_RESULT,
  SCAN_RUN_STATUS,
  SCAN_TASK_STATE as S,
  type ScanAction,
  type ScanResult,
  type ScanRunStatus,
  type ScanTaskState,
} from './codes/scans.ts';

/**
 * What each state means in Bulwark (the spec gives the codes; the flow is ours):
 * - new (-3): the task exists, the run was not started.
 * - created start (-5): start accepted; the dispatcher has not yet given the task a probe.
 * - requested (0): waiting in the queue for its probe (or any member of its probe group) to claim it.
 * - throttling (7): held back because the customer already runs its maximum of tasks at once.
 * - delayed node assignment (8): its probe (or every member of its group) is offline; dispatched when one comes back.
 * - running (3): a probe claimed it and scans.
 * - created stop (-6) / created cancel (-7): the user asked to pause / cancel; the probe has not yet acknowledged.
 * - stop requested (1) / cancel requested (-4): the probe acknowledged and is winding down (saving its checkpoint).
 * - stopped (2): paused with a checkpoint. created resume (-8): resume accepted, back in the queue with its checkpoint.
 * - process results (5): the probe delivered its results; the server turns them into inventory and findings.
 * - completed (4), completed with errors (6), error (-2), cancelled (-1): final.
 * - group run (-9): the parent of a target split into child tasks; its own state never changes.
 */
export const TASK_TRANSITIONS: Readonly<Record<ScanTaskState, readonly ScanTaskState[]>> = {
  [S.group_run]: [],
  [S.new]: [S.created_start, S.cancelled],
  [S.created_start]: [S.requested, S.throttling, S.delayed_node_assignment, S.stopped, S.cancelled],
  [S.requested]: [S.running, S.throttling, S.delayed_node_assignment, S.stopped, S.cancelled],
  [S.throttling]: [S.requested, S.delayed_node_assignment, S.stopped, S.cancelled],
  [S.delayed_node_assignment]: [S.requested, S.throttling, S.stopped, S.cancelled],
  [S.created_resume]: [S.running, S.throttling, S.delayed_node_assignment, S.stopped, S.cancelled],
  [S.running]: [
    S.created_stop,
    S.created_cancel,
    S.process_results,
    S.error,
    // A probe that stops heart-beating hands its task back to the queue.
    S.requested,
    S.cancelled,
  ],
  [S.created_stop]: [S.stop_requested, S.stopped, S.created_cancel, S.process_results, S.error, S.requested, S.cancelled],
  [S.stop_requested]: [S.stopped, S.created_cancel, S.process_results, S.error, S.requested, S.cancelled],
  [S.stopped]: [S.created_resume, S.cancelled],
  [S.created_cancel]: [S.cancel_requested, S.cancelled, S.error],
  [S.cancel_requested]: [S.cancelled, S.error],
  [S.process_results]: [S.completed, S.completed_with_errors, S.error],
  [S.completed]: [],
  [S.completed_with_errors]: [],
  [S.error]: [],
  [S.cancelled]: [],
};

export function canTransition(from: ScanTaskState, to: ScanTaskState): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

export const FINAL_TASK_STATES: readonly ScanTaskState[] = [S.completed, S.completed_with_errors, S.error, S.cancelled];
/** States in which a task waits for a probe to claim it. */
export const CLAIMABLE_TASK_STATES: readonly ScanTaskState[] = [S.requested, S.created_resume];
/** States in which a probe holds the task. */
export const ON_PROBE_TASK_STATES: readonly ScanTaskState[] = [
  S.running,
  S.created_stop,
  S.stop_requested,
  S.created_cancel,
  S.cancel_requested,
];
/** States waiting in the queue (not on a probe, not paused). */
export const QUEUED_TASK_STATES: readonly ScanTaskState[] = [
  S.created_start,
  S.requested,
  S.throttling,
  S.delayed_node_assignment,
  S.created_resume,
];

export const isFinalTaskState = (s: number): boolean => (FINAL_TASK_STATES as readonly number[]).includes(s);

/** The states from which each action may be taken on a task (the run offers an action when one of its tasks allows it). */
export const ACTION_FROM_STATES: Readonly<Record<ScanAction, readonly ScanTaskState[]>> = {
  pause: [...QUEUED_TASK_STATES, S.running],
  resume: [S.stopped],
  cancel: [S.new, ...QUEUED_TASK_STATES, S.running, S.created_stop, S.stop_requested, S.stopped],
  // Force cancel removes a task whatever its probe is doing: for a task stuck on a dead or slow probe.
  force_cancel: [
    S.new,
    ...QUEUED_TASK_STATES,
    S.running,
    S.created_stop,
    S.stop_requested,
    S.stopped,
    S.created_cancel,
    S.cancel_requested,
    S.process_results,
  ],
};

/** The actions a run whose (non-group) tasks are in `states` offers, in the order a menu shows them. */
export function allowedActions(states: readonly number[]): ScanAction[] {
  const order: ScanAction[] = ['pause', 'resume', 'cancel', 'force_cancel'];
  return order.filter((a) => states.some((s) => (ACTION_FROM_STATES[a] as readonly number[]).includes(s)));
}

/** The 409 message when an action is not allowed in the run's state. */
export function actionRefusedMessage(action: ScanAction, label: string): string {
  const verb = { pause: 'paused', resume: 'resumed', cancel: 'cancelled', force_cancel: 'force-cancelled' }[action];
  return `This scan cannot be ${verb} while it is ${label}.`;
}

/**
 * One state that stands for a run's tasks (what the list's status column shows), by priority: anything being
 * cancelled, then running, pausing, queued, paused; when every task is final: error only if all failed, cancelled if
 * any was cancelled and none completed, completed with errors if any failed, otherwise completed.
 */
export function runTaskState(states: readonly number[]): ScanTaskState {
  const tasks = states.filter((s) => s !== S.group_run) as ScanTaskState[];
  if (tasks.length === 0) return S.new;
  const has = (...xs: ScanTaskState[]) => tasks.some((s) => xs.includes(s));
  const first = (...xs: ScanTaskState[]) => xs.find((x) => tasks.includes(x))!;
  if (has(S.created_cancel, S.cancel_requested)) return first(S.created_cancel, S.cancel_requested);
  if (has(S.running)) return S.running;
  if (has(S.created_stop, S.stop_requested)) return first(S.created_stop, S.stop_requested);
  if (has(S.process_results)) {
    // Some tasks finished and deliver results while others still wait: the run is still going.
    if (has(...QUEUED_TASK_STATES)) return S.running;
    if (tasks.every((s) => s === S.process_results || isFinalTaskState(s))) return S.process_results;
  }
  if (has(...QUEUED_TASK_STATES)) {
    if (has(S.requested, S.created_start)) return first(S.requested, S.created_start);
    return first(S.created_resume, S.delayed_node_assignment, S.throttling);
  }
  if (has(S.stopped)) return S.stopped;
  if (has(S.new)) return S.new;
  // All final.
  const completed = tasks.filter((s) => s === S.completed || s === S.completed_with_errors).length;
  if (completed === 0) return has(S.cancelled) ? S.cancelled : S.error;
  if (has(S.completed_with_errors, S.error, S.cancelled)) return S.completed_with_errors;
  return S.completed;
}

/** The run status of §4 for a run whose tasks are summed up by `state` (see runTaskState). */
export function runStatus(state: number, processing: boolean): ScanRunStatus {
  if (processing || state === S.process_results) return SCAN_RUN_STATUS.processing_results;
  if (state === S.completed || state === S.completed_with_errors || state === S.cancelled) return SCAN_RUN_STATUS.finished;
  if (state === S.error) return SCAN_RUN_STATUS.error;
  if (
    state === S.running ||
    state === S.created_stop ||
    state === S.stop_requested ||
    state === S.created_cancel ||
    state === S.cancel_requested
  )
    return SCAN_RUN_STATUS.in_progress;
  return SCAN_RUN_STATUS.pending;
}

/**
 * A finished run's result (documented in docs/scans.md):
 * - Unknown 3: the run did not finish its work (error, cancelled, or no host answered): nothing can be said.
 * - Fail 2: a High or Critical finding (severity 3-4), or a finding known to be exploited (CISA KEV).
 * - Warn 1: a Medium or Low finding, or the run completed with errors (part of the targets unscanned).
 * - Pass 0: only informational findings, or none, on every host it reached.
 */
export function runResult(input: { state: number; hostsUp: number; maxSeverity: number | null; exploited: boolean }): ScanResult {
  const { state, hostsUp, maxSeverity, exploited } = input;
  if (state !== S.completed && state !== S.completed_with_errors) return SCAN_RESULT.unknown;
  if (hostsUp === 0) return SCAN_RESULT.unknown;
  if (exploited || (maxSeverity ?? 0) >= 3) return SCAN_RESULT.fail;
  if ((maxSeverity ?? 0) >= 1 || state === S.completed_with_errors) return SCAN_RESULT.warn;
  return SCAN_RESULT.pass;
}

/** A target bigger than this many addresses is split into child tasks under a group run. */
export const GROUP_RUN_SPLIT_THRESHOLD = 256;
/** At most this many child tasks per group run. */
export const MAX_CHILD_TASKS = 16;
/** A task goes back to the queue at most this many times (probe lost) before it ends in error 17. */
export const MAX_TASK_ATTEMPTS = 3;
