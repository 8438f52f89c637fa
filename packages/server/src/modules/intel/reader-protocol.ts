// What the import and its reader threads say to each other.
import type { FeedItem } from '@bulwark/intel';
import type { CveLinesData } from './cve-lines.ts';

/**
 * To a reader: read this file (tasks are read in the order given), or: one more chunk of yours was used, and here are
 * its buffers back (transferred) for the next chunks' COPY text.
 */
export type ToReader = { type: 'read'; task: number; file: string } | { type: 'ack'; buffers?: { cves: ArrayBuffer; keys: ArrayBuffer } };

/**
 * From a reader: the next items of a task's file, in order. A null event is the file's next CVE, which the reader
 * wrote out as COPY text into `cves` (a CVE is never sent as an object: copying it between threads costs about as
 * much as reading it). `bytes`: file bytes read since the last chunk.
 */
export interface ReaderChunk {
  task: number;
  events: (Exclude<FeedItem, { kind: 'cve' }> | null)[];
  cves: CveLinesData | null;
  bytes: number;
  done: boolean;
  /** The reader itself failed (not the feed: a malformed feed gives error items). */
  failure?: string;
}
