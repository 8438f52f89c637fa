// Cloud scanning (issue 32): the resources a cloud scan inventoried, each also an asset of kind `cloud` (its value the
// provider's id), and every control's result per run and resource (policy_results). Failed controls become findings of
// source `cloud` on the resource's asset through the one merge of findings; these rows keep the passes too.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { customers } from './customers.ts';
import { scanRuns } from './scans.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/** A cloud resource: one row per asset of kind `cloud`. */
export const cloudResources = pgTable(
  'cloud_resources',
  {
    assetId: integer('asset_id')
      .primaryKey()
      .references(() => assets.id, { onDelete: 'cascade' }),
    customerId: customerId(),
    /** §3 provider code: AWS 0, Azure 1, Oracle 3, Google 4. */
    provider: smallint('provider').notNull(),
    /** AWS account, Azure subscription, Google project, OCI compartment. */
    account: text('account').notNull(),
    region: text('region'),
    service: text('service').notNull(),
    resourceType: text('resource_type').notNull(),
    name: text('name').notNull(),
    publicAddresses: jsonb('public_addresses').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<Record<string, string>>().notNull().default({}),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    /** Set when a finished scan of its account and region no longer saw it; cleared when seen again. */
    goneSince: timestamp('gone_since', { withTimezone: true }),
    lastRunId: integer('last_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('cloud_resources_type_idx').on(t.customerId, t.provider, t.resourceType),
    index('cloud_resources_account_idx').on(t.customerId, t.account, t.region),
    index('cloud_resources_gone_idx').on(t.customerId, t.goneSince),
    index('cloud_resources_name_idx').on(t.customerId, sql`lower(${t.name})`),
  ],
);

/** One control's result in one run, on one resource (asset null for account-level controls). */
export const cloudControlResults = pgTable(
  'cloud_control_results',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    runId: integer('run_id')
      .notNull()
      .references(() => scanRuns.id, { onDelete: 'cascade' }),
    /** The control id (cloud/controls/{id}/, the `cp` of the finding page). */
    controlId: text('control_id').notNull(),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    /** The provider's id of the resource ('' for the account). */
    resourceUid: text('resource_uid').notNull().default(''),
    /** pass, fail, error, not_applicable. */
    status: text('status').$type<'pass' | 'fail' | 'error' | 'not_applicable'>().notNull(),
    evidence: text('evidence').notNull().default(''),
    message: text('message'),
  },
  (t) => [
    index('cloud_control_results_run_idx').on(t.runId, t.controlId, t.status),
    index('cloud_control_results_asset_idx').on(t.customerId, t.assetId),
    index('cloud_control_results_control_idx').on(t.customerId, t.controlId),
  ],
);
