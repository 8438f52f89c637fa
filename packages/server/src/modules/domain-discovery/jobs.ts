// Domain asset discovery's background work: one job per run, which gathers the customer's certificate names seen in
// scans, runs the scanner's discovery over the run's domains (bounded concurrency, progress written as it goes, at
// most twice a second) and stores what it found. A run is not retried: a failure says why on the run.
import { discoverDomainHosts } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import {
  certificateNamesSeen,
  failAbandonedRuns,
  DOMAIN_DISCOVERY_QUEUE,
  failRun,
  finishRun,
  markRunning,
  recordProgress,
  type DiscoveryJob,
} from './runs.ts';

/** Lookups at once: enough to finish a large word list over a few domains in a minute, few enough not to flood a resolver. */
const CONCURRENCY = 16;

export async function runDiscoveryJob(ctx: Pick<AppContext, 'db' | 'log' | 'clock'>, job: DiscoveryJob): Promise<void> {
  const { db } = ctx;
  try {
    const run = await markRunning(db, job, ctx.clock());
    if (!run) return;
    const known = run.sources.includes('scan_certificate')
      ? (await certificateNamesSeen(db, job.customerId)).map((name) => ({ name, source: 'scan_certificate' as const }))
      : [];
    let written = 0;
    let latest = { current: 0, total: 0 };
    let pending: Promise<void> = Promise.resolve();
    const result = await discoverDomainHosts({
      domains: run.domains,
      wordlist: run.wordlist,
      zoneTransfer: run.sources.includes('zone_transfer'),
      ctUrl: run.sources.includes('ct_log') ? job.ctUrl : null,
      resolver: job.resolver,
      knownNames: known,
      concurrency: CONCURRENCY,
      onProgress(current, total) {
        latest = { current, total };
        // Wall time, not the app's clock: this only paces the writes (a clock a test holds still would stop them).
        const now = Date.now();
        if (now - written < 500) return;
        written = now;
        // One write at a time, the latest figures each time.
        pending = pending.then(() => recordProgress(db, job.jobId, latest.current, latest.total, ctx.clock())).catch(() => undefined);
      },
    });
    await pending;
    await finishRun(db, job, result.hosts, result.notes, latest.total, ctx.clock());
  } catch (err) {
    ctx.log.error({ err, run: job.runId }, 'domain discovery run failed');
    await failRun(db, job, err instanceof Error ? err.message : String(err), ctx.clock());
  }
}

export const domainDiscoveryJobs: ModuleJobs = {
  module: 'domain-discovery',
  housekeeping: [async (db, now) => ({ discoveryRunsAbandoned: await failAbandonedRuns(db, now) })],
  queues: [
    jobQueue<DiscoveryJob>({
      name: DOMAIN_DISCOVERY_QUEUE,
      options: { retryLimit: 0, expireInSeconds: 3600, deadLetter: true },
      polling: 'fast',
      async work(job, { ctx }) {
        await runDiscoveryJob(ctx, job.data);
        return null;
      },
    }),
  ],
};
