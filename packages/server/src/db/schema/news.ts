// The news feed (feature-areas §3 News item): announcements for every customer or one, shown from `show_at`, written
// by platform operators or posted by Bulwark itself (deduplicated by `key`), and which user has read which.
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

export const newsItems = pgTable(
  'news_items',
  {
    id: serial('id').primaryKey(),
    /** Null: every customer. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    showAt: timestamp('show_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').$type<'operator' | 'bulwark'>().notNull().default('operator'),
    /** What Bulwark posted it about (`kev:CVE-…`), so it posts it once per customer. */
    key: text('key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_items_show_idx').on(t.showAt), uniqueIndex('news_items_key_idx').on(t.customerId, t.key)],
);

export const newsReads = pgTable(
  'news_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);
