// The pure rules of the network scan schedule screens: the timing in words, the monthly day phrased from the start date,
// the default start at the next full hour of the chosen zone, the end choice and the fields it maps to, and the texts
// of who hears about a schedule.
import { describe, expect, it } from 'vitest';
import { previewAnswer } from './schedules-api.ts';
import {
  channelsText,
  endChoiceOf,
  endDetail,
  endFields,
  isDate,
  lastRunColor,
  monthlyDayText,
  monthlyModeOptions,
  namesOf,
  nextFullHourIn,
  parseScanId,
  probeText,
  reminderText,
  repeatText,
  schedulePath,
  splitEmails,
  weekdayOfDate,
  weekdaysText,
  type RepeatFields,
} from './schedule-format.ts';

const timing = (o: Partial<RepeatFields> = {}): RepeatFields => ({
  repeat: 'weekly',
  interval: 1,
  weekdays: [],
  monthly_mode: 'day_of_month',
  start_date: '2026-12-01',
  time: '09:00',
  time_zone: 'UTC',
  ...o,
});

describe('repeatText', () => {
  it('says once, with the day, time and zone', () => {
    expect(repeatText(timing({ repeat: 'never', start_date: '2026-12-01', time: '09:00' }))).toBe('Once on 2026-12-01 at 09:00 UTC');
  });

  it('says every N weeks on the chosen weekdays, in week order', () => {
    expect(repeatText(timing({ interval: 2, weekdays: [4, 1], time: '02:30', time_zone: 'Europe/Stockholm' }))).toBe(
      'Every 2 weeks on Mon, Thu at 02:30 Europe/Stockholm',
    );
    expect(repeatText(timing({ weekdays: [7, 6, 6] }))).toBe('Weekly on Sat, Sun at 09:00 UTC');
  });

  it('uses the start date’s weekday for a weekly schedule without weekdays', () => {
    // 2026-12-01 is a Tuesday.
    expect(repeatText(timing({ weekdays: [] }))).toBe('Weekly on Tue at 09:00 UTC');
  });

  it('says daily or every N days', () => {
    expect(repeatText(timing({ repeat: 'daily', time: '02:30' }))).toBe('Daily at 02:30 UTC');
    expect(repeatText(timing({ repeat: 'daily', interval: 3 }))).toBe('Every 3 days at 09:00 UTC');
  });

  it('phrases a monthly schedule from its start date: the day of the month, or the nth weekday', () => {
    // 2026-12-07 is the first Monday of December 2026.
    expect(repeatText(timing({ repeat: 'monthly', monthly_mode: 'weekday_of_month', start_date: '2026-12-07', time: '08:00' }))).toBe(
      'Monthly on the first Monday at 08:00 UTC',
    );
    expect(repeatText(timing({ repeat: 'monthly', interval: 3, start_date: '2026-12-15' }))).toBe(
      'Every 3 months on the 15th at 09:00 UTC',
    );
  });

  it('cuts a server time with seconds to minutes', () => {
    expect(repeatText(timing({ repeat: 'daily', time: '07:05:00' }))).toBe('Daily at 07:05 UTC');
  });
});

describe('monthly days and weekdays', () => {
  it('knows real calendar days', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-2-1')).toBe(false);
  });

  it('gives ISO weekdays of calendar days, whatever the viewer’s zone', () => {
    expect(weekdayOfDate('2026-12-07')).toBe(1);
    expect(weekdayOfDate('2026-12-06')).toBe(7);
    expect(weekdayOfDate('not a date')).toBeNull();
    expect(weekdaysText([3, 1, 9, 1])).toBe('Mon, Wed');
  });

  it('calls the 29th-31st the last of their weekday, and the 22nd the fourth', () => {
    expect(monthlyDayText('2026-12-31', 'weekday_of_month')).toBe('the last Thursday');
    expect(monthlyDayText('2026-12-22', 'weekday_of_month')).toBe('the fourth Tuesday');
    expect(monthlyDayText('2026-12-22', 'day_of_month')).toBe('the 22nd');
    expect(monthlyDayText('', 'day_of_month')).toBeNull();
  });

  it('offers both monthly modes in words of the start date', () => {
    expect(monthlyModeOptions('2026-12-16').map((o) => o.label)).toEqual([
      'On the 16th of the month',
      'On the third Wednesday of the month',
    ]);
  });
});

describe('nextFullHourIn', () => {
  it('is the next full hour on the clocks of the chosen zone', () => {
    const now = new Date('2026-06-10T08:20:00Z');
    expect(nextFullHourIn('UTC', now)).toEqual({ start_date: '2026-06-10', time: '09:00' });
    // Stockholm is UTC+2 in summer: 10:20 there.
    expect(nextFullHourIn('Europe/Stockholm', now)).toEqual({ start_date: '2026-06-10', time: '11:00' });
    // Kolkata is UTC+5:30: 13:50 there, so 14:00.
    expect(nextFullHourIn('Asia/Kolkata', now)).toEqual({ start_date: '2026-06-10', time: '14:00' });
  });

  it('is strictly after now, and rolls over days and years', () => {
    expect(nextFullHourIn('UTC', new Date('2026-06-10T08:00:00Z'))).toEqual({ start_date: '2026-06-10', time: '09:00' });
    expect(nextFullHourIn('UTC', new Date('2026-12-31T23:40:00Z'))).toEqual({ start_date: '2027-01-01', time: '00:00' });
    // 23:40 UTC on 31 Dec is already 2027 in Tokyo (08:40), and still 31 Dec in New York (18:40).
    expect(nextFullHourIn('Asia/Tokyo', new Date('2026-12-31T23:40:00Z'))).toEqual({ start_date: '2027-01-01', time: '09:00' });
    expect(nextFullHourIn('America/New_York', new Date('2026-12-31T23:40:00Z'))).toEqual({ start_date: '2026-12-31', time: '19:00' });
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(nextFullHourIn('Mars/Olympus', new Date('2026-06-10T08:20:00Z'))).toEqual({ start_date: '2026-06-10', time: '09:00' });
  });
});

describe('the end choice', () => {
  it('maps never / on a date / after N runs to end_date and max_run_cnt', () => {
    expect(endFields('never', '2026-12-31', 5)).toEqual({ end_date: null, max_run_cnt: 0 });
    expect(endFields('date', '2026-12-31', 5)).toEqual({ end_date: '2026-12-31', max_run_cnt: 0 });
    expect(endFields('date', ' ', 5)).toEqual({ end_date: null, max_run_cnt: 0 });
    expect(endFields('runs', '2026-12-31', 5)).toEqual({ end_date: null, max_run_cnt: 5 });
    expect(endFields('runs', '', Number.NaN)).toEqual({ end_date: null, max_run_cnt: 0 });
  });

  it('reads the choice back from stored fields (a date wins over a run limit)', () => {
    expect(endChoiceOf({ end_date: null, max_run_cnt: 0 })).toBe('never');
    expect(endChoiceOf({ end_date: '2026-12-31', max_run_cnt: 0 })).toBe('date');
    expect(endChoiceOf({ end_date: null, max_run_cnt: 3 })).toBe('runs');
    expect(endChoiceOf({ end_date: '2026-12-31', max_run_cnt: 3 })).toBe('date');
  });

  it('says what the end type means for the schedule', () => {
    const s = { end_date: null, max_run_cnt: 0, run_count: 2, repeat: 'weekly' as const };
    expect(endDetail(s)).toBe('runs until switched off or deleted');
    expect(endDetail({ ...s, max_run_cnt: 10 })).toBe('2 of 10 runs done');
    expect(endDetail({ ...s, end_date: '2026-12-31' })).toBe('ends on 2026-12-31');
    expect(endDetail({ ...s, repeat: 'never' })).toBe('runs once');
  });
});

describe('who hears about it', () => {
  const none = { email: [], cc: [], slack: false, teams: false, webhooks: false };

  it('lists addresses, cc and integrations, or nobody', () => {
    expect(channelsText(none)).toBe('Nobody');
    expect(channelsText({ ...none, email: ['a@x.se', 'b@x.se'], cc: ['c@x.se'], slack: true, webhooks: true })).toBe(
      'a@x.se, b@x.se; cc c@x.se; Slack, webhooks',
    );
  });

  it('gives the reminder lead time in §9 units', () => {
    expect(reminderText({ ...none, notify_before_time: 120, notify_before_unit: 'hours' })).toBe('None');
    expect(reminderText({ ...none, teams: true, notify_before_time: 120, notify_before_unit: 'hours' })).toBe(
      '2 hours before: Microsoft Teams',
    );
    expect(reminderText({ ...none, email: ['a@x.se'], notify_before_time: 1440, notify_before_unit: 'minutes' })).toBe(
      '1 day before: a@x.se',
    );
  });

  it('splits typed addresses on lines, commas, semicolons and spaces, dropping repeats', () => {
    expect(splitEmails(' a@x.se,\nB@x.se; b@X.se  c@x.se ')).toEqual(['a@x.se', 'B@x.se', 'c@x.se']);
  });

  it('names known ids and numbers the others', () => {
    expect(namesOf([1, 9], [{ id: 1, name: 'Red team' }], 'Team')).toEqual(['Red team', 'Team 9']);
  });
});

describe('the last run and the probe', () => {
  it('colours the run status labels the last run carries', () => {
    expect(lastRunColor('Finished')).toBe('green');
    expect(lastRunColor('In Progress')).toBe('blue');
    expect(lastRunColor('Error')).toBe('red');
    expect(lastRunColor('Paused')).toBe('yellow');
  });

  it('names the probe, the probe group or the built-in external probe', () => {
    const external = { id: -1, name: '' };
    expect(probeText({ source: 1, node: external, probe_group: null })).toBe('External (built-in)');
    expect(probeText({ source: 1, node: { id: 4, name: 'Office probe' }, probe_group: null })).toBe('Office probe');
    expect(probeText({ source: 2, node: external, probe_group: { id: 2, name: 'Branches' } })).toBe('Probe group Branches');
  });
});

describe('previewAnswer', () => {
  it('reads the next starts, those in the blackout window and the end type', () => {
    expect(
      previewAnswer.parse({ upcoming: ['2026-12-07T01:30:00Z'], blackout_starts: ['2026-12-07T01:30:00Z'], end_type: 'ran_x_times' }),
    ).toEqual({ upcoming: ['2026-12-07T01:30:00Z'], blackout_starts: ['2026-12-07T01:30:00Z'], end_type: 'ran_x_times' });
    expect(previewAnswer.parse({ upcoming: [] })).toEqual({ upcoming: [], blackout_starts: [], end_type: null });
    expect(() => previewAnswer.parse({ upcoming: [1] })).toThrow();
  });
});

describe('routes', () => {
  it('links a schedule by its scan and reads the scan id back', () => {
    expect(schedulePath(42)).toBe('/scans/schedules/view/42');
    expect(parseScanId('42')).toBe(42);
    expect(parseScanId('042')).toBeNull();
    expect(parseScanId('x')).toBeNull();
  });
});
