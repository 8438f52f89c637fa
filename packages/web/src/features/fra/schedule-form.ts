// Pure rules of the assessment-schedule form: its values (the shared settings, the one schedule timing and the window
// each run's messages are spread over), the checks, the body sent, and where the server's field errors go.
import {
  isTimeZone,
  type AssessmentSchedule,
  type AssessmentScheduleInput,
  type RepeatFrequency,
  type ScheduleTiming,
} from '@bulwark/core';
import { nextFullHourIn } from '../schedules/schedule-format.ts';
import { ASSESSMENT_ERROR_FIELDS, STEPS, checkStep, settingsBody, settingsValues, type SettingsValues } from './assessment-form.ts';

export interface ScheduleValues extends SettingsValues {
  active: boolean;
  start_date: string;
  time: string;
  time_zone: string;
  repeat: RepeatFrequency;
  interval: number | string;
  weekdays: string[];
  monthly_mode: 'day_of_month' | 'weekday_of_month';
  end_date: string;
  max_run_cnt: number | string;
  window_hours: number | string;
}

export function scheduleValues(s: AssessmentSchedule | null, zone: string): ScheduleValues {
  const start = nextFullHourIn(zone);
  return {
    ...settingsValues(s),
    active: s?.active ?? true,
    start_date: s?.start_date ?? start.start_date,
    time: s?.time.slice(0, 5) ?? start.time,
    time_zone: s?.time_zone ?? zone,
    repeat: (s?.repeat as RepeatFrequency | undefined) ?? 'monthly',
    interval: s?.interval ?? 1,
    weekdays: (s?.weekdays ?? []).map(String),
    monthly_mode: s?.monthly_mode === 'weekday_of_month' ? 'weekday_of_month' : 'day_of_month',
    end_date: s?.end_date ?? '',
    max_run_cnt: s?.max_run_cnt ?? 0,
    window_hours: s?.window_hours ?? 4,
  };
}

const num = (v: number | string) => (typeof v === 'number' ? v : Number(v));

/** The timing as the upcoming-runs preview takes it; null while it is incomplete. */
export function timingOf(v: ScheduleValues): ScheduleTiming | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.start_date) || !/^\d\d:\d\d$/.test(v.time) || !isTimeZone(v.time_zone)) return null;
  return {
    start_date: v.start_date,
    time: v.time,
    time_zone: v.time_zone,
    end_date: v.end_date || null,
    repeat: v.repeat,
    interval: Math.max(1, num(v.interval) || 1),
    weekdays: v.weekdays.map(Number),
    monthly_mode: v.monthly_mode,
    max_run_cnt: Math.max(0, num(v.max_run_cnt) || 0),
  };
}

export function scheduleBody(v: ScheduleValues): AssessmentScheduleInput {
  return {
    ...settingsBody(v),
    active: v.active,
    start_date: v.start_date,
    time: v.time,
    time_zone: v.time_zone,
    end_date: v.end_date || null,
    repeat: v.repeat,
    interval: num(v.interval),
    weekdays: v.weekdays.map(Number),
    monthly_mode: v.monthly_mode,
    max_run_cnt: num(v.max_run_cnt),
    window_hours: num(v.window_hours),
  };
}

export const SCHEDULE_ERROR_FIELDS: Record<string, string> = {
  ...ASSESSMENT_ERROR_FIELDS,
  ...Object.fromEntries(
    [
      'active',
      'start_date',
      'time',
      'time_zone',
      'end_date',
      'repeat',
      'interval',
      'weekdays',
      'monthly_mode',
      'max_run_cnt',
      'window_hours',
    ].map((f) => [f, f]),
  ),
};

/** All the checks at once (the schedule form is one page). */
export function validateScheduleValues(v: ScheduleValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const step of STEPS) Object.assign(errors, checkStep(step, v));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.start_date)) errors.start_date = 'Enter a date as YYYY-MM-DD.';
  if (!/^\d\d:\d\d$/.test(v.time)) errors.time = 'Enter a time as HH:MM.';
  if (!isTimeZone(v.time_zone)) errors.time_zone = 'Choose a time zone.';
  if (v.end_date && v.end_date < v.start_date) errors.end_date = 'The end date must not be before the start date.';
  const w = num(v.window_hours);
  if (!Number.isInteger(w) || w < 0 || w > 336) errors.window_hours = 'Enter 0 to 336 hours.';
  return errors;
}
