// Vulnerability intelligence storage: NVD CVEs, CISA KEV, FIRST EPSS and OSV advisories, their match indexes, and
// feed imports with their progress. Shared by every customer (public data, no tenant column).
import type { CveDetail, CveMatchData, KevEntry, KeyEntry, OsvRecord } from '@bulwark/intel';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const intelCves = pgTable(
  'intel_cves',
  {
    id: text('id').primaryKey(),
    published: timestamp('published', { withTimezone: true, mode: 'string' }),
    /** NVD's lastModified: a re-import only replaces a record with a newer one. */
    lastModified: timestamp('last_modified', { withTimezone: true, mode: 'string' }),
    severity: smallint('severity'),
    cvssVersion: text('cvss_version'),
    cvssScore: real('cvss_score'),
    /**
     * The normalised record but its configurations (descriptions, every CVSS metric, CWEs, references, KEV dates): what
     * a match and a finding show, read for the CVEs that matched. `json`, not `jsonb`: it is only ever read whole, and
     * storing the text as given costs half of building jsonb on import. Records imported by earlier versions still
     * carry their configurations (and their match data what a match shows), which nothing reads.
     */
    record: json('record').$type<CveDetail>().notNull(),
    /** What matching reads: the configurations (null for a plain CVE, whose entries are on its product keys). */
    match: json('match').$type<CveMatchData>().notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intel_cves_severity_idx').on(t.severity), index('intel_cves_last_modified_idx').on(t.lastModified)],
);

/**
 * (vendor, product) pairs that vulnerable configuration entries name: how a service finds its candidate CVEs. No
 * foreign key: the store writes a CVE's keys in the statement that writes the CVE, CVEs are never deleted, and the
 * per-row check was a quarter of the database's work on an import.
 */
export const intelCveProducts = pgTable(
  'intel_cve_products',
  {
    cveId: text('cve_id').notNull(),
    vendor: text('vendor').notNull(),
    product: text('product').notNull(),
    /** For a plain CVE (a list of vulnerable entries), the entries of this key: matching reads them, not the CVE's match data. */
    entries: json('entries').$type<KeyEntry[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.cveId, t.vendor, t.product] }),
    index('intel_cve_products_product_idx').on(t.product, t.vendor),
    index('intel_cve_products_vendor_idx').on(t.vendor),
  ],
);

export const intelKev = pgTable('intel_kev', {
  cveId: text('cve_id').primaryKey(),
  dateAdded: date('date_added', { mode: 'string' }).notNull(),
  dueDate: date('due_date', { mode: 'string' }),
  ransomware: boolean('ransomware').notNull(),
  record: jsonb('record').$type<KevEntry>().notNull(),
});

export const intelEpss = pgTable('intel_epss', {
  cveId: text('cve_id').primaryKey(),
  score: real('score').notNull(),
  percentile: real('percentile'),
  scoreDate: date('score_date', { mode: 'string' }),
  modelVersion: text('model_version'),
});

export const intelOsv = pgTable('intel_osv', {
  id: text('id').primaryKey(),
  modified: timestamp('modified', { withTimezone: true, mode: 'string' }),
  withdrawn: timestamp('withdrawn', { withTimezone: true, mode: 'string' }),
  record: jsonb('record').$type<OsvRecord>().notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** (ecosystem base, normalised package name) → advisory: how an installed package finds its advisories. */
export const intelOsvPackages = pgTable(
  'intel_osv_packages',
  {
    osvId: text('osv_id')
      .notNull()
      .references(() => intelOsv.id, { onDelete: 'cascade' }),
    ecosystem: text('ecosystem').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.osvId, t.ecosystem, t.name] }), index('intel_osv_packages_name_idx').on(t.ecosystem, t.name)],
);

/** A distribution's verdict on a CVE in one of its source packages in one release (Debian changelogs, trackers). */
export const intelDistroFixes = pgTable(
  'intel_distro_fixes',
  {
    distro: text('distro').notNull(),
    release: text('release').notNull(),
    package: text('package').notNull(),
    cve: text('cve').notNull(),
    status: text('status').$type<'fixed' | 'open' | 'wont-fix' | 'not-affected'>().notNull(),
    fixedVersion: text('fixed_version'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.distro, t.release, t.package, t.cve] })],
);

export type FeedImportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface FeedImportCounts {
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

export const feedImports = pgTable(
  'feed_imports',
  {
    id: serial('id').primaryKey(),
    /** Files or directories on the server, as given. */
    sources: jsonb('sources').$type<string[]>().notNull(),
    status: text('status').$type<FeedImportStatus>().notNull().default('queued'),
    counts: jsonb('counts').$type<FeedImportCounts>().notNull().default({ read: 0, added: 0, updated: 0, unchanged: 0, skipped: 0 }),
    /** Bytes of the sources read so far and in all, for a progress bar. */
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    /** The first malformed records, with their positions. */
    errors: jsonb('errors').$type<{ message: string; position: string }[]>().notNull().default([]),
    formats: jsonb('formats').$type<string[]>().notNull().default([]),
    message: text('message'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('feed_imports_created_idx').on(t.createdAt)],
);

/** Where a feed source's sync stands: what was fetched last (HTTP validators), where an interrupted sync resumes. */
export interface FeedSourceCursor {
  /** NVD: every change up to this instant is imported (the next sync asks from here). */
  syncedUntil?: string;
  /** NVD: the window being paged through and the next page's startIndex, kept after each page is imported. */
  window?: { start: string | null; end: string; startIndex: number };
  /** A file download cut off: bytes already in the partial file and the validator that must still match. */
  partial?: { bytes: number; etag: string | null; lastModified: string | null };
}

export interface FeedSourceProgress {
  /** waiting: the source said "later" (rate limit, 5xx) and the sync waits before trying again. */
  phase: 'download' | 'import' | 'waiting';
  done: number;
  /** null when the size is not known yet. */
  total: number | null;
  unit: 'bytes' | 'records';
  /** What the sync waits for, in words (waiting only). */
  note?: string;
}

/** One feed source of the automatic sync (nvd, kev, epss, osv/<ecosystem>, debian): its state, on every server. */
export const intelFeedSources = pgTable('intel_feed_sources', {
  source: text('source').primaryKey(),
  running: boolean('running').notNull().default(false),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** Records imported by the last successful sync (0 when the source had not changed). */
  records: integer('records').notNull().default(0),
  /** Whether the last successful sync found the source unchanged (304, same checksum). */
  unchanged: boolean('unchanged').notNull().default(false),
  etag: text('etag'),
  lastModified: text('last_modified'),
  sha256: text('sha256'),
  cursor: jsonb('cursor').$type<FeedSourceCursor>().notNull().default({}),
  progress: jsonb('progress').$type<FeedSourceProgress | null>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
