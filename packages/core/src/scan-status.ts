// Scan task state → display label table of platform-core §4 and the matching rules of the status filter.
import { SCAN_TASK_STATE as S, type ScanTaskState } from './codes/scans.ts';

export const SCAN_TASK_LABELS = [
  'Queued',
  'Requested',
  'Stopping...',
  'Stopped',
  'Pausing...',
  'Paused',
  'New',
  'Error',
  'Running',
  'Finished',
] as const;
export type ScanTaskLabel = (typeof SCAN_TASK_LABELS)[number];

/**
 * The §4 table: the states each label covers, used when filtering by label.
 *
 * The spec gives `new` (-3) two readings and we keep both:
 * - shown on its own, a task in state new is labelled 'New' (see SCAN_TASK_STATE_LABELS / taskStateLabel);
 * - matched as requested, the 'Requested' filter also returns new tasks, so `new` appears under
 *   'Requested' here as well as under its own 'New' label (the 'New' filter matches new only).
 * Likewise the 'Queued' filter (throttling) also matches delayed node assignment, and the 'Requested'
 * filter also matches created start.
 */
export const SCAN_TASK_LABEL_STATES: Record<ScanTaskLabel, readonly ScanTaskState[]> = {
  Queued: [S.throttling, S.delayed_node_assignment],
  Requested: [S.requested, S.created_start, S.created_resume, S.new],
  'Stopping...': [S.cancel_requested, S.created_cancel],
  Stopped: [S.cancelled],
  'Pausing...': [S.stop_requested, S.created_stop],
  Paused: [S.stopped],
  New: [S.new],
  Error: [S.error],
  Running: [S.running, S.process_results],
  Finished: [S.completed, S.completed_with_errors],
};

/** The label each state is displayed with; a group run (-9) has none of its own (it shows its children). */
export const SCAN_TASK_STATE_LABELS: Record<Exclude<ScanTaskState, -9>, ScanTaskLabel> = {
  [-8]: 'Requested',
  [-7]: 'Stopping...',
  [-6]: 'Pausing...',
  [-5]: 'Requested',
  [-4]: 'Stopping...',
  [-3]: 'New',
  [-2]: 'Error',
  [-1]: 'Stopped',
  0: 'Requested',
  1: 'Pausing...',
  2: 'Paused',
  3: 'Running',
  4: 'Finished',
  5: 'Running',
  6: 'Finished',
  7: 'Queued',
  8: 'Queued',
};

/** Display label of a task state code; null for a group run or an unknown code. */
export function taskStateLabel(code: number): ScanTaskLabel | null {
  return (SCAN_TASK_STATE_LABELS as Record<number, ScanTaskLabel | undefined>)[code] ?? null;
}

/**
 * What the run view says of a task: a label, and a detail under it. The §4 label of a task that delivered its
 * results (5) is Running, which next to a full progress bar reads as a scan stuck at 100 %: the view says it was
 * scanned, and that it waits for the run's other tasks or that its results are being processed.
 */
export function taskPhase(code: number, runProcessing: boolean): { label: string; detail: string | null } | null {
  if (code === S.process_results) {
    return { label: 'Scanned', detail: runProcessing ? 'processing results' : 'waiting for processing' };
  }
  const label = taskStateLabel(code);
  return label ? { label, detail: null } : null;
}

export function isScanTaskLabel(value: string): value is ScanTaskLabel {
  return (SCAN_TASK_LABELS as readonly string[]).includes(value);
}

/** The task states a status filter on `label` matches. */
export function statesForFilter(label: ScanTaskLabel): ScanTaskState[] {
  return [...SCAN_TASK_LABEL_STATES[label]];
}

/** Union of the states of several selected labels, without duplicates, in ascending code order. */
export function statesForFilters(labels: Iterable<ScanTaskLabel>): ScanTaskState[] {
  const out = new Set<ScanTaskState>();
  for (const label of labels) for (const s of SCAN_TASK_LABEL_STATES[label]) out.add(s);
  return [...out].sort((a, b) => a - b);
}

/** Whether a task in state `code` is returned by a filter on `label`. */
export function taskStateMatches(code: number, label: ScanTaskLabel): boolean {
  return (SCAN_TASK_LABEL_STATES[label] as readonly number[]).includes(code);
}
