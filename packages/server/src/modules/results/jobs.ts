// The results module's background work: processing a run's delivered results (retried), merging a scanning run's
// hosts as they arrive, and (housekeeping) archiving hosts past their customer's lifecycle period with their findings.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { archiveStaleAssets } from './lifecycle.ts';
import { processDeliveredSoFar } from './live.ts';
import { RUN_LIVE_QUEUE, RUN_PROCESSING_QUEUE, runProcessingJob } from './queue.ts';

export const resultsJobs: ModuleJobs = {
  module: 'results',
  queues: [
    jobQueue<{ runId: number; jobId: string }>({
      name: RUN_PROCESSING_QUEUE,
      options: { retryLimit: 2, expireInSeconds: 3600, deadLetter: true },
      polling: 'fast',
      async work(job, { ctx, send }) {
        const attempt = { attempt: job.retryCount, lastAttempt: job.retryCount >= job.retryLimit };
        await runProcessingJob(ctx, job.data.runId, job.data.jobId, attempt, { publicUrl: ctx.config.publicUrl, send });
        return null;
      },
    }),
    // Merging a scanning run's hosts as they arrive: a pass that fails is simply left to the next one.
    jobQueue<{ runId: number }>({
      name: RUN_LIVE_QUEUE,
      options: { retryLimit: 0, expireInSeconds: 600 },
      polling: 'fast',
      async work(job, { ctx }) {
        await processDeliveredSoFar(ctx.db, job.data.runId);
        return null;
      },
    }),
  ],
  housekeeping: [
    async (db, now) => {
      const lifecycle = await archiveStaleAssets(db, now);
      return { assetsArchived: lifecycle.archived, findingsClosed: lifecycle.findingsClosed };
    },
  ],
};
