// NVD CVE API 2.0 sync: a first sync pages through every CVE; later ones ask for what changed since the last one, in
// windows of at most 120 days (the API's limit) of lastModStartDate/lastModEndDate, paged with startIndex and
// resultsPerPage. The cursor is saved after each imported page, so an interrupted sync resumes at the page it lost.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FeedSourceCursor } from '../../../db/schema/index.ts';
import { FeedHttpError, RateLimiter, type FeedHttp } from './http.ts';

const gzipAsync = promisify(gzip);

/** The API's largest page and longest lastModified range. */
export const NVD_MAX_PAGE = 2000;
export const NVD_MAX_WINDOW_MS = 120 * 86_400_000;

export interface NvdSyncOptions {
  http: FeedHttp;
  url: string;
  apiKey: string | undefined;
  pageSize?: number;
  /** Where the pages are kept (gzipped), for offline bundles. */
  dir: string;
  cursor: FeedSourceCursor;
  saveCursor(cursor: FeedSourceCursor): Promise<void>;
  /** Imports one page file; returns the records read. */
  importPage(file: string): Promise<number>;
  onProgress?(done: number, total: number | null): void;
  /** Called before waiting to try again (rate limit, 5xx). */
  onWait?(note: string): void;
}

/** The NVD's date format: ISO 8601 with milliseconds and an explicit offset. */
export function nvdDate(iso: string): string {
  return new Date(iso).toISOString().replace('Z', '+00:00');
}

export function nvdPageUrl(base: string, window: NonNullable<FeedSourceCursor['window']>, pageSize: number): string {
  const url = new URL(base);
  if (window.start) {
    url.searchParams.set('lastModStartDate', nvdDate(window.start));
    url.searchParams.set('lastModEndDate', nvdDate(window.end));
  }
  url.searchParams.set('resultsPerPage', String(pageSize));
  url.searchParams.set('startIndex', String(window.startIndex));
  return url.toString();
}

/** The paging fields at the top of an API answer, read without parsing the whole page twice. */
function pagingOf(text: string): { totalResults: number; count: number } {
  const head = text.slice(0, 400);
  const total = /"totalResults"\s*:\s*(\d+)/.exec(head);
  const per = /"resultsPerPage"\s*:\s*(\d+)/.exec(head);
  if (total && per) return { totalResults: Number(total[1]), count: Number(per[1]) };
  const body = JSON.parse(text) as { totalResults?: unknown; vulnerabilities?: unknown[] };
  if (typeof body.totalResults !== 'number' || !Array.isArray(body.vulnerabilities)) {
    throw new FeedHttpError('The NVD answered something that is not a CVE API 2.0 page (no totalResults).', null);
  }
  return { totalResults: body.totalResults, count: body.vulnerabilities.length };
}

/** The next window after `syncedUntil`, up to `now`, at most 120 days long. */
function nextWindow(syncedUntil: string, now: Date): NonNullable<FeedSourceCursor['window']> | null {
  const start = new Date(syncedUntil).getTime();
  if (start >= now.getTime()) return null;
  return { start: syncedUntil, end: new Date(Math.min(now.getTime(), start + NVD_MAX_WINDOW_MS)).toISOString(), startIndex: 0 };
}

/** Runs the sync to the present; returns the records read. */
export async function syncNvd(o: NvdSyncOptions): Promise<number> {
  const clock = o.http.clock;
  const now = clock.now();
  const pageSize = Math.min(o.pageSize ?? NVD_MAX_PAGE, NVD_MAX_PAGE);
  // The NVD's published limits: 5 requests in a rolling 30 seconds without a key, 50 with one.
  const limiter = new RateLimiter(o.apiKey ? 50 : 5, 30_000, clock);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.apiKey) headers.apiKey = o.apiKey;
  const cursor: FeedSourceCursor = { ...o.cursor };
  const full = !cursor.syncedUntil && !cursor.window;
  if (!cursor.window) {
    cursor.window = cursor.syncedUntil
      ? (nextWindow(cursor.syncedUntil, now) ?? undefined)
      : { start: null, end: now.toISOString(), startIndex: 0 };
  }
  await mkdir(o.dir, { recursive: true });
  if (full) {
    // A full sync replaces every page kept before it.
    for (const f of await readdir(o.dir)) await rm(path.join(o.dir, f), { force: true });
  }
  let records = 0;
  while (cursor.window) {
    const window = cursor.window;
    const res = await o.http.get(nvdPageUrl(o.url, window, pageSize), {
      headers,
      limiter,
      provider: 'The NVD',
      // The NVD answers 403 when a client goes over its rate limit (and 429 behind some proxies).
      retryStatuses: [403, 429],
      onWait: o.onWait,
    });
    const text = await res.text();
    const { totalResults, count } = pagingOf(text);
    const name = `${window.end.replace(/[-:.]/g, '')}-${String(window.startIndex).padStart(7, '0')}.json.gz`;
    const file = path.join(o.dir, name);
    await writeFile(file, await gzipAsync(text));
    records += await o.importPage(file);
    const next = window.startIndex + count;
    o.onProgress?.(Math.min(next, totalResults), totalResults);
    if (count > 0 && next < totalResults) {
      cursor.window = { ...window, startIndex: next };
    } else {
      cursor.syncedUntil = window.end;
      cursor.window = nextWindow(window.end, now) ?? undefined;
    }
    await o.saveCursor(cursor);
  }
  return records;
}
