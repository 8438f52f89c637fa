// Continuous monitoring (feature-areas §3 Monitoring profile, Website and mail server monitors): profiles that watch
// assets and tags with an expected port list, the last known state of what each profile watches (with a pending
// change awaiting its second look), the alerts raised once per change, and the watched websites and mail servers with
// their scan logs.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { customers } from './customers.ts';
import { findings } from './inventory.ts';
import { scanRuns } from './scans.ts';
import { users } from './users.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const modified = () => timestamp('modified_at', { withTimezone: true }).notNull().defaultNow();

/** The columns every watched target (website, mail server) has: recipients, schedule state, last state, who and when. */
const monitorColumns = () => ({
  emailRecipients: jsonb('email_recipients').$type<string[]>().notNull().default([]),
  smsRecipients: jsonb('sms_recipients').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  lastRun: timestamp('last_run', { withTimezone: true }),
  nextRun: timestamp('next_run', { withTimezone: true }),
  lastStatus: text('last_status'),
  /** Checks failing at the last run (a check alerts when it joins this list, not while it stays). */
  failing: jsonb('failing').$type<string[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: created(),
  modifiedAt: modified(),
});

/** The columns every scan-log row has. */
const scanLogColumns = () => ({
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  status: text('status').notNull(),
  trigger: text('trigger').notNull().default('schedule'),
  newlyFailing: jsonb('newly_failing').$type<string[]>().notNull().default([]),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
});

/** A monitoring profile: what it watches (assets, tags, minus tags), what is expected (ports), what alerts (triggers). */
export const monitoringProfiles = pgTable(
  'monitoring_profiles',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The expected ports, a normalised comma string ("22,80,443,8000-8080"). */
    ports: text('ports').notNull().default(''),
    /** Network assets and web applications watched (hosts inside a watched network are watched too). */
    assetIds: jsonb('asset_ids').$type<number[]>().notNull().default([]),
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    minusTagIds: jsonb('minus_tag_ids').$type<number[]>().notNull().default([]),
    /** core's MONITORING_TRIGGERS enabled. */
    triggers: jsonb('triggers').$type<string[]>().notNull().default([]),
    minSeverity: smallint('min_severity').notNull().default(3),
    certDays: integer('cert_days').notNull().default(30),
    /** Minutes between the profile's own checks; 0: none (scans only). */
    checkInterval: integer('check_interval').notNull().default(60),
    active: boolean('active').notNull().default(true),
    notifyOwner: boolean('notify_owner').notNull().default(true),
    notifCc: jsonb('notif_cc').$type<string[]>().notNull().default([]),
    notifSmsRecipients: jsonb('notif_sms_recipients').$type<string[]>().notNull().default([]),
    slack: boolean('slack').notNull().default(false),
    teams: boolean('teams').notNull().default(false),
    webhooks: boolean('webhooks').notNull().default(false),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    /** When the profile's own check is next due (null: no own check, or inactive). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: created(),
    modifiedAt: modified(),
  },
  (t) => [index('monitoring_profiles_customer_idx').on(t.customerId, t.name), index('monitoring_profiles_due_idx').on(t.nextCheckAt)],
);

/**
 * The last known state of one subject a profile watches on one asset: `subject` is e.g. `port:tcp/5432`,
 * `service:tcp/22`, `cert:tcp/443`, `tls:tcp/443`, `host`. `value` is the confirmed state (null: not seen yet);
 * `pending` is a different state seen once and awaiting its second look (`pending_count` looks so far).
 */
export const monitoringStates = pgTable(
  'monitoring_states',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => monitoringProfiles.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    value: jsonb('value').$type<Record<string, unknown> | null>(),
    pending: jsonb('pending').$type<Record<string, unknown> | null>(),
    pendingCount: smallint('pending_count').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('monitoring_states_key_idx').on(t.profileId, t.assetId, t.subject),
    index('monitoring_states_asset_idx').on(t.assetId),
  ],
);

/**
 * An alert: one confirmed change (trigger × asset × subject) of one profile, raised once and updated (last seen,
 * count) while it persists; resolved when the change is confirmed undone. At most one open alert per change.
 * Deleting an alert dismisses it (the state keeps the change known, so it is not raised again).
 */
export const monitoringAlerts = pgTable(
  'monitoring_alerts',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => monitoringProfiles.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    subject: text('subject').notNull(),
    title: text('title').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    severity: smallint('severity').notNull(),
    /** core's ALERT_SOURCES. */
    source: text('source').notNull(),
    runId: integer('run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    findingId: integer('finding_id').references(() => findings.id, { onDelete: 'set null' }),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Set once the alert's notifications are queued. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('monitoring_alerts_open_idx')
      .on(t.profileId, t.assetId, t.trigger, t.subject)
      .where(sql`${t.resolvedAt} is null`),
    index('monitoring_alerts_customer_idx').on(t.customerId, t.lastSeen),
    index('monitoring_alerts_profile_idx').on(t.profileId, t.trigger, t.lastSeen),
    index('monitoring_alerts_asset_idx').on(t.assetId),
  ],
);

/** A watched website: its URL and checks, schedule, recipients and the last run's summary. */
export const websiteMonitors = pgTable(
  'website_monitors',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull().default(''),
    url: text('url').notNull(),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    interval: integer('interval').notNull().default(15),
    expectedStatus: smallint('expected_status'),
    timeout: smallint('timeout').notNull().default(15),
    slowMs: integer('slow_ms').notNull().default(3000),
    keywordsRequired: jsonb('keywords_required').$type<string[]>().notNull().default([]),
    keywordsForbidden: jsonb('keywords_forbidden').$type<string[]>().notNull().default([]),
    watchContent: boolean('watch_content').notNull().default(true),
    certDays: integer('cert_days').notNull().default(30),
    ...monitorColumns(),
    lastStatusCode: smallint('last_status_code'),
    lastResponseMs: integer('last_response_ms'),
    certDaysLeft: integer('cert_days_left'),
    /** The last run's normalised content hash, what the next run compares with. */
    contentHash: text('content_hash'),
  },
  (t) => [index('website_monitors_customer_idx').on(t.customerId, t.id), index('website_monitors_due_idx').on(t.nextRun)],
);

export const websiteScanLogs = pgTable(
  'website_scan_logs',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websiteMonitors.id, { onDelete: 'cascade' }),
    ...scanLogColumns(),
    responseMs: integer('response_ms'),
    statusCode: smallint('status_code'),
    certDaysLeft: integer('cert_days_left'),
    contentChanged: boolean('content_changed'),
  },
  (t) => [index('website_scan_logs_website_idx').on(t.websiteId, t.startedAt)],
);

/** A watched mail server: its host asset (the domain derives from it unless given), checks, schedule, recipients. */
export const mailServerMonitors = pgTable(
  'mail_server_monitors',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    domain: text('domain'),
    dkimSelectors: jsonb('dkim_selectors').$type<string[]>().notNull().default([]),
    checkRelay: boolean('check_relay').notNull().default(true),
    interval: integer('interval').notNull().default(1440),
    ...monitorColumns(),
    passed: integer('passed'),
    warnings: integer('warnings'),
    failed: integer('failed'),
  },
  (t) => [index('mail_server_monitors_customer_idx').on(t.customerId, t.id), index('mail_server_monitors_due_idx').on(t.nextRun)],
);

export const mailServerScanLogs = pgTable(
  'mail_server_scan_logs',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    mailServerId: integer('mail_server_id')
      .notNull()
      .references(() => mailServerMonitors.id, { onDelete: 'cascade' }),
    ...scanLogColumns(),
    passed: integer('passed').notNull().default(0),
    warnings: integer('warnings').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [index('mail_server_scan_logs_server_idx').on(t.mailServerId, t.startedAt)],
);
