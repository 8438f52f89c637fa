// Payload schemas of the watched websites and mail servers (feature-areas §3 Website monitor and mail server monitor,
// §7 `globalview/websites/`, `globalview/mailservers/`, `website-scan-log/`, `mailserver-scan-log/`, `scan-website/`,
// `scan-mailserver/`): each monitor runs its checks on its own schedule and on demand, keeps a scan log, and tells its
// e-mail and SMS recipients when a check turns from passing to failing. The check results are Bulwark's design
// (docs/monitoring.md). Shared by the server, the scanner's engines and the web app.
import { z } from 'zod';
import { phoneNumber as phone } from './auth.ts';
import { blank, ID_MAX } from './fields.ts';

/** One check's verdict: pass, warn (weak but working), fail, info (nothing to judge, e.g. DNSSEC on an unsigned zone). */
export const MONITOR_CHECK_STATUSES = ['pass', 'warn', 'fail', 'info'] as const;
export type MonitorCheckStatus = (typeof MONITOR_CHECK_STATUSES)[number];

/** A run's overall state: ok (no failure or warning), warning, failed (a check failed or the target did not answer). */
export const MONITOR_RUN_STATUSES = ['ok', 'warning', 'failed'] as const;
export type MonitorRunStatus = (typeof MONITOR_RUN_STATUSES)[number];

export const monitorCheck = z.object({
  /** A key of WEBSITE_CHECKS or MAIL_CHECKS. */
  check: z.string(),
  /** What was checked: the URL, the domain, an MX host, a block-list zone. */
  target: z.string(),
  status: z.enum(MONITOR_CHECK_STATUSES),
  /** One sentence a mail or web administrator understands, saying what was found and, on failure, what to fix. */
  detail: z.string(),
  /** The raw value read (a record, a header, a number), for the detail screen. */
  value: z.unknown().optional(),
});
export type MonitorCheck = z.infer<typeof monitorCheck>;

export const WEBSITE_CHECKS = {
  availability: 'Availability',
  status_code: 'Status code',
  response_time: 'Response time',
  redirects: 'Redirects',
  tls_valid: 'Certificate valid',
  tls_expiry: 'Certificate expiry',
  tls_chain: 'Certificate chain',
  tls_name: 'Certificate name',
  tls_protocol: 'TLS protocol',
  security_headers: 'Security headers',
  content_change: 'Content change',
  keywords_required: 'Required keywords',
  keywords_forbidden: 'Forbidden keywords',
} as const;
export type WebsiteCheck = keyof typeof WEBSITE_CHECKS;

export const MAIL_CHECKS = {
  mx: 'MX records',
  spf: 'SPF',
  dmarc: 'DMARC',
  dkim: 'DKIM',
  mta_sts: 'MTA-STS',
  tls_rpt: 'TLS-RPT',
  dnssec: 'DNSSEC',
  starttls: 'STARTTLS',
  certificate: 'Certificate',
  open_relay: 'Open relay',
  banner: 'Banner disclosure',
  reverse_dns: 'Reverse DNS',
  blocklist: 'Block lists',
} as const;
export type MailCheck = keyof typeof MAIL_CHECKS;

/** A list of recipients the spec sends as a JSON string ('["a@example.com"]'); a plain list is accepted too. */
const jsonList = <T extends z.ZodType<string, string>>(item: T, max: number, what: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${what}: give a list.` })
    .transform((v, c) => {
      if (Array.isArray(v)) return v;
      if (v.trim() === '') return [];
      try {
        const parsed: unknown = JSON.parse(v);
        if (Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')) return parsed as string[];
      } catch {
        // falls through to the message below
      }
      c.addIssue({ code: 'custom', message: `${what}: give a JSON list of strings.` });
      return z.NEVER;
    })
    .pipe(z.array(item).max(max, `${what}: at most ${max}.`));

const email = z.email('Enter a valid email address.');
/** Minutes between a monitor's runs: 5 minutes to 7 days. */
const interval = z.number().int().min(5, 'Enter 5 to 10080 minutes.').max(10_080, 'Enter 5 to 10080 minutes.');
const keywords = z.array(z.string().trim().min(1, blank).max(200)).max(50, 'At most 50 keywords.');

export const websiteMonitorInput = z
  .object({
    name: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').default(''),
    url: z
      .string()
      .trim()
      .min(1, blank)
      .max(2000)
      .refine((v) => {
        try {
          return ['http:', 'https:'].includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, 'Enter a URL starting with http:// or https://.'),
    /** The web-application asset the website is (optional; shown on the asset). */
    asset: z.number().int().positive().max(ID_MAX).nullable().default(null),
    interval: interval.default(15),
    /** The status code expected (null: any 2xx after redirects). */
    expected_status: z
      .number()
      .int()
      .min(100, 'Enter an HTTP status from 100 to 599.')
      .max(599, 'Enter an HTTP status from 100 to 599.')
      .nullable()
      .default(null),
    /** Seconds to wait for an answer. */
    timeout: z.number().int().min(1, 'Enter 1 to 60 seconds.').max(60, 'Enter 1 to 60 seconds.').default(15),
    /** Above this many milliseconds the response time check warns. */
    slow_ms: z.number().int().min(100).max(60_000).default(3000),
    keywords_required: keywords.default([]),
    keywords_forbidden: keywords.default([]),
    /** Alert when the page's content changes (its normalised hash, so rotating tokens do not count). */
    watch_content: z.boolean().default(true),
    cert_days: z.number().int().min(1, 'Enter 1 to 365 days.').max(365, 'Enter 1 to 365 days.').default(30),
    notification_email_recipients: jsonList(email, 50, 'E-mail recipients').default([]),
    notification_sms_recipients: jsonList(phone, 20, 'SMS recipients').default([]),
    active: z.boolean().default(true),
  })
  .strict();
export type WebsiteMonitorInput = z.input<typeof websiteMonitorInput>;

export const tlsDetails = z.object({
  protocol: z.string().nullable(),
  cipher: z.string().nullable(),
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  san: z.array(z.string()),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  days_left: z.number().int().nullable(),
  fingerprint_sha256: z.string().nullable(),
  /** The chain verifies against the trusted roots. */
  chain_ok: z.boolean(),
  /** The certificate names the host. */
  name_ok: z.boolean(),
  /** Why it does not verify, as OpenSSL says it. */
  error: z.string().nullable(),
});
export type TlsDetails = z.infer<typeof tlsDetails>;

export const websiteCheckResult = z.object({
  url: z.string(),
  final_url: z.string().nullable(),
  status_code: z.number().int().nullable(),
  response_ms: z.number().int().nullable(),
  redirects: z.array(z.object({ url: z.string(), status: z.number().int() })),
  tls: tlsDetails.nullable(),
  /** Security headers: name, value or null when absent. */
  security_headers: z.array(z.object({ name: z.string(), value: z.string().nullable(), status: z.enum(MONITOR_CHECK_STATUSES) })),
  /** sha256 of the normalised page (tokens, nonces, timestamps removed). */
  content_hash: z.string().nullable(),
  /** Against the last run's hash; null on the first run. */
  content_changed: z.boolean().nullable(),
  checks: z.array(monitorCheck),
  /** Why the site could not be checked at all (no answer, DNS), else null. */
  error: z.string().nullable(),
});
export type WebsiteCheckResult = z.infer<typeof websiteCheckResult>;

/** What every monitor's reply carries: its schedule, recipients (JSON strings, as the spec sends them) and last state. */
const monitorCommon = {
  id: z.number().int(),
  interval: z.number().int(),
  notification_email_recipients: z.string(),
  notification_sms_recipients: z.string(),
  active: z.boolean(),
  last_run: z.string().nullable(),
  next_run: z.string().nullable(),
  last_status: z.enum(MONITOR_RUN_STATUSES).nullable(),
  created: z.string(),
  modified: z.string(),
};

/** What every scan-log row carries; who started it is the schedule or a person (scan-website/, scan-mailserver/). */
const scanLogCommon = {
  id: z.number().int(),
  started: z.string(),
  finished: z.string().nullable(),
  status: z.enum(MONITOR_RUN_STATUSES),
  trigger: z.enum(['schedule', 'manual']),
  /** Checks that turned from passing to failing in this run (what the recipients were told about). */
  newly_failing: z.array(z.string()),
};

export const websiteMonitor = z.object({
  ...monitorCommon,
  name: z.string(),
  url: z.string(),
  asset: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  expected_status: z.number().int().nullable(),
  timeout: z.number().int(),
  slow_ms: z.number().int(),
  keywords_required: z.array(z.string()),
  keywords_forbidden: z.array(z.string()),
  watch_content: z.boolean(),
  cert_days: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_response_ms: z.number().int().nullable(),
  cert_days_left: z.number().int().nullable(),
});
export type WebsiteMonitor = z.infer<typeof websiteMonitor>;

export const websiteScanLog = z.object({
  ...scanLogCommon,
  website: z.number().int(),
  response_ms: z.number().int().nullable(),
  status_code: z.number().int().nullable(),
  cert_days_left: z.number().int().nullable(),
  content_changed: z.boolean().nullable(),
  result: websiteCheckResult,
});
export type WebsiteScanLog = z.infer<typeof websiteScanLog>;

export const mailServerInput = z
  .object({
    /** The host asset of the mail server; the domain derives from its name or address unless `domain` is given. */
    asset: z.number({ error: 'Mail server is required' }).int().positive().max(ID_MAX),
    domain: z
      .string()
      .trim()
      .max(253)
      .regex(/^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'Enter a domain name, e.g. example.org.')
      .nullable()
      .default(null)
      .transform((v) => (v ? v.toLowerCase() : null)),
    /** DKIM selectors to look up besides the common ones (default, google, selector1, selector2, k1, dkim, mail, s1, s2). */
    dkim_selectors: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[a-z0-9._-]{1,63}$/i, 'Enter a DKIM selector (letters, digits, . _ -).'),
      )
      .max(20, 'At most 20 selectors.')
      .default([]),
    /** Try an open relay (an outside sender to an outside recipient, never sent: the session ends before DATA). */
    check_relay: z.boolean().default(true),
    interval: interval.default(1440),
    notification_email_recipients: jsonList(email, 50, 'E-mail recipients').default([]),
    notification_sms_recipients: jsonList(phone, 20, 'SMS recipients').default([]),
    active: z.boolean().default(true),
  })
  .strict();
export type MailServerInput = z.input<typeof mailServerInput>;

export const mailCheckResult = z.object({
  domain: z.string(),
  mx: z.array(z.object({ host: z.string(), preference: z.number().int(), addresses: z.array(z.string()) })),
  checks: z.array(monitorCheck),
  error: z.string().nullable(),
});
export type MailCheckResult = z.infer<typeof mailCheckResult>;

export const mailServerMonitor = z.object({
  ...monitorCommon,
  asset: z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() }),
  /** The domain checked: the one given, else the host asset's name or address. */
  domain: z.string(),
  domain_override: z.string().nullable(),
  dkim_selectors: z.array(z.string()),
  check_relay: z.boolean(),
  passed: z.number().int().nullable(),
  warnings: z.number().int().nullable(),
  failed: z.number().int().nullable(),
});
export type MailServerMonitor = z.infer<typeof mailServerMonitor>;

export const mailServerScanLog = z.object({
  ...scanLogCommon,
  mail_server: z.number().int(),
  passed: z.number().int(),
  warnings: z.number().int(),
  failed: z.number().int(),
  result: mailCheckResult,
});
export type MailServerScanLog = z.infer<typeof mailServerScanLog>;

/** `scan-website/` and `scan-mailserver/` take the monitor's id. */
export const monitorScanRequest = z.object({ id: z.number({ error: 'id is required' }).int().positive().max(ID_MAX) }).strict();

export const WEBSITE_NOT_FOUND = 'Cannot find website with the given id';
export const MAIL_SERVER_NOT_FOUND = 'Cannot find mail server with the given id';
