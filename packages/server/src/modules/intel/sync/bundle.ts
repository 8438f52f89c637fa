// Offline bundles for installations without internet: `bulwark feeds bundle` packs what the sync keeps under
// <feeds dir>/sync/ (the NVD pages, the KEV, EPSS, OSV and Debian files) with a manifest of checksums and each source's
// sync point into one .tar.gz; importing it on the other side checks every checksum first, then imports all of it
// under the sync lease and records each source as synced from the bundle, so a later online sync continues from there.
import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { acquireLease, currentLease, releaseLease } from '../../../jobs/leases.ts';
import { addImportProgress, emptyImportProgress, importSources, type ImportProgress } from '../import.ts';
import { systemClock, type SyncClock } from './http.ts';
import { sourceState, sourceStates, updateSource } from './state.ts';
import { FEED_SYNC_LEASE, syncDir } from './sync.ts';
import { CHECKS_SOURCE, currentLibrary, installLibrary } from './checks-library.ts';

/** Unpacks a bundled library archive, checked against the digest its marker recorded when it was synced. */
async function installBundledLibrary(dir: string, now: Date): Promise<void> {
  const marker = await currentLibrary(dir);
  if (!marker) throw new BundleError('The bundle holds a community check library without its marker (current.json).');
  await rm(path.join(dir, 'current.json'), { force: true });
  await installLibrary({ sourceDir: dir, archive: path.join(dir, 'library.tar.gz'), url: marker.url, pinnedSha256: marker.sha256, now });
}

export const BUNDLE_MANIFEST = 'bulwark-feeds.json';
const FORMAT = 'bulwark-feeds-bundle';

export interface BundleManifest {
  format: typeof FORMAT;
  version: 1;
  created_at: string;
  sources: {
    source: string;
    last_success_at: string | null;
    synced_until: string | null;
    etag: string | null;
    last_modified: string | null;
    files: { path: string; bytes: number; sha256: string }[];
  }[];
}

export class BundleError extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(full)));
    else if (e.isFile() && !e.name.endsWith('.part')) out.push(full);
  }
  return out;
}

/** Writes the bundle of every source synced so far; returns its manifest. */
export async function createBundle(
  db: Db,
  config: Pick<Config, 'feedsDir'>,
  out: string,
  clock: SyncClock = systemClock,
): Promise<BundleManifest> {
  const root = path.join(config.feedsDir, 'sync');
  const manifest: BundleManifest = { format: FORMAT, version: 1, created_at: clock.now().toISOString(), sources: [] };
  for (const row of (await sourceStates(db)).sort((a, b) => a.source.localeCompare(b.source))) {
    if (!row.lastSuccessAt) continue;
    const files = [];
    for (const file of await filesUnder(syncDir(config.feedsDir, row.source))) {
      // The community check library travels as its verified archive and marker; the other side unpacks it again.
      if (row.source === CHECKS_SOURCE && !['library.tar.gz', 'current.json'].includes(path.basename(file))) continue;
      files.push({
        path: path.relative(root, file).split(path.sep).join('/'),
        bytes: (await stat(file)).size,
        sha256: await sha256Of(file),
      });
    }
    if (files.length === 0) continue;
    manifest.sources.push({
      source: row.source,
      last_success_at: row.lastSuccessAt.toISOString(),
      synced_until: row.cursor.syncedUntil ?? null,
      etag: row.etag,
      last_modified: row.lastModified,
      files,
    });
  }
  if (manifest.sources.length === 0)
    throw new BundleError('Nothing to bundle: no feed has been synced on this installation yet (run `bulwark feeds sync`).');
  const staging = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bundle-'));
  try {
    await writeFile(path.join(staging, BUNDLE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // The kept files go in as they are, through a link to the sync directory (no copy of gigabytes of NVD pages).
    await symlink(root, path.join(staging, 'sync'), 'dir');
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await tar.c({ gzip: true, file: path.resolve(out), portable: true, follow: true, cwd: staging }, [
      BUNDLE_MANIFEST,
      ...manifest.sources.flatMap((s) => s.files.map((f) => `sync/${f.path}`)),
    ]);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return manifest;
}

/** Whether a path names a bundle (by its name: .tar.gz, .tgz or .tar). */
export function looksLikeBundle(file: string): boolean {
  return /\.(tar\.gz|tgz|tar)$/i.test(file);
}

export interface BundleImport {
  manifest: BundleManifest;
  progress: ImportProgress;
}

/** Checks and imports a bundle; a damaged bundle (a checksum off, a file missing) changes nothing. */
export async function importBundle(
  db: Db,
  config: Pick<Config, 'feedsDir'>,
  file: string,
  options: { clock?: SyncClock; holder?: string; onProgress?: (p: ImportProgress) => void } = {},
): Promise<BundleImport> {
  const clock = options.clock ?? systemClock;
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:bundle`;
  const work = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bundle-'));
  try {
    try {
      await tar.x({ file, cwd: work, strict: true });
    } catch (err) {
      throw new BundleError(`${path.basename(file)} is not a readable feed bundle (${err instanceof Error ? err.message : String(err)}).`);
    }
    let manifest: BundleManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(work, BUNDLE_MANIFEST), 'utf8')) as BundleManifest;
    } catch {
      throw new BundleError(`${path.basename(file)} has no ${BUNDLE_MANIFEST}: it is not a Bulwark feed bundle.`);
    }
    if (manifest.format !== FORMAT || manifest.version !== 1)
      throw new BundleError(`${path.basename(file)} is not a Bulwark feed bundle of a version this server reads.`);
    const filesOf = new Map<string, string[]>();
    for (const s of manifest.sources) {
      const files: string[] = [];
      filesOf.set(s.source, files);
      for (const f of s.files) {
        const full = path.resolve(work, 'sync', f.path);
        if (!full.startsWith(path.join(work, 'sync') + path.sep)) throw new BundleError(`The bundle names a file outside it (${f.path}).`);
        let actual: string;
        try {
          actual = await sha256Of(full);
        } catch {
          throw new BundleError(`The bundle is damaged: ${f.path} is missing.`);
        }
        if (actual !== f.sha256)
          throw new BundleError(`The bundle is damaged: ${f.path} does not match its checksum. Nothing was imported.`);
        files.push(full);
      }
    }
    const lease = await acquireLease(db, FEED_SYNC_LEASE, holder, 6 * 3600_000, clock.now());
    if (!lease) {
      const held = await currentLease(db, FEED_SYNC_LEASE, clock.now());
      throw new BundleError(`A feed sync is running (${held?.holder ?? 'another server'}); import the bundle when it has finished.`);
    }
    try {
      const progress = emptyImportProgress();
      for (const s of manifest.sources) {
        const library = s.source === CHECKS_SOURCE;
        const done = library ? emptyImportProgress() : await importSources(db, filesOf.get(s.source) ?? [], (p) => options.onProgress?.(p));
        addImportProgress(progress, done);
        const state = await sourceState(db, s.source);
        const dest = syncDir(config.feedsDir, s.source);
        await rm(dest, { recursive: true, force: true });
        await mkdir(path.dirname(dest), { recursive: true });
        await cp(path.join(work, 'sync', ...s.source.split('/')), dest, { recursive: true });
        if (library) await installBundledLibrary(dest, clock.now());
        const single =
          s.files.length === 1 && s.source !== 'nvd'
            ? s.files[0]!.sha256
            : library
              ? (s.files.find((f) => f.path.endsWith('/library.tar.gz'))?.sha256 ?? null)
              : null;
        await updateSource(db, s.source, {
          running: false,
          progress: null,
          lastAttemptAt: clock.now(),
          lastSuccessAt: clock.now(),
          lastError: null,
          lastErrorAt: null,
          records: done.counts.read,
          unchanged: false,
          etag: s.etag,
          lastModified: s.last_modified,
          sha256: single,
          cursor: s.synced_until
            ? { syncedUntil: s.synced_until }
            : state.cursor.syncedUntil
              ? { syncedUntil: state.cursor.syncedUntil }
              : {},
        });
      }
      return { manifest, progress };
    } finally {
      await releaseLease(db, FEED_SYNC_LEASE, holder);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
