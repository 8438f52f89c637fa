// The customer's blackout window (feature-areas §3 Customer settings `blackouts`, platform-core §5): on the days it
// names ("0" = every day; otherwise ISO weekdays 1 Monday … 7 Sunday, comma-separated) from its start to its end time
// in its time zone, no scan task starts and running ones are paused until it ends. A window whose end is before its
// start runs over midnight into the next day (22:00-06:00 on Friday covers Friday night to Saturday 06:00).
import { z } from 'zod';
import { timeOfDay, timeZoneName } from './api/fields.ts';

export const blackoutWindow = z
  .object({
    enabled: z.boolean(),
    days_of_week: z
      .string()
      .trim()
      .regex(/^(0|[1-7](,[1-7])*)$/, 'Enter 0 for every day, or weekdays 1 (Monday) to 7 (Sunday) separated by commas.'),
    start_time: timeOfDay,
    end_time: timeOfDay,
    time_zone: timeZoneName.default('UTC'),
  })
  .refine((b) => b.start_time !== b.end_time, { path: ['end_time'], message: 'The window must end at another time than it starts.' });
export type BlackoutWindow = z.output<typeof blackoutWindow>;

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The weekday (1-7) and minute of the day of a moment in a zone. */
function localClock(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS[part('weekday')] ?? 1, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The days a window names (every day for "0"). */
export function blackoutDays(b: Pick<BlackoutWindow, 'days_of_week'>): number[] {
  return b.days_of_week === '0' ? [1, 2, 3, 4, 5, 6, 7] : [...new Set(b.days_of_week.split(',').map(Number))].sort();
}

/** Whether `at` falls inside the (enabled) window. */
export function inBlackout(b: BlackoutWindow | null | undefined, at: Date): boolean {
  if (!b?.enabled) return false;
  const { weekday, minute } = localClock(at, b.time_zone);
  const days = blackoutDays(b);
  const start = minutesOf(b.start_time);
  const end = minutesOf(b.end_time);
  if (start < end) return days.includes(weekday) && minute >= start && minute < end;
  // Over midnight: the evening of a named day, or the early morning after one.
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  return (days.includes(weekday) && minute >= start) || (days.includes(yesterday) && minute < end);
}

/** "Every day 22:00-06:00 (Europe/Stockholm)", "Mon, Fri 08:00-17:00 (UTC)". */
export function blackoutText(b: BlackoutWindow): string {
  const names = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const days =
    b.days_of_week === '0'
      ? 'Every day'
      : blackoutDays(b)
          .map((d) => names[d])
          .join(', ');
  return `${days} ${b.start_time}-${b.end_time} (${b.time_zone})`;
}
