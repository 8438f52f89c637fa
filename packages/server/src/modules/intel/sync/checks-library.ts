// The community check library as a synced source: a release archive (.tar.gz) of the Nuclei template collection,
// checked against the checksum its publisher gives (a pinned SHA-256, or the `.sha256` file published beside it; for a
// release tag with none, the digest first seen is kept and a later, different archive under the same address is
// refused), then unpacked — only the folders the check engine runs (http, network, ssl, dns, helpers) and the
// collection's `.nuclei-ignore` — into a fresh folder that replaces the previous one only once it is whole.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { FeedHttpError, type FeedHttp } from './http.ts';

/** The folder under <feeds dir>/sync/ the library source keeps its archive, its unpacked library and its marker in. */
export const CHECKS_SOURCE = 'checks';
const MARKER = 'current.json';
/** What a library may hold once unpacked: far above the collection's ~50 MB and 10,000 files, far below a disk. */
const MAX_BYTES = 1 << 30;
const MAX_FILES = 100_000;
/** The parts of the collection the check engine can run, and the files beside them it reads. */
const KEPT_FOLDERS = ['http', 'network', 'ssl', 'dns', 'helpers'];
const KEPT_FILES = ['.nuclei-ignore'];

export interface LibraryMarker {
  /** The unpacked library's folder, relative to the source's folder. */
  dir: string;
  url: string;
  sha256: string;
  /** How the checksum was verified. */
  verified: 'pinned' | 'published' | 'first-seen';
  templates: number;
  synced_at: string;
}

export class LibraryError extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The library in use under `sourceDir`, or null when none was ever unpacked. */
export async function currentLibrary(sourceDir: string): Promise<LibraryMarker | null> {
  try {
    return JSON.parse(await readFile(path.join(sourceDir, MARKER), 'utf8')) as LibraryMarker;
  } catch {
    return null;
  }
}

/** The first SHA-256 in a checksum file (`sha256sum` output, or the bare digest). */
function digestIn(text: string): string | null {
  return /\b([a-f0-9]{64})\b/i.exec(text)?.[1]?.toLowerCase() ?? null;
}

/**
 * The digest the archive must have and how it is known: the pinned one, else the one published at `<url>.sha256`
 * (or the operator's checksum address), else — nothing published — the digest kept from the first download of this
 * same address (null the first time: the first download is kept as it is).
 */
async function expectedDigest(
  http: FeedHttp | undefined,
  url: string,
  pinned: string | undefined,
  checksumUrl: string | undefined,
  previous: LibraryMarker | null,
): Promise<{ sha256: string | null; verified: LibraryMarker['verified'] }> {
  if (pinned) return { sha256: pinned.toLowerCase(), verified: 'pinned' };
  if (!http) throw new LibraryError('The community check library archive has no checksum to be verified against.');
  const published = checksumUrl ?? `${url}.sha256`;
  let text: string | null = null;
  try {
    text = await (await http.get(published, { provider: 'The community check library' })).text();
  } catch (err) {
    // Nothing published beside the archive (GitHub's release archives): only then is the first-seen digest enough.
    const status = err instanceof FeedHttpError ? err.status : null;
    if (checksumUrl || status === null || ![403, 404, 410].includes(status))
      throw new LibraryError(`The checksum at ${published} could not be read (${(err as Error).message.replace(/\.$/, '')}).`);
  }
  if (text !== null) {
    const digest = digestIn(text);
    if (!digest) throw new LibraryError(`${published} does not give a SHA-256 checksum.`);
    return { sha256: digest, verified: 'published' };
  }
  return { sha256: previous?.url === url ? previous.sha256 : null, verified: 'first-seen' };
}

/** Whether a path inside the archive is kept: under one of the engine's folders, or one of the root files. */
function kept(relative: string): boolean {
  const parts = relative.split('/').filter(Boolean);
  if (parts.length === 0 || parts.some((p) => p === '..')) return false;
  return KEPT_FOLDERS.includes(parts[0]) || (parts.length === 1 && KEPT_FILES.includes(parts[0]));
}

/** Counts the YAML files of an unpacked library (what the sync reports as its records). */
async function countTemplates(dir: string): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile() && /\.ya?ml$/.test(e.name)) n++;
  return n;
}

/**
 * Verifies `archive` and unpacks it as the library in use. A GitHub release archive has one top folder
 * (nuclei-templates-10.1.1/): it is stripped, so the engine's folders sit at the library's root either way.
 */
export async function installLibrary(options: {
  /** Reads a published checksum (not needed with a pinned one). */
  http?: FeedHttp;
  sourceDir: string;
  archive: string;
  url: string;
  pinnedSha256?: string;
  checksumUrl?: string;
  now: Date;
}): Promise<LibraryMarker> {
  const { sourceDir, archive, url } = options;
  const previous = await currentLibrary(sourceDir);
  const actual = await sha256Of(archive);
  const expected = await expectedDigest(options.http, url, options.pinnedSha256, options.checksumUrl, previous);
  if (expected.sha256 && expected.sha256 !== actual) {
    await rm(archive, { force: true });
    const why =
      expected.verified === 'pinned'
        ? 'the pinned BULWARK_FEED_CHECKS_SHA256'
        : expected.verified === 'published'
          ? 'its published checksum'
          : 'the archive first downloaded from this address (a release archive must not change; pin the new one with BULWARK_FEED_CHECKS_SHA256 if it is expected)';
    throw new LibraryError(
      `The community check library archive (SHA-256 ${actual}) does not match ${why} (${expected.sha256}); it was discarded.`,
    );
  }
  if (previous?.sha256 === actual && (await readdir(path.join(sourceDir, previous.dir)).catch(() => null))) return previous;

  const dir = `library-${actual.slice(0, 12)}`;
  const staging = path.join(sourceDir, `${dir}.part`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  let bytes = 0;
  let files = 0;
  let strip: number | undefined;
  try {
    // Which top folder to strip: the archive's single root, when its entries all sit under one.
    const roots = new Set<string>();
    await tar.t({
      file: archive,
      onReadEntry: (e) => {
        roots.add(e.path.split('/')[0]);
      },
    });
    strip = roots.size === 1 && !KEPT_FOLDERS.includes([...roots][0]) ? 1 : 0;
    await tar.x({
      file: archive,
      cwd: staging,
      strip,
      strict: true,
      // Regular files and folders only (no links, devices), inside the engine's folders, within the size limits.
      filter: (p, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (type !== 'File' && type !== 'Directory') return false;
        const relative = p.split('/').slice(strip).join('/');
        if (!kept(relative)) return false;
        if (type === 'File') {
          files += 1;
          bytes += 'size' in entry ? (entry.size ?? 0) : 0;
          if (files > MAX_FILES || bytes > MAX_BYTES)
            throw new LibraryError(`The community check library archive unpacks to more than ${MAX_FILES} files or ${MAX_BYTES >> 20} MB.`);
        }
        return true;
      },
    });
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    if (err instanceof LibraryError) throw err;
    throw new LibraryError(`The community check library archive could not be unpacked (${(err as Error).message}).`);
  }
  const templates = await countTemplates(staging);
  if (templates === 0) {
    await rm(staging, { recursive: true, force: true });
    throw new LibraryError('The community check library archive holds no templates under http/, network/, ssl/ or dns/.');
  }
  await rm(path.join(sourceDir, dir), { recursive: true, force: true });
  await rename(staging, path.join(sourceDir, dir));
  const marker: LibraryMarker = {
    dir,
    url,
    sha256: actual,
    verified: expected.verified,
    templates,
    synced_at: options.now.toISOString(),
  };
  await writeFile(path.join(sourceDir, `${MARKER}.part`), JSON.stringify(marker, null, 2));
  await rename(path.join(sourceDir, `${MARKER}.part`), path.join(sourceDir, MARKER));
  if (previous && previous.dir !== dir) await rm(path.join(sourceDir, previous.dir), { recursive: true, force: true });
  return marker;
}
