// Builds the Bulwark Fastify app: external plugins, then app plugins, then product modules. Used by `bulwark serve` and by tests.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { probeTimingOf, type AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerAccessControl } from './http/access.ts';
import { registerAuditLog } from './http/audit-log.ts';
import { registerNullCharacterCheck } from './http/null-characters.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSession } from './http/session.ts';
import { defaultWebDir, registerWeb } from './http/web.ts';
import { startJobs } from './jobs/jobs.ts';
import { MODULE_JOBS } from './module-jobs.ts';
import { SecretBox, loadSecretKey } from './lib/secrets.ts';
import { SmsSender } from './lib/sms.ts';
import { Mailer } from './mail/mailer.ts';
import { bootstrap } from './bootstrap.ts';
import { loggerOptions } from './lib/logger.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { platformRoutes } from './modules/platform/index.ts';
import { customerRoutes } from './modules/customers/index.ts';
import { samlRoutes } from './modules/saml/index.ts';
import { intelRoutes } from './modules/intel/index.ts';
import { probesModule } from './modules/probes/index.ts';
import { resultsRoutes } from './modules/results/index.ts';
import { scansModule, scheduleRoutes } from './modules/scans/index.ts';
import { wasModule } from './modules/was/index.ts';
import { cloudModule } from './modules/cloud/index.ts';
import { twoFactorRoutes } from './modules/two-factor/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { profileRoutes } from './modules/profiles/index.ts';
import { credentialRoutes, assetAuthenticationRoutes } from './modules/credentials/index.ts';
import { policyRoutes } from './modules/policies/index.ts';
import { wasResultsRoutes } from './modules/was-results/index.ts';
import { targetRoutes } from './modules/targets/index.ts';
import { assetRoutes, assetImportRoutes, assetBulkRoutes, appsAndPortsRoutes } from './modules/assets/index.ts';
import { tagRoutes } from './modules/tags/index.ts';
import { teamRoutes } from './modules/teams/index.ts';
import { vulnerabilityRoutes, issueRoutes, savedFilterRoutes } from './modules/vulnerabilities/index.ts';
import { ticketRoutes } from './modules/tickets/index.ts';
import { newsRoutes } from './modules/news/index.ts';
import { remediationRuleRoutes } from './modules/remediation-rules/index.ts';
import { dashboardRoutes } from './modules/dashboards/index.ts';
import { reportRoutes, reportScheduleRoutes } from './modules/reports/index.ts';
import { exportRoutes } from './modules/exports/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { vaultRoutes } from './modules/vault/index.ts';
import { domainDiscoveryRoutes } from './modules/domain-discovery/index.ts';
import { trackerRoutes } from './modules/trackers/index.ts';
import { exclusionRoutes } from './modules/exclusions/index.ts';
import { monitoringRoutes } from './modules/monitoring/index.ts';
import { securityToolRoutes } from './modules/security-tools/index.ts';
import { fraRoutes } from './modules/fra/index.ts';
import { fraRecipientRoutes } from './modules/fra-recipients/index.ts';
import { fraTemplateRoutes } from './modules/fra-templates/index.ts';
import { publicApiRoutes, registerTokenAuth } from './modules/public-api/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.logLevel),
    trustProxy: false,
    // The app registers a few hundred routes in plugins on start; on a busy machine (a 2-core CI box running tests side
    // by side) that can take more than Fastify's 10 s default, which would fail the start, not make it slower.
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    // A path Fastify cannot decode (bad percent-encoding) gets the app's error shape, not the router's own.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send({ detail: error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid.' : error.message });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: `${config.dataDir}/pglite`,
      onIdleError: (err) => app.log.warn({ err }, 'the database closed an idle connection'),
    }));
  await db.migrate();
  const ctx: AppContext = {
    config,
    database: db,
    db: db.db,
    secrets: new SecretBox(loadSecretKey(config.secretKey, config.dataDir)),
    mailer: new Mailer(db.db, config.smtpUrl, config.mailFrom, app.log),
    sms: new SmsSender(config.smsUrl, config.smsToken),
    jobs: undefined,
    log: app.log,
    clock: () => new Date(),
    probeTiming: probeTimingOf(config),
  };
  app.decorate('ctx', ctx);
  await bootstrap(db.db, config, app.log);

  // External plugins.
  await app.register(cookie);
  // Uploads (the asset CSV import): one file of at most 64 MB, read as a stream by the route that takes it.
  await app.register(multipart, { limits: { files: 1, fileSize: 64 * 1024 * 1024, fields: 10, fieldSize: 1024 } });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31536000 } : false,
  });
  await registerOpenApi(app);

  // App plugins.
  registerErrorHandler(app);
  registerSession(app, ctx);
  registerTokenAuth(app, ctx);
  registerAccessControl(app);
  registerNullCharacterCheck(app);
  registerAuditLog(app, ctx);

  // Product modules.
  authRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  userRoutes(app, ctx);
  customerRoutes(app, ctx);
  intelRoutes(app, ctx);
  resultsRoutes(app, ctx);
  scansModule(app, ctx);
  wasModule(app, ctx);
  cloudModule(app, ctx);
  probesModule(app, ctx);
  targetRoutes(app, ctx);
  assetRoutes(app, ctx);
  assetImportRoutes(app, ctx);
  assetBulkRoutes(app, ctx);
  appsAndPortsRoutes(app, ctx);
  tagRoutes(app, ctx);
  teamRoutes(app, ctx);
  vulnerabilityRoutes(app, ctx);
  issueRoutes(app, ctx);
  savedFilterRoutes(app, ctx);
  ticketRoutes(app, ctx);
  remediationRuleRoutes(app, ctx);
  newsRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  reportScheduleRoutes(app, ctx);
  reportRoutes(app, ctx);
  exportRoutes(app, ctx);
  scheduleRoutes(app, ctx);
  notificationRoutes(app, ctx);
  vaultRoutes(app, ctx);
  domainDiscoveryRoutes(app, ctx);
  trackerRoutes(app, ctx);
  profileRoutes(app, ctx);
  credentialRoutes(app, ctx);
  assetAuthenticationRoutes(app, ctx);
  policyRoutes(app, ctx);
  wasResultsRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  exclusionRoutes(app, ctx);
  monitoringRoutes(app, ctx);
  securityToolRoutes(app, ctx);
  fraTemplateRoutes(app, ctx);
  fraRecipientRoutes(app, ctx);
  fraRoutes(app, ctx);
  publicApiRoutes(app, ctx);
  auditRoutes(app, ctx);
  platformRoutes(app, ctx);
  samlRoutes(app, ctx);

  await registerWeb(app, config.webDir ?? defaultWebDir());

  // Every server queues jobs; with BULWARK_JOBS=off it leaves running them to `bulwark worker` processes.
  ctx.jobs = await startJobs(ctx, MODULE_JOBS, { work: config.jobs, retryDelaySeconds: config.jobRetrySeconds });
  // The modules' serve loops (the built-in probe, the remote probe sweeper) start when the app is ready; preClose runs
  // before every onClose hook, so they stop (running tasks handed back) while the database is still open.
  const stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    for (const loop of MODULE_JOBS.flatMap((m) => m.serve ?? [])) {
      const stop = await loop(ctx);
      if (stop) stops.push(stop);
    }
  });
  app.addHook('preClose', async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  app.addHook('onClose', async () => {
    await ctx.jobs?.stop();
    ctx.mailer.close();
    if (!database) await db.close();
  });
  return app;
}
