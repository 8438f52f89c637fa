// Scanning codes of platform-core §3-§4: run status, task states, results, error types, scan types, sources, schedules.

/** Scan run status as displayed: Pending 0 … Processing results 4. */
export const SCAN_RUN_STATUS = { pending: 0, in_progress: 1, finished: 2, error: 3, processing_results: 4 } as const;
export type ScanRunStatus = (typeof SCAN_RUN_STATUS)[keyof typeof SCAN_RUN_STATUS];
export const SCAN_RUN_STATUS_LABELS: Record<ScanRunStatus, string> = {
  0: 'Pending',
  1: 'In Progress',
  2: 'Finished',
  3: 'Error',
  4: 'Processing results',
};

/** Scan task states -9 … 8. */
export const SCAN_TASK_STATE = {
  group_run: -9,
  created_resume: -8,
  created_cancel: -7,
  created_stop: -6,
  created_start: -5,
  cancel_requested: -4,
  new: -3,
  error: -2,
  cancelled: -1,
  requested: 0,
  stop_requested: 1,
  stopped: 2,
  running: 3,
  completed: 4,
  process_results: 5,
  completed_with_errors: 6,
  throttling: 7,
  delayed_node_assignment: 8,
} as const;
export type ScanTaskStateName = keyof typeof SCAN_TASK_STATE;
export type ScanTaskState = (typeof SCAN_TASK_STATE)[ScanTaskStateName];

/** The spec's meaning of each task state code. */
export const SCAN_TASK_STATE_MEANINGS: Record<ScanTaskState, string> = {
  [-9]: 'group run',
  [-8]: 'created resume',
  [-7]: 'created cancel',
  [-6]: 'created stop',
  [-5]: 'created start',
  [-4]: 'cancel requested',
  [-3]: 'new',
  [-2]: 'error',
  [-1]: 'cancelled',
  0: 'requested',
  1: 'stop requested',
  2: 'stopped',
  3: 'running',
  4: 'completed',
  5: 'process results',
  6: 'completed with errors',
  7: 'throttling',
  8: 'delayed node assignment',
};

export function isScanTaskState(code: number): code is ScanTaskState {
  return Object.values(SCAN_TASK_STATE).includes(code as ScanTaskState);
}

/** Scan actions of §4; the wire names of the network scan action calls. */
export const SCAN_ACTIONS = { pause: 'stop', resume: 'resume', cancel: 'cancel', force_cancel: 'cancel/force' } as const;
export type ScanAction = keyof typeof SCAN_ACTIONS;

/** Scan result: Pass 0, Warn 1, Fail 2, Unknown 3. */
export const SCAN_RESULT = { pass: 0, warn: 1, fail: 2, unknown: 3 } as const;
export type ScanResult = (typeof SCAN_RESULT)[keyof typeof SCAN_RESULT];
export const SCAN_RESULT_LABELS: Record<ScanResult, string> = { 0: 'Pass', 1: 'Warn', 2: 'Fail', 3: 'Unknown' };

/** Scan error types 0 to 17, in the spec's order. */
export const SCAN_ERROR_TYPE = {
  internal: 0,
  connection_failed: 1,
  empty_target: 2,
  run_time_exceeded: 3,
  auth_failed: 4,
  empty_result: 5,
  no_response: 6,
  max_urls_reached: 7,
  url_redirect: 8,
  waf_detected: 9,
  target_definition_failed: 10,
  was_version_too_old: 11,
  in_blackout_window: 12,
  processing_results_failed: 13,
  limits_exceeded: 14,
  connection_reset: 15,
  task_timeout: 16,
  max_attempts_exceeded: 17,
} as const;
export type ScanErrorType = (typeof SCAN_ERROR_TYPE)[keyof typeof SCAN_ERROR_TYPE];
export const SCAN_ERROR_TYPE_LABELS: Record<ScanErrorType, string> = {
  0: 'Internal',
  1: 'Connection failed',
  2: 'Empty target',
  3: 'Run time exceeded',
  4: 'Authentication failed',
  5: 'Empty result',
  6: 'No response',
  7: 'Max URLs reached',
  8: 'URL redirect',
  9: 'WAF detected',
  10: 'Target definition failed',
  11: 'WAS version too old',
  12: 'In blackout window',
  13: 'Processing results failed',
  14: 'Limits exceeded',
  15: 'Connection reset',
  16: 'Task timeout',
  17: 'Max attempts exceeded',
};
/** Hidden from scan error lists unless a flag is set. */
export const HIDDEN_SCAN_ERROR_TYPES: readonly ScanErrorType[] = [SCAN_ERROR_TYPE.internal, SCAN_ERROR_TYPE.connection_reset];

/** Scan types: NVT and OVAL (network), WAS (web); cloud is ours (§7 names cloud scans but not their type). */
export const SCAN_TYPES = ['nvt', 'oval', 'was', 'cloud'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];
export const SCAN_TYPE_LABELS: Record<ScanType, string> = { nvt: 'NVT', oval: 'OVAL', was: 'WAS', cloud: 'Cloud' };
export const SCAN_TYPE_FAMILY: Record<ScanType, 'network' | 'web' | 'cloud'> = {
  nvt: 'network',
  oval: 'network',
  was: 'web',
  cloud: 'cloud',
};

/** Network scan (schedule) source: 1 = node (probe), 2 = probe group. */
export const NETWORK_SCAN_SOURCE = { node: 1, probe_group: 2 } as const;
export type NetworkScanSource = (typeof NETWORK_SCAN_SOURCE)[keyof typeof NETWORK_SCAN_SOURCE];

/** The external probe pseudo-entry; as a filter value it sets is_external. */
export const EXTERNAL_PROBE_ID = -1;

/** Sync states (Error, Inactive, In sync, Syncing). */
export const SYNC_STATES = ['error', 'inactive', 'in_sync', 'syncing'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
export const SYNC_STATE_LABELS: Record<SyncState, string> = {
  error: 'Error',
  inactive: 'Inactive',
  in_sync: 'In sync',
  syncing: 'Syncing',
};

/** Schedule repeat frequency. */
export const REPEAT_FREQUENCIES = ['never', 'daily', 'weekly', 'monthly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
export const REPEAT_FREQUENCY_LABELS: Record<RepeatFrequency, string> = {
  never: 'Never',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** Schedule interval units. */
export const INTERVAL_UNITS = ['minutes', 'hours', 'days'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export const INTERVAL_UNIT_MINUTES: Record<IntervalUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** Derived schedule end types (§3). */
export const SCHEDULE_END_TYPES = ['ran_x_times', 'end_date_reached', 'manually_cancelled'] as const;
export type ScheduleEndType = (typeof SCHEDULE_END_TYPES)[number];

/** Scan list columns and the server ordering name of each (§3). */
export const SCAN_LIST_SORT_KEYS = {
  name: 'name',
  scan_id: 'scan_id',
  user: 'user',
  targets: 'scanned_items',
  status: 'status',
  started: 'started',
  finished: 'finished',
  result: 'cnt_vulns',
} as const;
export type ScanListColumn = keyof typeof SCAN_LIST_SORT_KEYS;
export const SCAN_LIST_COLUMN_LABELS: Record<ScanListColumn, string> = {
  name: 'Scan name',
  scan_id: 'Scan ID',
  user: 'User',
  targets: 'Targets',
  status: 'Status',
  started: 'Started',
  finished: 'Finished',
  result: 'Result',
};

/** Scan authentication kinds, methods and secret types. */
export const SCAN_AUTH_OS = ['windows', 'linux', 'kubernetes'] as const;
export type ScanAuthOs = (typeof SCAN_AUTH_OS)[number];
export const SCAN_AUTH_METHODS = ['credentials', 'vault', 'token'] as const;
export type ScanAuthMethod = (typeof SCAN_AUTH_METHODS)[number];
export const SCAN_AUTH_SECRET_TYPES = ['password', 'private_key'] as const;
export type ScanAuthSecretType = (typeof SCAN_AUTH_SECRET_TYPES)[number];

/** Notification channels of schedules (plus cc). */
export const NOTIFICATION_CHANNELS = ['slack', 'teams', 'webhooks', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Cloud providers: AWS 0, Azure 1, Oracle 3, Google 4. */
export const CLOUD_PROVIDER = { aws: 0, azure: 1, oracle: 3, google: 4 } as const;
export type CloudProvider = (typeof CLOUD_PROVIDER)[keyof typeof CLOUD_PROVIDER];
export const CLOUD_PROVIDER_LABELS: Record<CloudProvider, string> = { 0: 'AWS', 1: 'Azure', 3: 'Oracle', 4: 'Google' };
