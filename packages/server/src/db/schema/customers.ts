// Customers (tenants): name, logo, subscription tier, licence end date and enabled feature flags.
import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  subscriptionTier: integer('subscription_tier').notNull().default(0),
  licenseEndDate: date('license_end_date', { mode: 'string' }),
  featureFlags: text('feature_flags').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
