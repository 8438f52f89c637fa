// Domain asset discovery (feature-areas §3 integration type "domain asset discovery"): each run over the customer's
// domains (its settings are an integration_settings row) and the host names it found, with where each came from and
// the addresses they resolved to, until the user adds the ones they choose as host assets.
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DomainRunNote, DomainSource, DomainWordlist } from '@bulwark/core';
import { customers } from './customers.ts';
import { users } from './users.ts';

export const domainDiscoveryRuns = pgTable(
  'domain_discovery_runs',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** queued, running, finished, failed. */
    state: text('state').notNull().default('queued'),
    /** The job_progress row `celery-progress/{id}/` answers. */
    jobId: uuid('job_id'),
    domains: jsonb('domains').$type<string[]>().notNull(),
    sources: jsonb('sources').$type<DomainSource[]>().notNull(),
    wordlist: text('wordlist').$type<DomainWordlist>().notNull(),
    notes: jsonb('notes').$type<DomainRunNote[]>().notNull().default([]),
    error: text('error'),
    hostsFound: integer('hosts_found').notNull().default(0),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('domain_discovery_runs_customer_idx').on(t.customerId, t.createdAt)],
);

export const domainDiscoveryHosts = pgTable(
  'domain_discovery_hosts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    runId: integer('run_id')
      .notNull()
      .references(() => domainDiscoveryRuns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    addresses: jsonb('addresses').$type<string[]>().notNull().default([]),
    sources: jsonb('sources').$type<DomainSource[]>().notNull(),
  },
  (t) => [uniqueIndex('domain_discovery_hosts_run_name_idx').on(t.runId, t.name)],
);
