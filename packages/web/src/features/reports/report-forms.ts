// Pure rules of the new-report and schedule forms: their values, checks and bodies, the scope (all open vulnerabilities,
// a saved view, the filters a schedule already holds, or a network scan) and where the server's field errors go.
import { TIME_ZONE_MESSAGE } from '@bulwark/core';
import {
  formatDate,
  reportInput,
  reportScheduleInput,
  REPORT_FORMATS,
  type ReportFormat,
  type ReportFrequency,
  type ReportInput,
  type ReportSchedule,
  type ReportScheduleInput,
  type ReportScope,
  type ReportScopeKind,
  type SavedFilter,
} from '@bulwark/core';
import { schemaMessage } from '../../components/forms/schema-field.ts';
import { isTimeZone, SCAN_SCOPES, viewFilters, type Filters } from './report-format.ts';

/** The scope choice "All open vulnerabilities". */
export const ALL_OPEN = 'all';
/** The scope choice "the filters this schedule already has" (kept as they are). */
export const KEPT = 'kept';

export interface ScopeValues {
  scope_kind: ReportScopeKind;
  /** unified_vulns: ALL_OPEN, KEPT or a saved view's id. */
  view: string;
  /** scan_network, scan_policy: the scan's id ('' until one is chosen). */
  scan: string;
}

/** A scope as the form shows it: stored filters are kept as they are (KEPT) rather than guessed back to a view. */
export function scopeValues(kind: ReportScopeKind, scope: ReportScope): ScopeValues {
  return {
    scope_kind: kind,
    view: Object.keys(scope.filters).length === 0 ? ALL_OPEN : KEPT,
    scan: scope.scan === null ? '' : String(scope.scan),
  };
}

/** The scope sent: the chosen view's filters (or the kept ones, or none), or the chosen scan. */
export function scopeBody(v: ScopeValues, views: readonly SavedFilter[], kept: Filters): ReportScope {
  if (SCAN_SCOPES[v.scope_kind]) return { filters: {}, scan: v.scan === '' ? null : Number(v.scan) };
  if (v.scope_kind !== 'unified_vulns') return { filters: {}, scan: null };
  if (v.view === ALL_OPEN) return { filters: {}, scan: null };
  if (v.view === KEPT) return { filters: { ...kept }, scan: null };
  const view = views.find((x) => String(x.id) === v.view);
  return { filters: view ? viewFilters(view) : {}, scan: null };
}

export const validateScope = {
  view: (view: string, values: ScopeValues, views: readonly SavedFilter[] | undefined) => {
    if (values.scope_kind !== 'unified_vulns' || view === ALL_OPEN || view === KEPT) return null;
    if (view === '') return 'Choose the vulnerabilities to report on.';
    // A view deleted since the form opened.
    if (views && !views.some((x) => String(x.id) === view)) return 'This saved view no longer exists. Choose another.';
    return null;
  },
  scan: (scan: string, values: ScopeValues) => {
    const scanScope = SCAN_SCOPES[values.scope_kind];
    return scanScope && scan === '' ? `Choose a ${scanScope.noun}.` : null;
  },
};

/** Server field → form field: a scope error goes on the scope's detail field (the scan or the view). */
export function scopeErrorFields(kind: ReportScopeKind): Record<string, string> {
  return { scope_kind: 'scope_kind', scope: SCAN_SCOPES[kind] ? 'scan' : 'view' };
}

/** The template choice "Default sections" (no template). */
export const NO_TEMPLATE = 'default';

const templateOf = (t: string): number | null => (t === NO_TEMPLATE ? null : Number(t));

// ---------------------------------------------------------------------------------------------------------------
// New report.

export interface ReportValues extends ScopeValues {
  name: string;
  template: string;
  format: ReportFormat;
}

export function newReportValues(now: Date = new Date()): ReportValues {
  return {
    name: `Vulnerability report ${formatDate(now)}`,
    template: NO_TEMPLATE,
    format: 'pdf',
    scope_kind: 'unified_vulns',
    view: ALL_OPEN,
    scan: '',
  };
}

export function reportBody(v: ReportValues, views: readonly SavedFilter[]): ReportInput {
  return {
    name: v.name.trim(),
    template: templateOf(v.template),
    format: v.format,
    scope_kind: v.scope_kind,
    scope: scopeBody(v, views, {}),
  };
}

export function reportErrorFields(kind: ReportScopeKind): Record<string, string> {
  return { name: 'name', template: 'template', format: 'format', ...scopeErrorFields(kind) };
}

export function validateReport(views: readonly SavedFilter[] | undefined) {
  return {
    name: (v: string) => schemaMessage(reportInput.shape.name, v),
    view: (v: string, values: ReportValues) => validateScope.view(v, values, views),
    scan: (v: string, values: ReportValues) => validateScope.scan(v, values),
  };
}

/** What each format makes, for the format picker's description. */
export const FORMAT_HINTS: Record<ReportFormat, string> = {
  web: 'A page in Bulwark only; nothing to download.',
  pdf: 'A printable document with the charts.',
  html: 'A single web page file with the charts, to share.',
  csv: 'Every finding as a spreadsheet row.',
  anonymized_csv: 'Every finding as a row, without asset names and addresses.',
};

export const FORMATS: readonly ReportFormat[] = REPORT_FORMATS;

// ---------------------------------------------------------------------------------------------------------------
// Schedules.

export interface ScheduleValues extends ScopeValues {
  name: string;
  template: string;
  format: ReportFormat;
  frequency: ReportFrequency;
  time: string;
  /** '1' (Monday) to '7' (Sunday). */
  weekday: string;
  /** '1' to '28', or '0' for the last day. */
  day_of_month: string;
  time_zone: string;
  /** E-mail addresses, one a line or separated by commas, semicolons or spaces. */
  recipients: string;
  is_active: boolean;
}

/** 'a@x.se, b@x.se\nc@x.se' → ['a@x.se', 'b@x.se', 'c@x.se'] (blanks and repeats left out). */
export function splitRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((r) => r.trim())
        .filter((r) => r !== ''),
    ),
  ];
}

export function scheduleValues(s: ReportSchedule | undefined, timeZone: string): ScheduleValues {
  if (!s) {
    return {
      name: '',
      template: NO_TEMPLATE,
      format: 'pdf',
      scope_kind: 'unified_vulns',
      view: ALL_OPEN,
      scan: '',
      frequency: 'weekly',
      time: '07:00',
      weekday: '1',
      day_of_month: '1',
      time_zone: timeZone,
      recipients: '',
      is_active: true,
    };
  }
  return {
    name: s.name,
    template: s.template === null ? NO_TEMPLATE : String(s.template),
    format: s.format,
    ...scopeValues(s.scope_kind, s.scope),
    frequency: s.frequency,
    time: s.time.slice(0, 5),
    weekday: String(s.weekday),
    day_of_month: String(s.day_of_month),
    time_zone: s.time_zone,
    recipients: s.recipients.join('\n'),
    is_active: s.is_active,
  };
}

export function scheduleBody(v: ScheduleValues, views: readonly SavedFilter[], kept: Filters): ReportScheduleInput {
  return {
    name: v.name.trim(),
    template: templateOf(v.template),
    format: v.format,
    scope_kind: v.scope_kind,
    scope: scopeBody(v, views, kept),
    frequency: v.frequency,
    time: v.time,
    weekday: Number(v.weekday),
    day_of_month: Number(v.day_of_month),
    time_zone: v.time_zone.trim(),
    recipients: splitRecipients(v.recipients),
    is_active: v.is_active,
  };
}

/**
 * The body the upcoming-runs preview is asked with: the timing fields as they are in the form, the rest fixed (when it
 * runs depends on nothing else, so typing a name, a recipient or a scope asks nothing new). Null while the time or the
 * time zone is incomplete.
 */
export function previewBody(
  v: Pick<ScheduleValues, 'frequency' | 'time' | 'weekday' | 'day_of_month' | 'time_zone'>,
): ReportScheduleInput | null {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.time) || !isTimeZone(v.time_zone)) return null;
  return {
    name: 'Preview',
    template: null,
    format: 'pdf',
    scope_kind: 'unified_vulns',
    scope: { filters: {}, scan: null },
    frequency: v.frequency,
    time: v.time,
    weekday: Number(v.weekday),
    day_of_month: Number(v.day_of_month),
    time_zone: v.time_zone.trim(),
    recipients: ['preview@example.com'],
    is_active: true,
  };
}

export function scheduleErrorFields(kind: ReportScopeKind): Record<string, string> {
  const same = ['name', 'template', 'format', 'frequency', 'time', 'weekday', 'day_of_month', 'time_zone', 'recipients', 'is_active'];
  return { ...Object.fromEntries(same.map((f) => [f, f])), ...scopeErrorFields(kind) };
}

const shape = reportScheduleInput.shape;

export function validateSchedule(views: readonly SavedFilter[] | undefined) {
  return {
    name: (v: string) => schemaMessage(shape.name, v),
    view: (v: string, values: ScheduleValues) => validateScope.view(v, values, views),
    scan: (v: string, values: ScheduleValues) => validateScope.scan(v, values),
    time: (v: string) => schemaMessage(shape.time, v),
    time_zone: (v: string) => (isTimeZone(v) ? null : TIME_ZONE_MESSAGE),
    recipients: (v: string) => schemaMessage(shape.recipients, splitRecipients(v)),
  };
}
