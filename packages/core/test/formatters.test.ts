// Tests of the display formatters (§3, §5, §9).
import { describe, it, expect } from 'vitest';
import {
  abbreviateNumber,
  assetDisplayName,
  copyName,
  defaultScheduleStart,
  emptyToNull,
  formatBytes,
  formatDate,
  formatDateTime,
  formatInterval,
  formatTime,
  intervalToMinutes,
  isMaskedSecret,
  isoWeekday,
  minutesToInterval,
  nextFullHour,
  ordinalName,
  ordinalSuffix,
  privateKeyNewlines,
  removeSpaces,
  riskBand,
  scheduleEndText,
  scheduleEndType,
  secretForSave,
  weekdayName,
} from '../src/formatters.ts';

describe('riskBand', () => {
  it('below 10 low, below 30 medium, below 60 high, up to 100 critical', () => {
    expect(riskBand(0)).toBe('low');
    expect(riskBand(9.99)).toBe('low');
    expect(riskBand(10)).toBe('medium');
    expect(riskBand(29)).toBe('medium');
    expect(riskBand(30)).toBe('high');
    expect(riskBand(59.9)).toBe('high');
    expect(riskBand(60)).toBe('critical');
    expect(riskBand(100)).toBe('critical');
  });
});

describe('abbreviateNumber', () => {
  it('uses k, M, G, T, P, E', () => {
    expect(abbreviateNumber(950)).toBe('950');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1500)).toBe('1.5k');
    expect(abbreviateNumber(2_000_000)).toBe('2M');
    expect(abbreviateNumber(3e9)).toBe('3G');
    expect(abbreviateNumber(4e12)).toBe('4T');
    expect(abbreviateNumber(5e15)).toBe('5P');
    expect(abbreviateNumber(6e18)).toBe('6E');
    expect(abbreviateNumber(7e21)).toBe('7000E');
  });
  it('moves up a unit when rounding reaches 1000, handles negatives and decimals', () => {
    expect(abbreviateNumber(999_999)).toBe('1M');
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
    expect(abbreviateNumber(1234, 2)).toBe('1.23k');
    expect(abbreviateNumber(0)).toBe('0');
  });
});

describe('formatBytes', () => {
  it('uses base 1000', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1 kB');
    expect(formatBytes(1024)).toBe('1 kB');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(2e9)).toBe('2 GB');
    expect(formatBytes(0)).toBe('0 B');
  });
});

describe('interval units', () => {
  it('shows divisible minutes as days or hours', () => {
    expect(minutesToInterval(1440)).toEqual({ value: 1, unit: 'days' });
    expect(minutesToInterval(2880)).toEqual({ value: 2, unit: 'days' });
    expect(minutesToInterval(120)).toEqual({ value: 2, unit: 'hours' });
    expect(minutesToInterval(60)).toEqual({ value: 1, unit: 'hours' });
    expect(minutesToInterval(90)).toEqual({ value: 90, unit: 'minutes' });
    expect(minutesToInterval(1500)).toEqual({ value: 25, unit: 'hours' });
    expect(minutesToInterval(1441)).toEqual({ value: 1441, unit: 'minutes' });
    expect(minutesToInterval(30)).toEqual({ value: 30, unit: 'minutes' });
    expect(minutesToInterval(0)).toEqual({ value: 0, unit: 'minutes' });
  });
  it('converts back and formats', () => {
    expect(intervalToMinutes(2, 'days')).toBe(2880);
    expect(intervalToMinutes(3, 'hours')).toBe(180);
    expect(intervalToMinutes(5, 'minutes')).toBe(5);
    expect(formatInterval(1440)).toBe('1 day');
    expect(formatInterval(120)).toBe('2 hours');
    expect(formatInterval(90)).toBe('90 minutes');
    expect(formatInterval(1)).toBe('1 minute');
  });
});

describe('copyName', () => {
  it("appends ' (1)' or increments a trailing number", () => {
    expect(copyName('Name')).toBe('Name (1)');
    expect(copyName('Name (1)')).toBe('Name (2)');
    expect(copyName('Name (9)')).toBe('Name (10)');
    expect(copyName('Name (x)')).toBe('Name (x) (1)');
    expect(copyName('Name(1)')).toBe('Name(1) (1)');
    expect(copyName('')).toBe(' (1)');
  });
  it('skips names already taken', () => {
    expect(copyName('Name', ['Name (1)', 'Name (2)'])).toBe('Name (3)');
    expect(copyName('Name (1)', ['Name (2)'])).toBe('Name (3)');
  });
});

describe('schedule end type', () => {
  it('ran X times when max_run_cnt is nonzero and there is no end date', () => {
    expect(scheduleEndType({ max_run_cnt: 3, end_date: null })).toBe('ran_x_times');
    expect(scheduleEndText({ max_run_cnt: 3, end_date: null })).toBe('ran 3 times');
    expect(scheduleEndText({ max_run_cnt: 1, end_date: '' })).toBe('ran 1 time');
  });
  it('end date reached when max_run_cnt is 0 and end_date is set', () => {
    expect(scheduleEndType({ max_run_cnt: 0, end_date: '2025-01-01' })).toBe('end_date_reached');
    expect(scheduleEndText({ max_run_cnt: 0, end_date: '2025-01-01' })).toBe('end date reached');
  });
  it('otherwise manually cancelled', () => {
    expect(scheduleEndType({ max_run_cnt: 0, end_date: null })).toBe('manually_cancelled');
    expect(scheduleEndType({ max_run_cnt: 5, end_date: '2025-01-01' })).toBe('manually_cancelled');
    expect(scheduleEndText({ max_run_cnt: null, end_date: undefined })).toBe('manually cancelled');
  });
});

describe('date and time', () => {
  const d = new Date('2025-03-04T05:06:07Z');
  it("formats 'YYYY-MM-DD HH:mm'", () => {
    expect(formatDateTime(d, { utc: true })).toBe('2025-03-04 05:06');
    expect(formatDateTime('2025-12-31T23:59:59Z', { utc: true })).toBe('2025-12-31 23:59');
    expect(formatDate(d, { utc: true })).toBe('2025-03-04');
    expect(formatTime(d, { utc: true })).toBe('05:06');
  });
  it('uses local time by default', () => {
    const local = new Date(2025, 0, 2, 3, 4);
    expect(formatDateTime(local)).toBe('2025-01-02 03:04');
  });
  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
  it('defaults a new schedule to the next full hour', () => {
    expect(nextFullHour(new Date('2025-03-04T10:00:00Z'), { utc: true }).toISOString()).toBe('2025-03-04T11:00:00.000Z');
    expect(nextFullHour(new Date('2025-03-04T10:59:59Z'), { utc: true }).toISOString()).toBe('2025-03-04T11:00:00.000Z');
    expect(defaultScheduleStart(new Date('2025-03-04T23:30:00Z'), { utc: true })).toEqual({ start_date: '2025-03-05', time: '00:00' });
  });
});

describe('weekdays and ordinals', () => {
  it('numbers weekdays Monday 1 to Sunday 7', () => {
    expect(weekdayName(1)).toBe('Monday');
    expect(weekdayName(7)).toBe('Sunday');
    expect(weekdayName(0)).toBeNull();
    expect(isoWeekday(new Date('2025-03-09T12:00:00Z'), { utc: true })).toBe(7);
    expect(isoWeekday(new Date('2025-03-10T12:00:00Z'), { utc: true })).toBe(1);
  });
  it('names ordinals first to last', () => {
    expect(ordinalName(1)).toBe('first');
    expect(ordinalName(4)).toBe('fourth');
    expect(ordinalName(5)).toBe('last');
    expect(ordinalName(6)).toBeNull();
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinalSuffix)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
  });
});

describe('text clean-ups', () => {
  it("turns escaped '\\n' in private keys into line breaks", () => {
    expect(privateKeyNewlines('-----BEGIN KEY-----\\nabc\\n-----END KEY-----')).toBe('-----BEGIN KEY-----\nabc\n-----END KEY-----');
    expect(privateKeyNewlines('a\\r\\nb')).toBe('a\nb');
    expect(privateKeyNewlines('a\nb')).toBe('a\nb');
  });
  it('removes spaces from phone numbers', () => {
    expect(removeSpaces('+45 12 34 56 78')).toBe('+4512345678');
  });
  it('treats all-asterisk secrets as unchanged', () => {
    expect(isMaskedSecret('********')).toBe(true);
    expect(isMaskedSecret('*')).toBe(true);
    expect(isMaskedSecret('pa**word')).toBe(false);
    expect(isMaskedSecret('')).toBe(false);
    expect(secretForSave('****')).toBeUndefined();
    expect(secretForSave('new-secret')).toBe('new-secret');
  });
  it('turns empty text into null', () => {
    expect(emptyToNull('')).toBeNull();
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull('x')).toBe('x');
  });
  it('names assets from name, host ip, network/mask or uri', () => {
    expect(assetDisplayName({ name: 'db1', host: { ip: '10.0.0.1' } })).toBe('db1');
    expect(assetDisplayName({ name: '', host: { ip: '10.0.0.1' } })).toBe('10.0.0.1');
    expect(assetDisplayName({ iprange: { network: '10.0.0.0', mask: 24 } })).toBe('10.0.0.0/24');
    expect(assetDisplayName({ webapp: { uri: 'https://a.example' } })).toBe('https://a.example');
    expect(assetDisplayName({})).toBe('');
  });
});
