// Pure rules of the network scan schedule screens: a schedule's timing in words ("Every 2 weeks on Mon, Thu at 02:30
// Europe/Stockholm"), the monthly day phrased from the start date, the default start (the next full hour in the chosen
// zone), the end choice (never / on a date / after N runs) and the fields it maps to, and the routes of the screens.
import {
  formatInterval,
  ordinalName,
  ordinalSuffix,
  REPEAT_FREQUENCY_LABELS,
  scheduleEndType,
  weekdayName,
  type MonthlyMode,
  type NotificationConfig,
  type RepeatFrequency,
  type ReminderConfig,
  type Schedule,
  type Weekday,
} from '@bulwark/core';
import { statusColor as taskStatusColor } from '../scans/scan-format.ts';

export const SCHEDULES_PATH = '/scans/schedules';
export const SCHEDULES_PAGE_SIZE = 25;
/** Next to start first (the server's default too). */
export const DEFAULT_SCHEDULE_ORDERING = 'next_run_at';
export const SCHEDULE_SORT_KEYS = ['name', 'next_run_at', 'created'] as const;
/** Rows per page of a schedule's runs. */
export const SCHEDULE_RUNS_PAGE_SIZE = 10;

/** A schedule's page: view/{scanId} (a schedule is known by the scan it starts). */
export function schedulePath(scanId: number): string {
  return `${SCHEDULES_PATH}/view/${scanId}`;
}

/** The scanId of view/{scanId}; null when absent or not a positive integer. */
export function parseScanId(text: string | undefined): number | null {
  return text !== undefined && /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates and weekdays.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const WEEKDAY_SHORT: Record<Weekday, string> = { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat', 7: 'Sun' };
export const WEEKDAY_NUMBERS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** The ISO weekday (Monday 1 … Sunday 7) of a calendar day; null for a text that is not one. */
export function weekdayOfDate(date: string): Weekday | null {
  if (!isDate(date)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (js === 0 ? 7 : js) as Weekday;
}

/** Which of its weekday in the month a day is: the 1st-7th are the first, … the 29th-31st the fifth (said "last"). */
export function weekOfMonth(date: string): number | null {
  if (!isDate(date)) return null;
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}

/** 'Mon, Thu' of ISO weekdays, in week order, repeats left out. */
export function weekdaysText(days: readonly number[]): string {
  return [...new Set(days)]
    .filter((d): d is Weekday => d >= 1 && d <= 7)
    .sort((a, b) => a - b)
    .map((d) => WEEKDAY_SHORT[d])
    .join(', ');
}

/**
 * The day a monthly schedule runs on, phrased from its start date: 'the 15th' (day of month), 'the first Monday',
 * 'the last Friday' (a fifth weekday, the 29th-31st); null while the start date is not a date.
 */
export function monthlyDayText(startDate: string, mode: MonthlyMode): string | null {
  if (!isDate(startDate)) return null;
  if (mode === 'day_of_month') return `the ${ordinalSuffix(Number(startDate.slice(8, 10)))}`;
  const weekday = weekdayOfDate(startDate);
  const week = weekOfMonth(startDate);
  if (weekday === null || week === null) return null;
  return `the ${ordinalName(week) ?? `${ordinalSuffix(week)}`} ${weekdayName(weekday) ?? ''}`.trimEnd();
}

/** The choices of the monthly mode picker, phrased from the start date: 'On the 15th', 'On the third Tuesday'. */
export function monthlyModeOptions(startDate: string): { value: MonthlyMode; label: string }[] {
  const day = monthlyDayText(startDate, 'day_of_month');
  const weekday = monthlyDayText(startDate, 'weekday_of_month');
  return [
    { value: 'day_of_month', label: day ? `On ${day} of the month` : 'On the start date’s day of the month' },
    { value: 'weekday_of_month', label: weekday ? `On ${weekday} of the month` : 'On the start date’s weekday of the month' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Timing in words.

export interface RepeatFields {
  repeat: RepeatFrequency;
  interval: number;
  weekdays: readonly number[];
  monthly_mode: MonthlyMode;
  start_date: string;
  /** HH:mm (a server's HH:mm:ss is cut to minutes). */
  time: string;
  time_zone: string;
}

const UNIT: Record<Exclude<RepeatFrequency, 'never'>, [string, string]> = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
};

/** 'Daily' / 'Every 3 days', 'Weekly' / 'Every 2 weeks', 'Monthly' / 'Every 6 months'. */
export function everyText(repeat: Exclude<RepeatFrequency, 'never'>, interval: number): string {
  const n = Number.isInteger(interval) && interval > 0 ? interval : 1;
  return n === 1 ? REPEAT_FREQUENCY_LABELS[repeat] : `Every ${n} ${UNIT[repeat][1]}`;
}

/** The unit of the interval field: 'day' / 'days' and so on. */
export function intervalUnit(repeat: RepeatFrequency, interval: number): string {
  if (repeat === 'never') return '';
  return UNIT[repeat][interval === 1 ? 0 : 1];
}

/**
 * A schedule's timing in words:
 * 'Once on 2026-12-01 at 09:00 UTC', 'Daily at 02:30 UTC', 'Every 2 weeks on Mon, Thu at 02:30 Europe/Stockholm',
 * 'Monthly on the first Monday at 08:00 UTC'. A weekly schedule without weekdays runs on its start date's weekday.
 */
export function repeatText(s: RepeatFields): string {
  const at = `at ${s.time.slice(0, 5)} ${s.time_zone}`;
  switch (s.repeat) {
    case 'never':
      return `Once on ${s.start_date} ${at}`;
    case 'daily':
      return `${everyText('daily', s.interval)} ${at}`;
    case 'weekly': {
      const start = weekdayOfDate(s.start_date);
      const days = s.weekdays.length > 0 ? weekdaysText(s.weekdays) : start !== null ? WEEKDAY_SHORT[start] : '';
      return days ? `${everyText('weekly', s.interval)} on ${days} ${at}` : `${everyText('weekly', s.interval)} ${at}`;
    }
    case 'monthly': {
      const day = monthlyDayText(s.start_date, s.monthly_mode);
      return day ? `${everyText('monthly', s.interval)} on ${day} ${at}` : `${everyText('monthly', s.interval)} ${at}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The default start: the next full hour in the chosen zone.

function wallClock(now: Date, timeZone: string): { y: number; mo: number; d: number; h: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return { y: part('year'), mo: part('month'), d: part('day'), h: part('hour') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The start date and time of a new schedule: the next full hour after `now` on the clocks of `timeZone` (10:20 in
 * Stockholm → 11:00 there; 23:40 → 00:00 the next day). UTC when the zone is not known.
 */
export function nextFullHourIn(timeZone: string, now: Date = new Date()): { start_date: string; time: string } {
  let clock;
  try {
    clock = wallClock(now, timeZone);
  } catch {
    clock = wallClock(now, 'UTC');
  }
  // The wall clock's fields as if they were UTC, so that adding an hour rolls days, months and years over.
  const next = new Date(Date.UTC(clock.y, clock.mo - 1, clock.d, clock.h + 1));
  return {
    start_date: `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`,
    time: `${pad(next.getUTCHours())}:00`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// How a schedule ends.

/** Never; on a date (end_date); after a number of runs (max_run_cnt). */
export const END_CHOICES = ['never', 'date', 'runs'] as const;
export type EndChoice = (typeof END_CHOICES)[number];

export const END_CHOICE_LABELS: Record<EndChoice, string> = { never: 'Never', date: 'On a date', runs: 'After a number of runs' };

/**
 * The end choice of stored fields: a date alone → 'date', a run limit alone → 'runs', neither → 'never'. A schedule with
 * both (only an older one can have both) shows its date: the form then sends the date and no run limit.
 */
export function endChoiceOf(s: { end_date: string | null; max_run_cnt: number }): EndChoice {
  if (s.end_date) return 'date';
  if (s.max_run_cnt > 0) return 'runs';
  return 'never';
}

/** The fields an end choice is sent as: never → no date and 0 runs; date → the date; runs → the number. */
export function endFields(choice: EndChoice, endDate: string, runs: number): { end_date: string | null; max_run_cnt: number } {
  switch (choice) {
    case 'never':
      return { end_date: null, max_run_cnt: 0 };
    case 'date':
      return { end_date: endDate.trim() === '' ? null : endDate.trim(), max_run_cnt: 0 };
    case 'runs':
      return { end_date: null, max_run_cnt: Number.isInteger(runs) && runs > 0 ? runs : 0 };
  }
}

/** What the end type means for this schedule: 'ends on 2026-12-31', '3 of 10 runs done', 'runs until switched off'. */
export function endDetail(s: Pick<Schedule, 'end_date' | 'max_run_cnt' | 'run_count' | 'repeat'>): string {
  if (s.repeat === 'never') return 'runs once';
  switch (scheduleEndType(s)) {
    case 'ran_x_times':
      return `${s.run_count} of ${s.max_run_cnt} ${s.max_run_cnt === 1 ? 'run' : 'runs'} done`;
    case 'end_date_reached':
      return `ends on ${s.end_date ?? ''}`;
    case 'manually_cancelled':
      return s.end_date && s.max_run_cnt > 0
        ? `ends on ${s.end_date} or after ${s.max_run_cnt} runs`
        : 'runs until switched off or deleted';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// E-mail lists.

/** 'a@x.se, b@x.se\nc@x.se' → ['a@x.se', 'b@x.se', 'c@x.se'] (blanks and repeats left out, case kept). */
export function splitEmails(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const value = part.trim();
    if (value === '' || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    out.push(value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The last run.

const RUN_STATUS_COLORS: Record<string, string> = {
  Pending: 'gray',
  'In Progress': 'blue',
  Finished: 'green',
  Error: 'red',
  'Processing results': 'indigo',
};

/** The colour of a last run's status: a §4 run status label (Pending … Processing results), else a task label's colour. */
export function lastRunColor(status: string): string {
  return RUN_STATUS_COLORS[status] ?? taskStatusColor(status);
}

/** The probe a schedule runs on: a probe group's name, a probe's, or the built-in external probe. */
export function probeText(s: Pick<Schedule, 'source' | 'node' | 'probe_group'>): string {
  if (s.source === 2) return s.probe_group ? `Probe group ${s.probe_group.name}` : 'A probe group';
  if (s.node.id === -1) return s.node.name || 'External (built-in)';
  return s.node.name || `Probe ${s.node.id}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Who hears about it.

/** 'a@x.se, b@x.se; cc c@x.se; Slack, Microsoft Teams' — or 'Nobody' when no channel is set. */
export function channelsText(c: NotificationConfig): string {
  const parts: string[] = [];
  if (c.email.length > 0) parts.push(c.email.join(', '));
  if (c.cc.length > 0) parts.push(`cc ${c.cc.join(', ')}`);
  const apps = [c.slack && 'Slack', c.teams && 'Microsoft Teams', c.webhooks && 'webhooks'].filter((x): x is string => Boolean(x));
  if (apps.length > 0) parts.push(apps.join(', '));
  return parts.length > 0 ? parts.join('; ') : 'Nobody';
}

/** '2 hours before: a@x.se; Slack' (the lead time in §9's units), or 'None'. */
export function reminderText(r: ReminderConfig): string {
  const who = channelsText(r);
  if (who === 'Nobody') return 'None';
  return `${formatInterval(r.notify_before_time)} before: ${who}`;
}

/** Names of ids from a list of known items; an id not in it shows as '{noun} {id}'. */
export function namesOf(ids: readonly number[], known: readonly { id: number; name: string }[] | undefined, noun: string): string[] {
  const byId = new Map((known ?? []).map((k) => [k.id, k.name]));
  return ids.map((id) => byId.get(id) ?? `${noun} ${id}`);
}
