// The remediation rules' background work: every enabled rule evaluated over the findings of each processed run (after
// the tickets module has settled its re-tests, by the order of src/module-jobs.ts), and the SLA pass (reminders before
// due dates, one overdue notice per overdue spell) every 15 minutes.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { rulesAfterRun } from './service.ts';
import { ticketSlaPass } from './sla.ts';

export const TICKET_SLA_QUEUE = 'ticket-sla';

export const remediationRulesJobs: ModuleJobs = {
  module: 'remediation-rules',
  queues: [
    jobQueue<object>({
      name: TICKET_SLA_QUEUE,
      options: { retryLimit: 2, expireInSeconds: 600 },
      schedule: () => ({ cron: '*/15 * * * *' }),
      polling: 'slow',
      async work(_job, { ctx }) {
        return ticketSlaPass(ctx, ctx.clock());
      },
    }),
  ],
  afterRunProcessed: [
    async ({ ctx }, runId) => {
      await rulesAfterRun(ctx, runId);
    },
  ],
};
