// When the feed sync runs by itself: daily at the configured time of day in the configured time zone (a pg-boss cron
// schedule), and the next such time for the intelligence page.
import cronParser from 'cron-parser';
import type { Config } from '../../../config.ts';

/** The cron expression of a daily sync at HH:MM. */
export function syncCron(at: string): string {
  const [hh, mm] = at.split(':').map(Number);
  return `${mm} ${hh} * * *`;
}

/** The next scheduled sync after `now`, or null when the automatic sync is off. */
export function nextSyncAt(sync: Config['feedSync'], now: Date): Date | null {
  if (!sync.enabled) return null;
  return cronParser.parseExpression(syncCron(sync.at), { tz: sync.timeZone, currentDate: now }).next().toDate();
}
