// Named leases: a lock that works across every server of an installation (PGlite or PostgreSQL) and expires by itself.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Named leases: one holder at a time across every server of an installation (the feed sync), until it expires. */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
