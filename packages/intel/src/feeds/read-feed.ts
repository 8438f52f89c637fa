// readFeed(path | stream): every record of a feed file, directory or archive as FeedItems, streaming and fault-tolerant.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { normalizeEpssJson } from '../records/epss.ts';
import { normalizeKevEntry } from '../records/kev.ts';
import { normalizeNvdCve } from '../records/nvd.ts';
import { normalizeNvdLegacyItem } from '../records/nvd-legacy.ts';
import { normalizeOsv } from '../records/osv.ts';
import { distroFixesFromChangelog, distroFixesFromTracker } from '../records/distro-fix.ts';
import { type ByteStream, chunksOf, peek } from './bytes.ts';
import { detectCompression, gunzip, unxz } from './compression.ts';
import { SNIFF_BYTES, detectFormat } from './detect.ts';
import { epssCsvItems } from './epss-csv.ts';
import { jsonRecordBatches, MEMBER_RECORDS } from './json-records.ts';
import type { FeedFormat, FeedItem, FeedPosition, FeedRecordItem } from './types.ts';
import { zipEntries, zipEntriesOfStream } from './zip.ts';

/** A path (file or directory), a stream, bytes in memory, or chunks. */
export type FeedSource = string | Readable | Uint8Array | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface ReadFeedOptions {
  /** Name used in positions for a stream source (default `<stream>`). */
  name?: string;
  /** Skip sniffing and read every file as this format. */
  format?: FeedFormat;
}

type JsonFormat = Exclude<FeedFormat, 'epss-csv' | 'debian-changelog' | 'debian-tracker'>;

/** Per JSON format: the container members that hold record arrays, and the record normaliser. */
const JSON_FORMATS: Record<
  JsonFormat,
  { streamKeys: ReadonlySet<string>; read: (v: unknown) => FeedRecordItem['record']; kind: FeedRecordItem['kind'] }
> = {
  // API pages and 2.0 year files use `vulnerabilities`; fkie-cad's release files use `cve_items`.
  nvd: { streamKeys: new Set(['vulnerabilities', 'cve_items']), read: normalizeNvdCve, kind: 'cve' },
  'nvd-1.1': { streamKeys: new Set(['CVE_Items']), read: normalizeNvdLegacyItem, kind: 'cve' },
  kev: { streamKeys: new Set(['vulnerabilities']), read: normalizeKevEntry, kind: 'kev' },
  // The FIRST API answers `{status, ..., data: [...]}`.
  'epss-json': { streamKeys: new Set(['data']), read: normalizeEpssJson, kind: 'epss' },
  // The OSV API answers `{vulns: [...]}`.
  osv: { streamKeys: new Set(['vulns']), read: normalizeOsv, kind: 'osv' },
};

/** A changelog is read whole: Debian's largest are a few MB. */
const MAX_CHANGELOG_BYTES = 32 * 1024 * 1024;

async function* changelogItems(source: ByteStream, at: FeedPosition): AsyncGenerator<FeedItem[]> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > MAX_CHANGELOG_BYTES) {
      yield [{ kind: 'error', message: `a changelog larger than ${MAX_CHANGELOG_BYTES} bytes`, position: at, fatal: true }];
      return;
    }
    parts.push(chunk);
  }
  const fixes = distroFixesFromChangelog(Buffer.concat(parts).toString('utf8'));
  yield fixes.map((record, index): FeedItem => ({ kind: 'distro-fix', record, position: { ...at, index } }));
}

/** The tracker is one object of packages (tens of MB): streamed a package at a time. */
async function* trackerItems(source: ByteStream, at: FeedPosition): AsyncGenerator<FeedItem[]> {
  let index = 0;
  for await (const events of jsonRecordBatches(source, new Set([MEMBER_RECORDS]))) {
    const items: FeedItem[] = [];
    for (const ev of events) {
      if (ev.type === 'error') {
        items.push({ kind: 'error', message: ev.message, position: { ...at, index: ev.index, line: ev.line }, fatal: true });
        yield items;
        return;
      }
      if (ev.type !== 'value') continue;
      const { key, value } = ev.value as { key: string; value: unknown };
      for (const record of distroFixesFromTracker(key, value))
        items.push({ kind: 'distro-fix', record, position: { ...at, index: index++ } });
    }
    if (items.length > 0) yield items;
  }
}

/** Nesting of compression we follow (a .json.gz inside a zip is two). */
const MAX_LAYERS = 3;

async function* jsonItems(format: JsonFormat, source: ByteStream, at: FeedPosition): AsyncGenerator<FeedItem[]> {
  const spec = JSON_FORMATS[format];
  for await (const events of jsonRecordBatches(source, spec.streamKeys)) {
    const items: FeedItem[] = [];
    for (const ev of events) {
      if (ev.type === 'header') {
        items.push({ kind: 'meta', format, meta: ev.header, position: at });
      } else if (ev.type === 'error') {
        items.push({ kind: 'error', message: ev.message, position: { ...at, index: ev.index, line: ev.line }, fatal: true });
      } else {
        const position: FeedPosition = { ...at, index: ev.index };
        if (ev.container) position.container = ev.container;
        try {
          items.push({ kind: spec.kind, record: spec.read(ev.value), position } as FeedRecordItem);
        } catch (e) {
          items.push({ kind: 'error', message: (e as Error).message, position, fatal: false });
        }
      }
    }
    yield items;
  }
}

/** One byte stream: undo compression (by magic bytes), then sniff the content and read it. */
async function* readStream(
  source: ByteStream,
  at: FeedPosition,
  options: ReadFeedOptions,
  diskPath: string | null,
  layer = 0,
): AsyncGenerator<FeedItem[]> {
  try {
    const first = await peek(source, 6);
    const { stream } = first;
    const compression = detectCompression(first.head);
    if (compression && layer >= MAX_LAYERS) {
      await first.close();
      yield [{ kind: 'error', message: `more than ${MAX_LAYERS} layers of compression`, position: at, fatal: true }];
      return;
    }
    if (compression === 'zip') {
      const entries = diskPath !== null ? zipEntries(diskPath) : zipEntriesOfStream(stream);
      if (diskPath !== null) await first.close(); // yauzl reads the file itself
      for await (const entry of entries) {
        yield* readStream(chunksOf(entry.stream), { ...at, entry: entry.name }, options, null, layer + 1);
      }
      return;
    }
    if (compression) {
      yield* readStream(compression === 'gzip' ? gunzip(stream) : unxz(stream), at, options, null, layer + 1);
      return;
    }
    const sniffed = await peek(stream, SNIFF_BYTES);
    const format = options.format ?? detectFormat(sniffed.head);
    if (format === null) {
      await sniffed.close();
      const what = sniffed.head.length === 0 ? 'empty file' : 'unrecognised feed format';
      yield [{ kind: 'error', message: what, position: at, fatal: true }];
      return;
    }
    if (format === 'epss-csv') yield* epssCsvItems(sniffed.stream, at);
    else if (format === 'debian-changelog') yield* changelogItems(sniffed.stream, at);
    else if (format === 'debian-tracker') yield* trackerItems(sniffed.stream, at);
    else yield* jsonItems(format, sniffed.stream, at);
  } catch (e) {
    yield [{ kind: 'error', message: `cannot read: ${(e as Error).message}`, position: at, fatal: true }];
  }
}

async function* toAsync(chunks: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* chunks;
}

/** Regular files under a directory, depth first in name order, hidden ones left out. */
async function* walk(dir: string): AsyncGenerator<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (e.isFile()) yield full;
  }
}

async function* readFile(file: string, options: ReadFeedOptions): AsyncGenerator<FeedItem[]> {
  yield* readStream(chunksOf(createReadStream(file, { highWaterMark: 256 * 1024 })), { file }, options, file);
}

/**
 * Reads a feed: a file (plain, .gz, .xz or .zip, recognised by content, not by name), a directory of such files, a
 * stream, or bytes. Yields records as they are parsed. A malformed record becomes an `error` item with its position
 * and the reading goes on; a file that cannot be read any further gives a `fatal` error and the next file is read.
 */
export async function* readFeed(source: FeedSource, options: ReadFeedOptions = {}): AsyncGenerator<FeedItem> {
  for await (const items of readFeedBatches(source, options)) yield* items;
}

/**
 * readFeed's items in batches, as the bytes read give them (a chunk's records): for a consumer of millions of items,
 * to whom a generator step per item costs as much as a small record.
 */
export async function* readFeedBatches(source: FeedSource, options: ReadFeedOptions = {}): AsyncGenerator<FeedItem[]> {
  if (typeof source === 'string') {
    let info;
    try {
      info = await stat(source);
    } catch (e) {
      yield [{ kind: 'error', message: `cannot read: ${(e as Error).message}`, position: { file: source }, fatal: true }];
      return;
    }
    if (info.isDirectory()) {
      for await (const file of walk(source)) yield* readFile(file, options);
    } else {
      yield* readFile(source, options);
    }
    return;
  }
  const stream: ByteStream =
    source instanceof Readable
      ? chunksOf(source)
      : source instanceof Uint8Array
        ? toAsync([source])
        : Symbol.asyncIterator in source
          ? source
          : toAsync(source);
  yield* readStream(stream, { file: options.name ?? '<stream>' }, options, null);
}
