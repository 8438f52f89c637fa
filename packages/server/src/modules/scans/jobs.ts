// The scans module's background work: the scheduler every minute (blackout windows, throttled tasks, scan schedules,
// reminders), and the built-in probe a serving process runs when BULWARK_BUILTIN_PROBE is on.
import { jobQueue, type ModuleJobs } from '../../jobs/declare.ts';
import { handOver, queueDueReminders } from '../notifications/index.ts';
import { enforceBlackouts, releaseAllThrottled } from '../tasks/index.ts';
import { BuiltinProbe } from './builtin-probe.ts';
import { runDueScanSchedules } from './schedules.ts';

/** Every minute: blackout windows begun or ended, throttled tasks given free slots, scan schedules whose start has come. */
export const SCAN_SCHEDULE_QUEUE = 'scan-schedules';

export const scansJobs: ModuleJobs = {
  module: 'scans',
  queues: [
    jobQueue({
      name: SCAN_SCHEDULE_QUEUE,
      options: { policy: 'singleton', retryLimit: 0 },
      schedule: () => ({ cron: '* * * * *' }),
      polling: 'slow',
      async work(_job, { ctx, send }) {
        const { db, log } = ctx;
        const events = { publicUrl: ctx.config.publicUrl, send };
        const now = ctx.clock();
        // Windows first (a schedule due inside one starts a run whose tasks wait), then free slots, then schedules.
        const blackouts = await enforceBlackouts(db, ctx, now, undefined, events);
        const released = await releaseAllThrottled(db, ctx);
        const started = await runDueScanSchedules(db, ctx, now, log, events);
        await queueDueReminders(db, now, events.publicUrl);
        await handOver(db, send);
        if (blackouts.length || released || started.length) log.info({ blackouts, released, runs: started }, 'scan scheduler');
        return { blackouts: blackouts.length, released, runs: started.length };
      },
    }),
  ],
  serve: [
    // The built-in probe starts with the app and stops before the database closes (running tasks handed back).
    (ctx) => {
      if (!ctx.config.builtinProbe) return;
      const probe = new BuiltinProbe(ctx, { maxTasks: ctx.config.builtinProbeTasks });
      probe.start();
      return () => probe.stop();
    },
  ],
};
