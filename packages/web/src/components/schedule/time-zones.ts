// Time zones of the schedule forms: the viewer's zone, the zones offered, and a run time shown in a schedule's own zone
// (with the viewer's time beside it when the zones differ).
import { formatDateTime, isTimeZone } from '@bulwark/core';

/** The browser's time zone (UTC when it cannot say). */
export function browserTimeZone(): string {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz && isTimeZone(tz) ? tz : 'UTC';
  } catch {
    return 'UTC';
  }
}

const FALLBACK_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Stockholm',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
];

/** Every IANA time zone the browser knows, UTC first; `keep` (e.g. a saved one) is offered even when the browser lacks it. */
export function timeZoneChoices(keep?: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = FALLBACK_ZONES;
  }
  const all = new Set(['UTC', ...zones]);
  if (keep && keep.trim() !== '') all.add(keep);
  return [...all];
}

/** 'Mon 2026-11-23 07:00' in `timeZone` (the browser's local time when the zone is unknown). */
export function formatInZone(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (!isTimeZone(timeZone)) return formatDateTime(date);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A run time in the schedule's zone, with the viewer's local time beside it when the zones differ. */
export function runTimeText(iso: string, timeZone: string, localZone = browserTimeZone()): string {
  const there = formatInZone(iso, timeZone);
  if (timeZone === localZone) return there;
  return `${there} (${formatDateTime(iso)} your time)`;
}
