// The calendar rules of report schedules, the digest and the feed sync on the recurrence engine every schedule shares
// (schedules/recurrence.ts), at fixed instants instead of the clock: a skipped and a repeated hour, the last day of the
// month across a leap year and a daylight-saving change, a day asked about on its very time, a Sunday, and a time asked
// from a zone already in the next month. (Scan schedules' rules over the same engine: schedules.test.ts.)
import { describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { nextSyncAt } from '../src/modules/intel/sync/schedule.ts';
import { nextDigestAt } from '../src/modules/reports/digest.ts';
import { upcomingRuns } from '../src/modules/reports/schedules.ts';
import { nextTimes, type CalendarRule } from '../src/schedules/recurrence.ts';

const rule = (o: Partial<CalendarRule>): CalendarRule => ({
  frequency: 'daily',
  time: '09:00',
  weekday: 1,
  day_of_month: 1,
  time_zone: 'UTC',
  ...o,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('calendar rules', () => {
  it('runs a time the clock skips at the same minutes of the next hour, and a repeated time once, at its first passing', () => {
    const stockholm = rule({ time: '02:30', time_zone: 'Europe/Stockholm' });
    // 29 March 2026 has no 02:30 in Stockholm: 03:30 CEST (01:30 UTC).
    expect(iso(upcomingRuns(stockholm, new Date('2026-03-28T00:00:00Z'), 3))).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    // 25 October 2026 passes 02:30 twice: the first (CEST, 00:30 UTC), once.
    expect(iso(upcomingRuns(stockholm, new Date('2026-10-24T12:00:00Z'), 2))).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
    // Asked between the two passings: the second is not a run of its own.
    expect(iso(upcomingRuns(stockholm, new Date('2026-10-25T00:45:00Z'), 1))).toEqual(['2026-10-26T01:30:00.000Z']);
  });

  it('runs "the last day" on each month’s last day, across a leap February and a daylight-saving change', () => {
    const sydney = rule({ frequency: 'monthly', day_of_month: 0, time: '23:30', time_zone: 'Australia/Sydney' });
    // Summer time (UTC+11) ends on 2 April 2028: from April 23:30 local is 13:30 UTC.
    expect(iso(nextTimes(sydney, new Date('2028-01-15T00:00:00Z'), 5))).toEqual([
      '2028-01-31T12:30:00.000Z',
      '2028-02-29T12:30:00.000Z',
      '2028-03-31T12:30:00.000Z',
      '2028-04-30T13:30:00.000Z',
      '2028-05-31T13:30:00.000Z',
    ]);
    const utc = rule({ frequency: 'monthly', day_of_month: 0 });
    expect(iso(nextTimes(utc, new Date('2027-02-01T00:00:00Z'), 3))).toEqual([
      '2027-02-28T09:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
      '2027-04-30T09:00:00.000Z',
    ]);
  });

  it('gives only times strictly after the instant asked about', () => {
    const monthly = rule({ frequency: 'monthly', day_of_month: 15 });
    expect(iso(nextTimes(monthly, new Date('2026-12-15T08:59:59.999Z'), 1))).toEqual(['2026-12-15T09:00:00.000Z']);
    expect(iso(nextTimes(monthly, new Date('2026-12-15T09:00:00.000Z'), 2))).toEqual([
      '2027-01-15T09:00:00.000Z',
      '2027-02-15T09:00:00.000Z',
    ]);
  });

  it('reads the weekday as ISO (7 is Sunday) and the date in the rule’s zone', () => {
    const sunday = rule({ frequency: 'weekly', weekday: 7, time: '07:00', time_zone: 'Europe/Stockholm' });
    expect(iso(nextTimes(sunday, new Date('2026-11-28T12:00:00Z'), 2))).toEqual(['2026-11-29T06:00:00.000Z', '2026-12-06T06:00:00.000Z']);
    // 23:30 UTC on 31 January is already 1 February in Tokyo: that day's 09:00 is the next first of the month.
    const tokyo = rule({ frequency: 'monthly', day_of_month: 1, time_zone: 'Asia/Tokyo' });
    expect(iso(nextTimes(tokyo, new Date('2026-01-31T23:30:00Z'), 2))).toEqual(['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
  });

  it('times the digest and the feed sync by the same rules', () => {
    const digest = { enabled: true, frequency: 'weekly' as const, weekday: 1, time: '07:00', time_zone: 'Europe/Stockholm' };
    expect(nextDigestAt(digest, new Date('2026-03-27T00:00:00Z')).toISOString()).toBe('2026-03-30T05:00:00.000Z');
    const sync = { enabled: true, at: '02:30', timeZone: 'Europe/Stockholm' } as Config['feedSync'];
    expect(nextSyncAt(sync, new Date('2026-03-28T12:00:00Z'))?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(nextSyncAt({ ...sync, enabled: false }, new Date('2026-03-28T12:00:00Z'))).toBeNull();
  });
});
