// Network scanning: profiles, probes and probe groups, scans, runs and their tasks, errors, and the
// background-job progress that `celery-progress/{id}/` reports. Every row carries its customer (tenant).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { JobState, NetworkProfileSettings, TagSetSelection } from '@bulwark/core';
import { customers } from './customers.ts';
import { users } from './users.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A profile's settings (core's schema): stored on the profile and copied onto each run. */
export type NetworkProfileFields = NetworkProfileSettings;

/**
 * A re-test run's narrowing (tickets' verified fixes): the ticket it checks, the findings it looks at again (the only
 * ones it may close) and the tests it runs instead of the profile's selection.
 */
export interface RetestScope {
  ticketId: number;
  findingIds: number[];
  tests: string[];
}

/** A cloud run's provider (§3 code), the account its scan reached and the regions it reads (issue 32). */
export interface CloudRunFacts {
  provider: number;
  account: string | null;
  accountName?: string | null;
  regions: string[];
}

/** Network scan profiles. Built-in ones have no customer and cannot be changed, only copied. */
export const scanProfiles = pgTable(
  'scan_profiles',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** 'nvt' (vulnerability tests) or 'oval' (policy profiles: `policy` and the Linux credentials in `fields`). */
    type: text('type').$type<'nvt' | 'oval' | 'was' | 'cloud'>().notNull().default('nvt'),
    /** Policy profiles: the id of the scan/ovalpolicies/ policy they evaluate. */
    policy: text('policy'),
    /** Policy profiles: evaluate a benchmark even on a release it was not written for (rules still check their own platforms). */
    ignorePlatform: boolean('ignore_platform').notNull().default(false),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    builtin: boolean('builtin').notNull().default(false),
    fields: jsonb('fields').$type<NetworkProfileFields>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scan_profiles_name_idx').on(sql`coalesce(${t.customerId}, 0)`, t.type, sql`lower(${t.name})`)],
);

export const probeGroups = pgTable(
  'probe_groups',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('probe_groups_name_idx').on(t.customerId, sql`lower(${t.name})`)],
);

/** Remote probes (scan appliances). The built-in probe is not a row: it is the external pseudo-entry, id -1. */
export const probes = pgTable(
  'probes',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    groupId: integer('group_id').references(() => probeGroups.id, { onDelete: 'set null' }),
    /** SHA-256 of the one-time registration token, until it is used or expires. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** SHA-256 of the secret the probe authenticates with after registering. */
    secretHash: text('secret_hash'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    hostname: text('hostname'),
    version: text('version'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('probes_name_idx').on(t.customerId, sql`lower(${t.name})`), index('probes_group_idx').on(t.groupId)],
);

/** A network scan: what to scan, with which profile, on which probe or probe group. */
export const scans = pgTable(
  'scans',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    /** 'nvt' (network scan, scan/nscans/) or 'oval' (policy scan, scan/oscans/). */
    scanType: text('scan_type').$type<'nvt' | 'oval' | 'was' | 'cloud'>().notNull().default('nvt'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => scanProfiles.id, { onDelete: 'restrict' }),
    /** Ids of the assets scanned (hosts, networks, ranges). */
    targetIds: jsonb('target_ids').$type<number[]>().notNull().default([]),
    /** Further targets written on the scan itself. */
    targets: jsonb('targets').$type<string[]>().notNull().default([]),
    exclude: jsonb('exclude').$type<string[]>().notNull().default([]),
    /** Assets chosen by tags, resolved when a run starts (so assets tagged later are scanned). */
    tagSet: jsonb('tag_set').$type<TagSetSelection | null>(),
    /** Null with probeGroupId null: the built-in (external) probe. */
    probeId: integer('probe_id').references(() => probes.id, { onDelete: 'set null' }),
    probeGroupId: integer('probe_group_id').references(() => probeGroups.id, { onDelete: 'set null' }),
    scheduled: boolean('scheduled').notNull().default(false),
    /** Web scans: a discovery scan (scan/wdscans/: crawl only, no tests). */
    isWasDiscovery: boolean('is_was_discovery').notNull().default(false),
    /** Web scans: virtual host names tried on each target's address (the task's scope.vhosts). */
    vhosts: jsonb('vhosts').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  },
  (t) => [index('scans_customer_idx').on(t.customerId, t.scanType, t.createdAt)],
);

/** One start of a scan. `state` sums up its tasks (a task state code), `status` is the §4 display status. */
export const scanRuns = pgTable(
  'scan_runs',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    /** Copied from the scan at start, so editing the scan does not change a run. */
    name: text('name').notNull(),
    scanType: text('scan_type').$type<'nvt' | 'oval' | 'was' | 'cloud'>().notNull().default('nvt'),
    /** Policy runs: the policy evaluated, as the profile named it at start. */
    policy: jsonb('policy').$type<{ id: string; name: string; ignorePlatform?: boolean } | null>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => scanProfiles.id, { onDelete: 'set null' }),
    /** The targets as resolved at start (display and processing), the profile's settings, the ports scanned. */
    targets: jsonb('targets').$type<string[]>().notNull(),
    exclude: jsonb('exclude').$type<string[]>().notNull().default([]),
    profile: jsonb('profile').$type<NetworkProfileFields>().notNull(),
    scannedItems: integer('scanned_items').notNull().default(0),
    probeId: integer('probe_id').references(() => probes.id, { onDelete: 'set null' }),
    probeGroupId: integer('probe_group_id').references(() => probeGroups.id, { onDelete: 'set null' }),
    isExternal: boolean('is_external').notNull().default(true),
    scheduled: boolean('scheduled').notNull().default(false),
    /** Web runs: a discovery run (copied from the scan at start). */
    isWasDiscovery: boolean('is_was_discovery').notNull().default(false),
    /** Web runs: the virtual hosts copied from the scan at start. */
    vhosts: jsonb('vhosts').$type<string[]>().notNull().default([]),
    /** Cloud runs: the provider, the account reached and the regions read, with the last progress. */
    cloud: jsonb('cloud').$type<CloudRunFacts | null>(),
    /** A re-test run (modules/tickets retest.ts): what it narrows the scan to; null for every other run. */
    retest: jsonb('retest').$type<RetestScope | null>(),
    state: smallint('state').notNull().default(-3),
    status: smallint('status').notNull().default(0),
    result: smallint('result'),
    progress: real('progress').notNull().default(0),
    hostsTotal: integer('hosts_total').notNull().default(0),
    hostsUp: integer('hosts_up').notNull().default(0),
    openPorts: integer('open_ports').notNull().default(0),
    cntVulns: integer('cnt_vulns').notNull().default(0),
    /** Findings of this run by severity 0-4. */
    severityCounts: jsonb('severity_counts').$type<number[]>().notNull().default([0, 0, 0, 0, 0]),
    processingJobId: uuid('processing_job_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scan_runs_customer_created_idx').on(t.customerId, t.scanType, t.createdAt),
    index('scan_runs_scan_idx').on(t.scanId),
    index('scan_runs_state_idx').on(t.customerId, t.state),
    index('scan_runs_started_idx').on(t.customerId, t.startedAt),
    index('scan_runs_finished_idx').on(t.customerId, t.finishedAt),
    index('scan_runs_probe_idx').on(t.customerId, t.probeId),
  ],
);

/** The unit of work a probe claims. A split target has a parent task in state -9 (group run) and up to 16 children. */
export const scanTasks = pgTable(
  'scan_tasks',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    runId: integer('run_id')
      .notNull()
      .references(() => scanRuns.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    state: smallint('state').notNull().default(-3),
    targets: jsonb('targets').$type<string[]>().notNull(),
    /** Which probe (or group) may claim it; both null: the built-in probe. */
    probeId: integer('probe_id').references(() => probes.id, { onDelete: 'set null' }),
    probeGroupId: integer('probe_group_id').references(() => probeGroups.id, { onDelete: 'set null' }),
    /** Who holds it now: a probe id, -1 for the built-in probe, null when nobody. */
    claimedBy: integer('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Last word from the probe about this task (events, heartbeat). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Paused by the customer's blackout window (not by a person): resumed when the window ends. */
    pausedByBlackout: boolean('paused_by_blackout').notNull().default(false),
    progress: real('progress').notNull().default(0),
    hostsTotal: integer('hosts_total').notNull().default(0),
    hostsDone: integer('hosts_done').notNull().default(0),
    /** Web tasks: the last progress the probe reported (URLs found, requests sent, phase, sign-in state). */
    webProgress: jsonb('web_progress').$type<{ urlsFound: number; requestsSent: number; phase: string; auth: string } | null>(),
    /** Cloud tasks: the last progress the probe reported (phase, calls, resources, regions done). */
    cloudProgress: jsonb('cloud_progress').$type<{
      phase: string;
      calls: number;
      resources: number;
      regionsDone: number;
      regionsTotal: number;
    } | null>(),
    /**
     * Legacy whole checkpoint (before scan_task_hosts): still read when a task resumes, no longer written. The hosts
     * finished so far are rows of scan_task_hosts.
     */
    checkpoint: jsonb('checkpoint').$type<{ done: unknown[] }>(),
    /** The ScanResult's errors and stats once the probe delivered it; its hosts are rows of scan_task_hosts. */
    result: jsonb('result'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('scan_tasks_run_idx').on(t.runId),
    index('scan_tasks_claim_idx').on(t.state, t.probeId, t.probeGroupId),
    index('scan_tasks_claimed_by_idx').on(t.claimedBy),
  ],
);

/**
 * The hosts a task finished, one row each, added as the probe reports them (a report carries only the hosts finished
 * since the previous one): the task's checkpoint when it resumes, and its result when it is processed. Down hosts
 * are kept (address only) so a resumed task skips them too.
 */
export const scanTaskHosts = pgTable(
  'scan_task_hosts',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => scanTasks.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    alive: boolean('alive').notNull(),
    /** The scanner's HostResult of a live host; null for a down one. */
    host: jsonb('host'),
  },
  // One index: every read is by task and address (processing filters live hosts from it); a second one would cost
  // every report an extra write.
  (t) => [uniqueIndex('scan_task_hosts_task_address_idx').on(t.taskId, t.address)],
);

export const scanErrors = pgTable(
  'scan_errors',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    runId: integer('run_id')
      .notNull()
      .references(() => scanRuns.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => scanTasks.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    message: text('message').notNull(),
    host: text('host'),
    createdAt: createdAt(),
  },
  (t) => [index('scan_errors_run_idx').on(t.runId, t.type)],
);

/** Progress of background work (results processing, imports, reports) for `celery-progress/{id}/`. */
export const jobProgress = pgTable(
  'job_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    kind: text('kind').notNull(),
    state: text('state').$type<JobState>().notNull().default('PENDING'),
    current: integer('current').notNull().default(0),
    total: integer('total').notNull().default(0),
    result: jsonb('result'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_progress_customer_idx').on(t.customerId, t.createdAt)],
);
