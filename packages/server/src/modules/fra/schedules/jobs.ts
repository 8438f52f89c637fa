// The schedules' queue: a pass every minute that starts the assessment schedules that are due.
import { jobQueue } from '../../../jobs/declare.ts';
import { runDueSchedules } from './run.ts';

export const FRA_SCHEDULES_QUEUE = 'fra-schedules-due';

export const fraSchedulesQueue = jobQueue<object>({
  name: FRA_SCHEDULES_QUEUE,
  // Not retried: what is still due is taken by the next minute's pass.
  options: { retryLimit: 0, expireInSeconds: 900 },
  schedule: () => ({ cron: '* * * * *' }),
  polling: 'slow',
  async work(_job, { ctx }) {
    return { started: await runDueSchedules(ctx, ctx.clock()) };
  },
});
