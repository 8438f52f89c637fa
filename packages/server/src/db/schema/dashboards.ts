// Dashboards (platform-core §3 Dashboard and widget): each user's dashboards with their widgets placed on the grid by
// slot (100*y + x), and the daily snapshots of each customer's exposure that trends are drawn from.
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** dashboard, team or tag (§3). */
    scope: text('scope').notNull().default('dashboard'),
    teamId: integer('team_id'),
    tagId: integer('tag_id'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboards_user_idx').on(t.userId)],
);

export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull().default(''),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    displayType: smallint('display_type').notNull(),
    slot: integer('slot').notNull(),
    teams: jsonb('teams').$type<number[]>().notNull().default([]),
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
  },
  (t) => [index('widgets_dashboard_idx').on(t.dashboardId, t.slot)],
);

/** One day of a customer's exposure: open findings that count by severity, the average asset risk, found and fixed. */
export const exposureSnapshots = pgTable(
  'exposure_snapshots',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    critical: integer('critical').notNull(),
    high: integer('high').notNull(),
    medium: integer('medium').notNull(),
    low: integer('low').notNull(),
    info: integer('info').notNull(),
    averageRisk: real('average_risk').notNull(),
    detected: integer('detected').notNull(),
    fixed: integer('fixed').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] })],
);
