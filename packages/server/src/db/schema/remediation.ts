// Remediation (feature-areas §3 Ticket, Rule, Exception): tickets with a subtask per finding, their history (every
// change, comment and sync, who and when), watchers; the rules that open tickets; the exceptions that keep addresses,
// URLs, tests or issues out of scanning and ticketing; and the two-way links of tickets to Jira, ServiceNow and TOPdesk
// with their outbound delivery log and each integration's sync state.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets, teams } from './assets.ts';
import { customers } from './customers.ts';
import { findings } from './inventory.ts';
import { scanRuns } from './scans.ts';
import { users } from './users.ts';
import { issues } from './vulnerabilities.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/**
 * A ticket: type Vulnerability 1 (one issue on its assets) or Asset 2 (an asset's findings), or a legacy ticket
 * (`legacy_type` incident 0 / ticket 1, shown on the legacy screens). Status is core's TICKET_STATUS (Open 0 …
 * In progress 4). `number` is the customer's own sequence (§5 "Ticket number: digits").
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    customerId: customerId(),
    number: integer('number').notNull(),
    type: smallint('type').notNull(),
    /** Legacy tickets only (unified-remediation off): incident 0, ticket 1. */
    legacyType: smallint('legacy_type'),
    grouping: text('grouping').notNull().default('individual'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: smallint('status').notNull().default(0),
    /** 1 low … 4 critical (the highest severity of its findings unless set by hand). */
    priority: smallint('priority').notNull().default(2),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'set null' }),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeTeamId: integer('assignee_team_id').references(() => teams.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** Custom fields of core's CUSTOM_FIELD_TYPES, by field key. */
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The rule that opened it (null: opened by hand). */
    ruleId: integer('rule_id'),
    /** The re-test run started when it was set to Solution applied (null when none is under way). */
    retestRunId: integer('retest_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    /** How many times a fixed finding coming back reopened it (reopened once per fix, never in a loop). */
    reopenCount: integer('reopen_count').notNull().default(0),
    /** Raised on every change; the tracker sync compares it with what it last pushed. */
    version: integer('version').notNull().default(1),
    /** Kept from its findings for the list's range filters and sorting (feature-areas §3 ranges). */
    assetRiskScore: real('asset_risk_score').notNull().default(0),
    issueThreatScore: real('issue_threat_score').notNull().default(0),
    openFindings: integer('open_findings').notNull().default(0),
    /** When the last overdue notice went out (one per overdue spell). */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    /** The due date a reminder went out for (a due date moved later gets its own reminder). */
    dueRemindedFor: date('due_reminded_for', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tickets_uuid_idx').on(t.uuid),
    uniqueIndex('tickets_number_idx').on(t.customerId, t.number),
    index('tickets_customer_status_idx').on(t.customerId, t.status, t.dueDate),
    index('tickets_customer_created_idx').on(t.customerId, t.createdAt),
    index('tickets_issue_idx').on(t.customerId, t.issueId),
    index('tickets_asset_idx').on(t.customerId, t.assetId),
    index('tickets_assignee_idx').on(t.customerId, t.assigneeUserId),
    index('tickets_team_idx').on(t.customerId, t.assigneeTeamId),
    index('tickets_rule_idx').on(t.ruleId),
    index('tickets_risk_idx').on(t.customerId, t.assetRiskScore),
    index('tickets_threat_idx').on(t.customerId, t.issueThreatScore),
    index('tickets_retest_idx')
      .on(t.retestRunId)
      .where(sql`${t.retestRunId} is not null`),
  ],
);

/**
 * A subtask: one finding of a ticket, with its own status (core's TICKET_STATUS). A finding is on at most one open
 * ticket (`open` mirrors whether its ticket is still open, so the partial unique index keeps rules idempotent).
 */
export const ticketSubtasks = pgTable(
  'ticket_subtasks',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    /** Whether its ticket is open (not Fixed, not Will not fix): a finding is on one open ticket at a time. */
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ticket_subtasks_ticket_finding_idx').on(t.ticketId, t.findingId),
    uniqueIndex('ticket_subtasks_open_finding_idx')
      .on(t.findingId)
      .where(sql`${t.open}`),
    // Every ticket a finding was on (the open one and closed ones): what a processed run follows from its findings.
    index('ticket_subtasks_finding_idx').on(t.findingId),
    index('ticket_subtasks_customer_idx').on(t.customerId, t.status),
  ],
);

/**
 * A ticket's history: created, changed (`changes` {field: [before, after]}), comment, status, retest_started,
 * retest_result, reopened, overdue, sync_in (a tracker's change applied: `source` and its `external_id`, unique so a
 * change is applied once), sync_out.
 */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who made it when not a user: 'rule', 'retest', 'scan', 'jira', 'servicenow', 'topdesk'. */
    source: text('source'),
    /** The tracker's change id (Jira changelog id, ServiceNow sys_mod_count, TOPdesk modification date). */
    externalId: text('external_id'),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    comment: text('comment'),
    /** The ticket's version after this event (the tracker sync pushes what came after its last pushed version). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('ticket_events_ticket_idx').on(t.ticketId, t.at),
    uniqueIndex('ticket_events_external_idx')
      .on(t.ticketId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const ticketWatchers = pgTable(
  'ticket_watchers',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

/**
 * A remediation rule (feature-areas §3 Rule, "policies" in the routes): conditions over findings and actions (open a
 * ticket with a grouping, assignee and due date; notify; push to a ticketing integration), evaluated when results are
 * processed and on demand. `position` orders them (the first rule that tickets a finding wins).
 */
export const remediationRules = pgTable(
  'remediation_rules',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull().default({}),
    actions: jsonb('actions').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastEvaluatedAt: timestamp('last_evaluated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('remediation_rules_name_idx').on(t.customerId, t.name),
    index('remediation_rules_customer_idx').on(t.customerId, t.position),
  ],
);

/**
 * An exception (`exclusions/exclusions/`): an address, range (a-b), network (CIDR), host name or URL, optionally with a
 * port, a test or an issue, kept out of scanning and ticketing, with a reason and an optional expiry. `first`/`last`
 * hold the first and last address of an address, range or network as canonical text, compared as `inet` (null for
 * host names and URLs); decision 0013.
 */
export const exclusions = pgTable(
  'exclusions',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    /** address | range | network | hostname | url */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    first: text('first'),
    last: text('last'),
    port: integer('port'),
    testId: text('test_id'),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exclusions_customer_idx').on(t.customerId, t.expiresAt)],
);

/**
 * A ticket's issue in a tracker (jira | servicenow | topdesk): its id, key and address there, the sync state (core's
 * TRACKER_SYNC_STATES: Error, Inactive, In sync, Syncing) with the last error, the ticket version last pushed and the
 * tracker's last change applied here (time and id), so each side's change is applied once and never echoed back.
 */
export const ticketLinks = pgTable(
  'ticket_links',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tracker: text('tracker').notNull(),
    externalId: text('external_id'),
    externalKey: text('external_key'),
    externalUrl: text('external_url'),
    syncState: text('sync_state').notNull().default('syncing'),
    lastError: text('last_error'),
    pushedVersion: integer('pushed_version').notNull().default(0),
    remoteUpdatedAt: timestamp('remote_updated_at', { withTimezone: true }),
    remoteChangeId: text('remote_change_id'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_links_ticket_idx').on(t.ticketId, t.tracker),
    uniqueIndex('ticket_links_external_idx')
      .on(t.customerId, t.tracker, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('ticket_links_state_idx').on(t.customerId, t.tracker, t.syncState),
  ],
);

/** The outbound delivery log to trackers: one row per call (create, update, comment, transition), retried by the job queue. */
export const trackerDeliveries = pgTable(
  'tracker_deliveries',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    tracker: text('tracker').notNull(),
    operation: text('operation').notNull(),
    /** The ticket version the call carries. */
    version: integer('version').notNull().default(0),
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    httpStatus: integer('http_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('tracker_deliveries_customer_idx').on(t.customerId, t.createdAt),
    index('tracker_deliveries_ticket_idx').on(t.ticketId, t.createdAt),
    index('tracker_deliveries_pending_idx')
      .on(t.state)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** Each customer's sync with one tracker: state, last error, and the poll cursor (what changed since). */
export const trackerSyncs = pgTable(
  'tracker_syncs',
  {
    customerId: customerId(),
    tracker: text('tracker').notNull(),
    state: text('state').notNull().default('inactive'),
    lastError: text('last_error'),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    /** The tracker's time of the newest change seen by polling (polls ask for what changed since, with overlap). */
    cursor: timestamp('cursor', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.tracker] })],
);
