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

export const REPORT_SCOPE_KIND_LABELS: Record<ReportScopeKind, string> = {
  pat_recipients: 'Phishing recipients',
  no_runs: 'Policy scan runs',
  w_runs: 'Web scan runs',
  scan_network: 'Network scan',
  scan_policy: 'Policy scan',
  scan_web_application: 'Web application scan',
  scan_web_application_discovery: 'Web application discovery',
  unified_vulns: 'Vulnerabilities',
  cloud_result: 'Cloud scan result',
};

/** The sections a report template is made of (the spec shows no template fields: Bulwark's design), in their usual order. */
export const REPORT_SECTIONS = [
  'executive_summary',
  'risk_trend',
  'severity_breakdown',
  'top_issues',
  'most_exposed_assets',
  'kev_exposure',
  'remediation_status',
  'scan_coverage',
  'findings',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const REPORT_SECTION_LABELS: Record<ReportSection, string> = {
  executive_summary: 'Executive summary',
  risk_trend: 'Risk trend',
  severity_breakdown: 'Findings by severity',
  top_issues: 'Top issues',
  most_exposed_assets: 'Most exposed assets',
  kev_exposure: 'Known exploited vulnerabilities',
  remediation_status: 'Remediation status',
  scan_coverage: 'Scan coverage',
  findings: 'All findings',
};

/** How often a report schedule runs, at its time in its time zone. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** The digest's frequencies (a periodic summary of what changed, e-mailed to the user). */
export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** What `export/{type}/` exports; each type's fields are listed in api/reports.ts EXPORT_FIELDS. */
export const EXPORT_TYPES = ['vulnerabilities', 'issues', 'assets'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_TYPE_LABELS: Record<ExportType, string> = { vulnerabilities: 'Vulnerabilities', issues: 'Issues', assets: 'Assets' };

/** Severity colours of charts and reports (Critical red … Info grey), the same on screens, PDF and HTML. */
export const SEVERITY_COLORS: Record<0 | 1 | 2 | 3 | 4, string> = {
  4: '#c92a2a',
  3: '#e8590c',
  2: '#f59f00',
  1: '#1c7ed6',
  0: '#868e96',
};
