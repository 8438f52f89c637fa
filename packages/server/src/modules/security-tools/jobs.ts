// The watched targets' background work: a pass every minute over the websites and mail servers that are due.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { runDueMonitors } from './schedule.ts';

export const SECURITY_TOOLS_DUE_QUEUE = 'security-tools-due';

export const securityToolsJobs: ModuleJobs = {
  module: 'security-tools',
  queues: [
    jobQueue<object>({
      name: SECURITY_TOOLS_DUE_QUEUE,
      // A pass that fails is not retried: the next minute's pass takes what is still due.
      options: { retryLimit: 0, expireInSeconds: 900 },
      schedule: () => ({ cron: '* * * * *' }),
      polling: 'slow',
      async work(_job, { ctx }) {
        return runDueMonitors(ctx, ctx.clock());
      },
    }),
  ],
};
