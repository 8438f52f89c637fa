// Pure rules of the report screens: when runs are polled and how far they are, what a report's scope is called, a
// schedule's frequency in words, times shown in a schedule's own time zone, the time zones offered, and the findings
// cells (severity written as a label or a number).
import { isTimeZone } from '@bulwark/core';
import {
  REPORT_SCOPE_KIND_LABELS,
  SEVERITY_LABELS,
  ordinalSuffix,
  weekdayName,
  type NetworkScan,
  type Report,
  type ReportFrequency,
  type ReportRunState,
  type ReportScope,
  type ReportScopeKind,
  type SavedFilter,
  type Severity,
} from '@bulwark/core';
import type { ScopeScanPath } from './api/reports-api.ts';

/** Runs that are pending or running are asked about again this often. */
export const REPORT_POLL_MS = 2_000;
export const REPORTS_PAGE_SIZE = 25;
export const DEFAULT_REPORT_ORDERING = '-created_at';
/** Rows per page of a report's "All findings" section. */
export const FINDINGS_PAGE_SIZE = 50;

export const REPORTS_PATH = '/reports/reports';
export const SCHEDULES_PATH = '/reports/schedules';
export const TEMPLATES_PATH = '/reports/templates';
/** A report's web view. */
export const reportPath = (id: number) => `${REPORTS_PATH}/view/${id}`;

export function isMoving(state: ReportRunState): boolean {
  return state === 'pending' || state === 'running';
}

/** The poll interval of a list (or one run): while any is pending or running, else none. */
export function reportPollInterval(runs: readonly Pick<Report, 'state'>[] | undefined): number | false {
  return runs?.some((r) => isMoving(r.state)) ? REPORT_POLL_MS : false;
}

/** How far a run is, 0-100; null while its total is not known yet (an indeterminate bar). */
export function progressPercent(progress: { current: number; total: number }): number | null {
  if (progress.total <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((progress.current / progress.total) * 100)));
}

/** '1,200 of 5,000 findings written'; 'Waiting to start' / 'Preparing' before a total is known. */
export function progressText(state: ReportRunState, progress: { current: number; total: number }): string {
  if (state === 'pending') return 'Waiting to start';
  if (progress.total <= 0) return 'Preparing';
  const n = (v: number) => v.toLocaleString('en-US');
  return `${n(progress.current)} of ${n(progress.total)} ${progress.total === 1 ? 'finding' : 'findings'} written`;
}

/** A finished report with a file (every format but web) can be downloaded. */
export function hasFile(r: Pick<Report, 'format' | 'state' | 'file_name'>): boolean {
  return r.format !== 'web' && r.state === 'finished' && r.file_name !== null;
}

/** A file size in KB or MB (base 1024, as the logo limit is). */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// ---------------------------------------------------------------------------------------------------------------
// Scope.

export type Filters = Record<string, string | string[]>;

/** The scope kinds that report on one scan: where its scans are listed and what the form calls one. */
export const SCAN_SCOPES: Partial<Record<ReportScopeKind, { path: ScopeScanPath; noun: string; label: string }>> = {
  scan_network: { path: 'scan/nscans/', noun: 'network scan', label: 'Network scan' },
  scan_policy: { path: 'scan/oscans/', noun: 'policy scan', label: 'Policy scan' },
  scan_web_application: { path: 'scan/wscans/', noun: 'web scan', label: 'Web scan' },
  scan_web_application_discovery: { path: 'scan/wdscans/', noun: 'web discovery scan', label: 'Web discovery scan' },
  cloud_result: { path: 'scan/cscans/', noun: 'cloud scan', label: 'Cloud scan' },
};

/** The scope kinds as a picker offers them, in the contract's order. */
export function scopeKindOptions(all: readonly ReportScopeKind[]): { value: ReportScopeKind; label: string }[] {
  return all.map((kind) => ({ value: kind, label: REPORT_SCOPE_KIND_LABELS[kind] }));
}

/** Parameters of the vulnerability list that page it rather than choose what is in it. */
const PAGING_PARAMS = new Set(['page', 'page_size']);

/** A saved view's filters as a report scope takes them: the list's own parameters, paging left out. */
export function viewFilters(view: Pick<SavedFilter, 'filters'>): Filters {
  const out: Filters = {};
  for (const [key, value] of Object.entries(view.filters)) {
    if (!PAGING_PARAMS.has(key)) out[key] = typeof value === 'string' ? value : [...value];
  }
  return out;
}

function canonical(filters: Filters): string {
  const keys = Object.keys(filters).sort();
  return JSON.stringify(keys.map((k) => [k, filters[k]]));
}

export function sameFilters(a: Filters, b: Filters): boolean {
  return canonical(a) === canonical(b);
}

/** The saved view whose filters a scope holds, if any. */
export function viewOfScope(filters: Filters, views: readonly SavedFilter[]): SavedFilter | undefined {
  if (Object.keys(filters).length === 0) return undefined;
  return views.find((v) => sameFilters(viewFilters(v), filters));
}

export interface ScopeNames {
  views?: readonly SavedFilter[];
  scans?: readonly Pick<NetworkScan, 'id' | 'name'>[];
}

/**
 * A scope in words: 'All open vulnerabilities', 'Saved view “Critical on servers”', 'Vulnerabilities, 3 filters',
 * 'Network scan “Office”' (or its number while the names are not known), else the kind's label.
 */
export function scopeText(kind: ReportScopeKind, scope: ReportScope, names: ScopeNames = {}): string {
  if (kind === 'unified_vulns') {
    const count = Object.keys(scope.filters).length;
    if (count === 0) return 'All open vulnerabilities';
    const view = viewOfScope(scope.filters, names.views ?? []);
    if (view) return `Saved view “${view.name}”`;
    return `Vulnerabilities, ${count} ${count === 1 ? 'filter' : 'filters'}`;
  }
  const scanScope = SCAN_SCOPES[kind];
  if (scanScope) {
    if (scope.scan === null) return scanScope.label;
    const scan = names.scans?.find((s) => s.id === scope.scan);
    return scan ? `${scanScope.label} “${scan.name}”` : `${scanScope.label} #${scope.scan}`;
  }
  return REPORT_SCOPE_KIND_LABELS[kind];
}

// ---------------------------------------------------------------------------------------------------------------
// Schedules and time zones.

export interface FrequencyFields {
  frequency: ReportFrequency;
  time: string;
  weekday: number;
  day_of_month: number;
  time_zone: string;
}

/** 'Daily at 07:00 UTC', 'Weekly on Monday at 07:00 Europe/Stockholm', 'Monthly on the 1st …', '… on the last day …'. */
export function frequencyText(s: FrequencyFields): string {
  const at = `at ${s.time} ${s.time_zone}`;
  switch (s.frequency) {
    case 'daily':
      return `Daily ${at}`;
    case 'weekly':
      return `Weekly on ${weekdayName(s.weekday) ?? `day ${s.weekday}`} ${at}`;
    case 'monthly':
      return `Monthly on the ${s.day_of_month === 0 ? 'last day' : ordinalSuffix(s.day_of_month)} ${at}`;
  }
}

/** Core's time-zone check, offered here beside the other time helpers. */
export { isTimeZone };

/** The schedule forms' time-zone helpers, offered here beside the other time helpers. */
export { browserTimeZone, formatInZone, timeZoneChoices } from '../../components/schedule/time-zones.ts';

export const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: weekdayName(d) ?? String(d) }));

export const DAY_OF_MONTH_OPTIONS = [
  ...Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: ordinalSuffix(i + 1) })),
  { value: '0', label: 'Last day of the month' },
];

// ---------------------------------------------------------------------------------------------------------------
// Findings cells.

/** A finding's severity as the server wrote it: a label ('High') or a code ('3'); the code when it is one, else null. */
export function severityCode(text: string): Severity | null {
  const trimmed = text.trim();
  if (/^[0-4]$/.test(trimmed)) return Number(trimmed) as Severity;
  const found = (Object.entries(SEVERITY_LABELS) as [string, string][]).find(([, label]) => label.toLowerCase() === trimmed.toLowerCase());
  return found ? (Number(found[0]) as Severity) : null;
}

/** 'true' / 'yes' / '1' as yes. */
export function isYes(text: string): boolean {
  return ['true', 'yes', '1'].includes(text.trim().toLowerCase());
}
