// The notifications module's background work: delivering a notification on one channel, tried four times with back-off.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { deliver, NOTIFY_QUEUE } from './service.ts';

export const notificationsJobs: ModuleJobs = {
  module: 'notifications',
  queues: [
    // A notification is tried four times with back-off; its delivery row says how each went.
    jobQueue<{ deliveryId: number }>({
      name: NOTIFY_QUEUE,
      options: { retryLimit: 3, expireInSeconds: 600, deadLetter: true },
      polling: 'fast',
      async work(job, { ctx }) {
        const deps = { ...ctx, mailFrom: ctx.config.mailFrom, slackApiUrl: ctx.config.slackApiUrl };
        const state = await deliver(deps, job.data.deliveryId, job.retryCount >= job.retryLimit);
        return { state };
      },
    }),
  ],
};
