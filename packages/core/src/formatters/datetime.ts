// Date and time formats (§9): 'YYYY-MM-DD HH:mm', schedule defaults (next full hour), weekdays 1-7 and ordinals.

export interface TimeOptions {
  /** Use UTC instead of the local time zone. */
  utc?: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function parts(date: Date, utc: boolean): { y: number; mo: number; d: number; h: number; mi: number } {
  return utc
    ? { y: date.getUTCFullYear(), mo: date.getUTCMonth() + 1, d: date.getUTCDate(), h: date.getUTCHours(), mi: date.getUTCMinutes() }
    : { y: date.getFullYear(), mo: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), mi: date.getMinutes() };
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 'YYYY-MM-DD' ('' for an invalid date). */
export function formatDate(value: Date | string | number, opts: TimeOptions = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, opts.utc ?? false);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}`;
}

/** 'HH:mm' ('' for an invalid date). */
export function formatTime(value: Date | string | number, opts: TimeOptions = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, opts.utc ?? false);
  return `${pad(p.h)}:${pad(p.mi)}`;
}

/** 'YYYY-MM-DD HH:mm' ('' for an invalid date). */
export function formatDateTime(value: Date | string | number, opts: TimeOptions = {}): string {
  const d = formatDate(value, opts);
  return d && `${d} ${formatTime(value, opts)}`;
}

/** The next full hour strictly after `now` (10:00 → 11:00, 10:59 → 11:00). */
export function nextFullHour(now: Date = new Date(), opts: TimeOptions = {}): Date {
  const d = new Date(now.getTime());
  if (opts.utc) d.setUTCMinutes(0, 0, 0);
  else d.setMinutes(0, 0, 0);
  return new Date(d.getTime() + 3_600_000);
}

/** Default start of a new schedule: start_date and time at the next full hour. */
export function defaultScheduleStart(now: Date = new Date(), opts: TimeOptions = {}): { start_date: string; time: string } {
  const at = nextFullHour(now, opts);
  return { start_date: formatDate(at, opts), time: formatTime(at, opts) };
}

/** Weekdays Monday to Sunday are 1 to 7. */
export const WEEKDAYS = { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' } as const;
export type Weekday = keyof typeof WEEKDAYS;

export function weekdayName(day: number): string | null {
  return (WEEKDAYS as Record<number, string | undefined>)[day] ?? null;
}

/** ISO weekday of a date: Monday 1 … Sunday 7. */
export function isoWeekday(date: Date, opts: TimeOptions = {}): Weekday {
  const js = opts.utc ? date.getUTCDay() : date.getDay();
  return (js === 0 ? 7 : js) as Weekday;
}

/** Ordinals of monthly schedules, first to last. */
export const ORDINALS = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', 5: 'last' } as const;
export type Ordinal = keyof typeof ORDINALS;

export function ordinalName(n: number): string | null {
  return (ORDINALS as Record<number, string | undefined>)[n] ?? null;
}

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd'. */
export function ordinalSuffix(n: number): string {
  const mod100 = Math.abs(n) % 100;
  const mod10 = Math.abs(n) % 10;
  const suffix = mod100 >= 11 && mod100 <= 13 ? 'th' : mod10 === 1 ? 'st' : mod10 === 2 ? 'nd' : mod10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
