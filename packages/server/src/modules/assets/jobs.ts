// The assets module's background work: bulk operations too big for a request.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { ASSET_BULK_QUEUE, runBulkJob, type AssetBulkJob } from './bulk-queue.ts';

export const assetsJobs: ModuleJobs = {
  module: 'assets',
  queues: [
    // A bulk operation is one transaction: it is not retried (a failure says why on its progress row).
    jobQueue<AssetBulkJob>({
      name: ASSET_BULK_QUEUE,
      options: { retryLimit: 0, expireInSeconds: 3600, deadLetter: true },
      polling: 'fast',
      async work(job, { ctx }) {
        await runBulkJob(ctx, job.data);
        return null;
      },
    }),
  ],
};
