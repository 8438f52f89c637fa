// What every module needs at hand: settings, database, secret box, mail and SMS senders, the job queue, the clock and
// the probe timing. Built once by the composition root (app.ts, or `bulwark worker`): modules hold no state of their own.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SecretBox } from './lib/secrets.ts';
import type { SmsSender } from './lib/sms.ts';
import type { Jobs } from './jobs/types.ts';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secrets: SecretBox;
  mailer: Mailer;
  sms: SmsSender;
  jobs: Jobs | undefined;
  log: FastifyBaseLogger;
  /** The time rules read (sign-in delays, recovery codes, TOTP steps); tests replace it to move time. */
  clock: () => Date;
  /** When a probe counts as offline (no heartbeat for this long): from BULWARK_PROBE_OFFLINE_SECONDS. */
  probeTiming: ProbeTiming;
}

export interface ProbeTiming {
  offlineAfterMs: number;
}

/** The probe timing of the settings. */
export const probeTimingOf = (config: Pick<Config, 'probeOfflineSeconds'>): ProbeTiming => ({
  offlineAfterMs: config.probeOfflineSeconds * 1000,
});
