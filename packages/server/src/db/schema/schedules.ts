// Scan schedules (platform-core §3 Schedule): a network scan (scans row, `scheduled`) started on a calendar in a time
// zone, with its end (date or number of runs), owner, the teams it is shared with and its notification settings; the
// next start is kept worked out (indexed for the scheduler) and moved on when a start is claimed.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';
import { scanRuns, scans } from './scans.ts';

export const scanSchedules = pgTable(
  'scan_schedules',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    /** The scan's name, kept here too so names are unique among a customer's schedules (409). */
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    endDate: date('end_date', { mode: 'string' }),
    repeat: text('repeat').notNull().default('never'),
    interval: integer('interval').notNull().default(1),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    monthlyMode: text('monthly_mode').notNull().default('day_of_month'),
    maxRunCnt: integer('max_run_cnt').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** 1: a probe (node), 2: a probe group (§3 source). */
    source: smallint('source').notNull().default(1),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    sharedAccessTeams: jsonb('shared_access_teams').$type<number[]>().notNull().default([]),
    notificationConfig: jsonb('notification_config').$type<Record<string, unknown>>().notNull().default({}),
    reminderConfig: jsonb('reminder_config').$type<Record<string, unknown>>().notNull().default({}),
    isWasDiscovery: boolean('is_was_discovery').notNull().default(false),
    /** §3 vhosts (JSON): virtual host names a web scan of the schedule sends; kept as given for network schedules. */
    vhosts: jsonb('vhosts').$type<unknown[]>().notNull().default([]),
    runCount: integer('run_count').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** The start a reminder was last sent for (one reminder per start). */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    lastRunId: integer('last_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    /** Why the last start failed (no targets, profile gone …); cleared by the next start. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scan_schedules_scan_idx').on(t.scanId),
    uniqueIndex('scan_schedules_name_idx').on(t.customerId, sql`lower(${t.name})`),
    index('scan_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.isActive}`),
  ],
);
