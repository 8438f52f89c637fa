// importFeed: reads a feed into a store callback and returns the counts (read, skipped, and what the store reports).
import { type FeedSource, type ReadFeedOptions, readFeed } from './read-feed.ts';
import type { FeedItem, FeedPosition, FeedRecordItem } from './types.ts';

/** What a store did with a record; it decides whether the record is new, changed or already known. */
export type StoreOutcome = 'added' | 'updated' | 'unchanged';

/** A store: takes one record, says what it did (or nothing, when it does not keep track). */
export type FeedStore = (item: FeedRecordItem) => StoreOutcome | void | Promise<StoreOutcome | void>;

export interface ImportSummary {
  /** Records read and handed to the store. */
  read: number;
  /** Malformed records skipped, plus files that could not be read to the end. */
  skipped: number;
  added: number;
  updated: number;
  unchanged: number;
  /** The first `maxErrors` errors, with their positions. */
  errors: { message: string; position: FeedPosition; fatal: boolean }[];
  /** Facts the feed gave about itself (catalog version, totals, EPSS model and date). */
  meta: Extract<FeedItem, { kind: 'meta' }>[];
}

export interface ImportOptions extends ReadFeedOptions {
  /** Called for each error as it happens (logging, progress). */
  onError?: (item: Extract<FeedItem, { kind: 'error' }>) => void;
  /** How many errors the summary keeps (default 100); all are counted. */
  maxErrors?: number;
}

/** Reads a feed into `store`, one record at a time, and counts. */
export async function importFeed(source: FeedSource, store: FeedStore, options: ImportOptions = {}): Promise<ImportSummary> {
  const summary: ImportSummary = { read: 0, skipped: 0, added: 0, updated: 0, unchanged: 0, errors: [], meta: [] };
  const maxErrors = options.maxErrors ?? 100;
  for await (const item of readFeed(source, options)) {
    if (item.kind === 'error') {
      summary.skipped++;
      if (summary.errors.length < maxErrors) summary.errors.push({ message: item.message, position: item.position, fatal: item.fatal });
      options.onError?.(item);
    } else if (item.kind === 'meta') {
      summary.meta.push(item);
    } else {
      summary.read++;
      const outcome = await store(item);
      if (outcome) summary[outcome]++;
    }
  }
  return summary;
}
