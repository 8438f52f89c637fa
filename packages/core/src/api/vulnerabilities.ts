// Schemas of the unified vulnerability calls (feature-areas §3, §4, §7): an issue (one weakness across assets, by hid),
// a finding as the lists show it, its timeline, ignoring and un-ignoring, saved filters. Server and web share them.
import { z } from 'zod';
import { IGNORE_KIND, IGNORE_REASON } from '../codes/vulnerabilities.ts';

/** The address of an issue: the CVE id for a CVE matched on services, `nvt-<test id>` for a network test. */
export function issueHid(kind: 'cve' | 'check', id: string): string {
  return kind === 'cve' ? id.toUpperCase() : `nvt-${id}`;
}

/** The page of an issue (`hid/{hid}`, with an optional tab). `cve/{hid}` shows the same page for a CVE id. */
export function issueRoute(hid: string, tab?: string): string {
  return `/vm/unified-vulnerabilities/hid/${encodeURIComponent(hid)}${tab ? `/${tab}` : ''}`;
}

/** The tabs of an issue's page. */
export const ISSUE_TABS = ['overview', 'assets', 'evidence', 'timeline', 'references'] as const;
export type IssueTab = (typeof ISSUE_TABS)[number];

/** What the vulnerability list (one row per finding) orders by. */
export const VULNERABILITY_ORDERING_KEYS = [
  'name',
  'severity',
  'state',
  'risk_score',
  'epss',
  'cvss',
  'asset_name',
  'port',
  'source',
  'confidence',
  'qod',
  'created',
  'last_detected',
  'id',
] as const;
export type VulnerabilityOrdering = (typeof VULNERABILITY_ORDERING_KEYS)[number];
export const DEFAULT_VULNERABILITY_ORDERING = '-risk_score';

/** What the issue list (one row per weakness) orders by. */
export const ISSUE_ORDERING_KEYS = [
  'name',
  'severity',
  'risk_score',
  'epss',
  'cvss',
  'assets',
  'findings',
  'created',
  'last_detected',
] as const;
export type IssueOrdering = (typeof ISSUE_ORDERING_KEYS)[number];
export const DEFAULT_ISSUE_ORDERING = '-risk_score';

/** Ignore values of the list filter (§3) and what the page's state filter (§4) sends. */
export const VULNERABILITY_LIST_DEFAULTS = { ignored: 'not_ignored_disabled', finding_state: ['0', '1', '2'] } as const;

const iso = z.string();
const userRef = z.object({ id: z.number().int(), email: z.string() }).nullable();

export const ignoreState = z.object({
  /** Ignored 1 or disabled 0. */
  kind: z.number().int(),
  reason: z.number().int().nullable(),
  reason_label: z.string().nullable(),
  comment: z.string(),
  expires_at: iso.nullable(),
  /** Expires within the warning period (IGNORE_EXPIRY_WARNING_DAYS). */
  is_expiring: z.boolean(),
  at: iso.nullable(),
  by: userRef,
  /** A risk acceptance waiting for someone else's approval: it still counts. */
  pending: z.boolean(),
});
export type IgnoreState = z.infer<typeof ignoreState>;

/** Days before an ignore ends by itself that the lists warn about it. */
export const IGNORE_EXPIRY_WARNING_DAYS = 7;

export const vulnerability = z.object({
  id: z.number().int(),
  hid: z.string(),
  name: z.string(),
  source: z.string(),
  kind: z.number().int(),
  kind_label: z.string(),
  confidence: z.string(),
  confidence_label: z.string(),
  severity: z.number().int(),
  severity_label: z.string(),
  state: z.number().int(),
  state_label: z.string(),
  cvss: z.number().nullable(),
  /** 0-1 on the wire (§3). */
  epss: z.number().nullable(),
  exploit_known: z.boolean(),
  ransomware_known: z.boolean(),
  risk_score: z.number(),
  asset: z.object({ id: z.number().int(), asset_name: z.string(), asset_type: z.number().int(), criticality: z.number().int() }),
  port: z.number().int().nullable(),
  protocol: z.enum(['tcp', 'udp']).nullable(),
  service: z.string().nullable(),
  check_id: z.string().nullable(),
  cve: z.string().nullable(),
  cves: z.array(z.string()),
  created: iso,
  last_detected: iso,
  closed_at: iso.nullable(),
  ignored: ignoreState.nullable(),
  /** The customer ignores the test that made it. */
  test_ignored: z.boolean(),
  /** Quality of detection 0-100 (codes/qod.ts) and its level: "80 % (Middling)" (empty when an answer lacks it). */
  qod: z.number().int().default(0),
  qod_label: z.string().default(''),
});
export type Vulnerability = z.infer<typeof vulnerability>;

export const timelineEvent = z.object({
  at: iso,
  /** detected | seen | reopened | closed | ignored | disabled | unignored | expired | approved | archived */
  event: z.string(),
  label: z.string(),
  run: z.object({ id: z.number().int(), scan_id: z.number().int(), scan_name: z.string() }).nullable(),
  user: userRef,
  reason_label: z.string().nullable(),
  comment: z.string().nullable(),
  expires_at: iso.nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const vulnerabilityDetail = vulnerability.extend({
  cvss_vector: z.string().nullable(),
  epss_percentile: z.number().nullable(),
  evidence: z.string().nullable(),
  description: z.string().nullable(),
  solution: z.string().nullable(),
  /** The test's or CVE record's weaknesses (CWE ids) and every reference URL. */
  cwes: z.array(z.string()).default([]),
  references: z.array(z.string()).default([]),
  detection: z.string().nullable(),
  detection_label: z.string().nullable(),
  matched_by: z.string().nullable(),
  timeline: z.array(timelineEvent),
});
export type VulnerabilityDetail = z.infer<typeof vulnerabilityDetail>;

export const issue = z.object({
  hid: z.string(),
  name: z.string(),
  source: z.string(),
  kind: z.number().int(),
  kind_label: z.string(),
  severity: z.number().int(),
  severity_label: z.string(),
  cvss: z.number().nullable(),
  epss: z.number().nullable(),
  exploit_known: z.boolean(),
  ransomware_known: z.boolean(),
  risk_score: z.number(),
  check_id: z.string().nullable(),
  cve: z.string().nullable(),
  cves: z.array(z.string()),
  /** Assets and findings the list's filter matched for this issue. */
  assets: z.number().int(),
  findings: z.number().int(),
  created: iso,
  last_detected: iso,
  /** The best quality of detection among the findings counted (0 when none). */
  qod: z.number().int().default(0),
  qod_label: z.string().default(''),
});
export type Issue = z.infer<typeof issue>;

export const issueReference = z.object({ label: z.string(), url: z.string() });
export const issueDetails = issue.extend({
  cvss_vector: z.string().nullable(),
  epss_percentile: z.number().nullable(),
  description: z.string().nullable(),
  solution: z.string().nullable(),
  /** The test's or CVE record's weaknesses (CWE ids). */
  cwes: z.array(z.string()).default([]),
  /** NVD and KEV pages, then every reference of the test or the CVE record. */
  references: z.array(issueReference),
  /** Across every asset (not only the open ones): counts by state, and how many are ignored or disabled. */
  counts: z.object({ open: z.number().int(), closed: z.number().int(), ignored: z.number().int(), assets: z.number().int() }),
  test_ignored: z.boolean(),
  /** Ignored on all its assets: findings it gets later start ignored the same way, until the expiry. */
  ignore_rule: z
    .object({
      kind: z.number().int(),
      reason: z.number().int().nullable(),
      reason_label: z.string().nullable(),
      comment: z.string(),
      expires_at: iso.nullable(),
      at: iso.nullable(),
      by: userRef,
    })
    .nullable(),
});
export type IssueDetails = z.infer<typeof issueDetails>;

export const relatedIssue = z.object({
  hid: z.string(),
  name: z.string(),
  severity: z.number().int(),
  risk_score: z.number(),
  /** Assets this issue shares with the one asked about. */
  shared_assets: z.number().int(),
});
export const commonAppVersion = z.object({
  product: z.string(),
  version: z.string().nullable(),
  service: z.string().nullable(),
  assets: z.number().int(),
});

const reasonValues = Object.values(IGNORE_REASON) as number[];
const kindValues = Object.values(IGNORE_KIND) as number[];

/** What ignoring asks for: the kind, the reason, a comment and an optional expiry, and which findings. */
export const ignoreInput = z
  .object({
    ignore_kind: z
      .number({ error: 'Choose ignored (1) or disabled (0).' })
      .int()
      .refine((v) => kindValues.includes(v), 'Choose ignored (1) or disabled (0).')
      .default(IGNORE_KIND.ignored),
    reason: z
      .number({ error: 'Choose a reason: false positive, risk accepted or not relevant.' })
      .int()
      .refine((v) => reasonValues.includes(v), 'Choose a reason: false positive, risk accepted or not relevant.'),
    comment: z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default(''),
    /** After this moment the findings count again by themselves; null: until someone un-ignores them. */
    expires_at: z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), 'Enter a valid date or date and time.')
      .nullable()
      .default(null),
    /** Findings by id … */
    ids: z.array(z.number().int().positive()).max(10_000, 'Choose at most 10000 findings, or ignore by filter.').optional(),
    /** … or an issue on all its assets … */
    hid: z.string().trim().min(1).max(200).optional(),
    /** … or every finding the list's filter matches (the list's query parameters). */
    filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  })
  .refine((v) => [v.ids, v.hid, v.filter].filter((x) => x !== undefined).length === 1, {
    message: 'Say which findings: ids, hid or filter (one of them).',
    path: ['ids'],
  });
export type IgnoreInput = z.input<typeof ignoreInput>;

export const ignoreResult = z.object({ ignored: z.number().int(), pending: z.number().int() });

/** What un-ignoring asks for: findings by id, or an issue on all its assets (its rule for later findings ends too). */
export const unignoreInput = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .min(1, 'Choose at least one finding.')
      .max(10_000, 'Choose at most 10000 findings.')
      .optional(),
    hid: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.hid === undefined), {
    message: 'Say which findings: ids or hid (one of them).',
    path: ['ids'],
  });

/** The customer's exposure at a glance (within the caller's scope). */
export const vulnerabilitySummary = z.object({
  /** Mean risk score of the assets scans have seen (not archived); 0-100. */
  average_risk_score: z.number(),
  assets_scored: z.number().int(),
  /** Findings that count, open, and the issues and assets they are on. */
  open_findings: z.number().int(),
  open_issues: z.number().int(),
  affected_assets: z.number().int(),
  /** Open findings that count, by severity 0-4. */
  by_severity: z.array(z.number().int()).length(5),
  exploit_known: z.number().int(),
  ransomware_known: z.number().int(),
  /** The customer's minimum quality of detection and the open findings that count it left out. */
  qod: z.object({ min: z.number().int(), hidden: z.number().int() }).optional(),
});
export type VulnerabilitySummary = z.infer<typeof vulnerabilitySummary>;

export const ignoredDetails = z.object({
  total: z.number().int(),
  ignored: z.number().int(),
  disabled: z.number().int(),
  pending: z.number().int(),
  expiring: z.number().int(),
  by_reason: z.array(z.object({ reason: z.number().int(), label: z.string(), count: z.number().int() })),
});

export const savedFilterInput = z.object({
  name: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(100, 'Ensure this field has no more than 100 characters.'),
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
});
export type SavedFilterInput = z.input<typeof savedFilterInput>;

export const savedFilter = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  is_default: z.boolean(),
  created: iso,
  updated: iso,
});
export type SavedFilter = z.infer<typeof savedFilter>;

/** The message of a 409 on a saved filter's name (§5, §8). */
export const SAVED_FILTER_NAME_TAKEN = 'Saved filter with that name already exists';

/** What a finding or issue list adds about quality of detection: the minimum in force, and how many it hid below it. */
export const qodHidden = z.object({ min: z.number().int(), hidden: z.number().int() });
export type QodHidden = z.infer<typeof qodHidden>;
