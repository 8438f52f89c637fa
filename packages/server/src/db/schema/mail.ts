// Outgoing mail log: every message is recorded; without SMTP_URL this outbox is where mail goes.
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    html: text('html'),
    status: text('status').$type<'stored' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient)],
);
