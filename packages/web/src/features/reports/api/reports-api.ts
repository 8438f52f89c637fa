// Calls of the report screens (feature-areas §3 Reports, §7 Reports): templates, report runs with their prepared data,
// findings and file, the live preview of a report's data, schedules with their upcoming runs, and the pickers a report's
// scope is chosen with (saved vulnerability views, scans of each kind). Query keys of these screens.
import {
  report,
  reportData,
  reportSchedule,
  reportTemplate,
  scanSummary,
  REPORT_FINDING_COLUMNS,
  type Report,
  type ReportData,
  type ReportFindingRow,
  type ReportInput,
  type ReportSchedule,
  type ReportScheduleInput,
  type ReportScopeKind,
  type ReportTemplate,
  type ReportTemplateInput,
  type ScanSummary,
} from '@bulwark/core';
import { api, apiUrl, type AnswerSchema } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const TEMPLATES = 'reports/template/';
const REPORTS = 'reports/';
const SCHEDULES = 'reports/schedules/';

/** The largest page the server gives (server http/pagination.ts): pickers ask for one page of this many. */
const PICKER_PAGE_SIZE = 1000;
/** Network scans offered in the scope picker, newest first. */
const SCAN_PICKER_SIZE = 200;

const templatePage = pagedAnswer(reportTemplate);
const templateList = listAnswer(reportTemplate);
const reportPage = pagedAnswer(report);
const schedulePage = pagedAnswer(reportSchedule);
const scopeScanPage = pagedAnswer(scanSummary);

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error('not a cell');
}

/** One row of a report's findings: every column as text (numbers and booleans the server may send are written out). */
export const reportFindingRow: AnswerSchema<ReportFindingRow> = {
  parse(data: unknown): ReportFindingRow {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('not a row');
    const body = data as Record<string, unknown>;
    const row = {} as ReportFindingRow;
    for (const column of REPORT_FINDING_COLUMNS) row[column] = cellText(body[column]);
    return row;
  },
};
const findingPage = pagedAnswer(reportFindingRow);

const upcomingAnswer: AnswerSchema<{ upcoming: string[] }> = {
  parse(data: unknown) {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    if (!Array.isArray(body.upcoming) || !body.upcoming.every((u) => typeof u === 'string')) throw new Error('upcoming missing');
    return { upcoming: body.upcoming as string[] };
  },
};

// Templates.

export function fetchTemplates(query: QueryParams, signal?: AbortSignal): Promise<Paged<ReportTemplate>> {
  return api.get(TEMPLATES, { query, signal, schema: templatePage });
}

/** Every template, for the template pickers of the report and schedule forms. */
export function fetchTemplateChoices(signal?: AbortSignal): Promise<ReportTemplate[]> {
  return api.get(TEMPLATES, { query: { page_size: PICKER_PAGE_SIZE, ordering: 'name' }, signal, schema: templateList });
}

export function createTemplate(input: ReportTemplateInput): Promise<ReportTemplate> {
  return api.post(TEMPLATES, input, { schema: reportTemplate });
}

export function updateTemplate(id: number, input: ReportTemplateInput): Promise<ReportTemplate> {
  return api.put(`${TEMPLATES}${id}/`, input, { schema: reportTemplate });
}

export function deleteTemplate(id: number): Promise<void> {
  return api.delete(`${TEMPLATES}${id}/`);
}

// Reports (runs).

/** GET reports/: runs, with `state`, `format`, `search` and `ordering`. */
export function fetchReports(query: QueryParams, signal?: AbortSignal): Promise<Paged<Report>> {
  return api.get(REPORTS, { query, signal, schema: reportPage });
}

/** POST reports/: starts a run (201, state pending). */
export function createReport(input: ReportInput): Promise<Report> {
  return api.post(REPORTS, input, { schema: report });
}

export function fetchReport(id: number, signal?: AbortSignal): Promise<Report> {
  return api.get(`${REPORTS}${id}/`, { signal, schema: report });
}

export function deleteReport(id: number): Promise<void> {
  return api.delete(`${REPORTS}${id}/`);
}

/** The figures of a finished report (every format has them; the web view draws them). */
export function fetchReportData(id: number, signal?: AbortSignal): Promise<ReportData> {
  return api.get(`${REPORTS}${id}/data/`, { signal, schema: reportData });
}

/** A page of the findings of a finished report (its "All findings" section). */
export function fetchReportFindings(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<ReportFindingRow>> {
  return api.get(`${REPORTS}${id}/findings/`, { query, signal, schema: findingPage });
}

/** Where a report's file is downloaded from (CSV, PDF, HTML, anonymised CSV; a web report has none). */
export function reportDownloadUrl(id: number): string {
  return apiUrl(`${REPORTS}${id}/download/`);
}

export interface PrepareInput {
  template: number | null;
  scope_kind: ReportScopeKind;
  scope: ReportInput['scope'];
}

/** POST reports/prepare-report-data/: the figures a report would show now, without saving anything (the preview). */
export function prepareReportData(input: PrepareInput, signal?: AbortSignal): Promise<ReportData> {
  return api.post(`${REPORTS}prepare-report-data/`, input, { signal, schema: reportData });
}

// Schedules.

export function fetchSchedules(query: QueryParams, signal?: AbortSignal): Promise<Paged<ReportSchedule>> {
  return api.get(SCHEDULES, { query, signal, schema: schedulePage });
}

export function createSchedule(input: ReportScheduleInput): Promise<ReportSchedule> {
  return api.post(SCHEDULES, input, { schema: reportSchedule });
}

export function updateSchedule(id: number, input: ReportScheduleInput): Promise<ReportSchedule> {
  return api.put(`${SCHEDULES}${id}/`, input, { schema: reportSchedule });
}

export function setScheduleActive(id: number, isActive: boolean): Promise<ReportSchedule> {
  return api.patch(`${SCHEDULES}${id}/`, { is_active: isActive }, { schema: reportSchedule });
}

export function deleteSchedule(id: number): Promise<void> {
  return api.delete(`${SCHEDULES}${id}/`);
}

/** POST reports/schedules/preview/: the next five run times of a schedule as it is in the form (nothing saved). */
export async function previewSchedule(input: ReportScheduleInput, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.post(`${SCHEDULES}preview/`, input, { signal, schema: upcomingAnswer });
  return answer.upcoming;
}

/** POST reports/schedules/{id}/run/: runs the schedule now (201, the new report). */
export function runSchedule(id: number): Promise<Report> {
  return api.post(`${SCHEDULES}${id}/run/`, undefined, { schema: report });
}

// Scope pickers.

/** The scan lists a scan report's scope is picked from. */
export type ScopeScanPath = 'scan/nscans/' | 'scan/oscans/' | 'scan/wscans/' | 'scan/wdscans/' | 'scan/cscans/';

/** The customer's scans of one kind, newest first: the scope of a scan report. */
export function fetchScopeScans(path: ScopeScanPath, signal?: AbortSignal): Promise<Paged<ScanSummary>> {
  return api.get(path, { query: { page_size: SCAN_PICKER_SIZE }, signal, schema: scopeScanPage });
}

export const REPORT_KEYS = {
  all: ['reports'] as const,
  reports: ['reports', 'runs'] as const,
  reportList: (query: QueryParams) => ['reports', 'runs', 'list', query] as const,
  report: (id: number) => ['reports', 'runs', 'one', id] as const,
  data: (id: number) => ['reports', 'runs', 'one', id, 'data'] as const,
  findings: (id: number, query: QueryParams) => ['reports', 'runs', 'one', id, 'findings', query] as const,
  templates: ['reports', 'templates'] as const,
  templateList: (query: QueryParams) => ['reports', 'templates', 'list', query] as const,
  templateChoices: ['reports', 'templates', 'choices'] as const,
  preview: (input: PrepareInput) => ['reports', 'preview', input] as const,
  schedules: ['reports', 'schedules'] as const,
  scheduleList: (query: QueryParams) => ['reports', 'schedules', 'list', query] as const,
  upcoming: (input: ReportScheduleInput | null) => ['reports', 'schedules', 'upcoming', input] as const,
  scopeScans: (path: string) => ['reports', 'scope-scans', path] as const,
};
