// Pure rules of the Subscription and settings page: the form's values from the customer, the blackout window they make,
// the checks (core's blackoutWindow schema, issues put on the fields), the PATCH body with §5's rule that the blackout
// window is sent only when it is enabled or one existed before, the live line about the window, and the subscription
// facts in words (licence, scan tasks at once, asset usage).
import {
  BLACKOUT_DAILY,
  QOD_DEFAULT_MIN,
  QOD_RANGE,
  RETENTION_OPTIONS_DAYS,
  blackoutDays,
  blackoutText,
  blackoutWindow,
  inBlackout,
  isLicenceExpired,
  weekdayName,
  type AssetUsage,
  type BlackoutWindow,
  type Customer,
} from '@bulwark/core';
import { LICENCE_WARNING_DAYS } from '../../components/licence.ts';

/** Every day (days_of_week "0"), or the weekdays ticked. */
export type DaysMode = 'every' | 'chosen';

export interface BlackoutValues {
  enabled: boolean;
  days_mode: DaysMode;
  /** ISO weekdays as the checkboxes hold them: '1' (Monday) … '7' (Sunday). */
  days: string[];
  /** HH:mm. */
  start_time: string;
  end_time: string;
  time_zone: string;
}

export interface SettingsValues {
  lifecycle_management_enabled: boolean;
  /** Days, as the select holds them. */
  lifecycle_period: string;
  risk_acceptance_approval: boolean;
  /** Minimum quality of detection, 0-100 (a NumberInput holds '' while empty). */
  min_qod: number | string;
  blackout: BlackoutValues;
}

/** The body of PATCH customer/{id}/ this page sends (core's customerPatch, without name and logo). */
export interface CustomerSettingsPatch {
  lifecycle_management_enabled: boolean;
  lifecycle_period: number;
  risk_acceptance_approval: boolean;
  /** Sent only when changed. */
  min_qod?: number;
  blackouts?: BlackoutWindow;
}

/** The settings a customer has, as the form compares them. */
export type CustomerSettings = Pick<
  Customer,
  'lifecycle_management_enabled' | 'lifecycle_period' | 'risk_acceptance_approval' | 'min_qod' | 'blackouts'
>;

/** The form fields the server's field errors go onto; blackout errors come keyed `blackouts` as a whole. */
export const SETTINGS_ERROR_FIELDS = [
  'lifecycle_management_enabled',
  'lifecycle_period',
  'risk_acceptance_approval',
  'min_qod',
  'blackouts',
] as const;

/** A new window's times: overnight, the common case. */
const NEW_WINDOW = { start_time: '22:00', end_time: '06:00' } as const;

export const WEEKDAY_CHOICES = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ value: String(day), label: weekdayName(day) ?? String(day) }));

/** The lifecycle periods offered (core's RETENTION_OPTIONS_DAYS), plus a saved one not among them. */
export function lifecycleOptions(saved?: number): { value: string; label: string }[] {
  const days: number[] = [...RETENTION_OPTIONS_DAYS];
  if (saved !== undefined && !days.includes(saved)) days.push(saved);
  return days.sort((a, b) => a - b).map((d) => ({ value: String(d), label: `${d} days` }));
}

/** The form's values of the customer's settings; a customer without a window gets an overnight one in `localZone`. */
export function settingsValues(c: CustomerSettings, localZone = 'UTC'): SettingsValues {
  const b = c.blackouts;
  return {
    lifecycle_management_enabled: c.lifecycle_management_enabled,
    lifecycle_period: String(c.lifecycle_period),
    risk_acceptance_approval: c.risk_acceptance_approval,
    min_qod: c.min_qod ?? QOD_DEFAULT_MIN,
    blackout: b
      ? {
          enabled: b.enabled,
          days_mode: b.days_of_week === BLACKOUT_DAILY ? 'every' : 'chosen',
          days: b.days_of_week === BLACKOUT_DAILY ? [] : blackoutDays(b).map(String),
          start_time: b.start_time.slice(0, 5),
          end_time: b.end_time.slice(0, 5),
          time_zone: b.time_zone,
        }
      : { enabled: false, days_mode: 'every', days: [], ...NEW_WINDOW, time_zone: localZone },
  };
}

/** "0" for every day, else the ticked weekdays in order: "1,3,5". */
export function daysOfWeek(v: Pick<BlackoutValues, 'days_mode' | 'days'>): string {
  if (v.days_mode === 'every') return BLACKOUT_DAILY;
  return [...new Set(v.days.map(Number))]
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7)
    .sort((a, b) => a - b)
    .join(',');
}

/** The window the form's values make (not yet checked). */
export function blackoutOf(v: BlackoutValues): BlackoutWindow {
  return {
    enabled: v.enabled,
    days_of_week: daysOfWeek(v),
    start_time: v.start_time,
    end_time: v.end_time,
    time_zone: v.time_zone.trim(),
  };
}

/**
 * §5 (platform-core, feature-areas): the blackout window is sent only when it is enabled or the customer had one before
 * (a window never set up and left off is not created by saving other settings).
 */
export function sendsBlackout(before: Pick<CustomerSettings, 'blackouts'>, v: Pick<BlackoutValues, 'enabled'>): boolean {
  return v.enabled || before.blackouts !== null;
}

/** The body of PATCH customer/{id}/: the settings, the minimum QoD when changed, and the blackout window when §5 says so. */
export function settingsPatch(
  before: Pick<CustomerSettings, 'blackouts'> & { min_qod?: number },
  v: SettingsValues,
): CustomerSettingsPatch {
  const patch: CustomerSettingsPatch = {
    lifecycle_management_enabled: v.lifecycle_management_enabled,
    lifecycle_period: Number(v.lifecycle_period),
    risk_acceptance_approval: v.risk_acceptance_approval,
  };
  if (v.min_qod !== undefined && Number(v.min_qod) !== before.min_qod) patch.min_qod = Number(v.min_qod);
  if (sendsBlackout(before, v.blackout)) patch.blackouts = blackoutOf(v.blackout);
  return patch;
}

/** Form field of a window property core's schema names. */
const BLACKOUT_FIELDS: Record<string, string> = {
  enabled: 'blackout.enabled',
  days_of_week: 'blackout.days',
  start_time: 'blackout.start_time',
  end_time: 'blackout.end_time',
  time_zone: 'blackout.time_zone',
};

/** The window's problems by form field (empty when it is valid); none when it is not going to be sent. */
export function blackoutErrors(v: BlackoutValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.days_mode === 'chosen' && daysOfWeek(v) === '') errors['blackout.days'] = 'Choose at least one day.';
  const result = blackoutWindow.safeParse(blackoutOf(v));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = BLACKOUT_FIELDS[String(issue.path[0])] ?? 'blackouts';
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

/** The form's checks: a known lifecycle period, and a valid window when it is going to be sent. */
export function validateSettings(
  before: Pick<CustomerSettings, 'blackouts' | 'lifecycle_period'>,
  v: SettingsValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const period = Number(v.lifecycle_period);
  if (!lifecycleOptions(before.lifecycle_period).some((o) => Number(o.value) === period)) {
    errors.lifecycle_period = `Choose one of ${RETENTION_OPTIONS_DAYS.join(', ')} days.`;
  }
  const qod = v.min_qod === '' || v.min_qod === undefined ? NaN : Number(v.min_qod);
  if (!Number.isInteger(qod) || qod < QOD_RANGE.min || qod > QOD_RANGE.max)
    errors.min_qod = `Enter a quality of detection from ${QOD_RANGE.min} to ${QOD_RANGE.max} %.`;
  if (sendsBlackout(before, v.blackout)) Object.assign(errors, blackoutErrors(v.blackout));
  return errors;
}

/** The live line under the window: off, not complete, inside it now, or when it applies. */
export function blackoutStatus(v: BlackoutValues, now: Date): { state: 'off' | 'incomplete' | 'inside' | 'outside'; text: string } {
  if (!v.enabled) return { state: 'off', text: 'The window is off: scans can start at any time.' };
  if (Object.keys(blackoutErrors(v)).length > 0) return { state: 'incomplete', text: 'Complete the window to see when it applies.' };
  const window = blackoutOf(v);
  if (inBlackout(window, now)) return { state: 'inside', text: `Now inside the window: scans wait. ${blackoutText(window)}` };
  return { state: 'outside', text: `Next: ${blackoutText(window)}` };
}

export type LicenceTone = 'expired' | 'expiring' | 'active' | 'none';

/** The licence in words: its end date and the days to expiration. */
export function licenceFacts(c: Pick<Customer, 'license_end_date' | 'days_to_expiration'>): {
  date: string | null;
  text: string;
  tone: LicenceTone;
} {
  const date = c.license_end_date ? c.license_end_date.slice(0, 10) : null;
  const days = date ? c.days_to_expiration : null;
  if (days === null) return { date, text: 'No end date', tone: 'none' };
  if (isLicenceExpired(days)) return { date, text: `Expired ${-days} day${days === -1 ? '' : 's'} ago`, tone: 'expired' };
  const tone = days <= LICENCE_WARNING_DAYS ? 'expiring' : 'active';
  if (days === 0) return { date, text: 'Expires today', tone };
  return { date, text: `${days} day${days === 1 ? '' : 's'} to expiration`, tone };
}

/** '5', or 'No limit' for null. */
export function taskLimitText(limit: number | null): string {
  return limit === null ? 'No limit' : String(limit);
}

/** '120 of 500 assets', or '120 assets (no limit)'. */
export function usageText(u: Pick<AssetUsage, 'used' | 'limit'>): string {
  return u.limit === null ? `${u.used} asset${u.used === 1 ? '' : 's'} (no limit)` : `${u.used} of ${u.limit} assets`;
}

/** How full the subscription is, 0-100; null without a limit. */
export function usagePercent(u: Pick<AssetUsage, 'used' | 'limit'>): number | null {
  if (u.limit === null) return null;
  if (u.limit <= 0) return 100;
  return Math.min(100, Math.round((u.used / u.limit) * 100));
}
