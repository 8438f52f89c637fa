// The change audit log: every create, update, delete and action through the API, who did it (and who impersonated
// them), on what, and a summary of the change with secrets masked. Sign-ins have their own log (auth_events).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    /** Null for platform operations that belong to no customer. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the user is deleted, so the log still says who. */
    actor: text('actor').notNull(),
    impersonated: boolean('impersonated').notNull().default(false),
    impersonationSource: text('impersonation_source'),
    /** The route's declared access: a resource (net_scans …) or superuser / operator / signed-in. */
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    objectId: text('object_id'),
    status: smallint('status').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_customer_created_idx').on(t.customerId, sql`${t.createdAt} DESC`),
    index('audit_events_customer_resource_idx').on(t.customerId, t.resource),
    index('audit_events_user_idx').on(t.userId),
  ],
);
