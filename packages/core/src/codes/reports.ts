// Report codes of feature-areas §3: run states, formats and scope kinds.

export const REPORT_RUN_STATES = ['pending', 'running', 'finished', 'failed'] as const;
export type ReportRunState = (typeof REPORT_RUN_STATES)[number];
export const REPORT_RUN_STATE_LABELS: Record<ReportRunState, string> = {
  pending: 'Pending',
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
};

export const REPORT_FORMATS = ['web', 'csv', 'pdf', 'html', 'anonymized_csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = {
  web: 'Web',
  csv: 'CSV',
  pdf: 'PDF',
  html: 'HTML',
  anonymized_csv: 'Anonymized CSV',
};

export const REPORT_SCOPE_KINDS = [
  'pat_recipients',
  'no_runs',
  'w_runs',
  'scan_network',
  'scan_policy',
  'scan_web_application',
  'scan_web_application_discovery',
  'unified_vulns',
  'cloud_result',
] as const;
export type ReportScopeKind = (typeof REPORT_SCOPE_KINDS)[number];
