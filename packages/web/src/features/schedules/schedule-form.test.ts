// The schedule editor's rules: the values of a new schedule (next full hour, weekly on that day) and of a saved one,
// the client checks with the contract's messages, and bodies the contract's schemas accept (save and preview).
import { describe, expect, it } from 'vitest';
import { schedule, scheduleInput, schedulePreviewInput, type Schedule } from '@bulwark/core';
import {
  hasChannels,
  previewBody,
  reminderLead,
  scheduleBody,
  scheduleValues,
  validateEmails,
  validateSchedule,
  type ScheduleValues,
} from './schedule-form.ts';

const NOW = new Date('2026-06-10T08:20:00Z'); // A Wednesday.

function aSchedule(o: Partial<Schedule> = {}): Schedule {
  return schedule.parse({
    id: 5,
    scan: 42,
    name: 'Nightly office',
    profile: { id: 2, name: 'Standard', type: 'nvt', builtin: true },
    start_date: '2026-12-07',
    time: '02:30:00',
    time_zone: 'Europe/Stockholm',
    end_date: null,
    repeat: 'weekly',
    interval: 2,
    weekdays: [1, 4],
    monthly_mode: 'day_of_month',
    max_run_cnt: 10,
    schedule_is_active: true,
    end_type: 'ran_x_times',
    assets: [3, 4],
    targets: ['10.0.0.0/24'],
    exclude: ['10.0.0.1'],
    unified_tags_set: { inclusion_tags: [7], exclusion_tags: [8], inclusion_tags_mode_all: false, exclusion_tags_mode_all: true },
    source: 2,
    node: { id: -1, name: 'External (built-in)' },
    probe_group: { id: 11, name: 'Office probes' },
    user: { id: 9, first_name: 'Ada', last_name: 'Lovelace' },
    shared_access_teams: [1],
    notification_config: { email: ['soc@example.com'], cc: [], slack: true, teams: false, webhooks: false },
    reminder_config: {
      email: [],
      cc: ['lead@example.com'],
      slack: false,
      teams: true,
      webhooks: false,
      notify_before_time: 120,
      notify_before_unit: 'hours',
    },
    is_was_discovery: false,
    vhosts: [],
    run_count: 2,
    next_run_at: '2026-12-07T01:30:00Z',
    last_run_at: null,
    last_run: null,
    last_error: null,
    upcoming: [],
    blackout_starts: [],
    created: '2026-06-01T10:00:00Z',
    ...o,
  });
}

const filled = (o: Partial<ScheduleValues> = {}): ScheduleValues => ({
  ...scheduleValues(undefined, 'Europe/Stockholm', NOW),
  name: 'Office LAN weekly',
  profile: '2',
  targets: '10.0.0.0/24',
  ...o,
});

describe('scheduleValues', () => {
  it('starts a new schedule at the next full hour of the zone, weekly on that day, external probe, active', () => {
    const v = scheduleValues(undefined, 'Europe/Stockholm', NOW);
    expect(v.start_date).toBe('2026-06-10');
    expect(v.time).toBe('11:00');
    expect(v.time_zone).toBe('Europe/Stockholm');
    expect(v.repeat).toBe('weekly');
    expect(v.weekdays).toEqual(['3']);
    expect(v.end).toBe('never');
    expect(v.node).toBe('-1');
    expect(v.runOn).toBe('probe');
    expect(v.schedule_is_active).toBe(true);
  });

  it('reads a saved schedule back: tag set, probe group, end after N runs, reminder lead in its unit', () => {
    const v = scheduleValues(aSchedule(), 'UTC', NOW);
    expect(v.time).toBe('02:30');
    expect(v.time_zone).toBe('Europe/Stockholm');
    expect(v.assets).toEqual(['3', '4']);
    expect(v.include_tags).toEqual(['7']);
    expect(v.exclude_all).toBe(true);
    expect(v.runOn).toBe('group');
    expect(v.probe_group).toBe('11');
    expect(v.end).toBe('runs');
    expect(v.max_runs).toBe(10);
    expect(v.weekdays).toEqual(['1', '4']);
    expect(v.notify.email).toBe('soc@example.com');
    expect(v.remind).toMatchObject({ cc: 'lead@example.com', teams: true, before: 2, unit: 'hours' });
  });
});

describe('scheduleBody', () => {
  it('sends what the contract accepts, keeping a saved schedule’s owner', () => {
    const s = aSchedule();
    const body = scheduleBody(scheduleValues(s, 'UTC', NOW), s);
    const parsed = scheduleInput.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body).toMatchObject({
      name: 'Nightly office',
      profile: 2,
      source: 2,
      node: null,
      probe_group: 11,
      user: 9,
      time: '02:30',
      repeat: 'weekly',
      interval: 2,
      weekdays: [1, 4],
      end_date: null,
      max_run_cnt: 10,
      exclude: ['10.0.0.1'],
      unified_tags_set: { inclusion_tags: [7], exclusion_tags: [8], inclusion_tags_mode_all: false, exclusion_tags_mode_all: true },
      reminder_config: { notify_before_time: 120, notify_before_unit: 'hours', cc: ['lead@example.com'], teams: true },
    });
  });

  it('maps the end choice, and sends no end, weekdays or interval for a schedule that runs once', () => {
    expect(scheduleBody(filled({ end: 'date', end_date: '2026-12-31', max_runs: 4 }))).toMatchObject({
      end_date: '2026-12-31',
      max_run_cnt: 0,
    });
    expect(scheduleBody(filled({ end: 'runs', end_date: '2026-12-31', max_runs: 4 }))).toMatchObject({ end_date: null, max_run_cnt: 4 });
    expect(scheduleBody(filled({ repeat: 'never', end: 'runs', max_runs: 4, interval: 3 }))).toMatchObject({
      end_date: null,
      max_run_cnt: 0,
      interval: 1,
      weekdays: [],
    });
    expect(scheduleBody(filled({ repeat: 'daily', weekdays: ['1'] })).weekdays).toEqual([]);
  });

  it('sends the probe on the external probe by default, and no tag set without tags', () => {
    const body = scheduleBody(filled());
    expect(body).toMatchObject({ source: 1, node: -1, probe_group: null, unified_tags_set: null, user: null, targets: ['10.0.0.0/24'] });
    expect(scheduleInput.safeParse(body).success).toBe(true);
  });
});

describe('previewBody', () => {
  it('is the timing alone, which the preview schema accepts', () => {
    const body = previewBody(filled({ repeat: 'monthly', monthly_mode: 'weekday_of_month', interval: '2' }));
    expect(body).toEqual({
      start_date: '2026-06-10',
      time: '11:00',
      time_zone: 'Europe/Stockholm',
      end_date: null,
      max_run_cnt: 0,
      repeat: 'monthly',
      interval: 2,
      weekdays: [],
      monthly_mode: 'weekday_of_month',
    });
    expect(schedulePreviewInput.safeParse(body).success).toBe(true);
  });

  it('is null while the timing is incomplete, so nothing is asked for half-typed values', () => {
    expect(previewBody(filled({ time: '9:0' }))).toBeNull();
    expect(previewBody(filled({ start_date: '' }))).toBeNull();
    expect(previewBody(filled({ time_zone: 'Mars/Olympus' }))).toBeNull();
    expect(previewBody(filled({ interval: '' }))).toBeNull();
    expect(previewBody(filled({ end: 'date', end_date: '2026-01-01' }))).toBeNull();
    // A name or a target changes nothing about when it runs.
    expect(previewBody(filled({ name: 'Other' }))).toEqual(previewBody(filled()));
  });
});

describe('validateSchedule', () => {
  it('accepts a filled form', () => {
    expect(validateSchedule(filled())).toEqual({});
  });

  it('asks for a name, a profile and a target, with the contract’s words', () => {
    const errors = validateSchedule(filled({ name: ' ', profile: null, targets: '' }));
    expect(errors.name).toBe('This field may not be blank.');
    expect(errors.profile).toBe('Profile is required');
    expect(errors.assets).toBe('Choose at least one target.');
    expect(validateSchedule(filled({ targets: '', include_tags: ['7'] })).assets).toBeUndefined();
  });

  it('checks typed addresses, the probe group and tags on both sides', () => {
    const errors = validateSchedule(
      filled({ targets: '10.0.0.0/33', runOn: 'group', probe_group: null, include_tags: ['7'], exclude_tags: ['7'] }),
    );
    expect(errors.targets).toContain('10.0.0.0/33');
    expect(errors.probe_group).toBe('Probe group is required');
    expect(errors.exclude_tags).toBe('A tag cannot be both included and excluded.');
    // Excluded tags only narrow what included tags select.
    expect(validateSchedule(filled({ exclude_tags: ['8'] })).exclude_tags).toBe(
      'Excluded tags narrow the assets of the included tags: choose tags to include too, or clear these.',
    );
  });

  it('checks the timing and the end', () => {
    expect(validateSchedule(filled({ interval: 0 })).interval).toBe('Enter a number from 1 to 365.');
    expect(validateSchedule(filled({ time: '25:00' })).time).toBe('Enter a time as HH:mm.');
    expect(validateSchedule(filled({ end: 'date', end_date: '' })).end_date).toBe('Enter the last day it runs, as YYYY-MM-DD.');
    expect(validateSchedule(filled({ end: 'date', end_date: '2026-06-01' })).end_date).toBe(
      'The end date must not be before the start date.',
    );
    expect(validateSchedule(filled({ end: 'runs', max_runs: 0 })).max_runs).toBe('Enter a number of runs from 1 to 100000.');
    // A schedule that runs once has neither interval nor end to check.
    expect(validateSchedule(filled({ repeat: 'never', interval: 0, end: 'runs', max_runs: 0 }))).toEqual({});
  });

  it('names a bad address, and keeps the reminder within 30 days', () => {
    expect(validateEmails('ok@example.com, bob@')).toBe('bob@: Enter a valid email address.');
    const errors = validateSchedule(filled({ remind: { ...filled().remind, before: 31, unit: 'days' } }));
    expect(errors['remind.before']).toBe('At most 30 days before.');
  });
});

describe('reminders', () => {
  it('shows a lead time in its saved unit when it divides evenly, else in the largest even §9 unit', () => {
    expect(reminderLead(120, 'hours')).toEqual({ before: 2, unit: 'hours' });
    expect(reminderLead(120, 'minutes')).toEqual({ before: 120, unit: 'minutes' });
    expect(reminderLead(90, 'hours')).toEqual({ before: 90, unit: 'minutes' });
    expect(reminderLead(2880, 'hours')).toEqual({ before: 48, unit: 'hours' });
    expect(reminderLead(0, 'days')).toEqual({ before: 0, unit: 'days' });
  });

  it('sends the lead time in minutes with the unit it was typed in', () => {
    const body = scheduleBody(filled({ remind: { ...filled().remind, before: 2, unit: 'days', slack: true } }));
    expect(body.reminder_config).toMatchObject({ notify_before_time: 2880, notify_before_unit: 'days', slack: true });
  });

  it('knows whether a channel set sends anything', () => {
    expect(hasChannels(filled().notify)).toBe(false);
    expect(hasChannels({ ...filled().notify, email: ' a@x.se ' })).toBe(true);
    expect(hasChannels({ email: [], cc: [], slack: false, teams: false, webhooks: true })).toBe(true);
  });
});
