// Notification integrations of each customer (feature-areas §3 Integration settings: e-mail, Slack, Teams, webhooks),
// their secrets encrypted at rest, and the delivery log of every message sent through them (retried by the job queue).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const integrationSettings = pgTable(
  'integration_settings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** The plain fields (username, url, channel, host, port …). */
    fields: jsonb('fields').$type<Record<string, string | number | null>>().notNull().default({}),
    /** token, client_secret, api_key: each sealed by the secret box. */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integration_settings_type_idx').on(t.customerId, t.type)],
);

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    target: text('target').notNull(),
    subject: text('subject').notNull(),
    /** What the sender needs: the message (title, lines, link) and, for e-mail, the addresses. */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it was handed to the job queue (null: not yet; the scheduler's minute hands over what is left). */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    lastError: text('last_error'),
    scheduleId: integer('schedule_id'),
    runId: integer('run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_deliveries_customer_idx').on(t.customerId, t.createdAt),
    index('notification_deliveries_pending_idx')
      .on(t.state)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Release requests open in the customer's BeyondTrust Password Safe for a task's vault credentials: checked in when the
 * task ends (by whichever server hears of it), so the vault may rotate the password; the request's own duration ends
 * it if no server does.
 */
export const vaultCheckouts = pgTable(
  'vault_checkouts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    credentialId: integer('credential_id'),
    requestId: integer('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vault_checkouts_task_idx').on(t.taskId)],
);
