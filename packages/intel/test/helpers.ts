// Test helpers: paths of the copied feed fixtures, reading one NVD record, collecting a feed into an array.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CveRecord, type FeedItem, type FeedSource, type ReadFeedOptions, normalizeNvdCve, readFeed } from '../src/index.ts';

/** Absolute path of a fixture under test/fixtures/feeds. */
export const fixture = (relative: string): string => fileURLToPath(new URL(`./fixtures/feeds/${relative}`, import.meta.url));

/** Every item of a feed. */
export async function collect(source: FeedSource, options?: ReadFeedOptions): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for await (const item of readFeed(source, options)) items.push(item);
  return items;
}

/** A fixture NVD record, normalised. */
export function nvdRecord(id: string): CveRecord {
  return normalizeNvdCve(JSON.parse(readFileSync(fixture(`nvd/${id}.json`), 'utf8')));
}
