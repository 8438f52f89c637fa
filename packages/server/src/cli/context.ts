// The context of a one-off command (user create, customer, operator, impersonate, feeds, intel): the database opened and
// migrated, and the first administrator made on an empty database, as `bulwark serve` would; no HTTP app, job queue or
// module seeding (the server seeds at every start). A command loads only its own code, so it starts in a few seconds.
import type { Config } from '../config.ts';
import { probeTimingOf, type AppContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { createFirstAdmin } from '../first-admin.ts';
import { createLogger } from '../lib/logger.ts';
import { SecretBox, loadSecretKey } from '../lib/secrets.ts';
import { SmsSender } from '../lib/sms.ts';
import { Mailer } from '../mail/mailer.ts';

export interface CommandContext {
  ctx: AppContext;
  close(): Promise<void>;
}

export async function openCommandContext(config: Config): Promise<CommandContext> {
  const log = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: `${config.dataDir}/pglite`,
    onIdleError: (err) => log.warn({ err }, 'the database closed an idle connection'),
  });
  try {
    await database.migrate();
    await createFirstAdmin(database.db, config, log);
  } catch (e) {
    await database.close();
    throw e;
  }
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    secrets: new SecretBox(loadSecretKey(config.secretKey, config.dataDir)),
    mailer: new Mailer(database.db, config.smtpUrl, config.mailFrom, log),
    sms: new SmsSender(config.smsUrl, config.smsToken),
    jobs: undefined,
    log,
    clock: () => new Date(),
    probeTiming: probeTimingOf(config),
  };
  return {
    ctx,
    async close() {
      ctx.mailer.close();
      await database.close();
    },
  };
}
