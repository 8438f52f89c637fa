// The `bulwark` command line: serve, worker, migrate, user create, customer, operator, impersonate, feeds import / sync /
// bundle, intel match, probe.
import os from 'node:os';
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { CliError } from './cli/errors.ts';
import type { buildApp as BuildApp } from './app.ts';
import type { AppContext } from './context.ts';
import type { openDatabase as OpenDatabase } from './db/client.ts';
import type * as UsersCli from './cli/users.ts';
import type * as IntelCli from './cli/intel.ts';
import type { runProbe as RunProbe } from './cli/probe.ts';
import type * as FeedSyncCli from './cli/feed-sync.ts';
import type * as CustomersCli from './cli/customers.ts';
import type { createImpersonationLink as CreateImpersonationLink } from './modules/auth/index.ts';

// Each command loads what it needs when it runs: `bulwark probe` on a probe machine never loads the server, its
// database or the web app, and a one-off command (user create, customer, feeds import…) loads neither the web app nor the
// job queue (a lighter process, started faster). A command checks its arguments before it opens the database.
const buildApp: typeof BuildApp = async (...a) => (await import('./app.ts')).buildApp(...a);
const openDatabase: typeof OpenDatabase = async (...a) => (await import('./db/client.ts')).openDatabase(...a);
const usersCli = (): Promise<typeof UsersCli> => import('./cli/users.ts');
const intelCli = (): Promise<typeof IntelCli> => import('./cli/intel.ts');
const runProbe: typeof RunProbe = async (...a) => (await import('./cli/probe.ts')).runProbe(...a);
const customersCli = (): Promise<typeof CustomersCli> => import('./cli/customers.ts');
const feedSyncCli = (): Promise<typeof FeedSyncCli> => import('./cli/feed-sync.ts');
const createImpersonationLink: typeof CreateImpersonationLink = async (...a) =>
  (await import('./modules/auth/index.ts')).createImpersonationLink(...a);

function config(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
}

/**
 * A command of a few seconds runs the embedded database's WebAssembly on V8's baseline compiler only: optimising it in
 * the background pays off in a server that runs for days, but in a short command it costs more CPU than the whole rest
 * (about half of a `migrate` on a new database, a second of any other). V8 reads the flag when it compiles, so it is set
 * before PGlite is loaded; `serve`, `worker` and the feed imports, which can run long, keep the optimising compiler.
 */
async function shortLived(): Promise<void> {
  (await import('node:v8')).setFlagsFromString('--liftoff-only');
}

/** What a one-off command runs on: the database migrated and the first administrator made, without HTTP or jobs. */
async function withContext<T>(fn: (ctx: AppContext) => Promise<T>, o: { long?: boolean } = {}): Promise<T> {
  const cfg: Config = { ...config(), jobs: false, logLevel: 'warn' };
  if (!o.long) await shortLived();
  const { openCommandContext } = await import('./cli/context.ts');
  const command = await openCommandContext(cfg);
  try {
    return await fn(command.ctx);
  } finally {
    await command.close();
  }
}

const integer = (v: string) => {
  if (!/^[0-9]+$/.test(v)) throw new InvalidArgumentError('Not a whole number.');
  return Number(v);
};

const program = new Command('bulwark').description('Bulwark vulnerability-management platform').showHelpAfterError();

program
  .command('serve')
  .description('migrate the database and serve the API and web app')
  .action(async () => {
    const cfg = config();
    const app = await buildApp({ config: cfg });
    // A new installation fills its intelligence by itself, before the first scheduled sync.
    if (await (await import('./modules/intel/index.ts')).queueFirstFeedSync(app.ctx)) app.log.info('first feed sync queued');
    const stop = async (signal: string) => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
    await app.listen({ port: cfg.port, host: cfg.host });
    app.log.info(`Bulwark is ready at ${cfg.publicUrl} (database: ${cfg.databaseUrl ? 'PostgreSQL' : `PGlite in ${cfg.dataDir}`})`);
    // Feeds that never synced, failed or went stale, and trackers the inventory needs: said once, where operators look.
    await (await import('./modules/intel/index.ts')).logFeedHealthAtStart(app.ctx);
  });

program
  .command('worker')
  .description('run background jobs only (results processing, feed imports, housekeeping), no HTTP; scale out with more')
  .action(async () => {
    const cfg = config();
    const [{ createLogger }, { startJobs }] = await Promise.all([import('./lib/logger.ts'), import('./jobs/jobs.ts')]);
    const log = createLogger(cfg.logLevel);
    // Results processing reads the check catalogue (test facts): the synced community library belongs to it.
    const [{ useCommunityLibrary }, { syncDir }] = await Promise.all([
      import('./modules/catalogue/index.ts'),
      import('./modules/intel/index.ts'),
    ]);
    useCommunityLibrary(syncDir(cfg.feedsDir, 'checks'));
    const db = await openDatabase({
      databaseUrl: cfg.databaseUrl,
      pgliteDir: `${cfg.dataDir}/pglite`,
      onIdleError: (err) => log.warn({ err }, 'the database closed an idle connection'),
    });
    await db.migrate();
    const [{ Mailer }, { SecretBox, loadSecretKey }, { SmsSender }, { probeTimingOf }, { MODULE_JOBS }] = await Promise.all([
      import('./mail/mailer.ts'),
      import('./lib/secrets.ts'),
      import('./lib/sms.ts'),
      import('./context.ts'),
      import('./module-jobs.ts'),
    ]);
    // The same context a serving process builds, without HTTP: the modules' queues and housekeeping run on it (their
    // serve loops, the built-in probe and the sweeper, belong to `bulwark serve`).
    const ctx: AppContext = {
      config: cfg,
      database: db,
      db: db.db,
      secrets: new SecretBox(loadSecretKey(cfg.secretKey, cfg.dataDir)),
      mailer: new Mailer(db.db, cfg.smtpUrl, cfg.mailFrom, log),
      sms: new SmsSender(cfg.smsUrl, cfg.smsToken),
      jobs: undefined,
      log,
      clock: () => new Date(),
      probeTiming: probeTimingOf(cfg),
    };
    const jobs = await startJobs(ctx, MODULE_JOBS, { work: true, retryDelaySeconds: cfg.jobRetrySeconds });
    ctx.jobs = jobs;
    await (await import('./modules/intel/index.ts')).queueFirstFeedSync(ctx);
    const stop = async (signal: string) => {
      log.info({ signal }, 'worker shutting down');
      await jobs.stop();
      await db.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
    log.info(`Bulwark worker is running background jobs (database: ${cfg.databaseUrl ? 'PostgreSQL' : `PGlite in ${cfg.dataDir}`})`);
  });

program
  .command('migrate')
  .description('apply the database migrations and exit')
  .action(async () => {
    const cfg = config();
    await shortLived();
    const db = await openDatabase({ databaseUrl: cfg.databaseUrl, pgliteDir: `${cfg.dataDir}/pglite` });
    await db.migrate();
    await db.close();
    process.stdout.write('Database is up to date.\n');
  });

const user = program.command('user').description('manage users');
user
  .command('create <email>')
  .description('create a user; without --password a welcome link is mailed (and printed)')
  .option('--password <password>', 'initial password (prefer the welcome link)')
  .option('--superuser', 'make the user a superuser', false)
  .option('--customer-admin', 'make the user an administrator of their customer', false)
  .option('--first-name <name>')
  .option('--last-name <name>')
  .option('--customer <id>', 'customer id (default: the first customer)', integer)
  .option('--new-customer <name>', 'create a new customer for this user')
  .action(
    async (
      email: string,
      o: {
        password?: string;
        superuser: boolean;
        customerAdmin: boolean;
        firstName?: string;
        lastName?: string;
        customer?: number;
        newCustomer?: string;
      },
    ) => {
      const cli = await usersCli();
      cli.checkNewUser({ email, password: o.password });
      await withContext(async (ctx) => {
        const created = await cli.createUser(ctx, {
          email,
          password: o.password,
          superuser: o.superuser,
          customerAdmin: o.customerAdmin,
          firstName: o.firstName,
          lastName: o.lastName,
          customerId: o.customer,
          customerName: o.newCustomer,
        });
        process.stdout.write(`Created user ${email} (id ${created.id}, customer ${created.customerId}).\n`);
        if (created.welcomeLink) process.stdout.write(`Welcome link (valid 7 days): ${created.welcomeLink}\n`);
      });
    },
  );

const collect = (value: string, previous: string[] = []) => [...previous, value];
const customer = program.command('customer').description('the installation’s customers (platform operators)');
customer
  .command('list')
  .description('list customers: id, name, tier, licence, users, feature flags')
  .option('--search <text>', 'only names containing this')
  .action(async (o: { search?: string }) => {
    await withContext(async (ctx) => {
      const cli = await customersCli();
      for (const c of await cli.customerList(ctx, o.search)) process.stdout.write(`${cli.describeCustomer(c)}\n`);
    });
  });
customer
  .command('create <name>')
  .description('create a customer; add its first user with `bulwark user create --customer <id>`')
  .option('--tier <tier>', 'none, standard or plus', 'standard')
  .option('--licence-end <date>', 'licence end date, YYYY-MM-DD')
  .option('--flag <flag>', 'enable a feature flag (repeat for more)', collect)
  .action(async (name: string, o: { tier: string; licenceEnd?: string; flag?: string[] }) => {
    const cli = await customersCli();
    cli.checkCustomerCreate(name, o);
    await withContext(async (ctx) => {
      process.stdout.write(`Created customer ${cli.describeCustomer(await cli.customerCreate(ctx, name, o))}\n`);
    });
  });
customer
  .command('set <id>')
  .description('change a customer: name, tier, licence end date, feature flags')
  .option('--name <name>')
  .option('--tier <tier>', 'none, standard or plus')
  .option('--licence-end <date>', 'licence end date, YYYY-MM-DD')
  .option('--no-licence', 'remove the licence end date')
  .option('--enable-flag <flag>', 'enable a feature flag (repeat for more)', collect)
  .option('--disable-flag <flag>', 'disable a feature flag (repeat for more)', collect)
  .action(async (id: string, o: CustomersCli.CustomerOptions) => {
    const customerId = integer(id);
    const cli = await customersCli();
    cli.checkCustomerSet(o);
    await withContext(async (ctx) => {
      process.stdout.write(`Updated customer ${cli.describeCustomer(await cli.customerSet(ctx, customerId, o))}\n`);
    });
  });

const operator = program.command('operator').description('platform operators: who runs this installation');
for (const [verb, on] of [
  ['grant', true],
  ['revoke', false],
] as const) {
  operator
    .command(`${verb} <email>`)
    .description(on ? 'make a user a platform operator' : 'take platform operation away from a user')
    .action(async (email: string) => {
      await withContext(async (ctx) => {
        await (await customersCli()).operatorSet(ctx, email, on);
        process.stdout.write(`${email} is ${on ? 'now' : 'no longer'} a platform operator.\n`);
      });
    });
}

program
  .command('impersonate <email>')
  .description('print a one-time link (valid 5 minutes) that signs in as this user, flagged as impersonated')
  .option('--source <text>', 'who is impersonating (shown in the session)', `${os.userInfo().username}@${os.hostname()} (back office)`)
  .action(async (email: string, o: { source: string }) => {
    await withContext(async (ctx) => {
      const link = await createImpersonationLink(ctx, email, o.source);
      if (!link) {
        process.stderr.write(`No active user with e-mail ${email}.\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`${link}\n`);
    });
  });

const feeds = program.command('feeds').description('vulnerability feeds (NVD, CISA KEV, FIRST EPSS, OSV)');
feeds
  .command('import <paths...>')
  .description('import feed files or directories (JSON, CSV; plain, .gz, .xz or .zip), recognised by content, or a feed bundle (.tar.gz)')
  .option('--json', 'print the summary as JSON', false)
  .action(async (paths: string[], o: { json: boolean }) => {
    const cli = await intelCli();
    await cli.checkFeedSources(paths);
    await withContext(
      async (ctx) => {
        const result = await cli.feedsImport(ctx, paths, { progress: !o.json });
        if (o.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        else {
          const c = result.counts;
          process.stdout.write(
            `Imported ${result.formats.join(', ') || 'nothing'}: read ${c.read}, added ${c.added}, updated ${c.updated}, unchanged ${c.unchanged}, skipped ${c.skipped}.\n`,
          );
          for (const e of result.errors) process.stdout.write(`  skipped ${e.position}: ${e.message}\n`);
        }
      },
      { long: true },
    );
  });

feeds
  .command('sync')
  .description('download and import the feeds now (every configured source, or the ones named with --source)')
  .option('--source <name...>', 'nvd, kev, epss, debian, osv or osv/<ecosystem> (repeatable)')
  .option('--json', 'print the outcome of each source as JSON', false)
  .action(async (o: { source?: string[]; json: boolean }) => {
    await withContext(
      async (ctx) => {
        const cli = await feedSyncCli();
        const outcomes = await cli.feedsSync(ctx, o.source ?? [], { progress: !o.json });
        if (o.json) process.stdout.write(`${JSON.stringify(outcomes, null, 2)}\n`);
        else for (const outcome of outcomes) process.stdout.write(`${cli.outcomeLine(outcome)}\n`);
        if (outcomes.some((x) => !x.ok)) process.exitCode = 1;
      },
      { long: true },
    );
  });

feeds
  .command('bundle <file>')
  .description('pack the synced feeds into one .tar.gz for an installation without internet (import it there with `feeds import`)')
  .action(async (file: string) => {
    await withContext(async (ctx) => {
      const manifest = await (await feedSyncCli()).feedsBundle(ctx, file);
      const files = manifest.sources.reduce((n, s) => n + s.files.length, 0);
      process.stdout.write(`Wrote ${file}: ${manifest.sources.map((s) => s.source).join(', ')} (${files} files).\n`);
    });
  });

const intel = program.command('intel').description('vulnerability intelligence');
intel
  .command('match')
  .description('print the CVEs that apply to a CPE or a package version, as JSON')
  .option('--cpe <cpe>', 'CPE 2.3 name, e.g. cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*')
  .option('--package <spec>', 'ECOSYSTEM/NAME@VERSION, e.g. AlmaLinux:9/openssh@8.7p1-38.el9')
  .action(async (o: { cpe?: string; package?: string }) => {
    const cli = await intelCli();
    cli.intelQuery(o);
    await withContext(async (ctx) => {
      const matches = await cli.intelMatch(ctx, o);
      process.stdout.write(`${JSON.stringify(matches, null, 2)}\n`);
    });
  });

program
  .command('probe')
  .description('run this machine as a remote probe: register once with a token from the web app, then take scan tasks')
  .requiredOption('--server <url>', 'the Bulwark server, e.g. https://bulwark.example.com')
  .option('--token <token>', 'one-time registration token (needed the first time, or to register again)')
  .option('--state <file>', 'where to keep the probe id and secret (default: $BULWARK_DATA_DIR/probe-state.json or ~/.bulwark-probe.json)')
  .option('--heartbeat-seconds <n>', 'seconds between heartbeats', integer, 5)
  .option('--tasks <n>', 'scan tasks run at once', integer, 2)
  .option('--insecure', 'accept a self-signed or otherwise untrusted server certificate', false)
  .action(async (o: { server: string; token?: string; state?: string; heartbeatSeconds: number; tasks: number; insecure: boolean }) => {
    await runProbe(o);
  });

program.parseAsync(process.argv).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof CliError ? 2 : 1);
});
