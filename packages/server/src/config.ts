// Every setting of Bulwark, read from the environment and validated once, with a clear error on a bad value.
import { z } from 'zod';
import path from 'node:path';

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
    BULWARK_PROBE_OFFLINE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').default(60),
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
  };
}
