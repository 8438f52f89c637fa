// When the feed sync runs by itself: daily at the configured time of day in the configured time zone (a pg-boss cron
// schedule), and the next such time for the intelligence page (the recurrence engine every schedule shares).
import type { Config } from '../../../config.ts';
import { nextTimes } from '../../../schedules/recurrence.ts';

/** The cron expression of a daily sync at HH:MM. */
export function syncCron(at: string): string {
  const [hh, mm] = at.split(':').map(Number);
  return `${mm} ${hh} * * *`;
}

/** The next scheduled sync after `now`, or null when the automatic sync is off. */
export function nextSyncAt(sync: Config['feedSync'], now: Date): Date | null {
  if (!sync.enabled) return null;
  return nextTimes({ frequency: 'daily', time: sync.at, weekday: 1, day_of_month: 1, time_zone: sync.timeZone }, now, 1)[0]!;
}
