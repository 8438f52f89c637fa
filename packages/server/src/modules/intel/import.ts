// Feed imports: streams files and directories (NVD, KEV, EPSS, OSV; plain, gz, xz, zip) into the intel tables and
// keeps the feed_imports row up to date with counts, bytes read and the first errors, so the UI can show progress.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { formatPosition, readFeedBatches, type FeedItem } from '@bulwark/intel';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedImports, type FeedImportCounts } from '../../db/schema/index.ts';
import { FeedReaders, readerThreads } from './readers.ts';
import { IntelStore } from './store.ts';

/** Errors kept on the import record; all are counted. */
const MAX_ERRORS = 100;
/** The feed each kind of record comes from, as listed on the import. */
const FEED_OF = { cve: 'NVD', kev: 'KEV', epss: 'EPSS', osv: 'OSV', 'distro-fix': 'Debian' } as const;
/** The tables whose statistics an import of each feed refreshes. */
const ANALYZED: Record<string, string[]> = {
  NVD: ['intel_cves', 'intel_cve_products'],
  KEV: ['intel_kev'],
  EPSS: ['intel_epss'],
  OSV: ['intel_osv', 'intel_osv_packages'],
};
/** How often progress is written while an import runs. */
const PROGRESS_MS = 1000;

export interface ImportProgress {
  counts: FeedImportCounts;
  bytesRead: number;
  bytesTotal: number;
  errors: { message: string; position: string }[];
  formats: string[];
}

export function emptyImportProgress(): ImportProgress {
  return { counts: { read: 0, added: 0, updated: 0, unchanged: 0, skipped: 0 }, bytesRead: 0, bytesTotal: 0, errors: [], formats: [] };
}

/** Adds one import's outcome to a total (errors up to the kept number). */
export function addImportProgress(total: ImportProgress, part: ImportProgress): void {
  for (const k of Object.keys(total.counts) as (keyof FeedImportCounts)[]) total.counts[k] += part.counts[k];
  total.bytesRead += part.bytesRead;
  total.bytesTotal += part.bytesTotal;
  total.errors.push(...part.errors.slice(0, Math.max(0, MAX_ERRORS - total.errors.length)));
  for (const f of part.formats) if (!total.formats.includes(f)) total.formats.push(f);
}

async function sizeOf(path: string): Promise<number> {
  const s = await stat(path);
  if (s.isFile()) return s.size;
  if (!s.isDirectory()) return 0;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

/** Files of a source, a directory's in name order (recursively); OSV directories are read file by file. */
async function* filesOf(path: string): AsyncGenerator<string> {
  const s = await stat(path);
  if (s.isFile()) yield path;
  else if (s.isDirectory()) {
    for (const entry of (await readdir(path)).sort()) yield* filesOf(join(path, entry));
  }
}

/** Why a source cannot be imported (missing, unreadable, not a file or directory), or null when it can. */
export async function sourceProblem(path: string): Promise<string | null> {
  try {
    const s = await stat(path);
    if (!s.isFile() && !s.isDirectory()) return `${path} is not a file or directory.`;
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `${path} does not exist.` : `${path} cannot be read (${code ?? 'error'}).`;
  }
}

export interface ImportOptions {
  /**
   * Threads that read the files while this one stores what they read (0: read here). By default none for an import
   * under 64 MB, else one beside PGlite (which works on this thread) and one per core (two at most) for PostgreSQL.
   */
  readers?: number;
}

/**
 * Imports every source into the intel tables. `onProgress` is called about once a second and at the end; a record
 * that cannot be used is counted as skipped with its position, and the import goes on. Files are stored in order,
 * whether they are read here or by reader threads.
 */
export async function importSources(
  db: Db,
  sources: readonly string[],
  onProgress?: (p: ImportProgress) => Promise<void> | void,
  options: ImportOptions = {},
): Promise<ImportProgress> {
  const store = new IntelStore(db);
  const progress = emptyImportProgress();
  for (const source of sources) progress.bytesTotal += await sizeOf(source);
  let reported = Date.now();
  const report = async (force = false): Promise<void> => {
    if (!force && Date.now() - reported < PROGRESS_MS) return;
    reported = Date.now();
    Object.assign(progress.counts, store.counts);
    await onProgress?.(progress);
  };
  const noteFormat = (feed: string): void => {
    if (!progress.formats.includes(feed)) progress.formats.push(feed);
  };
  const handle = async (item: FeedItem): Promise<void> => {
    if (item.kind === 'error') {
      progress.counts.skipped++;
      if (progress.errors.length < MAX_ERRORS) progress.errors.push({ message: item.message, position: formatPosition(item.position) });
    } else if (item.kind !== 'meta') {
      progress.counts.read++;
      noteFormat(FEED_OF[item.kind]);
      await store.add(item);
    }
    await report();
  };
  const files: string[] = [];
  for (const source of sources) for await (const file of filesOf(source)) files.push(file);
  const threads = readerThreads(progress.bytesTotal, options.readers, store.databaseOnThisThread);
  if (threads === 0) {
    for (const file of files) {
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          progress.bytesRead += chunk.length;
          done(null, chunk);
        },
      });
      const input = createReadStream(file).pipe(counter);
      for await (const items of readFeedBatches(input, { name: file })) for (const item of items) await handle(item);
    }
  } else {
    const readers = new FeedReaders(files, threads);
    try {
      for (let task = 0; task < files.length; task++) {
        for await (const { chunk, cves } of readers.chunks(task)) {
          progress.bytesRead += chunk.bytes;
          let next = 0;
          for (const event of chunk.events) {
            if (event !== null) {
              await handle(event);
              continue;
            }
            // A CVE the reader wrote out as COPY text.
            progress.counts.read++;
            noteFormat(FEED_OF.cve);
            const writing = store.addWritten(cves!, next++);
            if (writing) await writing;
            if (Date.now() - reported >= PROGRESS_MS) await report();
          }
        }
      }
    } finally {
      await readers.close();
    }
  }
  await store.flush();
  // Fresh statistics of the tables written to, so the match queries use the product index (PGlite never autovacuums;
  // PostgreSQL may not have yet). Those of the other tables are as their own last import left them.
  const tables = progress.formats.flatMap((feed) => ANALYZED[feed] ?? []);
  if (tables.length > 0) await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
  await report(true);
  return progress;
}

/**
 * Runs the import a feed_imports row describes, recording status, progress and the outcome on the row; `onProgress`
 * also hears the progress (the CLI's terminal line). A failure is recorded on the row and thrown again.
 */
export async function runFeedImport(db: Db, id: number, onProgress?: (p: ImportProgress) => void): Promise<ImportProgress | null> {
  const [row] = await db
    .update(feedImports)
    .set({ status: 'running', startedAt: new Date(), message: null })
    .where(eq(feedImports.id, id))
    .returning();
  if (!row) return null;
  const save = async (p: ImportProgress): Promise<void> => {
    onProgress?.(p);
    await db
      .update(feedImports)
      .set({ counts: { ...p.counts }, bytesRead: p.bytesRead, bytesTotal: p.bytesTotal, errors: p.errors, formats: p.formats })
      .where(eq(feedImports.id, id));
  };
  try {
    const result = await importSources(db, row.sources, save);
    await db.update(feedImports).set({ status: 'done', finishedAt: new Date() }).where(eq(feedImports.id, id));
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db.update(feedImports).set({ status: 'failed', finishedAt: new Date(), message }).where(eq(feedImports.id, id));
    throw err;
  }
}
