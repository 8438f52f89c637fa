// The report job: prepares the figures once, stores them (the web view reads them), then writes the file of the
// chosen format from those figures and the finding rows, streaming into the database chunk by chunk. A scheduled
// report is then e-mailed with its file attached. A failure says why on the run and its progress row.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REPORT_FINDING_COLUMNS, type ReportData, type ReportFindingRow, type ReportFormat } from '@bulwark/core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { jobProgress, reports } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { pseudonymiser, renderCsv } from './csv.ts';
import { findingRows, prepareReportData } from './data.ts';
import { ChunkWriter, deleteFile } from './files.ts';
import { FILE_TYPES, runInputs, scopeLabelOf, scopeOfUser } from './runs.ts';
import { mailScheduledReport } from './schedules.ts';
import { renderSitemapCsv } from './web-discovery.ts';

/** A finding row with nothing in it: the pseudonymiser's input when only an asset name is to be hidden. */
const EMPTY_ROW = Object.fromEntries(REPORT_FINDING_COLUMNS.map((c) => [c, ''])) as ReportFindingRow;

export interface ReportDeps {
  db: Db;
  config: Pick<Config, 'reportRetentionDays' | 'publicUrl'>;
  secrets: SecretBox;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const slug = (name: string) =>
  name
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'report';

/** Why a run failed, in words for the person who asked for it. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = Object.values(error.body)
      .flat()
      .filter((m): m is string => typeof m === 'string');
    return messages.join(' ') || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export async function generateReport(deps: ReportDeps, reportId: number, now = new Date()): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(reports).where(eq(reports.id, reportId));
  if (!row || row.state === 'finished') return;
  const progress = async (values: Partial<typeof jobProgress.$inferInsert>) => {
    if (row.jobId)
      await db
        .update(jobProgress)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(jobProgress.id, row.jobId));
  };
  await db.update(reports).set({ state: 'running', error: null }).where(eq(reports.id, reportId));
  await progress({ state: 'PROGRESS' });
  try {
    const scope = await scopeOfUser(db, row.customerId, row.createdBy);
    if (!scope) throw new Error('The person who asked for this report no longer has an active account.');
    const { scope: reportScope, selection, layout } = await runInputs(db, row);
    const label = await scopeLabelOf(db, row.customerId, selection.kind, reportScope);
    const data: ReportData = await prepareReportData(db, scope, row.createdBy!, selection, layout, label, now);
    await db.update(reports).set({ data }).where(eq(reports.id, reportId));
    await progress({ total: data.findings_count });
    const format = row.format as ReportFormat;
    let fileName: string | null = null;
    let fileSize: number | null = null;
    if (format !== 'web') {
      await deleteFile(db, { report: reportId });
      const out = new ChunkWriter(db, { report: reportId });
      const rows: AsyncIterable<ReportFindingRow> = findingRows(db, scope, selection, now);
      const onRows = (n: number) => progress({ current: n });
      // The PDF and HTML writers (pdfkit, fontkit, ECharts) load with the first such report: at start they would hold
      // about 90 MB of every server, idle ones included (docs/benchmarks.md, idle memory).
      if (format === 'pdf') await (await import('./render/pdf.ts')).renderPdf(data, rows, out, onRows);
      else if (format === 'html') await (await import('./render/html.ts')).renderHtml(data, rows, out, onRows);
      else if (selection.kind === 'scan_web_application_discovery') {
        // A discovery report's CSV is its site map, one row per page or request.
        const pseudonymise = format === 'anonymized_csv' ? pseudonymiser(deps.secrets.pseudonymKey(row.customerId)) : undefined;
        await renderSitemapCsv(db, row.customerId, data.web_discovery ?? null, out, {
          onRows,
          pseudonym: pseudonymise && ((asset) => pseudonymise({ ...EMPTY_ROW, asset }).asset),
        });
      } else
        await renderCsv(rows, out, {
          onRows,
          pseudonymise: format === 'anonymized_csv' ? pseudonymiser(deps.secrets.pseudonymKey(row.customerId)) : undefined,
        });
      if (!out.writableFinished) await new Promise<void>((resolve, reject) => out.once('finish', resolve).once('error', reject));
      const suffix = format === 'anonymized_csv' ? '-anonymised' : '';
      fileName = `${slug(row.name)}-${now.toISOString().slice(0, 10)}${suffix}.${FILE_TYPES[format].extension}`;
      fileSize = out.size;
    }
    await db
      .update(reports)
      .set({
        state: 'finished',
        fileName,
        fileSize,
        finishedAt: new Date(),
        expiresAt: new Date(now.getTime() + deps.config.reportRetentionDays * 86_400_000),
      })
      .where(eq(reports.id, reportId));
    await progress({ state: 'SUCCESS', current: data.findings_count, result: { report: reportId } });
    if (row.scheduleId !== null) await mailScheduledReport(deps, reportId);
  } catch (error) {
    const message = failureOf(error);
    deps.log.error({ err: error, reportId }, 'report failed');
    await db.update(reports).set({ state: 'failed', error: message, finishedAt: new Date() }).where(eq(reports.id, reportId));
    await progress({ state: 'FAILURE', message });
  }
}
