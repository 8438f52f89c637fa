// Pure rules of the scan list and result screens: labels and colours, columns and sorting, polling, row actions, routes.
import {
  crudMessages,
  MESSAGES,
  ON_PROBE_TASK_STATES,
  SCAN_LIST_COLUMN_LABELS,
  SCAN_LIST_SORT_KEYS,
  SCAN_RESULT_LABELS,
  SCAN_RUN_STATUS,
  scanKindOfType,
  scanResultPath,
  taskStateLabel,
  type ScanAction,
  type ScanListColumn,
  type ScanResult,
  type ScanRunRow,
  type ScanTaskLabel,
} from '@bulwark/core';

/** How often the list and a result page ask again while a run is not at rest. */
export const RUN_POLL_MS = 2_000;
export const RUNS_PAGE_SIZE = 20;

export const SCAN_COLUMNS: readonly ScanListColumn[] = ['name', 'scan_id', 'user', 'targets', 'status', 'started', 'finished', 'result'];
/** Columns a user may hide or show; Scan ID is optional (§3) and starts hidden. */
export const OPTIONAL_COLUMNS: readonly ScanListColumn[] = ['scan_id'];

export function columnLabel(column: ScanListColumn): string {
  return SCAN_LIST_COLUMN_LABELS[column];
}

// ---------------------------------------------------------------------------------------------------------------
// Status and result.

const LABEL_COLORS: Record<ScanTaskLabel, string> = {
  Queued: 'gray',
  Requested: 'gray',
  'Stopping...': 'orange',
  Stopped: 'gray',
  'Pausing...': 'yellow',
  Paused: 'yellow',
  New: 'gray',
  Error: 'red',
  Running: 'blue',
  Finished: 'green',
};

/**
 * The status text of a run: the §4 display label of its tasks, except while the server turns delivered results into
 * findings (status 4), when 'Processing results' says more than 'Running'.
 */
export function runStatusText(run: Pick<ScanRunRow, 'state' | 'state_label' | 'status' | 'status_label'>): string {
  if (run.status === SCAN_RUN_STATUS.processing_results) return run.status_label || 'Processing results';
  return run.state_label || taskStateLabel(run.state) || run.status_label;
}

export function statusColor(text: string): string {
  if (text === 'Processing results') return 'indigo';
  return LABEL_COLORS[text as ScanTaskLabel] ?? 'gray';
}

const RESULT_COLORS: Record<ScanResult, string> = { 0: 'green', 1: 'yellow', 2: 'red', 3: 'gray' };

/** Label and colour of a run's result; null before it has one. */
export function resultBadge(run: Pick<ScanRunRow, 'result' | 'result_label'>): { label: string; color: string } | null {
  if (run.result === null) return null;
  const code = run.result as ScanResult;
  return { label: run.result_label ?? SCAN_RESULT_LABELS[code] ?? 'Unknown', color: RESULT_COLORS[code] ?? 'gray' };
}

/**
 * The one vocabulary of counts: a *finding* is one weakness on one asset, of any severity (Info included); a
 * *vulnerability* is a finding of severity Low or above (a run's `cnt_vulns`); an *issue* is one weakness across assets.
 */
export function vulnerabilitiesText(count: number): string {
  return `${count} vulnerabilit${count === 1 ? 'y' : 'ies'}`;
}

/** A run's findings: every severity's count added up (what its Findings tab lists). */
export function runFindings(run: Pick<ScanRunRow, 'severity_counts'>): number {
  return run.severity_counts.reduce((a, b) => a + b, 0);
}

/** '27 vulnerabilities and 8 informational findings', or just the vulnerabilities when there is no Info finding. */
export function foundText(run: Pick<ScanRunRow, 'severity_counts' | 'cnt_vulns'>): string {
  const info = run.severity_counts[0] ?? 0;
  const base = vulnerabilitiesText(run.cnt_vulns);
  return info > 0 ? `${base} and ${info} informational finding${info === 1 ? '' : 's'}` : base;
}

/** Paused and never-started runs wait for a person; only runs that move by themselves are worth asking about again. */
const AT_REST_STATES: readonly number[] = [2, -3];

/** A run that will change without anyone acting: queued, running, pausing, stopping or processing its results. */
export function isRunMoving(run: Pick<ScanRunRow, 'status' | 'state'>): boolean {
  if (run.status === SCAN_RUN_STATUS.finished || run.status === SCAN_RUN_STATUS.error) return false;
  return !AT_REST_STATES.includes(run.state);
}

/** refetchInterval of the list and the result page: every 2 s while any run shown moves, else no polling. */
export function runPollInterval(runs: readonly Pick<ScanRunRow, 'status' | 'state'>[] | undefined): number | false {
  return runs?.some(isRunMoving) ? RUN_POLL_MS : false;
}

/** 'Ada Lovelace'; '–' for a scan without a user (e.g. one a deleted user started). */
export function userName(user: ScanRunRow['user']): string {
  if (!user) return '–';
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? '–' : name;
}

/** The first targets and how many more: '10.0.0.1, 10.0.0.0/24 +3 more'. */
export function targetsSummary(targets: readonly string[], shown = 2): string {
  if (targets.length === 0) return '–';
  const head = targets.slice(0, shown).join(', ');
  return targets.length > shown ? `${head} +${targets.length - shown} more` : head;
}

/** Progress as the server sends it (0-100) clamped and rounded for the bar's text. */
export function progressText(progress: number): string {
  return `${Math.round(Math.min(100, Math.max(0, progress)))}%`;
}

// ---------------------------------------------------------------------------------------------------------------
// Sorting (the list's headings sort by the §3 ordering names).

/** Newest first until the user sorts. */
export const DEFAULT_RUN_ORDERING = '-started';

/** Columns that sort newest / most first when first clicked. */
export const DESC_FIRST_COLUMNS: readonly ScanListColumn[] = ['started', 'finished', 'result'];

/** The server ordering name of a column (§3): result → cnt_vulns. */
export function columnSortKey(column: ScanListColumn): string {
  return SCAN_LIST_SORT_KEYS[column];
}

// ---------------------------------------------------------------------------------------------------------------
// Row actions.

export interface ActionItem {
  action: ScanAction;
  label: string;
  /** Cancel and force cancel end the run for good: ask first. */
  confirm: boolean;
}

const ACTION_LABELS: Record<ScanAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  force_cancel: 'Force cancel',
};
const ACTION_ORDER: readonly ScanAction[] = ['pause', 'resume', 'cancel', 'force_cancel'];

/** The menu items of a run: only the actions the server says its state allows, in menu order. */
export function actionItems(run: Pick<ScanRunRow, 'actions'>): ActionItem[] {
  return ACTION_ORDER.filter((a) => run.actions.includes(a)).map((action) => ({
    action,
    label: ACTION_LABELS[action],
    confirm: action === 'cancel' || action === 'force_cancel',
  }));
}

/** A run may be deleted unless a probe holds one of its tasks or its results are being processed. */
export function canDeleteRun(run: Pick<ScanRunRow, 'state' | 'status' | 'children'>): boolean {
  if (run.status === SCAN_RUN_STATUS.processing_results) return false;
  const states = [run.state, ...run.children.map((t) => t.state)];
  return !states.some((s) => (ON_PROBE_TASK_STATES as readonly number[]).includes(s));
}

/** The confirmation text of cancel and force cancel. */
export function confirmText(action: ScanAction, name: string): { title: string; body: string; confirm: string } {
  if (action === 'force_cancel') {
    return {
      title: 'Force cancel the scan?',
      body: `“${name}” stops at once, without waiting for its probe; results not yet delivered are lost. Use this for a scan stuck on a probe that does not answer.`,
      confirm: 'Force cancel',
    };
  }
  return {
    title: 'Cancel the scan?',
    body: `“${name}” stops for good; it cannot be resumed. Results already delivered are kept.`,
    confirm: 'Cancel scan',
  };
}

/** Toasts of each action (§8): 'Scan paused.' / 'Cannot pause scan.', 'Scan stopped.' for cancel and force cancel. */
export const ACTION_TOASTS: Record<ScanAction, { success: string; failure: string }> = {
  pause: { success: MESSAGES.scans.paused, failure: MESSAGES.scans.pauseFailed },
  resume: { success: 'Scan resumed.', failure: 'Cannot resume scan.' },
  cancel: { success: MESSAGES.scans.stopped, failure: 'Cannot cancel scan.' },
  force_cancel: { success: MESSAGES.scans.stopped, failure: 'Cannot cancel scan.' },
};

export const DELETE_TOASTS = { success: MESSAGES.scans.removed, failure: crudMessages('scan').deleteFailed };

// ---------------------------------------------------------------------------------------------------------------
// Routes.

export const SCANS_PATH = '/scans/scans';

/** The result page of a run: view/<the kind's segment>/{id} (nscan for a network run, oscan for a policy run). */
export function runResultPath(runId: number, kind: ScanRunRow['scan_type'] = 'nvt'): string {
  return scanResultPath(scanKindOfType(kind), runId);
}

/** The query parameter of the scan list's tab: `?kind=policy` shows the policy runs. */
export const SCAN_KIND_PARAM = 'kind';
export const POLICY_KIND_VALUE = 'policy';

/** The scan list opened on its policy tab. */
export const POLICY_SCANS_PATH = `${SCANS_PATH}?${SCAN_KIND_PARAM}=${POLICY_KIND_VALUE}`;

/** The ids of start/{assetIds}: '3,7, 12' → [3, 7, 12]; anything not a positive integer is left out. */
export function parseAssetIds(text: string | undefined): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[0-9]+$/.test(part))
    .map(Number)
    .filter((n) => n > 0 && Number.isSafeInteger(n));
  return [...new Set(ids)];
}

/** The id of filter/assets/{assetId}; null when absent or not digits. */
export function parseAssetId(text: string | undefined): number | null {
  return text && /^[0-9]+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
