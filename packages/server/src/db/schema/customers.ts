// Customers (tenants): name, logo, subscription tier, licence end date and asset limit, feature flags, lifecycle settings,
// the blackout window and how many scan tasks may run at once.
import { boolean, date, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { BlackoutWindow } from '@bulwark/core';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  subscriptionTier: integer('subscription_tier').notNull().default(0),
  licenseEndDate: date('license_end_date', { mode: 'string' }),
  featureFlags: text('feature_flags').array().notNull().default([]),
  /** Licensed assets (hosts seen by scans and web applications); null sets no limit. */
  assetLimit: integer('asset_limit'),
  /** Lifecycle management: assets not seen for `lifecyclePeriod` days are archived (§9 retention options). */
  lifecycleManagementEnabled: boolean('lifecycle_management_enabled').notNull().default(false),
  lifecyclePeriod: integer('lifecycle_period').notNull().default(90),
  /** A risk acceptance must be approved by someone other than the person who asked for it. */
  riskAcceptanceApproval: boolean('risk_acceptance_approval').notNull().default(false),
  /** Findings below this quality of detection (0-100) are hidden from lists, dashboards and reports unless asked for. */
  minQod: smallint('min_qod').notNull().default(70),
  /** The blackout window (core's BlackoutWindow); null: never set. */
  blackouts: jsonb('blackouts').$type<BlackoutWindow>(),
  /** Set while the window is on (kept by the scheduler every minute): probes claim none of the customer's tasks. */
  blackoutActive: boolean('blackout_active').notNull().default(false),
  /** Scan tasks the customer may run at once (subscription setting); null: no limit. */
  maxConcurrentTasks: integer('max_concurrent_tasks'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
