// Reports and exports (feature-areas §3 Reports, Export): templates of sections, report runs with their prepared data,
// report schedules, background exports, and the files both make, kept in the database in chunks so that every server
// of a scaled-out installation can hand them out.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const reportTemplates = pgTable(
  'report_templates',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    logo: text('logo'),
    sections: jsonb('sections').$type<string[]>().notNull(),
    topN: smallint('top_n').notNull().default(10),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_templates_name_idx').on(t.customerId, sql`lower(${t.name})`)],
);

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    templateId: integer('template_id').references(() => reportTemplates.id, { onDelete: 'set null' }),
    format: text('format').notNull(),
    scopeKind: text('scope_kind').notNull(),
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
    frequency: text('frequency').notNull(),
    time: text('time').notNull(),
    weekday: smallint('weekday').notNull().default(1),
    dayOfMonth: smallint('day_of_month').notNull().default(1),
    timeZone: text('time_zone').notNull().default('UTC'),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastReportId: integer('last_report_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_schedules_name_idx').on(t.customerId, sql`lower(${t.name})`),
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.isActive}`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    templateId: integer('template_id').references(() => reportTemplates.id, { onDelete: 'set null' }),
    format: text('format').notNull(),
    scopeKind: text('scope_kind').notNull(),
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('pending'),
    /** The background job's progress row (`celery-progress/{id}/`). */
    jobId: uuid('job_id'),
    error: text('error'),
    /** The prepared figures (api/reports.ts reportData), kept so the web view and every file agree. */
    data: jsonb('data'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    scheduleId: integer('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('reports_customer_idx').on(t.customerId, t.createdAt), index('reports_expires_idx').on(t.expiresAt)],
);

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    filters: jsonb('filters').$type<Record<string, string | string[]>>().notNull(),
    state: text('state').notNull().default('pending'),
    jobId: uuid('job_id'),
    error: text('error'),
    rows: integer('rows'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('export_jobs_user_idx').on(t.userId, t.type, t.createdAt), index('export_jobs_expires_idx').on(t.expiresAt)],
);

/** A made file in chunks of at most 1 MiB, in order; deleting its report or export deletes them. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    exportId: integer('export_id').references(() => exportJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    uniqueIndex('file_chunks_report_idx')
      .on(t.reportId, t.seq)
      .where(sql`${t.reportId} is not null`),
    uniqueIndex('file_chunks_export_idx')
      .on(t.exportId, t.seq)
      .where(sql`${t.exportId} is not null`),
  ],
);
