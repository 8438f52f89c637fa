// Continuous monitoring's background work: due profiles' own checks, and the alerts a processed run raises.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { monitoringAfterRun } from './after-run.ts';
import { runDueChecks } from './schedule.ts';

export const MONITORING_CHECKS_QUEUE = 'monitoring-checks';

export const monitoringJobs: ModuleJobs = {
  module: 'monitoring',
  queues: [
    jobQueue<object>({
      name: MONITORING_CHECKS_QUEUE,
      // A round over many hosts may take minutes; one minute's job must not be cut short or retried over itself.
      options: { retryLimit: 0, expireInSeconds: 3600, policy: 'singleton' },
      schedule: () => ({ cron: '* * * * *' }),
      polling: 'normal',
      async work(_job, { ctx }) {
        return runDueChecks(ctx, ctx.clock());
      },
    }),
  ],
  // After tickets and rules (module order in src/module-jobs.ts): the run's changes on watched assets alert.
  afterRunProcessed: [
    async ({ ctx }, runId) => {
      await monitoringAfterRun(ctx, runId);
    },
  ],
};
