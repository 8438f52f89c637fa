// Report runs (feature-areas §3 Reports: pending, running, finished, failed): a run is asked for, a background job
// prepares its figures once, writes its file in the chosen format from those figures and the same finding rows, and
// keeps it for the retention period. Progress is on the job's progress row (`celery-progress/{id}/`).
import { and, count, desc, eq, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  REPORT_SCOPE_KIND_LABELS,
  type reportInput,
  type Report,
  type ReportData,
  type ReportFormat,
  type ReportRunState,
  type ReportScope,
  type ReportScopeKind,
} from '@bulwark/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/rows.ts';
import { jobProgress, reports, reportTemplates, scans, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { assetScope, type AssetScope } from '../../tenancy/visibility.ts';
import { findingRows, selectionOf, type Selection } from './data.ts';
import { getTemplate, layoutOf } from './templates.ts';

type ReportRow = typeof reports.$inferSelect;
export type ReportValues = z.output<typeof reportInput>;

export const FILE_TYPES: Record<Exclude<ReportFormat, 'web'>, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  anonymized_csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  html: { extension: 'html', contentType: 'text/html; charset=utf-8' },
};

export interface ReportOwner {
  customerId: number;
  userId: number;
}

/** The label of a scope on the cover: the kind, and the scan's name for a scan report. */
export async function scopeLabelOf(db: Db, customerId: number, kind: ReportScopeKind, scope: ReportScope): Promise<string> {
  const oneScan = ['scan_network', 'scan_policy', 'scan_web_application', 'scan_web_application_discovery', 'cloud_result'].includes(kind);
  if (oneScan && scope.scan !== null) {
    const [scan] = await db
      .select({ name: scans.name })
      .from(scans)
      .where(and(eq(scans.customerId, customerId), eq(scans.id, scope.scan)));
    if (scan) return `${REPORT_SCOPE_KIND_LABELS[kind]}: ${scan.name}`;
  }
  const filters = Object.keys(scope.filters).length;
  return filters
    ? `${REPORT_SCOPE_KIND_LABELS[kind]} (filtered by ${Object.keys(scope.filters).join(', ')})`
    : REPORT_SCOPE_KIND_LABELS[kind];
}

const columns = {
  id: reports.id,
  name: reports.name,
  templateId: reports.templateId,
  templateName: reportTemplates.name,
  format: reports.format,
  scopeKind: reports.scopeKind,
  scope: reports.scope,
  state: reports.state,
  jobId: reports.jobId,
  current: jobProgress.current,
  total: jobProgress.total,
  error: reports.error,
  fileName: reports.fileName,
  fileSize: reports.fileSize,
  scheduleId: reports.scheduleId,
  createdBy: users.email,
  createdAt: reports.createdAt,
  finishedAt: reports.finishedAt,
  expiresAt: reports.expiresAt,
};
type Listed = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toReport(r: Listed): Report {
  return {
    id: r.id!,
    name: r.name!,
    template: r.templateId,
    template_name: r.templateName,
    format: r.format as ReportFormat,
    scope_kind: r.scopeKind as ReportScopeKind,
    scope: { filters: {}, scan: null, ...(r.scope as Partial<ReportScope>) },
    state: r.state as ReportRunState,
    progress: { current: r.current ?? 0, total: r.total ?? 0 },
    task_id: r.jobId,
    error: r.error,
    file_name: r.fileName,
    file_size: r.fileSize,
    schedule: r.scheduleId,
    created_by: r.createdBy,
    created_at: r.createdAt!.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    expires_at: r.expiresAt?.toISOString() ?? null,
  };
}

function selectReports(db: Db) {
  return db
    .select(columns)
    .from(reports)
    .leftJoin(reportTemplates, eq(reportTemplates.id, reports.templateId))
    .leftJoin(jobProgress, eq(jobProgress.id, reports.jobId))
    .leftJoin(users, eq(users.id, reports.createdBy));
}

export interface ReportListQuery {
  page: number;
  pageSize: number;
  state?: ReportRunState[];
  format?: ReportFormat[];
  search?: string;
  scopeKind?: ReportScopeKind[];
  ordering: { key: 'created_at' | 'name' | 'state'; descending: boolean };
}

export async function listReports(db: Db, customerId: number, q: ReportListQuery) {
  const where: SQL[] = [eq(reports.customerId, customerId)];
  if (q.state?.length) where.push(inArray(reports.state, q.state));
  if (q.format?.length) where.push(inArray(reports.format, q.format));
  if (q.search) where.push(ilike(reports.name, containsPattern(q.search)));
  if (q.scopeKind?.length) where.push(inArray(reports.scopeKind, q.scopeKind));
  const order = { created_at: reports.createdAt, name: sql`lower(${reports.name})`, state: reports.state }[q.ordering.key];
  const [[total], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(reports)
      .where(and(...where)),
    selectReports(db)
      .where(and(...where))
      .orderBy(q.ordering.descending ? desc(order) : order, desc(reports.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { count: Number(total?.n ?? 0), rows: rows.map(toReport) };
}

export async function getReport(db: Db, customerId: number, id: number): Promise<Report> {
  const [row] = await selectReports(db).where(and(eq(reports.customerId, customerId), eq(reports.id, id)));
  if (!row) throw notFound();
  return toReport(row);
}

/** The stored figures of a finished report (null while it runs or when it failed). */
export async function reportDataOf(db: Db, customerId: number, id: number): Promise<{ report: Report; data: ReportData | null }> {
  const report = await getReport(db, customerId, id);
  const [row] = await db
    .select({ data: reports.data })
    .from(reports)
    .where(and(eq(reports.customerId, customerId), eq(reports.id, id)));
  return { report, data: (row?.data as ReportData | null) ?? null };
}

/**
 * Records a run (pending) and its progress row after checking its scope and template; the caller queues the job.
 * A bad scope is a 400 here, before anything is written.
 */
export async function createReport(db: Db, o: ReportOwner, v: ReportValues, scheduleId: number | null = null): Promise<Report> {
  await selectionOf(db, o.customerId, v.scope_kind, v.scope);
  if (v.template !== null) await getTemplate(db, o.customerId, v.template);
  const id = await db.transaction(async (tx) => {
    const [progress] = await tx.insert(jobProgress).values({ customerId: o.customerId, kind: 'report' }).returning({ id: jobProgress.id });
    const [row] = await tx
      .insert(reports)
      .values({
        customerId: o.customerId,
        name: v.name,
        templateId: v.template,
        format: v.format,
        scopeKind: v.scope_kind,
        scope: v.scope,
        jobId: progress!.id,
        scheduleId,
        createdBy: o.userId,
      })
      .returning({ id: reports.id });
    return row!.id;
  });
  return getReport(db, o.customerId, id);
}

export async function deleteReport(db: Db, customerId: number, id: number): Promise<void> {
  const gone = await db
    .delete(reports)
    .where(and(eq(reports.customerId, customerId), eq(reports.id, id)))
    .returning({ jobId: reports.jobId });
  if (gone.length === 0) throw notFound();
  if (gone[0]!.jobId) await db.delete(jobProgress).where(eq(jobProgress.id, gone[0]!.jobId));
}

/** The scope a report is made in: its author's (a LIMITED team member's report shows only what they see). */
export async function scopeOfUser(db: Db, customerId: number, userId: number | null): Promise<AssetScope | null> {
  if (userId === null) return null;
  const [u] = await db
    .select({
      id: users.id,
      customerId: users.customerId,
      isSuperuser: users.isSuperuser,
      customerAdmin: users.customerAdmin,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.customerId, customerId)));
  if (!u || !u.isActive) return null;
  return assetScope(db, u);
}

/** The template, scope and selection of a stored run, for its job (and for the web view's finding pages). */
export async function runInputs(db: Db, row: ReportRow) {
  const template = row.templateId === null ? null : await getTemplate(db, row.customerId, row.templateId).catch(() => null);
  const scope = { filters: {}, scan: null, ...(row.scope as Partial<ReportScope>) } as ReportScope;
  const selection: Selection = await selectionOf(db, row.customerId, row.scopeKind as ReportScopeKind, scope);
  return { template, scope, selection, layout: layoutOf(template, row.name) };
}

export async function reportRow(db: Db, customerId: number, id: number): Promise<ReportRow> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.customerId, customerId), eq(reports.id, id)));
  if (!row) throw notFound();
  return row;
}

/** A page of a report's findings for the web view: the same rows, in the same order, as its files list. */
export async function reportFindingsPage(db: Db, customerId: number, id: number, page: number, pageSize: number, now: Date) {
  const row = await reportRow(db, customerId, id);
  const scope = await scopeOfUser(db, customerId, row.createdBy);
  if (!scope) return { count: 0, rows: [] };
  const { selection } = await runInputs(db, row);
  const data = row.data as ReportData | null;
  const rows = [];
  let i = 0;
  const skip = (page - 1) * pageSize;
  for await (const r of findingRows(db, scope, selection, now, Math.min(2000, skip + pageSize))) {
    if (i++ < skip) continue;
    rows.push(r);
    if (rows.length === pageSize) break;
  }
  return { count: data?.findings_count ?? rows.length, rows };
}

/** Finished reports and exports past their retention (housekeeping deletes them with their files). */
export async function deleteExpiredReports(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(reports).where(lt(reports.expiresAt, now)).returning({ id: reports.id });
  return gone.length;
}
