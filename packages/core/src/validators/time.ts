// Times of day (HH:mm, §9) and IANA time zones, as schedules, report schedules, the digest and the blackout window
// take them.

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_OF_DAY_MESSAGE = 'Enter a time as HH:mm.';
export const TIME_ZONE_MESSAGE = 'Choose a known time zone, e.g. Europe/Stockholm.';

/** Whether the runtime knows the zone (Intl is the judge on both server and browser). */
export function isTimeZone(tz: string): boolean {
  if (tz.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
