// The inventory scans fill beside the assets (assets.ts): host assets' ports and services, findings (merged across runs by a stable key) and what
// each run saw (so a run's result page lists its hosts and findings). Every row carries its customer.
import { boolean, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { customers } from './customers.ts';
import { scanRuns } from './scans.ts';
import { users } from './users.ts';
import { issues } from './vulnerabilities.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/** Port protocols: TCP 0, UDP 1 (feature-areas §3). */
export const hostPorts = pgTable(
  'host_ports',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    hostId: integer('host_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    port: integer('port').notNull(),
    protocol: smallint('protocol').notNull(),
    /** Open when the last run covering this port saw it open. */
    open: boolean('open').notNull().default(true),
    service: text('service'),
    product: text('product'),
    version: text('version'),
    cpe: jsonb('cpe').$type<string[]>().notNull().default([]),
    banner: text('banner'),
    tls: boolean('tls').notNull().default(false),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    lastRunId: integer('last_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('host_ports_key_idx').on(t.hostId, t.port, t.protocol), index('host_ports_customer_idx').on(t.customerId, t.port)],
);

/**
 * A vulnerability on a host, merged across runs by `key` (check or CVE, port): state New 0, Active 1, Reopened 2,
 * Closed 3 (feature-areas §3).
 */
export const findings = pgTable(
  'findings',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    hostId: integer('host_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    /** `check:<template id>@<port>/<proto>` or `cve:<CVE id>@<port>/<proto>` (port 0 for host-level findings). */
    key: text('key').notNull(),
    source: text('source').$type<'network' | 'web' | 'cloud'>().notNull().default('network'),
    checkId: text('check_id'),
    cve: text('cve'),
    /** Every CVE the finding refers to (a check may name several). */
    cves: jsonb('cves').$type<string[]>().notNull().default([]),
    port: integer('port'),
    protocol: smallint('protocol'),
    name: text('name').notNull(),
    severity: smallint('severity').notNull(),
    confidence: text('confidence').notNull(),
    state: smallint('state').notNull().default(0),
    cvss: real('cvss'),
    cvssVector: text('cvss_vector'),
    epss: real('epss'),
    epssPercentile: real('epss_percentile'),
    /** Known exploited (CISA KEV) and known used in ransomware campaigns. */
    exploitKnown: boolean('exploit_known').notNull().default(false),
    ransomwareKnown: boolean('ransomware_known').notNull().default(false),
    riskScore: real('risk_score').notNull().default(0),
    evidence: text('evidence'),
    description: text('description'),
    solution: text('solution'),
    /** The weaknesses (CWE ids) and every reference of the test or CVE record (issue 26). */
    cwes: jsonb('cwes').$type<string[]>().notNull().default([]),
    referenceUrls: jsonb('reference_urls').$type<string[]>().notNull().default([]),
    /** How the finding was made: 'check' (a test saw it) or the CPE it was matched through. */
    matchedBy: text('matched_by'),
    /** How the finding was decided (core's DETECTION_METHODS). */
    detection: text('detection'),
    /** Quality of detection, 0-100 (core's QOD_OF_TYPE, Greenbone's QoD types), set when the finding is built. */
    qod: smallint('qod').notNull().default(80),
    /** Package findings (authenticated scans): the source package, the versions installed and fixed, the advisory. */
    package: text('package'),
    installedVersion: text('installed_version'),
    fixedVersion: text('fixed_version'),
    advisory: text('advisory'),
    /** Web findings: their OWASP Top 10 (2021) category (core's OWASP_2021_IDS), for the widget and the reports. */
    owasp: text('owasp'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why a finding closed other than by a scan not seeing it: 'asset_archived' (lifecycle management). */
    closedReason: text('closed_reason'),
    lastRunId: integer('last_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    /** The issue (one weakness across assets) this finding is on one asset. */
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    /** General 2 or potential 1 (§3). */
    kind: smallint('kind').notNull().default(2),
    /** Ignored 1 or disabled 0 (§4); null when it counts. */
    ignoreKind: smallint('ignore_kind'),
    /** False positive 0, Risk accepted 1, Not relevant 2. */
    ignoreReason: smallint('ignore_reason'),
    ignoreComment: text('ignore_comment'),
    /** After this the finding counts again by itself (housekeeping ends the ignore). */
    ignoreExpiresAt: timestamp('ignore_expires_at', { withTimezone: true }),
    ignoredBy: integer('ignored_by').references(() => users.id, { onDelete: 'set null' }),
    ignoredAt: timestamp('ignored_at', { withTimezone: true }),
    /** A risk acceptance waiting for another person's approval (customer setting); it counts until approved. */
    ignorePending: boolean('ignore_pending').notNull().default(false),
    /** The customer ignores the test that made it: it stops counting, like a disabled finding. */
    testIgnored: boolean('test_ignored').notNull().default(false),
  },
  (t) => [
    uniqueIndex('findings_key_idx').on(t.hostId, t.key),
    index('findings_customer_state_idx').on(t.customerId, t.state, t.severity),
    index('findings_cve_idx').on(t.customerId, t.cve),
    index('findings_risk_idx').on(t.customerId, t.riskScore),
    index('findings_issue_idx').on(t.issueId, t.state),
    index('findings_ignored_idx').on(t.customerId, t.ignoreKind, t.ignoreExpiresAt),
    index('findings_source_idx').on(t.customerId, t.source, t.state),
  ],
);

/** What happened to a finding besides the runs that saw it (those are scan_run_findings): ignoring and its end. */
export const findingEvents = pgTable(
  'finding_events',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** ignored | disabled | unignored | expired | approved | archived */
    event: text('event').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: smallint('reason'),
    comment: text('comment'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('finding_events_finding_idx').on(t.findingId, t.at)],
);

/** The hosts a run saw up, with the ports and services it saw then. */
export const scanRunHosts = pgTable(
  'scan_run_hosts',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => scanRuns.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    customerId: customerId(),
    address: text('address').notNull(),
    hostnames: jsonb('hostnames').$type<string[]>().notNull().default([]),
    ports: jsonb('ports').notNull().default([]),
    findingsCount: integer('findings_count').notNull().default(0),
    maxSeverity: smallint('max_severity'),
    /** The authenticated look at the host in this run (null when the profile has no credentials for it). */
    credentialHealth: text('credential_health'),
    credentialMessage: text('credential_message'),
  },
  (t) => [uniqueIndex('scan_run_hosts_key_idx').on(t.runId, t.hostId)],
);

/** The findings a run saw (or closed), with the state each came out of that run in. */
export const scanRunFindings = pgTable(
  'scan_run_findings',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => scanRuns.id, { onDelete: 'cascade' }),
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    customerId: customerId(),
    /** The finding's state after this run: 0 new, 1 active, 2 reopened, 3 closed by this run. */
    state: smallint('state').notNull(),
    severity: smallint('severity').notNull(),
    riskScore: real('risk_score').notNull().default(0),
  },
  (t) => [uniqueIndex('scan_run_findings_key_idx').on(t.runId, t.findingId), index('scan_run_findings_sort_idx').on(t.runId, t.severity)],
);
