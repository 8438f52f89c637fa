// The one recurrence engine of every schedule — scan schedules, report schedules and the digest, the feed sync (and
// later monitors and assessments) — built on luxon (docs/decisions/0009-one-recurrence-engine.md). A schedule's local
// starts in its time zone come from a start date and time — once; every N days; every N weeks on chosen weekdays; every
// N months on the start date's day or its nth weekday — up to the end date and the number of runs, each an instant
// (platform-core §3 Schedule, §9). The rules where the calendar is awkward:
// - a time the clock skips (02:30 on a spring-forward night) starts at the same minutes of the next hour that day
//   (03:30), and a time the clock passes twice (autumn) starts once, at its first passing;
// - a monthly start on the 29th-31st runs on the last day of a shorter month (the 31st → 30 April, 28/29 February);
// - "the nth weekday" is worked out from the start date (the 3rd is the first Monday, the 15th the third); a start in
//   the month's last seven days past the 28th means "the last" such weekday (e.g. the last Friday).
// A calendar rule without a start date (daily; weekly on a weekday; monthly on a day or the last day — report
// schedules, the digest, the feed sync) is the same recurrence started just before the time asked about.
import { DateTime } from 'luxon';
import type { MonthlyMode, RepeatFrequency } from '@bulwark/core';

/** A schedule's timing as scan schedules store it; every other schedule's rule is turned into one. */
export interface Recurrence {
  start_date: string;
  time: string;
  time_zone: string;
  end_date: string | null;
  repeat: RepeatFrequency;
  interval: number;
  weekdays: number[];
  monthly_mode: MonthlyMode;
  max_run_cnt: number;
}

/** A local calendar day. */
interface Day {
  year: number;
  month: number;
  day: number;
}

const MAX_CANDIDATES = 200_000;

function dayOf(iso: string): Day {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const asUtcDate = (d: Day) => DateTime.utc(d.year, d.month, d.day);
const toDay = (dt: DateTime): Day => ({ year: dt.year, month: dt.month, day: dt.day });
const iso = (d: Day) => asUtcDate(d).toISODate()!;

/** The nth weekday (1-4, or 5 for the last) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Day {
  const first = DateTime.utc(year, month, 1);
  if (n >= 5) {
    const last = first.endOf('month').startOf('day');
    return toDay(last.minus({ days: (last.weekday - weekday + 7) % 7 }));
  }
  return toDay(first.plus({ days: ((weekday - first.weekday + 7) % 7) + 7 * (n - 1) }));
}

/** The local days a schedule starts on, in order (without an end). */
function* localDays(t: Recurrence): Generator<Day> {
  const start = asUtcDate(dayOf(t.start_date));
  const every = Math.max(1, t.interval);
  if (t.repeat === 'never') {
    yield toDay(start);
    return;
  }
  if (t.repeat === 'daily') {
    for (let k = 0; ; k++) yield toDay(start.plus({ days: k * every }));
  }
  if (t.repeat === 'weekly') {
    const weekdays = [...new Set(t.weekdays.length ? t.weekdays : [start.weekday])].sort((a, b) => a - b);
    const monday = start.minus({ days: start.weekday - 1 });
    for (let w = 0; ; w += every)
      for (const wd of weekdays) {
        const d = monday.plus({ days: w * 7 + wd - 1 });
        if (d >= start) yield toDay(d);
      }
  }
  // Monthly.
  const n = Math.ceil(start.day / 7);
  for (let m = 0; ; m += every) {
    const month = start.plus({ months: m }).startOf('month');
    if (t.monthly_mode === 'weekday_of_month') {
      const d = nthWeekday(month.year, month.month, start.weekday, n);
      if (asUtcDate(d) >= start) yield d;
    } else {
      yield { year: month.year, month: month.month, day: Math.min(start.day, month.daysInMonth!) };
    }
  }
}

/** The instant a local day and time is in the zone (a skipped time moves forward by the gap; a repeated one is its first). */
export function instantOf(day: Day, time: string, zone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const at = DateTime.fromObject({ ...day, hour, minute }, { zone });
  // In a repeated hour luxon takes the second passing: an earlier instant with the same wall time is the first.
  for (const back of [60, 30]) {
    const earlier = at.minus({ minutes: back });
    if (earlier.hour === at.hour && earlier.minute === at.minute && earlier.day === at.day) return earlier.toJSDate();
  }
  return at.toJSDate();
}

/**
 * The next `limit` starts after `after` (strictly), given `runs` already made: none past the end date (a local day) or
 * beyond max_run_cnt runs in all. A schedule missed for a while gives its next start after `after`, not the missed ones.
 */
export function nextStarts(t: Recurrence, after: Date, limit = 5, runs = 0): Date[] {
  const remaining = t.max_run_cnt > 0 ? t.max_run_cnt - runs : Infinity;
  const out: Date[] = [];
  if (remaining <= 0) return out;
  let seen = 0;
  for (const day of localDays(t)) {
    if (++seen > MAX_CANDIDATES) break;
    if (t.end_date !== null && iso(day) > t.end_date) break;
    const at = instantOf(day, t.time, t.time_zone);
    if (at.getTime() <= after.getTime()) continue;
    out.push(at);
    if (out.length >= Math.min(limit, remaining)) break;
  }
  return out;
}

/** The next full hour after `now` in a zone, as the form's default start (date and HH:mm). */
export function nextFullHour(now: Date, zone: string): { start_date: string; time: string } {
  const next = DateTime.fromJSDate(now, { zone }).startOf('hour').plus({ hours: 1 });
  return { start_date: next.toISODate()!, time: next.toFormat('HH:mm') };
}

/** A rule with no start or end: daily, weekly on an ISO weekday (1-7), or monthly on a day (1-28, or 0 for the last). */
export interface CalendarRule {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** HH:MM in `time_zone`. */
  time: string;
  weekday: number;
  day_of_month: number;
  time_zone: string;
}

/**
 * The rule as a recurrence that starts the day before `after` (local), so that every time after `after` is among its
 * starts: a monthly one starts a month earlier on its day, and "the last day" on an earlier 31st, which each shorter
 * month turns into its own last day.
 */
function recurrenceOf(rule: CalendarRule, after: Date): Recurrence {
  let start = DateTime.fromJSDate(after, { zone: rule.time_zone })
    .setZone('UTC', { keepLocalTime: true })
    .startOf('day')
    .minus({ days: 1 });
  if (rule.frequency === 'monthly') {
    start = start.minus({ months: 1 }).startOf('month');
    if (rule.day_of_month === 0) while (start.daysInMonth !== 31) start = start.minus({ months: 1 });
    start = start.set({ day: rule.day_of_month === 0 ? 31 : rule.day_of_month });
  }
  return {
    start_date: start.toISODate()!,
    time: rule.time,
    time_zone: rule.time_zone,
    end_date: null,
    repeat: rule.frequency,
    interval: 1,
    weekdays: rule.frequency === 'weekly' ? [rule.weekday] : [],
    monthly_mode: 'day_of_month',
    max_run_cnt: 0,
  };
}

/** The next `n` times a calendar rule comes after `after` (strictly). */
export function nextTimes(rule: CalendarRule, after: Date, n = 5): Date[] {
  return nextStarts(recurrenceOf(rule, after), after, n);
}
