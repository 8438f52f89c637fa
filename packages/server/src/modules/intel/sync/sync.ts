// The feed sync: under one installation-wide lease, fetches every configured source (NVD, KEV, EPSS, OSV ecosystems,
// Debian tracker), imports what changed, and records each source's outcome, error and progress. One failing source
// does not stop the others; an interrupted download or NVD paging resumes on the next sync.
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { FeedSourceCursor, FeedSourceProgress } from '../../../db/schema/index.ts';
import { acquireLease, currentLease, releaseLease, renewLease } from '../../../jobs/leases.ts';
import { importSources } from '../import.ts';
import { currentLibrary, installLibrary } from './checks-library.ts';
import { downloadFile } from './download.ts';
import { FeedHttp, systemClock, type SyncClock } from './http.ts';
import { syncNvd } from './nvd.ts';
import { plannedSources, selectSources, type PlannedSource } from './sources.ts';
import { clearRunning, sourceState, updateSource } from './state.ts';

export const FEED_SYNC_LEASE = 'feed-sync';
/** A sync renews its lease while it works; a dead holder's lease runs out after this. */
const LEASE_MS = 10 * 60_000;
/** How often progress reaches the database. */
const PROGRESS_MS = 1000;

export interface SyncDeps {
  db: Db;
  config: Pick<Config, 'feedsDir' | 'feedSync'>;
  log?: FastifyBaseLogger;
}

export interface SyncOptions {
  /** Source names (nvd, kev, epss, debian, osv, osv/<ecosystem>, checks) to sync; default every configured one. */
  only?: string[];
  clock?: SyncClock;
  /** Who holds the lease (host and process by default). */
  holder?: string;
  /** Tests page the small sample feed. */
  nvdPageSize?: number;
  /** Retries and waits of the HTTP client (tests: fewer tries). */
  http?: { attempts?: number; baseDelayMs?: number };
  onProgress?(source: string, progress: FeedSourceProgress): void;
}

export interface SourceOutcome {
  source: string;
  ok: boolean;
  records: number;
  unchanged: boolean;
  error: string | null;
}

export type SyncResult = { locked: true; holder: string } | { locked: false; outcomes: SourceOutcome[] };

/** The directory a source's files are kept in. */
export function syncDir(feedsDir: string, source: string): string {
  return path.join(feedsDir, 'sync', ...source.split('/'));
}

export async function syncFeeds(deps: SyncDeps, options: SyncOptions = {}): Promise<SyncResult> {
  const clock = options.clock ?? systemClock;
  const holder = options.holder ?? `${os.hostname()}:${process.pid}`;
  const lease = await acquireLease(deps.db, FEED_SYNC_LEASE, holder, LEASE_MS, clock.now());
  if (!lease) {
    const held = await currentLease(deps.db, FEED_SYNC_LEASE, clock.now());
    return { locked: true, holder: held?.holder ?? 'another server' };
  }
  const http = new FeedHttp({ clock, ...options.http });
  const outcomes: SourceOutcome[] = [];
  let renewedAt = clock.now().getTime();
  const keepLease = async (): Promise<void> => {
    if (clock.now().getTime() - renewedAt < LEASE_MS / 4) return;
    renewedAt = clock.now().getTime();
    if (!(await renewLease(deps.db, FEED_SYNC_LEASE, holder, LEASE_MS, clock.now()))) throw new Error('The feed-sync lease was lost.');
  };
  try {
    await clearRunning(deps.db);
    for (const source of selectSources(plannedSources(deps.config.feedSync), options.only)) {
      outcomes.push(await syncSource(deps, source, http, options, keepLease));
    }
  } finally {
    await releaseLease(deps.db, FEED_SYNC_LEASE, holder);
  }
  return { locked: false, outcomes };
}

async function syncSource(
  deps: SyncDeps,
  source: PlannedSource,
  http: FeedHttp,
  options: SyncOptions,
  keepLease: () => Promise<void>,
): Promise<SourceOutcome> {
  const { db } = deps;
  const clock = http.clock;
  const state = await sourceState(db, source.name);
  await updateSource(db, source.name, { running: true, lastAttemptAt: clock.now(), progress: null });
  let progressAt = 0;
  let pending: Promise<void> = Promise.resolve();
  const progress = (p: FeedSourceProgress, force = false): void => {
    options.onProgress?.(source.name, p);
    const now = clock.now().getTime();
    if (!force && now - progressAt < PROGRESS_MS) return;
    progressAt = now;
    pending = pending.then(() => updateSource(db, source.name, { progress: p }).catch(() => undefined));
  };
  const importFile = async (file: string): Promise<number> => {
    const result = await importSources(db, [file], async (p) => {
      progress({ phase: 'import', done: p.counts.read, total: null, unit: 'records' });
      await keepLease();
    });
    return result.counts.read;
  };
  const onWait = (note: string): void => progress({ phase: 'waiting', done: 0, total: null, unit: 'bytes', note }, true);
  const dir = syncDir(deps.config.feedsDir, source.name);
  try {
    let records = 0;
    let unchanged = false;
    if (source.kind === 'nvd') {
      records = await syncNvd({
        http,
        url: source.url,
        apiKey: deps.config.feedSync.nvdApiKey,
        pageSize: options.nvdPageSize,
        dir,
        cursor: state.cursor,
        saveCursor: async (cursor: FeedSourceCursor) => {
          await updateSource(db, source.name, { cursor });
          await keepLease();
        },
        importPage: importFile,
        onProgress: (done, total) => progress({ phase: 'download', done, total, unit: 'records' }, true),
        onWait,
      });
      unchanged = records === 0;
    } else {
      const result = await downloadFile(
        http,
        source.url,
        path.join(dir, source.file!),
        { etag: state.etag, lastModified: state.lastModified, sha256: state.sha256, partial: state.cursor.partial },
        source.label,
        {
          onProgress: (done, total) => progress({ phase: 'download', done, total, unit: 'bytes' }),
          onPartial: async (partial) => updateSource(db, source.name, { cursor: { ...state.cursor, partial } }),
          onWait,
        },
      );
      await updateSource(db, source.name, {
        etag: result.etag,
        lastModified: result.lastModified,
        sha256: result.sha256,
        cursor: { ...state.cursor, partial: undefined },
      });
      if (source.kind === 'checks') {
        // Verified and unpacked even when unchanged, so a library removed by hand comes back (a no-op otherwise).
        const before = await currentLibrary(dir);
        const library = await installLibrary({
          http,
          sourceDir: dir,
          archive: result.file,
          url: source.url,
          pinnedSha256: deps.config.feedSync.checksSha256,
          checksumUrl: deps.config.feedSync.checksSha256Url,
          now: clock.now(),
        });
        records = library.templates;
        unchanged = before?.sha256 === library.sha256;
      } else if (result.changed) records = await importFile(result.file);
      else unchanged = true;
    }
    await pending;
    await updateSource(db, source.name, {
      running: false,
      progress: null,
      lastSuccessAt: clock.now(),
      lastError: null,
      lastErrorAt: null,
      records,
      unchanged,
    });
    deps.log?.info({ source: source.name, records, unchanged }, 'feed synced');
    return { source: source.name, ok: true, records, unchanged, error: null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await pending;
    await updateSource(db, source.name, { running: false, progress: null, lastError: message, lastErrorAt: clock.now() });
    deps.log?.warn({ source: source.name, err: message }, 'feed sync failed');
    return { source: source.name, ok: false, records: 0, unchanged: false, error: message };
  }
}
