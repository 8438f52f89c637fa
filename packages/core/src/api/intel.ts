// Schemas of the vulnerability-intelligence calls: feed imports with progress, stored counts, and CVE matching.
import { z } from 'zod';

export const FEED_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const FEED_IMPORT_STATUS_LABELS: Record<(typeof FEED_IMPORT_STATUSES)[number], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** Start an import of feed files that are on the server, inside its feeds directory (paths relative to it). */
export const feedImportRequest = z.object({
  sources: z
    .array(z.string().trim().min(1, 'This field may not be blank.').max(4096))
    .min(1, 'Name at least one file or directory.')
    .max(100, 'At most 100 files or directories at once.'),
});

export const feedImportCounts = z.object({
  read: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});

export const feedImport = z.object({
  id: z.number().int(),
  sources: z.array(z.string()),
  status: z.enum(FEED_IMPORT_STATUSES),
  /** 0-100 from the bytes read; 100 when done. */
  percent: z.number(),
  counts: feedImportCounts,
  bytes_read: z.number(),
  bytes_total: z.number(),
  formats: z.array(z.string()),
  errors: z.array(z.object({ message: z.string(), position: z.string() })),
  message: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type FeedImport = z.infer<typeof feedImport>;

export const FEED_SYNC_STATES = ['never', 'running', 'ok', 'failed'] as const;
export const FEED_SYNC_STATE_LABELS: Record<(typeof FEED_SYNC_STATES)[number], string> = {
  never: 'Not synced yet',
  running: 'Syncing',
  ok: 'Up to date',
  failed: 'Failed',
};

/** One source of the automatic feed sync (nvd, kev, epss, debian, osv/<ecosystem>) and where it stands. */
export const feedSyncSource = z.object({
  source: z.string(),
  label: z.string(),
  state: z.enum(FEED_SYNC_STATES),
  last_attempt_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** Records read by the last successful sync (0 when the source had not changed). */
  records: z.number().int(),
  unchanged: z.boolean(),
  progress: z
    .object({
      /** waiting: the source answered "later" and the sync waits to try again (`note` says why and how long). */
      phase: z.enum(['download', 'import', 'waiting']),
      done: z.number(),
      total: z.number().nullable(),
      unit: z.enum(['bytes', 'records']),
      /** 0-100 when the total is known. */
      percent: z.number().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type FeedSyncSource = z.infer<typeof feedSyncSource>;

export const feedSyncStatus = z.object({
  /** Whether feeds sync by themselves (BULWARK_FEEDS_SYNC). */
  enabled: z.boolean(),
  /** Time of day (HH:MM) and IANA time zone of the daily sync. */
  at: z.string(),
  time_zone: z.string(),
  next_run_at: z.string().nullable(),
  /** A sync holds the installation's lease now. */
  running: z.boolean(),
  sources: z.array(feedSyncSource),
});
export type FeedSyncStatus = z.infer<typeof feedSyncStatus>;

/** Start a sync now: every configured source, or the named ones (nvd, kev, epss, debian, osv or osv/<ecosystem>). */
export const feedSyncRequest = z.object({
  sources: z.array(z.string().trim().min(1, 'This field may not be blank.').max(200)).max(100).optional(),
});

export const feedSyncStarted = z.object({ detail: z.string(), sources: z.array(z.string()) });

export const intelStatus = z.object({
  cves: z.number().int(),
  kev: z.number().int(),
  epss: z.number().int(),
  osv: z.number().int(),
  /** Distribution fixes (Debian tracker and changelogs) by release, package and CVE. */
  distro_fixes: z.number().int(),
  last_import: feedImport.nullable(),
  sync: feedSyncStatus,
});

/** `?cpe=cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*` or `?package=AlmaLinux:9/openssh@8.7p1-38.el9`. */
export const intelMatchQuery = z
  .object({
    cpe: z.string().trim().max(1024).optional(),
    package: z
      .string()
      .trim()
      .max(1024)
      .regex(/^[^/]+\/.+@.+$/, 'Write the package as ECOSYSTEM/NAME@VERSION, e.g. Debian:12/openssh-server@1:9.2p1-2.')
      .optional(),
  })
  .refine((q) => Boolean(q.cpe) !== Boolean(q.package), { message: 'Give either cpe or package.', path: ['cpe'] });

export const vulnerabilityMatch = z.object({
  cve: z.string(),
  cvss: z.object({ version: z.string(), vector: z.string(), score: z.number() }).nullable(),
  severity: z.number().int().min(0).max(4).nullable(),
  epss: z.number().nullable(),
  epss_percentile: z.number().nullable(),
  kev: z.boolean(),
  ransomware: z.boolean(),
  kev_date_added: z.string().nullable(),
  kev_due_date: z.string().nullable(),
  matched_by: z.string(),
  risk_score: z.number(),
  published: z.string().nullable(),
  description: z.string(),
  references: z.array(z.string()),
});

/** A feed whose last successful sync is older than this is stale (docs/intel.md, "Feed health"). */
export const FEED_STALE_HOURS = 48;

/** What is wrong with the feeds: never synced, failed, stale, or a source the customer's inventory needs but has no data of. */
export const FEED_HEALTH_CODES = ['feed-never-synced', 'feed-failed', 'feed-stale', 'feed-missing-for-inventory'] as const;
export type FeedHealthCode = (typeof FEED_HEALTH_CODES)[number];

export const feedHealthProblem = z.object({
  code: z.enum(FEED_HEALTH_CODES),
  severity: z.enum(['warning', 'error']),
  /** The feed source it is about (nvd, kev, epss, debian, osv/<ecosystem>). */
  source: z.string(),
  message: z.string(),
  /** When it happened: the failure, or the last success of a stale feed. */
  at: z.string().nullable(),
});
export type FeedHealthProblem = z.infer<typeof feedHealthProblem>;

/** `GET /api/intel/health/`: the feeds' health as one customer needs it; no problems means all is well. */
export const feedHealth = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  sources: z.array(
    z.object({
      source: z.string(),
      label: z.string(),
      health: z.enum(['never', 'failed', 'stale', 'ok']),
      last_success_at: z.string().nullable(),
      last_error: z.string().nullable(),
      last_error_at: z.string().nullable(),
    }),
  ),
  problems: z.array(feedHealthProblem),
});
export type FeedHealth = z.infer<typeof feedHealth>;
