// Downloading one feed file: conditional (If-None-Match / If-Modified-Since, so an unchanged feed costs one 304),
// resumable (a cut-off download continues with Range and If-Range from the bytes already on disk), checked against the
// checksum the source publishes (x-goog-hash or Content-MD5), and written to a .part file renamed only when whole.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FeedSourceCursor } from '../../../db/schema/index.ts';
import { FeedHttpError, type FeedHttp } from './http.ts';

export interface FileState {
  etag: string | null;
  lastModified: string | null;
  sha256: string | null;
  partial?: FeedSourceCursor['partial'];
}

export interface DownloadResult {
  /** False when the source answered 304 or sent the bytes we already had. */
  changed: boolean;
  file: string;
  bytes: number;
  etag: string | null;
  lastModified: string | null;
  sha256: string | null;
}

export interface DownloadHooks {
  onProgress?(done: number, total: number | null): void;
  /** Called when a download breaks off, with what a later sync resumes from. */
  onPartial?(partial: NonNullable<FileState['partial']>): Promise<void>;
  /** Called before waiting to try again (the source answered "later"). */
  onWait?(note: string): void;
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

async function digest(file: string, algorithm: string, encoding: 'hex' | 'base64'): Promise<string> {
  const hash = createHash(algorithm);
  await pipeline(createReadStream(file), hash);
  return hash.digest(encoding);
}

/** The MD5 a source publishes for the whole object: GCS's x-goog-hash (OSV) or Content-MD5; null when none. */
function publishedMd5(res: Response): string | null {
  const goog = res.headers.get('x-goog-hash');
  const fromGoog = goog
    ?.split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith('md5='))
    ?.slice(4);
  return fromGoog ?? res.headers.get('content-md5');
}

export async function downloadFile(
  http: FeedHttp,
  url: string,
  dest: string,
  state: FileState,
  provider: string,
  hooks: DownloadHooks = {},
): Promise<DownloadResult> {
  await mkdir(path.dirname(dest), { recursive: true });
  const part = `${dest}.part`;
  const headers: Record<string, string> = {};
  const partBytes = await sizeOf(part);
  const validator = state.partial?.etag ?? state.partial?.lastModified ?? null;
  const resuming = Boolean(state.partial && partBytes !== null && partBytes > 0 && partBytes === state.partial.bytes && validator);
  if (resuming) {
    headers.range = `bytes=${partBytes}-`;
    headers['if-range'] = validator!;
    // Byte ranges count the stored bytes: no transfer coding between the two halves.
    headers['accept-encoding'] = 'identity';
  } else {
    await rm(part, { force: true });
    if ((await sizeOf(dest)) !== null) {
      if (state.etag) headers['if-none-match'] = state.etag;
      if (state.lastModified) headers['if-modified-since'] = state.lastModified;
    }
  }

  const res = await http.get(url, { headers, provider, onWait: hooks.onWait });
  if (res.status === 304) {
    await res.body?.cancel().catch(() => undefined);
    return {
      changed: false,
      file: dest,
      bytes: (await sizeOf(dest)) ?? 0,
      etag: state.etag,
      lastModified: state.lastModified,
      sha256: state.sha256,
    };
  }
  const etag = res.headers.get('etag');
  const lastModified = res.headers.get('last-modified');
  let offset = 0;
  if (res.status === 206) {
    const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
    if (!range || Number(range[1]) !== partBytes) {
      await res.body?.cancel().catch(() => undefined);
      await rm(part, { force: true });
      throw new FeedHttpError(`${provider} answered a range that does not continue the partial download; it starts again next time.`, 206);
    }
    offset = partBytes!;
  }
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 && !res.headers.get('content-encoding') ? offset + length : null;
  let done = offset;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, next) {
      done += chunk.length;
      hooks.onProgress?.(done, total);
      next(null, chunk);
    },
  });
  try {
    if (!res.body) throw new Error('no body');
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), counter, createWriteStream(part, { flags: offset > 0 ? 'a' : 'w' }));
  } catch (err) {
    const bytes = (await sizeOf(part)) ?? 0;
    await hooks.onPartial?.({ bytes, etag, lastModified });
    throw new FeedHttpError(
      `${provider} broke off the download after ${bytes.toLocaleString('en-US')} bytes (${err instanceof Error ? err.message : String(err)}); the next sync resumes it.`,
      null,
    );
  }
  if (total !== null && done !== total) {
    await hooks.onPartial?.({ bytes: done, etag, lastModified });
    throw new FeedHttpError(`${provider} sent ${done} of ${total} bytes; the next sync resumes the download.`, null);
  }
  const md5 = res.headers.get('content-encoding') ? null : publishedMd5(res);
  if (md5 && (await digest(part, 'md5', 'base64')) !== md5) {
    await rm(part, { force: true });
    throw new FeedHttpError(`${provider}: the downloaded file does not match its published MD5 checksum; it was discarded.`, null);
  }
  const sha256 = await digest(part, 'sha256', 'hex');
  await rename(part, dest);
  return { changed: sha256 !== state.sha256, file: dest, bytes: done, etag, lastModified, sha256 };
}
