// Pure rules of the Subscription and settings page: §5's rule that the blackout window is sent only when enabled or when
// one existed before, the form's values of a saved window, days as "0" or ISO weekdays, the checks put on the fields,
// the live line (inside the window or next), and the subscription facts in words.
import { describe, expect, it } from 'vitest';
import { customerPatch, type BlackoutWindow } from '@bulwark/core';
import {
  blackoutErrors,
  blackoutStatus,
  daysOfWeek,
  licenceFacts,
  lifecycleOptions,
  sendsBlackout,
  settingsPatch,
  settingsValues,
  taskLimitText,
  usagePercent,
  usageText,
  validateSettings,
  type BlackoutValues,
  type CustomerSettings,
} from './settings-form.ts';

const NIGHTLY: BlackoutWindow = { enabled: true, days_of_week: '0', start_time: '22:00', end_time: '06:00', time_zone: 'Europe/Stockholm' };

function settings(blackouts: BlackoutWindow | null): CustomerSettings {
  return { lifecycle_management_enabled: false, lifecycle_period: 90, risk_acceptance_approval: true, min_qod: 70, blackouts };
}

function windowValues(overrides: Partial<BlackoutValues> = {}): BlackoutValues {
  return {
    enabled: true,
    days_mode: 'every',
    days: [],
    start_time: '22:00',
    end_time: '06:00',
    time_zone: 'Europe/Stockholm',
    ...overrides,
  };
}

describe('the blackout rule of §5', () => {
  const none = settings(null);
  const existing = settings({ ...NIGHTLY, enabled: false });

  it('leaves out a window that is off and never existed', () => {
    const patch = settingsPatch(none, settingsValues(none, 'Europe/Stockholm'));
    expect(sendsBlackout(none, { enabled: false })).toBe(false);
    expect(patch).toEqual({ lifecycle_management_enabled: false, lifecycle_period: 90, risk_acceptance_approval: true });
    expect('blackouts' in patch).toBe(false);
  });

  it('sends a window that is switched on, even when none existed', () => {
    const values = settingsValues(none, 'Europe/Stockholm');
    values.blackout.enabled = true;
    expect(settingsPatch(none, values).blackouts).toEqual(NIGHTLY);
  });

  it('sends a window that existed, also to switch it off', () => {
    const values = settingsValues(settings(NIGHTLY));
    values.blackout.enabled = false;
    expect(settingsPatch(settings(NIGHTLY), values).blackouts).toEqual({ ...NIGHTLY, enabled: false });
    expect(settingsPatch(existing, settingsValues(existing)).blackouts).toEqual({ ...NIGHTLY, enabled: false });
  });

  it('makes bodies core’s customerPatch accepts', () => {
    const values = settingsValues(none, 'UTC');
    values.blackout = windowValues({ days_mode: 'chosen', days: ['5', '1'], time_zone: 'UTC' });
    const patch = settingsPatch(none, values);
    expect(patch.blackouts?.days_of_week).toBe('1,5');
    expect(customerPatch.safeParse(patch).success).toBe(true);
  });
});

describe('the form values', () => {
  it('offers a new overnight window, every day, in the browser’s zone', () => {
    expect(settingsValues(settings(null), 'America/New_York').blackout).toEqual({
      enabled: false,
      days_mode: 'every',
      days: [],
      start_time: '22:00',
      end_time: '06:00',
      time_zone: 'America/New_York',
    });
  });

  it('reads a saved window’s weekdays', () => {
    const values = settingsValues(settings({ ...NIGHTLY, days_of_week: '6,1,7' }));
    expect(values.blackout.days_mode).toBe('chosen');
    expect(values.blackout.days).toEqual(['1', '6', '7']);
    expect(values.lifecycle_period).toBe('90');
  });

  it('writes days as "0" for every day or ordered ISO weekdays', () => {
    expect(daysOfWeek({ days_mode: 'every', days: ['3'] })).toBe('0');
    expect(daysOfWeek({ days_mode: 'chosen', days: ['7', '2', '2', '5'] })).toBe('2,5,7');
    expect(daysOfWeek({ days_mode: 'chosen', days: [] })).toBe('');
  });

  it('offers core’s lifecycle periods and keeps a saved one not among them', () => {
    expect(lifecycleOptions().map((o) => o.value)).toEqual(['7', '14', '30', '90', '180', '365', '730']);
    expect(lifecycleOptions(60).map((o) => o.value)).toContain('60');
  });
});

describe('the checks', () => {
  it('puts the window’s problems on its fields', () => {
    expect(blackoutErrors(windowValues())).toEqual({});
    expect(blackoutErrors(windowValues({ days_mode: 'chosen', days: [] }))).toEqual({ 'blackout.days': 'Choose at least one day.' });
    expect(blackoutErrors(windowValues({ start_time: '' }))).toEqual({ 'blackout.start_time': 'Enter a time as HH:mm.' });
    expect(blackoutErrors(windowValues({ end_time: '22:00' }))).toEqual({
      'blackout.end_time': 'The window must end at another time than it starts.',
    });
    expect(blackoutErrors(windowValues({ time_zone: 'Mars/Olympus' }))).toEqual({
      'blackout.time_zone': 'Choose a known time zone, e.g. Europe/Stockholm.',
    });
  });

  it('checks the window only when it is going to be sent', () => {
    const broken = windowValues({ enabled: false, end_time: '22:00' });
    const values = { ...settingsValues(settings(null)), blackout: broken };
    expect(validateSettings(settings(null), values)).toEqual({});
    expect(validateSettings(settings(NIGHTLY), values)).toEqual({
      'blackout.end_time': 'The window must end at another time than it starts.',
    });
  });
});

describe('the live line', () => {
  // 2026-11-20 is a Friday; Stockholm is UTC+1 in November.
  const fridayNight = new Date('2026-11-20T22:30:00Z'); // 23:30 in Stockholm
  const fridayNoon = new Date('2026-11-20T11:00:00Z'); // 12:00 in Stockholm

  it('says when scans wait now', () => {
    expect(blackoutStatus(windowValues(), fridayNight)).toEqual({
      state: 'inside',
      text: 'Now inside the window: scans wait. Every day 22:00-06:00 (Europe/Stockholm)',
    });
  });

  it('says when the window applies otherwise', () => {
    expect(blackoutStatus(windowValues(), fridayNoon)).toEqual({
      state: 'outside',
      text: 'Next: Every day 22:00-06:00 (Europe/Stockholm)',
    });
    expect(blackoutStatus(windowValues({ days_mode: 'chosen', days: ['1', '3'] }), fridayNight).text).toBe(
      'Next: Mon, Wed 22:00-06:00 (Europe/Stockholm)',
    );
  });

  it('says when the window is off or not complete', () => {
    expect(blackoutStatus(windowValues({ enabled: false }), fridayNight).state).toBe('off');
    expect(blackoutStatus(windowValues({ end_time: '' }), fridayNight).state).toBe('incomplete');
  });
});

describe('the subscription facts', () => {
  it('gives the licence end date and the days to expiration', () => {
    expect(licenceFacts({ license_end_date: '2027-09-16', days_to_expiration: 300 })).toEqual({
      date: '2027-09-16',
      text: '300 days to expiration',
      tone: 'active',
    });
    expect(licenceFacts({ license_end_date: '2026-12-01', days_to_expiration: 1 })).toMatchObject({
      text: '1 day to expiration',
      tone: 'expiring',
    });
    expect(licenceFacts({ license_end_date: '2026-11-20', days_to_expiration: 0 }).text).toBe('Expires today');
    expect(licenceFacts({ license_end_date: '2026-11-01', days_to_expiration: -19 })).toMatchObject({
      text: 'Expired 19 days ago',
      tone: 'expired',
    });
    expect(licenceFacts({ license_end_date: null, days_to_expiration: null })).toEqual({ date: null, text: 'No end date', tone: 'none' });
  });

  it('gives the scan-task limit and asset usage', () => {
    expect(taskLimitText(null)).toBe('No limit');
    expect(taskLimitText(4)).toBe('4');
    expect(usageText({ used: 120, limit: 500 })).toBe('120 of 500 assets');
    expect(usageText({ used: 1, limit: null })).toBe('1 asset (no limit)');
    expect(usagePercent({ used: 120, limit: 500 })).toBe(24);
    expect(usagePercent({ used: 700, limit: 500 })).toBe(100);
    expect(usagePercent({ used: 7, limit: null })).toBeNull();
  });
});
