// Schemas of the report, report schedule, digest and export calls (feature-areas §3 Reports and Export, §7 Reports and
// Exports): templates made of sections, report runs and their prepared data (what web, CSV, PDF and HTML all show),
// schedules, the digest kept in the user profile, and background exports. Server and web share them.
import { z } from 'zod';
import {
  DIGEST_FREQUENCIES,
  EXPORT_TYPES,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_RUN_STATES,
  REPORT_SCOPE_KINDS,
  REPORT_SECTIONS,
} from '../codes/reports.ts';
import { trendPoint } from './dashboards.ts';
import { timeOfDay, timeZoneName } from './fields.ts';

const tooLong = (n: number) => `Ensure this field has no more than ${n} characters.`;
const required = 'This field is required.';
const name = z.string({ error: required }).trim().min(1, 'This field may not be blank.').max(100, tooLong(100));

/** A template's logo: a PNG or JPEG data URL of at most 200 KB, drawn on the cover of PDF and HTML reports. */
export const REPORT_LOGO_MAX_BYTES = 200 * 1024;
const logo = z
  .string()
  .trim()
  .max(Math.ceil((REPORT_LOGO_MAX_BYTES * 4) / 3) + 40, 'The logo may be at most 200 KB.')
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'Upload a PNG or JPEG image.')
  .nullable();

export const reportTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  /** How many rows the top-N sections (top issues, most exposed assets, KEV) list. */
  top_n: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportTemplate = z.infer<typeof reportTemplate>;

export const reportTemplateInput = z
  .object({
    name,
    title: z.string().trim().max(200, tooLong(200)).default(''),
    description: z.string().trim().max(2000, tooLong(2000)).default(''),
    logo: logo.default(null),
    sections: z
      .array(z.enum(REPORT_SECTIONS, { error: `Choose from: ${REPORT_SECTIONS.join(', ')}.` }))
      .min(1, 'Choose at least one section.')
      .refine((s) => new Set(s).size === s.length, 'Each section may appear once.'),
    top_n: z
      .number({ error: 'Enter a number from 5 to 50.' })
      .int('Enter a number from 5 to 50.')
      .min(5, 'Enter a number from 5 to 50.')
      .max(50, 'Enter a number from 5 to 50.')
      .default(10),
  })
  .strict();
export type ReportTemplateInput = z.input<typeof reportTemplateInput>;

/** The sections and settings a report without a template uses. */
export const DEFAULT_REPORT_TEMPLATE = {
  title: 'Vulnerability report',
  sections: [...REPORT_SECTIONS],
  top_n: 10,
} as const;

/**
 * What a report covers. `filters` are the vulnerability list's own query parameters (the same names and values as
 * `/vm/unified-vulnerabilities` keeps in its URL); `scan` is the network scan of a scan_network report.
 */
export const reportScope = z
  .object({
    filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
    scan: z.number().int().positive().nullable().default(null),
  })
  .strict();
export type ReportScope = z.output<typeof reportScope>;

export const reportInput = z
  .object({
    name,
    template: z.number().int().positive().nullable().default(null),
    format: z.enum(REPORT_FORMATS, { error: `Choose one of: ${REPORT_FORMATS.join(', ')}.` }),
    scope_kind: z.enum(REPORT_SCOPE_KINDS, { error: `Choose one of: ${REPORT_SCOPE_KINDS.join(', ')}.` }),
    scope: reportScope.default({ filters: {}, scan: null }),
  })
  .strict();
export type ReportInput = z.input<typeof reportInput>;

export const report = z.object({
  id: z.number().int(),
  name: z.string(),
  template: z.number().int().nullable(),
  template_name: z.string().nullable(),
  format: z.enum(REPORT_FORMATS),
  scope_kind: z.enum(REPORT_SCOPE_KINDS),
  scope: reportScope,
  state: z.enum(REPORT_RUN_STATES),
  /** Rows written so far and in all (findings), while it runs. */
  progress: z.object({ current: z.number().int(), total: z.number().int() }),
  /** The background job: `celery-progress/{task_id}/`. */
  task_id: z.string().nullable(),
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  schedule: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type Report = z.infer<typeof report>;

const issueRow = z.object({
  hid: z.string(),
  name: z.string(),
  severity: z.number().int(),
  risk_score: z.number(),
  assets: z.number().int(),
  exploit_known: z.boolean(),
  ransomware_known: z.boolean(),
});
const assetRow = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  risk_score: z.number(),
  findings: z.number().int(),
  critical: z.number().int(),
  high: z.number().int(),
});

/**
 * A report's figures, prepared once by one query layer: the web view shows them, the PDF and HTML print them, and the
 * CSV's rows add up to them (`findings_count`, `by_severity`).
 */
export const reportData = z.object({
  title: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  scope_label: z.string(),
  generated_at: z.string(),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  summary: z.object({
    average_risk_score: z.number(),
    assets_scored: z.number().int(),
    open_findings: z.number().int(),
    open_issues: z.number().int(),
    affected_assets: z.number().int(),
    /** Open findings that count, by severity Info 0 … Critical 4. */
    by_severity: z.array(z.number().int()).length(5),
    exploit_known: z.number().int(),
    ransomware_known: z.number().int(),
  }),
  /** The minimum quality of detection the report applied and how many findings it left out below it. */
  qod: z.object({ min: z.number().int(), hidden: z.number().int() }).optional(),
  trend: z.array(trendPoint),
  top_issues: z.array(issueRow),
  exposed_assets: z.array(assetRow),
  kev: z.array(issueRow),
  remediation: z.object({
    days: z.number().int(),
    detected: z.number().int(),
    fixed: z.number().int(),
    /** Mean days from first seen to closed, of findings closed in the window, by severity 0-4 (null: none closed). */
    mttr_days: z.array(z.number().nullable()).length(5),
    ignored: z.number().int(),
  }),
  coverage: z.object({
    assets: z.number().int(),
    scanned_30d: z.number().int(),
    never_scanned: z.number().int(),
    runs_30d: z.number().int(),
  }),
  /** The findings the "All findings" section and the CSV list (open, counting, within the scope). */
  findings_count: z.number().int(),
  /** A phishing recipients report: each recipient's phishing severity and what they did in assessments (no values typed). */
  phishing: z
    .object({
      by_severity: z.array(z.number().int()).length(5),
      recipients: z.array(
        z.object({
          id: z.number().int(),
          email: z.string(),
          name: z.string(),
          department: z.string(),
          severity: z.number().int(),
          assessments: z.number().int(),
          last_assessment: z.string().nullable(),
          last_sent: z.string().nullable(),
          clicked: z.number().int(),
          submitted: z.number().int(),
          reported: z.number().int(),
          trainings_completed: z.number().int(),
        }),
      ),
    })
    .optional(),
  /**
   * A web discovery report: the scan's latest run on its web application — technologies, virtual hosts, figures and
   * its site map (the first WEB_DISCOVERY_SITEMAP_ROWS entries here; the CSV lists every one).
   */
  web_discovery: z
    .object({
      run: z.number().int(),
      asset: z.string(),
      target: z.string(),
      technologies: z.array(z.object({ name: z.string(), version: z.string().nullable(), cpe: z.string().nullable() })),
      vhosts: z.array(z.string()),
      urls: z.number().int(),
      forms: z.number().int(),
      sitemap: z.array(z.object({ url: z.string(), method: z.string(), status: z.number().int(), source: z.string(), title: z.string() })),
    })
    .nullable()
    .optional(),
  /**
   * A policy report (scan_policy: one policy scan; no_runs: every policy scan): each host's latest result of each policy
   * in the scope (worst score first, the first POLICY_REPORT_HOSTS), the rule results summed over them, and the rules
   * that fail on most hosts.
   */
  policy_compliance: z
    .object({
      hosts: z.number().int(),
      /** Mean of the hosts' scores (0-100; null when no host has one). */
      average_score: z.number().nullable(),
      counts: z.object({
        pass: z.number().int(),
        fail: z.number().int(),
        error: z.number().int(),
        unknown: z.number().int(),
        notapplicable: z.number().int(),
        notchecked: z.number().int(),
      }),
      host_results: z.array(
        z.object({
          asset: z.string(),
          address: z.string(),
          policy_name: z.string(),
          score: z.number().nullable(),
          pass: z.number().int(),
          fail: z.number().int(),
          error: z.string().nullable(),
          run: z.number().int(),
          finished: z.string().nullable(),
        }),
      ),
      failed_rules: z.array(z.object({ rule_id: z.string(), title: z.string(), severity: z.string(), hosts: z.number().int() })),
    })
    .optional(),
});
export type ReportData = z.infer<typeof reportData>;

/** Hosts a policy report's data (and so its PDF and HTML) lists; its figures count every host. */
export const POLICY_REPORT_HOSTS = 1000;
/** Failed rules a policy report lists, those failing on most hosts first. */
export const POLICY_REPORT_RULES = 50;

/** Site-map entries a discovery report's data (and so its PDF and HTML) holds. */
export const WEB_DISCOVERY_SITEMAP_ROWS = 500;

/** The columns of a discovery report's CSV: one row per site-map entry. */
export const REPORT_SITEMAP_COLUMNS = [
  'asset',
  'url',
  'method',
  'status',
  'content_type',
  'depth',
  'source',
  'referrer',
  'title',
  'parameters',
] as const;
export type ReportSitemapRow = Record<(typeof REPORT_SITEMAP_COLUMNS)[number], string>;

/** One finding as reports list it (CSV columns, the PDF/HTML table); the anonymised CSV replaces asset and address. */
export const REPORT_FINDING_COLUMNS = [
  'asset',
  'address',
  'port',
  'issue',
  'name',
  'severity',
  'risk_score',
  'cvss',
  'epss',
  'exploit_known',
  'state',
  'first_seen',
  'last_seen',
  /** What the weakness is, how to fix it (the test's remediation or the upgrade that fixes the CVE), what was seen. */
  'description',
  'solution',
  'evidence',
] as const;
export type ReportFindingColumn = (typeof REPORT_FINDING_COLUMNS)[number];
export type ReportFindingRow = Record<ReportFindingColumn, string>;

export const reportScheduleInput = z
  .object({
    name,
    template: z.number().int().positive().nullable().default(null),
    format: z.enum(REPORT_FORMATS, { error: `Choose one of: ${REPORT_FORMATS.join(', ')}.` }),
    scope_kind: z.enum(REPORT_SCOPE_KINDS, { error: `Choose one of: ${REPORT_SCOPE_KINDS.join(', ')}.` }),
    scope: reportScope.default({ filters: {}, scan: null }),
    frequency: z.enum(REPORT_FREQUENCIES, { error: `Choose one of: ${REPORT_FREQUENCIES.join(', ')}.` }),
    time: timeOfDay.default('07:00'),
    /** Weekly: ISO weekday 1 (Monday) to 7 (Sunday). */
    weekday: z
      .number()
      .int()
      .min(1, 'Choose a weekday from 1 (Monday) to 7 (Sunday).')
      .max(7, 'Choose a weekday from 1 (Monday) to 7 (Sunday).')
      .default(1),
    /** Monthly: day 1-28, or 0 for the last day of the month. */
    day_of_month: z
      .number()
      .int()
      .min(0, 'Choose a day from 1 to 28, or 0 for the last day.')
      .max(28, 'Choose a day from 1 to 28, or 0 for the last day.')
      .default(1),
    time_zone: timeZoneName.default('UTC'),
    recipients: z.array(z.email('Enter a valid email address.')).min(1, 'Add at least one recipient.').max(50, 'At most 50 recipients.'),
    is_active: z.boolean().default(true),
  })
  .strict();
export type ReportScheduleInput = z.input<typeof reportScheduleInput>;

export const reportSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  template: z.number().int().nullable(),
  format: z.enum(REPORT_FORMATS),
  scope_kind: z.enum(REPORT_SCOPE_KINDS),
  scope: reportScope,
  frequency: z.enum(REPORT_FREQUENCIES),
  time: z.string(),
  weekday: z.number().int(),
  day_of_month: z.number().int(),
  time_zone: z.string(),
  recipients: z.array(z.string()),
  is_active: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_report: z.number().int().nullable(),
  /** The next five times it will run (shown before saving too: `reports/schedules/preview/`). */
  upcoming: z.array(z.string()),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;

/** The digest (`reports/digest-config/`, form-encoded; kept in the user profile as `digestreportconfig`). */
export const digestConfig = z.object({
  enabled: z.boolean(),
  frequency: z.enum(DIGEST_FREQUENCIES),
  weekday: z.number().int(),
  time: z.string(),
  time_zone: z.string(),
  last_sent_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
});
export type DigestConfig = z.infer<typeof digestConfig>;

const formBool = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');
export const digestConfigInput = z
  .object({
    enabled: formBool.default(false),
    frequency: z.enum(DIGEST_FREQUENCIES, { error: `Choose one of: ${DIGEST_FREQUENCIES.join(', ')}.` }).default('weekly'),
    // A form sends text: a numeral is read as its number, anything else (true, '') stays wrong.
    weekday: z
      .preprocess(
        (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
        z
          .number({ error: 'Choose a weekday from 1 (Monday) to 7 (Sunday).' })
          .int()
          .min(1, 'Choose a weekday from 1 (Monday) to 7 (Sunday).')
          .max(7, 'Choose a weekday from 1 (Monday) to 7 (Sunday).'),
      )
      .default(1),
    time: timeOfDay.default('07:00'),
    time_zone: timeZoneName.default('UTC'),
  })
  .strict();

/** The fields each export type may include (all of them unless asked). */
export const EXPORT_FIELDS = {
  vulnerabilities: REPORT_FINDING_COLUMNS,
  issues: ['hid', 'name', 'severity', 'risk_score', 'assets', 'findings', 'exploit_known', 'ransomware_known', 'first_seen', 'last_seen'],
  assets: ['id', 'name', 'address', 'kind', 'os', 'risk_score', 'findings', 'tags', 'first_seen', 'last_seen'],
} as const satisfies Record<(typeof EXPORT_TYPES)[number], readonly string[]>;

export const exportInput = z
  .object({
    fields: z.array(z.string().trim().min(1)).max(50).default([]),
    filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
  })
  .strict();
export type ExportInput = z.input<typeof exportInput>;

export const exportJob = z.object({
  id: z.number().int(),
  type: z.enum(EXPORT_TYPES),
  fields: z.array(z.string()),
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  state: z.enum(REPORT_RUN_STATES),
  progress: z.object({ current: z.number().int(), total: z.number().int() }),
  task_id: z.string().nullable(),
  error: z.string().nullable(),
  rows: z.number().int().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;
