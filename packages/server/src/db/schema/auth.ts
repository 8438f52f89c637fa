// Sign-in state: server-side sessions, one-time tokens, the sign-in audit log and rate-limit counters.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a leaked table does not leak usable sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keepLoggedIn: boolean('keep_logged_in').notNull().default(false),
    impersonated: boolean('impersonated').notNull().default(false),
    impersonationSource: text('impersonation_source'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export type OneTimeTokenKind = 'password_reset' | 'welcome' | 'impersonation' | 'sso' | 'sms_otp' | 'recovery_code';

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<OneTimeTokenKind>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever in the link or message sent. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_kind_idx').on(t.userId, t.kind), index('one_time_tokens_expires_idx').on(t.expiresAt)],
);

export const authEvents = pgTable(
  'auth_events',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username'),
    event: text('event').notNull(),
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_events_customer_created_idx').on(t.customerId, t.createdAt), index('auth_events_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server process, so limits hold when scaled out. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
