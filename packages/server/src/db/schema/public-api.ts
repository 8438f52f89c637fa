// The public API (feature-areas §3 "Public API token", §4 "Public API: inactive to active"): each customer's switch,
// and personal API tokens. A token is `bwk_<public id>_<secret>`; only the SHA-256 of the 256-bit secret is kept, the
// public id finds the row and is what the screen shows afterwards.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** One row per customer that ever switched the public API on; no row means inactive. */
export const publicApiSettings = pgTable('public_api_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(false),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
});

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The owner: the token acts as this user, never with more than the user holds at the time of the call. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Random, not secret: finds the row, and is shown as `bwk_<public id>` once the secret is gone. */
    publicId: text('public_id').notNull(),
    /** SHA-256 (hex) of the secret part; compared in constant time. */
    secretHash: text('secret_hash').notNull(),
    /** resource → actions, a subset of the owner's own map when it was made. */
    permissions: jsonb('permissions').$type<Record<string, string[]>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Requests a minute this token may make. */
    rateLimit: integer('rate_limit').notNull().default(600),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_tokens_public_id_idx').on(t.publicId), index('api_tokens_customer_idx').on(t.customerId, t.createdAt)],
);
