// The reports module's background work: generating a report, starting the report schedules and sending the digests
// that are due (every minute), and deleting reports past retention (housekeeping).
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { deleteExpiredReports, generateReport, REPORT_QUEUE, REPORT_SCHEDULE_QUEUE, runDueSchedules, sendDueDigests } from './service.ts';

export const reportsJobs: ModuleJobs = {
  module: 'reports',
  queues: [
    // Reports stream big files: one attempt, hours at most; a failure says why on the report.
    jobQueue<{ reportId: number }>({
      name: REPORT_QUEUE,
      options: { retryLimit: 0, expireInSeconds: 6 * 3600, deadLetter: true },
      polling: 'fast',
      async work(job, { ctx }) {
        await generateReport(ctx, job.data.reportId);
        return null;
      },
    }),
    // Every minute: start the report schedules and send the digests that are due.
    jobQueue({
      name: REPORT_SCHEDULE_QUEUE,
      options: { policy: 'singleton', retryLimit: 0 },
      schedule: () => ({ cron: '* * * * *' }),
      polling: 'slow',
      async work(_job, { ctx, send }) {
        const now = new Date();
        const started = await runDueSchedules(ctx.db, now, ctx.log);
        for (const reportId of started) await send(REPORT_QUEUE, { reportId });
        const digests = await sendDueDigests(ctx, now);
        if (started.length || digests) ctx.log.info({ reports: started.length, digests }, 'scheduled reports and digests started');
        return { reports: started.length, digests };
      },
    }),
  ],
  housekeeping: [async (db, now) => ({ filesExpired: await deleteExpiredReports(db, now) })],
};
