// The sender's queue: a pass every minute (and one woken when an assessment starts), which wakes the next pass at
// once when it had a full batch, so a large assessment goes out at its rate without one long job.
import { jobQueue } from '../../../jobs/declare.ts';
import { FRA_SEND_QUEUE } from './queue.ts';
import { runSendPass } from './send.ts';

export const fraSendQueue = jobQueue<object>({
  name: FRA_SEND_QUEUE,
  // A pass that fails is not retried: its leases run out and the next minute's pass takes the messages again.
  options: { retryLimit: 0, expireInSeconds: 900 },
  schedule: () => ({ cron: '* * * * *' }),
  polling: 'fast',
  async work(_job, { ctx, send }) {
    const result = await runSendPass(ctx, ctx.clock());
    if (result.more) await send(FRA_SEND_QUEUE, {});
    return result;
  },
});
