// The exports module's background work: writing an export's file, and deleting those past retention (housekeeping).
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { deleteExpiredExports, EXPORT_QUEUE, runExport } from './service.ts';

export const exportsJobs: ModuleJobs = {
  module: 'exports',
  queues: [
    // Exports stream big files: one attempt, hours at most; a failure says why on the export.
    jobQueue<{ exportId: number }>({
      name: EXPORT_QUEUE,
      options: { retryLimit: 0, expireInSeconds: 6 * 3600, deadLetter: true },
      polling: 'fast',
      async work(job, { ctx }) {
        await runExport({ db: ctx.db, retentionDays: ctx.config.reportRetentionDays }, job.data.exportId);
        return null;
      },
    }),
  ],
  housekeeping: [async (db, now) => ({ filesExpired: await deleteExpiredExports(db, now) })],
};
