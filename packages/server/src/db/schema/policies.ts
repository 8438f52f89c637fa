// Policy (OVAL) scans: the OVAL definition files customers imported into their policy library, and what each run of a
// policy found on each host (score and counts) and rule by rule (result, severity, the evidence collected).
import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PolicyCounts, PolicyRuleResult, RuleSeverityName } from '@bulwark/core';
import { assets } from './assets.ts';
import { customers } from './customers.ts';
import { scanRuns } from './scans.ts';
import { users } from './users.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/** An imported OVAL definitions document: a policy of the customer's library (`imported:<id>`), one rule per definition. */
export const policyDocuments = pgTable(
  'policy_documents',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** The definitions it holds, as the library lists them (id, title, severity). */
    rules: jsonb('rules').$type<{ id: string; title: string; severity: RuleSeverityName }[]>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policy_documents_customer_idx').on(t.customerId)],
);

/** One host of one policy run. */
export const policyHostResults = pgTable(
  'policy_host_results',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    runId: integer('run_id')
      .notNull()
      .references(() => scanRuns.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    policy: text('policy').notNull(),
    policyName: text('policy_name').notNull(),
    benchmark: text('benchmark').notNull().default(''),
    score: real('score'),
    counts: jsonb('counts').$type<PolicyCounts>().notNull(),
    credentialHealth: text('credential_health'),
    credentialMessage: text('credential_message'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('policy_host_results_run_idx').on(t.runId, t.address), index('policy_host_results_host_idx').on(t.customerId, t.hostId)],
);

/** One rule on one host of a policy run. */
export const policyRuleResults = pgTable(
  'policy_rule_results',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    runId: integer('run_id')
      .notNull()
      .references(() => scanRuns.id, { onDelete: 'cascade' }),
    hostResultId: integer('host_result_id')
      .notNull()
      .references(() => policyHostResults.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    title: text('title').notNull(),
    severity: text('severity').$type<RuleSeverityName>().notNull(),
    result: text('result').$type<PolicyRuleResult>().notNull(),
    evidence: jsonb('evidence').$type<string[]>().notNull().default([]),
    message: text('message'),
  },
  (t) => [index('policy_rule_results_run_idx').on(t.runId, t.result), index('policy_rule_results_host_idx').on(t.hostResultId, t.result)],
);
