// What a feed reader yields: records of the four feeds, header facts, and positioned errors.
import type { EpssScore } from '../records/epss.ts';
import type { KevEntry } from '../records/kev.ts';
import type { CveRecord } from '../records/nvd.ts';
import type { OsvRecord } from '../records/osv.ts';
import type { DistroFix } from '../records/distro-fix.ts';

/** Content formats the sniffer recognises. `nvd` covers single records, API pages and 2.0 year files. */
export type FeedFormat = 'nvd' | 'nvd-1.1' | 'kev' | 'epss-csv' | 'epss-json' | 'osv' | 'debian-changelog' | 'debian-tracker';

export const FEED_FORMATS: readonly FeedFormat[] = [
  'nvd',
  'nvd-1.1',
  'kev',
  'epss-csv',
  'epss-json',
  'osv',
  'debian-changelog',
  'debian-tracker',
];

/** Where an item came from: the file (and archive entry), the record's index in its file, or its line for CSV. */
export interface FeedPosition {
  file: string;
  /** Path inside a zip archive. */
  entry?: string;
  /** The array the record sits in (`vulnerabilities`, `CVE_Items` ...); absent for a top-level record. */
  container?: string;
  /** 0-based index of the record within its file or entry. */
  index?: number;
  /** 1-based line: of a CSV row, or where a JSON syntax error was met. */
  line?: number;
}

export type FeedItem =
  | { kind: 'cve'; record: CveRecord; position: FeedPosition }
  | { kind: 'kev'; record: KevEntry; position: FeedPosition }
  | { kind: 'epss'; record: EpssScore; position: FeedPosition }
  | { kind: 'osv'; record: OsvRecord; position: FeedPosition }
  /** A distribution's verdict on a CVE in its package (Debian changelogs and security tracker). */
  | { kind: 'distro-fix'; record: DistroFix; position: FeedPosition }
  /** Facts about the feed itself (KEV catalogVersion, NVD totalResults, EPSS model version and score date). */
  | { kind: 'meta'; format: FeedFormat; meta: Record<string, string | number | boolean | null>; position: FeedPosition }
  /** A record that was skipped, or (fatal) a file that could not be read any further. */
  | { kind: 'error'; message: string; position: FeedPosition; fatal: boolean };

export type FeedRecordItem = Extract<FeedItem, { kind: 'cve' | 'kev' | 'epss' | 'osv' | 'distro-fix' }>;

/** `feeds/nvd.json.gz vulnerabilities[12]`, `osv.zip!ALSA-2024_4312.json`, `epss.csv line 7`. */
export function formatPosition(p: FeedPosition): string {
  let s = p.entry ? `${p.file}!${p.entry}` : p.file;
  if (p.index !== undefined && p.line === undefined) s += p.container ? ` ${p.container}[${p.index}]` : ` record ${p.index}`;
  if (p.line !== undefined) s += ` line ${p.line}`;
  return s;
}
