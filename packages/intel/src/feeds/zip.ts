// Zip archives (e.g. OSV's all.zip): entries one at a time with yauzl, which reads the central directory, not the whole file.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { ByteStream } from './bytes.ts';

export interface ZipEntry {
  name: string;
  stream: Readable;
}

/** The file entries of a zip on disk, each as a stream; the next entry is opened once the caller moves on. */
export async function* zipEntries(file: string): AsyncGenerator<ZipEntry> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue; // a directory
      const stream = await zip.openReadStreamPromise(entry);
      try {
        yield { name: entry.fileName, stream };
      } finally {
        stream.destroy();
      }
    }
  } finally {
    zip.close();
  }
}

/** Zip needs random access: a zip arriving as a stream is spooled to a temporary file first (disk, not memory). */
export async function* zipEntriesOfStream(source: ByteStream): AsyncGenerator<ZipEntry> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bulwark-feed-'));
  try {
    const file = path.join(dir, 'feed.zip');
    await pipeline(Readable.from(source), createWriteStream(file));
    yield* zipEntries(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
