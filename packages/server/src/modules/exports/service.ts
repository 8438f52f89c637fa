// Exports (feature-areas §3 Export, §7 `export/{type}/`): a list exported in the background as CSV with the fields and
// filters asked for, streamed into the database chunk by chunk, ready for its owner until the retention period ends;
// an export stays "unread" until its owner downloads it or marks it read (the header's exports menu counts them).
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { EXPORT_FIELDS, type ExportJob, type ExportType, type ReportRunState } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { exportJobs, jobProgress } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/list.ts';
import { assetConditions, assetFilterShape } from '../../tenancy/asset-filters.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { ChunkWriter, deleteFile, findingRows, scopeOfUser, selectedFindings, selectionOf } from '../reports/index.ts';
import { z } from 'zod';

export const EXPORT_QUEUE = 'export';
type ExportRow = typeof exportJobs.$inferSelect;

export interface Exporter {
  customerId: number;
  userId: number;
}

function toExport(r: ExportRow, progress: { current: number; total: number } | null): ExportJob {
  return {
    id: r.id,
    type: r.type as ExportType,
    fields: r.fields,
    filters: r.filters,
    state: r.state as ReportRunState,
    progress: progress ?? { current: 0, total: 0 },
    task_id: r.jobId,
    error: r.error,
    rows: r.rows,
    file_name: r.fileName,
    file_size: r.fileSize,
    is_read: r.isRead,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    expires_at: r.expiresAt?.toISOString() ?? null,
  };
}

async function withProgress(db: Db, rows: ExportRow[]): Promise<ExportJob[]> {
  const ids = rows.map((r) => r.jobId).filter((id): id is string => id !== null);
  const progress = ids.length
    ? await db
        .select({ id: jobProgress.id, current: jobProgress.current, total: jobProgress.total })
        .from(jobProgress)
        .where(sql`${jobProgress.id} = any(${`{${ids.join(',')}}`}::uuid[])`)
    : [];
  const byId = new Map(progress.map((p) => [p.id, p]));
  return rows.map((r) => toExport(r, r.jobId ? (byId.get(r.jobId) ?? null) : null));
}

/** The fields asked for, checked against the type's own (all of them when none are asked for). */
export function fieldsOf(type: ExportType, asked: readonly string[]): string[] {
  const known: readonly string[] = EXPORT_FIELDS[type];
  const unknown = asked.filter((f) => !known.includes(f));
  if (unknown.length)
    throw badRequest({
      fields: [`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Choose from: ${known.join(', ')}.`],
    });
  return asked.length ? [...new Set(asked)] : [...known];
}

/** Checks the filters as the type's list would, so a bad one is a 400 before anything is queued. */
async function checkFilters(db: Db, customerId: number, type: ExportType, filters: Record<string, string | string[]>): Promise<void> {
  if (type === 'assets') parseInput(z.object(assetFilterShape), filters);
  else await selectionOf(db, customerId, 'unified_vulns', { filters, scan: null });
}

export async function createExport(
  db: Db,
  who: Exporter,
  type: ExportType,
  input: { fields: string[]; filters: Record<string, string | string[]> },
): Promise<ExportJob> {
  const fields = fieldsOf(type, input.fields);
  await checkFilters(db, who.customerId, type, input.filters);
  const row = await db.transaction(async (tx) => {
    const [progress] = await tx
      .insert(jobProgress)
      .values({ customerId: who.customerId, kind: 'export' })
      .returning({ id: jobProgress.id });
    const [created] = await tx
      .insert(exportJobs)
      .values({ customerId: who.customerId, userId: who.userId, type, fields, filters: input.filters, jobId: progress!.id })
      .returning();
    return created!;
  });
  return (await withProgress(db, [row]))[0]!;
}

export async function listExports(db: Db, who: Exporter, type: ExportType | null, page: number, pageSize: number) {
  const where = and(
    eq(exportJobs.customerId, who.customerId),
    eq(exportJobs.userId, who.userId),
    type ? eq(exportJobs.type, type) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(exportJobs).where(where),
    db
      .select()
      .from(exportJobs)
      .where(where)
      .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const unread = await db
    .select({ n: count() })
    .from(exportJobs)
    .where(and(where, eq(exportJobs.isRead, false), eq(exportJobs.state, 'finished')));
  return { count: Number(total?.n ?? 0), rows: await withProgress(db, rows), unread: Number(unread[0]?.n ?? 0) };
}

async function exportRow(db: Db, who: Exporter, type: ExportType, id: number): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(
      and(eq(exportJobs.customerId, who.customerId), eq(exportJobs.userId, who.userId), eq(exportJobs.type, type), eq(exportJobs.id, id)),
    );
  if (!row) throw notFound();
  return row;
}

export async function getExport(db: Db, who: Exporter, type: ExportType, id: number): Promise<ExportJob> {
  return (await withProgress(db, [await exportRow(db, who, type, id)]))[0]!;
}

export async function markExportRead(db: Db, who: Exporter, type: ExportType, id: number): Promise<ExportJob> {
  await exportRow(db, who, type, id);
  await db.update(exportJobs).set({ isRead: true }).where(eq(exportJobs.id, id));
  return getExport(db, who, type, id);
}

/** A finished export's file name (null: nothing to download yet). */
export async function exportFile(db: Db, who: Exporter, type: ExportType, id: number): Promise<string | null> {
  const row = await exportRow(db, who, type, id);
  return row.state === 'finished' ? row.fileName : null;
}

export async function deleteExpiredExports(db: Db, now: Date): Promise<number> {
  return (await db.delete(exportJobs).where(lt(exportJobs.expiresAt, now)).returning({ id: exportJobs.id })).length;
}

const iso = (v: unknown) => (v === null || v === undefined ? '' : new Date(v as string).toISOString());

async function* issueRows(
  db: Db,
  scope: AssetScope,
  filters: Record<string, string | string[]>,
  now: Date,
): AsyncGenerator<Record<string, string>> {
  const selection = await selectionOf(db, scope.customerId, 'unified_vulns', { filters, scan: null });
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select i.hid, min(f.name) as name, max(f.severity)::int as severity, max(f.risk_score) as risk_score,
               count(distinct f.host_id)::int as assets, count(*)::int as findings, bool_or(f.exploit_known) as kev,
               bool_or(f.ransomware_known) as ransomware, min(f.first_seen) as first_seen, max(f.last_seen) as last_seen
        ${selectedFindings(scope, selection, now)} group by i.hid order by max(f.risk_score) desc, i.hid`,
  );
  for (const r of rows)
    yield {
      hid: String(r.hid),
      name: String(r.name),
      severity: String(r.severity),
      risk_score: (Math.round(Number(r.risk_score) * 10) / 10).toFixed(1),
      assets: String(r.assets),
      findings: String(r.findings),
      exploit_known: r.kev ? 'yes' : 'no',
      ransomware_known: r.ransomware ? 'yes' : 'no',
      first_seen: iso(r.first_seen),
      last_seen: iso(r.last_seen),
    };
}

async function* assetRows(db: Db, scope: AssetScope, filters: Record<string, string | string[]>): AsyncGenerator<Record<string, string>> {
  const filter = parseInput(z.object(assetFilterShape), filters);
  let after = 0;
  for (;;) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select a.id, coalesce(nullif(a.name, ''), a.value) as name, a.address, a.kind, a.os, a.risk_score, a.first_seen, a.last_seen,
                 (select count(*) from findings f where f.host_id = a.id and f.state <> 3 and f.ignore_kind is null and not f.test_ignored)::int as findings,
                 (select string_agg(t.name, '; ' order by t.name) from asset_tags v join tags t on t.id = v.tag_id where v.asset_id = a.id) as tags
          from assets a where ${sql.join([scopeCondition(scope, 'a'), ...assetConditions(filter), sql`a.id > ${after}`], sql` and `)}
          order by a.id limit 2000`,
    );
    for (const r of rows)
      yield {
        id: String(r.id),
        name: String(r.name),
        address: r.address === null ? '' : String(r.address),
        kind: String(r.kind),
        os: r.os === null ? '' : String(r.os),
        risk_score: (Math.round(Number(r.risk_score ?? 0) * 10) / 10).toFixed(1),
        findings: String(r.findings),
        tags: r.tags === null ? '' : String(r.tags),
        first_seen: iso(r.first_seen),
        last_seen: iso(r.last_seen),
      };
    if (rows.length < 2000) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** The export job: the rows of its type in its filter, the fields asked for, as CSV into the database. */
export async function runExport(deps: { db: Db; retentionDays: number }, exportId: number, now = new Date()): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, exportId));
  if (!row || row.state === 'finished') return;
  const progress = (values: Partial<typeof jobProgress.$inferInsert>) =>
    row.jobId
      ? db
          .update(jobProgress)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(jobProgress.id, row.jobId))
      : Promise.resolve();
  await db.update(exportJobs).set({ state: 'running' }).where(eq(exportJobs.id, exportId));
  await progress({ state: 'PROGRESS' });
  try {
    const scope = await scopeOfUser(db, row.customerId, row.userId);
    if (!scope) throw new Error('The person who asked for this export no longer has an active account.');
    const type = row.type as ExportType;
    let source: AsyncIterable<Record<string, string>>;
    if (type === 'assets') source = assetRows(db, scope, row.filters);
    else if (type === 'issues') source = issueRows(db, scope, row.filters, now);
    else {
      const selection = await selectionOf(db, row.customerId, 'unified_vulns', { filters: row.filters, scan: null });
      source = findingRows(db, scope, selection, now) as AsyncIterable<Record<string, string>>;
    }
    let n = 0;
    async function* lines() {
      for await (const r of source) {
        yield row!.fields.map((f) => r[f] ?? '');
        n += 1;
        if (n % 1000 === 0) await progress({ current: n });
      }
    }
    await deleteFile(db, { export: exportId });
    const out = new ChunkWriter(db, { export: exportId });
    await pipeline(Readable.from(lines()), stringify({ header: true, columns: row.fields }), out);
    const fileName = `bulwark-${type}-${now.toISOString().slice(0, 10)}-${exportId}.csv`;
    await db
      .update(exportJobs)
      .set({
        state: 'finished',
        rows: n,
        fileName,
        fileSize: out.size,
        finishedAt: new Date(),
        expiresAt: new Date(now.getTime() + deps.retentionDays * 86_400_000),
      })
      .where(eq(exportJobs.id, exportId));
    await progress({ state: 'SUCCESS', current: n, total: n, result: { export: exportId, rows: n } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.update(exportJobs).set({ state: 'failed', error: message, finishedAt: new Date() }).where(eq(exportJobs.id, exportId));
    await progress({ state: 'FAILURE', message });
  }
}
