// Schedule interval units (§9): a minutes value of at least 1440 that divides evenly is days, at least 60 hours.
import { INTERVAL_UNIT_MINUTES, type IntervalUnit } from '../codes/scans.ts';

export interface Interval {
  value: number;
  unit: IntervalUnit;
}

/** 1440 → 1 day, 120 → 2 hours, 90 → 90 minutes. */
export function minutesToInterval(minutes: number): Interval {
  if (minutes >= 1440 && minutes % 1440 === 0) return { value: minutes / 1440, unit: 'days' };
  if (minutes >= 60 && minutes % 60 === 0) return { value: minutes / 60, unit: 'hours' };
  return { value: minutes, unit: 'minutes' };
}

export function intervalToMinutes(value: number, unit: IntervalUnit): number {
  return value * INTERVAL_UNIT_MINUTES[unit];
}

const SINGULAR: Record<IntervalUnit, string> = { minutes: 'minute', hours: 'hour', days: 'day' };

/** '1 day', '2 hours', '90 minutes'. */
export function formatInterval(minutes: number): string {
  const { value, unit } = minutesToInterval(minutes);
  return `${value} ${value === 1 ? SINGULAR[unit] : unit}`;
}
