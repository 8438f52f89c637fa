// Every setting of Bulwark, read from the environment and validated once, with a clear error on a bad value.
import { z } from 'zod';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import type { CloudEndpoints } from '@bulwark/scanner';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

/** The sources the feed sync knows. */
export const FEED_SOURCE_KINDS = ['nvd', 'kev', 'epss', 'osv', 'debian', 'checks'] as const;
export type FeedSourceKind = (typeof FEED_SOURCE_KINDS)[number];

/** OSV ecosystems synced by default: the distributions Bulwark matches packages of, and the main language registries. */
export const DEFAULT_OSV_ECOSYSTEMS = [
  'Debian',
  'Ubuntu',
  'Alpine',
  'AlmaLinux',
  'Rocky Linux',
  'npm',
  'PyPI',
  'Maven',
  'Go',
  'crates.io',
] as const;

/** Where each feed is published; every one is a setting, so an installation without internet names its own mirror. */
export const DEFAULT_FEED_URLS: Record<FeedSourceKind, string> = {
  nvd: 'https://services.nvd.nist.gov/rest/json/cves/2.0',
  kev: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
  epss: 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
  // <ecosystem>/all.zip is appended.
  osv: 'https://osv-vulnerabilities.storage.googleapis.com',
  debian: 'https://security-tracker.debian.org/tracker/data/json',
  // The community check library: a release archive of the Nuclei template collection (set a newer release's address
  // to follow the collection; see docs/scans.md, "Community check library").
  checks: 'https://github.com/projectdiscovery/nuclei-templates/archive/refs/tags/v10.1.1.tar.gz',
};

const splitList = (v: string): string[] =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An http(s) address. */
const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be a URL starting with http:// or https://');

const feedUrl = (def: string) => httpUrl.default(def).transform((v) => v.replace(/\/+$/, ''));

const seconds = (def: number) => z.coerce.number({ error: 'must be a number' }).int().min(60, 'must be at least 60').default(def);

const schema = z
  .object({
    PORT: port.default(8000),
    HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    BULWARK_DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    BULWARK_FEEDS_DIR: z.string().trim().optional(),
    BULWARK_SECRET_KEY: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)'),
    BULWARK_ADMIN_EMAIL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : undefined))
      .refine((v) => v === undefined || z.email().safeParse(v).success, 'must be an e-mail address'),
    BULWARK_ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined)),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    BULWARK_MAIL_FROM: z.string().trim().default('Bulwark <bulwark@localhost>'),
    BULWARK_PUBLIC_URL: optionalUrl(['http:', 'https:']),
    BULWARK_SMS_URL: optionalUrl(['http:', 'https:']),
    BULWARK_SMS_TOKEN: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined)),
    BULWARK_SESSION_AGE_SECONDS: seconds(3600),
    BULWARK_LONG_SESSION_AGE_SECONDS: seconds(30 * 86400),
    BULWARK_SECURE_COOKIES: z.enum(['true', 'false', 'auto'], { error: 'must be true, false or auto' }).default('auto'),
    BULWARK_WEB_DIR: z.string().trim().optional(),
    BULWARK_LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    BULWARK_JOBS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    BULWARK_JOB_RETRY_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be 0 or more')
      .max(86_400, 'must be at most 86400 (a day)')
      .default(30),
    BULWARK_BUILTIN_PROBE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    BULWARK_BUILTIN_PROBE_TASKS: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64')
      .default(2),
    BULWARK_SLACK_API_URL: optionalUrl(['http:', 'https:']),
    BULWARK_REPORT_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .default(30),
    BULWARK_PROBE_OFFLINE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').default(60),
    BULWARK_FEEDS_SYNC: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    BULWARK_FEEDS_SYNC_AT: z
      .string()
      .trim()
      .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time of day as HH:MM (24-hour clock), e.g. 03:30')
      .default('03:30'),
    BULWARK_FEEDS_SYNC_TZ: z
      .string()
      .trim()
      .refine((tz) => validTimeZone(tz), 'must be an IANA time zone such as UTC or Europe/Copenhagen')
      .default('UTC'),
    BULWARK_FEEDS_SOURCES: z
      .string()
      .trim()
      .transform((v) => splitList(v))
      .refine((list) => list.every((s) => (FEED_SOURCE_KINDS as readonly string[]).includes(s)), {
        message: `must be a comma-separated list of ${FEED_SOURCE_KINDS.join(', ')}`,
      })
      .default([...FEED_SOURCE_KINDS]),
    BULWARK_FEEDS_OSV_ECOSYSTEMS: z
      .string()
      .trim()
      .transform((v) => splitList(v))
      .refine(
        (list) => list.every((e) => /^[A-Za-z0-9][A-Za-z0-9 .:_-]*$/.test(e)),
        'must be a comma-separated list of OSV ecosystem names',
      )
      .default([...DEFAULT_OSV_ECOSYSTEMS]),
    BULWARK_FEED_NVD_URL: feedUrl(DEFAULT_FEED_URLS.nvd),
    BULWARK_FEED_KEV_URL: feedUrl(DEFAULT_FEED_URLS.kev),
    BULWARK_FEED_EPSS_URL: feedUrl(DEFAULT_FEED_URLS.epss),
    BULWARK_FEED_OSV_URL: feedUrl(DEFAULT_FEED_URLS.osv),
    BULWARK_FEED_DEBIAN_URL: feedUrl(DEFAULT_FEED_URLS.debian),
    BULWARK_FEED_CHECKS_URL: feedUrl(DEFAULT_FEED_URLS.checks),
    BULWARK_FEED_CHECKS_SHA256: z
      .string()
      .trim()
      .regex(/^[A-Fa-f0-9]{64}$/, 'must be a SHA-256 digest: 64 hexadecimal characters, as sha256sum prints it')
      .optional(),
    BULWARK_FEED_CHECKS_SHA256_URL: httpUrl.optional(),
    /** PEM certificates trusted beside the system's for services the operator names (Kubernetes API servers). */
    BULWARK_EXTRA_CA_FILE: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || existsSync(v), 'must name a readable PEM file'),
    /** DNS servers the mail-server checks ask (comma list of address or address:port); empty: the system's. */
    BULWARK_MONITOR_DNS: z
      .string()
      .trim()
      .optional()
      .transform((v) => splitList(v ?? '')),
    /** DNS block lists a mail server's addresses are looked up in. */
    BULWARK_DNSBL_ZONES: z
      .string()
      .trim()
      .optional()
      .transform((v) => splitList(v ?? 'zen.spamhaus.org,bl.spamcop.net,b.barracudacentral.org,dnsbl.sorbs.net')),
    /** The SMTP port the mail-server checks connect to (25; a relay's port where outbound 25 goes through one). */
    BULWARK_MONITOR_SMTP_PORT: port.default(25),
    /** The name the mail-server checks say in EHLO (default: this machine's host name). */
    BULWARK_MONITOR_HELO: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    BULWARK_NVD_API_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** The phishing listener (landing pages, tracking, training): its own port and address, apart from the app. */
    BULWARK_PHISHING_LISTENER: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    BULWARK_PHISHING_HOST: z.string().trim().optional(),
    BULWARK_PHISHING_PORT: port.default(8081),
    /** The base of recipients' links, e.g. https://{domain} ({domain}: the assessment's landing domain). */
    BULWARK_PHISHING_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
      .refine(
        (v) => v === undefined || /^https?:\/\/\S+$/.test(v.replace('{domain}', 'x')),
        'must be an http(s) URL, optionally with {domain}',
      ),
    /** A click this soon after delivery is a mail scanner's, not a person's. */
    BULWARK_PHISHING_HUMAN_AFTER_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(3600).default(10),
    /** Address ranges (CIDR, comma list) of mail and link scanners whose requests never count as a person's. */
    BULWARK_PHISHING_SCANNER_RANGES: z
      .string()
      .trim()
      .optional()
      .transform((v) => splitList(v ?? '')),
    /** The reverse proxies (addresses or CIDR, comma list) in front of the phishing listener, whose X-Forwarded-For is believed. */
    BULWARK_PHISHING_TRUSTED_PROXIES: z
      .string()
      .trim()
      .optional()
      .transform((v) => splitList(v ?? '')),
    /** The most phishing messages sent per minute, whatever an assessment asks. */
    BULWARK_PHISHING_MAX_RATE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(600),
    /** Microsoft Graph and the Microsoft identity platform (a test stand-in may replace them). */
    BULWARK_GRAPH_URL: httpUrl.default('https://graph.microsoft.com/v1.0'),
    BULWARK_AZURE_LOGIN_URL: httpUrl.default('https://login.microsoftonline.com'),
    /** Cloud providers' API endpoints, for sovereign clouds or a private endpoint (unset: the public clouds); tests use stand-ins. */
    BULWARK_CLOUD_AWS_URL: httpUrl.optional(),
    BULWARK_CLOUD_AZURE_URL: httpUrl.optional(),
    BULWARK_CLOUD_GOOGLE_TOKEN_URL: httpUrl.optional(),
    BULWARK_CLOUD_GOOGLE_API_URL: httpUrl.optional(),
    BULWARK_CLOUD_ORACLE_URL: httpUrl.optional(),
    /** The video providers' embed-information (oEmbed) services, for media thumbnails. */
    BULWARK_OEMBED_YOUTUBE_URL: httpUrl.default('https://www.youtube.com/oembed'),
    BULWARK_OEMBED_VIMEO_URL: httpUrl.default('https://vimeo.com/api/oembed.json'),
  })
  .refine((c) => !c.BULWARK_ADMIN_PASSWORD || c.BULWARK_ADMIN_EMAIL, {
    message: 'BULWARK_ADMIN_PASSWORD needs BULWARK_ADMIN_EMAIL',
    path: ['BULWARK_ADMIN_EMAIL'],
    // Checked even when other settings are bad, so every problem is named at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where feed files for imports started from the web app or API must be (default: <data dir>/feeds). */
  feedsDir: string;
  secretKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  smsUrl: string | undefined;
  smsToken: string | undefined;
  sessionAgeSeconds: number;
  longSessionAgeSeconds: number;
  secureCookies: 'true' | 'false' | 'auto';
  webDir: string | undefined;
  logLevel: string;
  /** Run background jobs in this process (false: only queue them, for `bulwark worker` or another server). */
  jobs: boolean;
  /** Seconds before a failed job's first retry; doubled at each retry. */
  jobRetrySeconds: number;
  /** Run the built-in probe in this process (scans on the built-in / external probe). */
  builtinProbe: boolean;
  /** Tasks the built-in probe runs at once. */
  builtinProbeTasks: number;
  /** A probe silent this long is offline and its tasks go back to the queue. */
  probeOfflineSeconds: number;
  /** Days a finished report's or export's file is kept before housekeeping deletes it. */
  reportRetentionDays: number;
  /** The Slack Web API base for bot tokens (a mirror or a test stand-in may replace it). */
  slackApiUrl: string;
  /** PEM file trusted beside the system's certificates for services the operator names (Kubernetes API servers, watched websites and mail servers). */
  extraCaFile: string | undefined;
  /** Continuous monitoring's outside looks: the DNS servers asked, the block lists, the EHLO name. */
  monitoring: { dnsServers: string[]; dnsblZones: string[]; heloName: string; smtpPort: number };
  /** Phishing and training: the listener of landing pages and tracking, how bots are told apart, the directory and video services. */
  phishing: {
    listener: boolean;
    host: string;
    /** 0: any free port (tests); the bound address is then the links' base unless `publicUrl` is set. */
    port: number;
    publicUrl: string | undefined;
    humanAfterSeconds: number;
    scannerRanges: string[];
    /** Proxies whose X-Forwarded-For gives the recipient's address (empty: the socket's address is the recipient's). */
    trustedProxies: string[];
    maxRatePerMinute: number;
    graphUrl: string;
    azureLoginUrl: string;
    oembed: { youtube: string; vimeo: string };
  };
  /** Cloud scanning: where the providers' APIs are (the Azure sign-in and Graph are the phishing settings' own). */
  cloud: { endpoints: CloudEndpoints };
  /** The automatic feed sync: daily at `at` in `timeZone`, and at the first start of an installation with no feeds. */
  feedSync: {
    enabled: boolean;
    at: string;
    timeZone: string;
    sources: FeedSourceKind[];
    osvEcosystems: string[];
    urls: Record<FeedSourceKind, string>;
    nvdApiKey: string | undefined;
    /** The community check library's archive checksum: pinned, or where it is published (default: <url>.sha256). */
    checksSha256: string | undefined;
    checksSha256Url: string | undefined;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the settings; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as for every setting.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`));
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: path.resolve(c.BULWARK_DATA_DIR),
    feedsDir: path.resolve(c.BULWARK_FEEDS_DIR || path.join(c.BULWARK_DATA_DIR, 'feeds')),
    secretKey: c.BULWARK_SECRET_KEY,
    adminEmail: c.BULWARK_ADMIN_EMAIL,
    adminPassword: c.BULWARK_ADMIN_PASSWORD,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.BULWARK_MAIL_FROM,
    publicUrl: (c.BULWARK_PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    smsUrl: c.BULWARK_SMS_URL,
    smsToken: c.BULWARK_SMS_TOKEN,
    sessionAgeSeconds: c.BULWARK_SESSION_AGE_SECONDS,
    longSessionAgeSeconds: c.BULWARK_LONG_SESSION_AGE_SECONDS,
    secureCookies: c.BULWARK_SECURE_COOKIES,
    webDir: c.BULWARK_WEB_DIR,
    logLevel: c.BULWARK_LOG_LEVEL,
    jobs: c.BULWARK_JOBS === 'on',
    jobRetrySeconds: c.BULWARK_JOB_RETRY_SECONDS,
    builtinProbe: c.BULWARK_BUILTIN_PROBE === 'on',
    builtinProbeTasks: c.BULWARK_BUILTIN_PROBE_TASKS,
    probeOfflineSeconds: c.BULWARK_PROBE_OFFLINE_SECONDS,
    reportRetentionDays: c.BULWARK_REPORT_RETENTION_DAYS,
    extraCaFile: c.BULWARK_EXTRA_CA_FILE,
    monitoring: {
      dnsServers: c.BULWARK_MONITOR_DNS,
      dnsblZones: c.BULWARK_DNSBL_ZONES,
      heloName: c.BULWARK_MONITOR_HELO ?? hostname(),
      smtpPort: c.BULWARK_MONITOR_SMTP_PORT,
    },
    slackApiUrl: (c.BULWARK_SLACK_API_URL ?? 'https://slack.com/api').replace(/\/+$/, ''),
    phishing: {
      listener: c.BULWARK_PHISHING_LISTENER === 'on',
      host: c.BULWARK_PHISHING_HOST || c.HOST,
      port: c.BULWARK_PHISHING_PORT,
      publicUrl: c.BULWARK_PHISHING_URL,
      humanAfterSeconds: c.BULWARK_PHISHING_HUMAN_AFTER_SECONDS,
      scannerRanges: c.BULWARK_PHISHING_SCANNER_RANGES,
      trustedProxies: c.BULWARK_PHISHING_TRUSTED_PROXIES,
      maxRatePerMinute: c.BULWARK_PHISHING_MAX_RATE,
      graphUrl: c.BULWARK_GRAPH_URL.replace(/\/+$/, ''),
      azureLoginUrl: c.BULWARK_AZURE_LOGIN_URL.replace(/\/+$/, ''),
      oembed: { youtube: c.BULWARK_OEMBED_YOUTUBE_URL, vimeo: c.BULWARK_OEMBED_VIMEO_URL },
    },
    cloud: {
      endpoints: {
        ...(c.BULWARK_CLOUD_AWS_URL ? { aws: c.BULWARK_CLOUD_AWS_URL } : {}),
        azureLogin: c.BULWARK_AZURE_LOGIN_URL.replace(/\/+$/, ''),
        ...(c.BULWARK_CLOUD_AZURE_URL ? { azureManagement: c.BULWARK_CLOUD_AZURE_URL.replace(/\/+$/, '') } : {}),
        azureGraph: c.BULWARK_GRAPH_URL.replace(/\/+$/, '').replace(/\/v1\.0$/, ''),
        ...(c.BULWARK_CLOUD_GOOGLE_TOKEN_URL ? { googleToken: c.BULWARK_CLOUD_GOOGLE_TOKEN_URL } : {}),
        ...(c.BULWARK_CLOUD_GOOGLE_API_URL ? { googleApis: c.BULWARK_CLOUD_GOOGLE_API_URL.replace(/\/+$/, '') } : {}),
        ...(c.BULWARK_CLOUD_ORACLE_URL ? { oracle: c.BULWARK_CLOUD_ORACLE_URL.replace(/\/+$/, '') } : {}),
      },
    },
    feedSync: {
      enabled: c.BULWARK_FEEDS_SYNC === 'on',
      at: c.BULWARK_FEEDS_SYNC_AT,
      timeZone: c.BULWARK_FEEDS_SYNC_TZ,
      sources: [...new Set(c.BULWARK_FEEDS_SOURCES as FeedSourceKind[])],
      osvEcosystems: [...new Set(c.BULWARK_FEEDS_OSV_ECOSYSTEMS)],
      urls: {
        nvd: c.BULWARK_FEED_NVD_URL,
        kev: c.BULWARK_FEED_KEV_URL,
        epss: c.BULWARK_FEED_EPSS_URL,
        osv: c.BULWARK_FEED_OSV_URL,
        debian: c.BULWARK_FEED_DEBIAN_URL,
        checks: c.BULWARK_FEED_CHECKS_URL,
      },
      nvdApiKey: c.BULWARK_NVD_API_KEY,
      checksSha256: c.BULWARK_FEED_CHECKS_SHA256?.toLowerCase(),
      checksSha256Url: c.BULWARK_FEED_CHECKS_SHA256_URL,
    },
  };
}
