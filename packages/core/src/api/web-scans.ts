// Schemas of web-application scanning (platform-core §3, §7; issue 28): the web scan profile (scan/wprofiles/), web and
// discovery scans (scan/wscans/, scan/wdscans/), their runs' web progress (scan/wruns/) and the web test catalogue
// (nvt/wvtests-simple/). Server and web share them.
import { z } from 'zod';
import { blank, name } from './fields.ts';
import { OWASP_2021_IDS } from '../codes/owasp.ts';
import { probeRef, profileListItem, scanRun, userRef } from './scans.ts';
import { tagSetPreviewInput } from './tag-set.ts';

const description = z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default('');
const slugList = z.array(z.string().trim().min(1).max(200)).max(1000).default([]);

/** A whole number between min and max with one message for every way it can be wrong. */
const bounded = (min: number, max: number, fallback: number) => {
  const message = `Enter a whole number from ${min} to ${max}.`;
  return z.number({ message }).int(message).min(min, message).max(max, message).default(fallback);
};

// ---------------------------------------------------------------------------------------------------------------
// The sensitive-content search (sc_ss_*).

/** The countries whose national identity numbers the passive search looks for (the scanner's SensitiveCountry). */
export const WEB_SENSITIVE_COUNTRIES = ['dk', 'no', 'se', 'us'] as const;
export type WebSensitiveCountry = (typeof WEB_SENSITIVE_COUNTRIES)[number];
export const WEB_SENSITIVE_COUNTRY_LABELS: Record<WebSensitiveCountry, string> = {
  dk: 'Denmark (CPR number)',
  no: 'Norway (fødselsnummer)',
  se: 'Sweden (personnummer)',
  us: 'United States (social security number)',
};
/** The per-country switch of each country (the spec's sc_ss_dan, sc_ss_nor, sc_ss_swe, sc_ss_ssn). */
export const WEB_SENSITIVE_FLAGS = { dk: 'sc_ss_dan', no: 'sc_ss_nor', se: 'sc_ss_swe', us: 'sc_ss_ssn' } as const;

/**
 * The one rule between sc_ss_countries and the per-country switches: a country is searched when it is in the list or
 * its switch is on; afterwards both say the same. The list is what the scanner receives.
 */
export function normaliseSensitive<T extends WebSensitiveFields>(p: T): T {
  const countries = WEB_SENSITIVE_COUNTRIES.filter((c) => p.sc_ss_countries.includes(c) || p[WEB_SENSITIVE_FLAGS[c]]);
  return {
    ...p,
    sc_ss_countries: countries,
    sc_ss_dan: countries.includes('dk'),
    sc_ss_nor: countries.includes('no'),
    sc_ss_swe: countries.includes('se'),
    sc_ss_ssn: countries.includes('us'),
  };
}
interface WebSensitiveFields {
  sc_ss_countries: WebSensitiveCountry[];
  sc_ss_dan: boolean;
  sc_ss_nor: boolean;
  sc_ss_swe: boolean;
  sc_ss_ssn: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Web scan profiles.

/** How the scanner signs in: the scanner's WebAuthSpec kinds, 'none' without a login. */
export const WEB_AUTH_KINDS = ['none', 'form', 'basic', 'digest', 'headers', 'recorded'] as const;
export type WebAuthKind = (typeof WEB_AUTH_KINDS)[number];
export const WEB_AUTH_KIND_LABELS: Record<WebAuthKind, string> = {
  none: 'No authentication',
  form: 'Login form',
  basic: 'HTTP basic',
  digest: 'HTTP digest',
  headers: 'Headers (bearer token, API key, cookie)',
  recorded: 'Recorded browser login',
};
/** In a recorded step's value, this stands for the profile's password (so the password is sealed, not the steps). */
export const WEB_AUTH_PASSWORD_PLACEHOLDER = '{{password}}';
/** In a recorded step's value, this stands for the sign-in's username (the stored credential's, when one is named). */
export const WEB_AUTH_USERNAME_PLACEHOLDER = '{{username}}';
/**
 * The sign-in kinds that take a username and password, and so may take them from a stored scan credential
 * (auth_credential) instead of the profile: one password kept in one place (or in the vault), changed once for every
 * profile and host that uses it.
 */
export const WEB_AUTH_CREDENTIAL_KINDS = ['form', 'basic', 'digest', 'recorded'] as const satisfies readonly WebAuthKind[];
export const usesWebAuthCredential = (kind: WebAuthKind): boolean => (WEB_AUTH_CREDENTIAL_KINDS as readonly string[]).includes(kind);
/** The profile fields kept encrypted at rest and answered masked. auth_headers' values are sealed one by one. */
export const WEB_PROFILE_SECRET_FIELDS = ['auth_password'] as const;

const regexList = (label: string) =>
  z
    .array(z.string().trim().min(1, blank).max(1000))
    .max(200)
    .default([])
    .superRefine((list, ctx) => {
      for (const pattern of list) {
        try {
          new RegExp(pattern);
        } catch {
          ctx.addIssue({ code: 'custom', message: `${pattern}: not a valid ${label} pattern (a regular expression).` });
        }
      }
    });
const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .default('')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a valid URL (http:// or https://).');
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,200}$/;
/** Header name → value; a name HTTP does not allow is refused with one message (a record's own key error says little). */
const headerMap = z
  .record(z.string(), z.string().max(8000, 'Ensure a header value has no more than 8000 characters.'))
  .default({})
  .superRefine((headers, ctx) => {
    const bad = Object.keys(headers).filter((k) => !HEADER_NAME.test(k));
    if (bad.length > 0)
      ctx.addIssue({ code: 'custom', message: `Enter a valid header name (letters, digits and -): ${bad.slice(0, 5).join(', ')}.` });
  });
const indicator = z
  .string()
  .max(1000)
  .default('')
  .refine((v) => {
    try {
      new RegExp(v);
      return true;
    } catch {
      return false;
    }
  }, 'Enter a valid regular expression.');

export const webAuthStep = z.object({
  action: z.enum(['goto', 'fill', 'click', 'press', 'wait']),
  url: z.string().max(2000).optional(),
  selector: z.string().max(1000).optional(),
  value: z.string().max(2000).optional(),
});
export type WebAuthStep = z.infer<typeof webAuthStep>;

export const webProfileFields = z.object({
  sc_ss_countries: z
    .array(z.enum(WEB_SENSITIVE_COUNTRIES, { message: 'Choose dk, no, se or us.' }))
    .max(4)
    .default([]),
  sc_ss_dan: z.boolean().default(false),
  sc_ss_nor: z.boolean().default(false),
  sc_ss_swe: z.boolean().default(false),
  sc_ss_ssn: z.boolean().default(false),
  plus_categories: slugList,
  minus_categories: slugList,
  plus_tests: slugList,
  minus_tests: slugList,
  /** Run only the passive tests (they read what the crawl fetched and send no payloads). */
  passive_only: z.boolean().default(false),
  max_urls: bounded(1, 100_000, 2000),
  max_depth: bounded(1, 50, 10),
  /** Minutes before the scan stops with error 3 (run time exceeded). */
  max_duration: bounded(1, 1440, 60),
  requests_per_second: bounded(1, 1000, 50),
  parallel_requests: bounded(1, 64, 8),
  /** Crawl with the headless browser too (single-page applications). */
  browser: z.boolean().default(true),
  /** Submit and follow what destroys state (logout, delete, reset …). */
  allow_destructive: z.boolean().default(false),
  /** Regular expressions over the full URL: when given, a URL must match one. */
  scope_include: regexList('include'),
  /** Regular expressions over the full URL: a URL matching one is never requested. */
  scope_exclude: regexList('exclude'),
  /** Hosts (name or name:port) besides the target's own that are in scope. */
  extra_hosts: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.-]{1,253}(:\d{1,5})?$/, 'Enter a host name or address, optionally with :port.'),
    )
    .max(200)
    .default([]),
  /** Path prefixes the crawl stays under (default: the target URL's directory). */
  path_prefixes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\/\S{0,999}$/, 'A path prefix starts with /.'),
    )
    .max(200)
    .default([]),
  user_agent: z.string().trim().max(500, 'Ensure this field has no more than 500 characters.').default(''),
  /** Headers sent with every request. */
  headers: headerMap,
  auth_kind: z.enum(WEB_AUTH_KINDS, { message: 'Choose none, form, basic, digest, headers or recorded.' }).default('none'),
  /** form: the page with the login form or the URL it posts to. */
  auth_login_url: optionalUrl,
  /**
   * A stored Linux or Windows scan credential whose username and password the sign-in uses (form, basic, digest,
   * recorded); a vault credential is borrowed for each scan. When set, the profile keeps no username or password.
   */
  auth_credential: z
    .number({ message: 'Choose a stored credential.' })
    .int()
    .positive('Choose a stored credential.')
    .nullable()
    .default(null),
  auth_username: z.string().max(500).default(''),
  /** A new value, '' or null to clear, or the mask to keep the stored one; answered masked. */
  auth_password: z.string().max(1000).nullable().default(null),
  auth_username_field: z.string().trim().max(200).default(''),
  auth_password_field: z.string().trim().max(200).default(''),
  auth_logged_in_indicator: indicator,
  auth_logged_out_indicator: indicator,
  /** The page the session is checked on. */
  auth_check_url: optionalUrl,
  /** headers: sent with every request (values sealed at rest and answered masked; the mask keeps a value). */
  auth_headers: headerMap,
  /** recorded: the login steps; WEB_AUTH_PASSWORD_PLACEHOLDER in a value stands for the password. */
  auth_steps: z.array(webAuthStep).max(100).default([]),
});
export type WebProfileFieldsInput = z.input<typeof webProfileFields>;
/** A web profile's settings as stored (the password and header values sealed) and as a run copies them. */
export type WebProfileSettings = z.output<typeof webProfileFields>;
export const DEFAULT_WEB_PROFILE: WebProfileSettings = webProfileFields.parse({});

/** What each sign-in kind needs, as field errors (checked after secrets are merged: a kept password counts). */
export function webAuthProblems(p: WebProfileSettings, hasPassword: boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const need = (field: string, label: string) => (errors[field] = [`${label} is required`]);
  // A stored credential brings the username and password.
  const login = () => {
    if (p.auth_credential !== null) return;
    if (!p.auth_username) need('auth_username', 'Username');
    if (!hasPassword) need('auth_password', 'Password');
  };
  if (p.auth_kind === 'form') {
    if (!p.auth_login_url) need('auth_login_url', 'Login URL');
    login();
    if (!p.auth_logged_in_indicator && !p.auth_logged_out_indicator)
      errors.auth_logged_in_indicator = ['Give a logged-in or a logged-out indicator, so a lost session is noticed.'];
  } else if (p.auth_kind === 'basic' || p.auth_kind === 'digest') {
    login();
  } else if (p.auth_kind === 'headers') {
    if (Object.keys(p.auth_headers).length === 0) need('auth_headers', 'At least one header');
  } else if (p.auth_kind === 'recorded') {
    if (p.auth_steps.length === 0) need('auth_steps', 'At least one step');
    if (!p.auth_logged_in_indicator && !p.auth_logged_out_indicator)
      errors.auth_logged_in_indicator = ['Give a logged-in or a logged-out indicator, so a lost session is noticed.'];
  }
  return errors;
}

export const webProfileInput = webProfileFields.extend({ name, description });
export const webProfile = webProfileFields.extend({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.literal('was'),
  builtin: z.boolean(),
  user: userRef,
  created: z.string(),
  modified: z.string(),
  /** The mask when a password is stored, null when not. */
  auth_password: z.string().nullable(),
});
export type WebProfile = z.infer<typeof webProfile>;
/** The export of a web profile (what import accepts). Secrets are left out: an imported profile asks for them again. */
export const webProfileExport = webProfileInput.extend({ format: z.literal('bulwark-wprofile/1') });
export type WebProfileExport = z.infer<typeof webProfileExport>;

export const webProfileListItem = profileListItem.extend({ type: z.literal('was') });

// ---------------------------------------------------------------------------------------------------------------
// Web and discovery scans.

export const webScanInput = z
  .object({
    name,
    /** Ids of web-application assets (asset type 3): one task per asset, started at its URL. */
    assets: z.array(z.number().int().positive()).max(10_000).default([]),
    /** A web profile, required on wscans; a discovery scan may leave it out (the built-in Standard profile, no sign-in). */
    profile: z.number().int().positive({ message: 'This field is required.' }).nullable().default(null),
    /** A probe id; -1 (or null) for the built-in probe. */
    node: z.number().int().nullable().default(null),
    probe_group: z.number().int().positive().nullable().default(null),
    start: z.boolean().default(true),
    /** Web-application assets chosen by tags, resolved each time a run starts. */
    unified_tags_set: tagSetPreviewInput.nullable().default(null),
    /** Virtual host names tried on each target's address (Host header), each crawled as its own site. */
    vhosts: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,252})?$/, 'Enter a host name.'),
      )
      .max(500)
      .default([]),
    /** Set by the path: wdscans creates discovery scans (crawl only), wscans web scans. */
    discovery: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.assets.length === 0 && !v.unified_tags_set?.inclusion_tags.length)
      ctx.addIssue({ code: 'custom', path: ['assets'], message: 'Choose at least one web application.' });
    if (v.node !== null && v.node !== -1 && v.probe_group !== null)
      ctx.addIssue({ code: 'custom', path: ['probe_group'], message: 'Choose a probe or a probe group, not both.' });
  });
export type WebScanInput = z.input<typeof webScanInput>;

export const webScan = z.object({
  id: z.number().int(),
  name: z.string(),
  user: userRef,
  assets: z.array(z.number().int()),
  /** The URLs of the scan's web-application assets (for lists). */
  targets: z.array(z.string()),
  unified_tags_set: tagSetPreviewInput.nullable(),
  profile: webProfileListItem.nullable(),
  node: probeRef,
  probe_group: probeRef.nullable(),
  created: z.string(),
  last_run: z.number().int().nullable(),
  scan_type: z.literal('was'),
  is_was_discovery: z.boolean(),
  vhosts: z.array(z.string()),
});
export type WebScan = z.infer<typeof webScan>;

// ---------------------------------------------------------------------------------------------------------------
// Runs (scan/wruns/): the run row with the web progress.

/** Where a scan's sign-in stands (the scanner's WebAuthState): none (no login), signed-in, lost (found lost and
 * re-established), failed (error 4); pending before the task reported. */
export const WEB_AUTH_STATES = ['none', 'pending', 'signed-in', 'lost', 'failed'] as const;
export type WebAuthState = (typeof WEB_AUTH_STATES)[number];
export const WEB_AUTH_STATE_LABELS: Record<WebAuthState, string> = {
  none: 'No authentication',
  pending: 'Not signed in yet',
  'signed-in': 'Signed in',
  lost: 'Session lost and re-established',
  failed: 'Sign-in failed',
};
/** What a web task is doing (the scanner's WebScanProgress phase). */
export const WEB_SCAN_PHASES = ['login', 'crawl', 'browser', 'test', 'done'] as const;
export type WebScanPhase = (typeof WEB_SCAN_PHASES)[number];

/** The web part of a run row: totals over its tasks, live while it scans. */
export const webRunProgress = z.object({
  is_was_discovery: z.boolean(),
  urls_found: z.number().int(),
  requests_sent: z.number().int(),
  auth_state: z.enum(WEB_AUTH_STATES).nullable(),
  auth_state_label: z.string().nullable(),
  phase: z.enum(WEB_SCAN_PHASES).nullable(),
});
export type WebRunProgress = z.infer<typeof webRunProgress>;

/** A row of scan/wruns/: the shared run row with the web progress (web and discovery runs alike). */
export const webScanRun = scanRun.extend({ scan_type: z.literal('was') }).extend(webRunProgress.shape);
export type WebScanRunRow = z.infer<typeof webScanRun>;

// ---------------------------------------------------------------------------------------------------------------
// The web test catalogue (nvt/wvtests-simple/).

export const webTest = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  severity: z.number().int().min(0).max(4),
  cwe: z.array(z.string()),
  owasp: z.enum(OWASP_2021_IDS),
  owasp_label: z.string(),
  /** Active tests send payloads; passive ones read what the crawl fetched. */
  kind: z.enum(['active', 'passive']),
  description: z.string(),
  solution: z.string(),
  references: z.array(z.string()),
});
export type WebTestRow = z.infer<typeof webTest>;

export const WEB_TEST_ORDERINGS = ['name', 'id', 'category', 'severity', 'owasp'] as const;
