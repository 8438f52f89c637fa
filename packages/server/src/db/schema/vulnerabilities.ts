// Unified vulnerabilities (feature-areas §2-§4, ARCHITECTURE inventory model): an issue is one weakness across every
// asset it affects, addressed by its `hid`; findings and their ignore timeline (inventory.ts) point at their issue.
// Beside them: each user's saved filters, and the tests a customer ignores.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers.ts';
import { users } from './users.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/**
 * One weakness of one customer: a CVE matched on services, or a test that saw something (later a web rule, a cloud
 * policy, a phishing result). Its facts are the latest any finding brought; the counts and the risk score are kept by
 * refreshIssues from its open, counted findings.
 */
export const issues = pgTable(
  'issues',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    /** The address of the issue: a CVE id (`CVE-2024-6387`) or `nvt-<test id>` (core's issueHid). */
    hid: text('hid').notNull(),
    source: text('source').$type<'network' | 'web' | 'cloud' | 'pat'>().notNull().default('network'),
    /** General 2 or potential 1 (§3). */
    kind: smallint('kind').notNull().default(2),
    checkId: text('check_id'),
    cve: text('cve'),
    cves: jsonb('cves').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    severity: smallint('severity').notNull(),
    cvss: real('cvss'),
    cvssVector: text('cvss_vector'),
    epss: real('epss'),
    epssPercentile: real('epss_percentile'),
    exploitKnown: boolean('exploit_known').notNull().default(false),
    ransomwareKnown: boolean('ransomware_known').notNull().default(false),
    description: text('description'),
    solution: text('solution'),
    /** The weaknesses (CWE ids) and every reference of the test or CVE record (issue 26). */
    cwes: jsonb('cwes').$type<string[]>().notNull().default([]),
    referenceUrls: jsonb('reference_urls').$type<string[]>().notNull().default([]),
    /** The highest risk score of its open, counted findings (0 when none). */
    riskScore: real('risk_score').notNull().default(0),
    /** Open findings that count (not ignored, not disabled, test not ignored) and the assets they are on. */
    openFindings: integer('open_findings').notNull().default(0),
    openAssets: integer('open_assets').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    /**
     * Ignoring the issue on all its assets: the findings it has are ignored, and one it gets later on another asset
     * starts ignored the same way (until the expiry). Ignored 1 or disabled 0; null: no rule.
     */
    ignoreKind: smallint('ignore_kind'),
    ignoreReason: smallint('ignore_reason'),
    ignoreComment: text('ignore_comment'),
    ignoreExpiresAt: timestamp('ignore_expires_at', { withTimezone: true }),
    ignoredBy: integer('ignored_by').references(() => users.id, { onDelete: 'set null' }),
    ignoredAt: timestamp('ignored_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('issues_hid_idx').on(t.customerId, t.hid),
    index('issues_risk_idx').on(t.customerId, t.riskScore),
    index('issues_cve_idx').on(t.customerId, t.cve),
  ],
);

/** A user's saved filter of the vulnerability list (remediation/vm-filter-collection/): name unique per user, one default. */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The list's query parameters, as the page sends them. */
    filters: jsonb('filters').$type<Record<string, string | string[]>>().notNull().default({}),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_filters_name_idx').on(t.userId, t.name),
    uniqueIndex('saved_filters_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Tests a customer ignores: their findings stay, but stop counting (like disabled ones). */
export const ignoredTests = pgTable(
  'ignored_tests',
  {
    customerId: customerId(),
    /** 'n' network or 'w' web. */
    variant: text('variant').notNull().default('n'),
    testId: text('test_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.variant, t.testId] })],
);
