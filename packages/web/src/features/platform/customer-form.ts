// Pure rules of the customer form (platform operators): values from a customer, checks, the POST body of a new one,
// the PATCH of the fields changed, the licence status and the scan-task limit shown in the list.
import {
  FEATURE_FLAGS,
  SUBSCRIPTION_TIERS,
  isFeatureFlag,
  isLicenceExpired,
  platformCustomerPatch,
  validateRequired,
  type FeatureFlag,
  type PlatformCustomer,
  type SubscriptionTier,
} from '@bulwark/core';
import { tierLabel } from '../../components/account-labels.ts';
import { schemaMessage } from '../../components/forms/schema-field.ts';
import { isDay } from '../../components/filter-bar/index.ts';
import { LICENCE_WARNING_DAYS, licenceStatus } from '../../components/licence.ts';

export const CUSTOMERS_PAGE_SIZE = 25;

export interface CustomerValues {
  name: string;
  /** The tier as the select holds it: '0', '1' or '2'. */
  subscription_tier: string;
  /** YYYY-MM-DD, or '' for no end date. */
  license_end_date: string;
  feature_flags: string[];
  /** Scan tasks at once as the number field holds it: a number, or '' for no limit. */
  max_concurrent_tasks: number | string;
}

export interface CustomerInput {
  name: string;
  subscription_tier: SubscriptionTier;
  license_end_date: string | null;
  feature_flags: FeatureFlag[];
  /** null: no limit. */
  max_concurrent_tasks: number | null;
}

export type CustomerPatch = Partial<CustomerInput>;

const TIERS = Object.values(SUBSCRIPTION_TIERS) as SubscriptionTier[];

/** None, Standard, Plus. */
export const TIER_OPTIONS = TIERS.map((tier) => ({ value: String(tier), label: tierLabel(tier) }));

export function customerValues(customer?: PlatformCustomer): CustomerValues {
  if (!customer) {
    return {
      name: '',
      subscription_tier: String(SUBSCRIPTION_TIERS.standard),
      license_end_date: '',
      feature_flags: [],
      max_concurrent_tasks: '',
    };
  }
  return {
    name: customer.name,
    subscription_tier: String(customer.subscription_tier),
    license_end_date: customer.license_end_date?.slice(0, 10) ?? '',
    feature_flags: customer.feature_flags.filter(isFeatureFlag),
    max_concurrent_tasks: customer.max_concurrent_tasks ?? '',
  };
}

export function validateCustomer(values: CustomerValues): Partial<Record<keyof CustomerValues, string>> {
  const errors: Partial<Record<keyof CustomerValues, string>> = {};
  const name = validateRequired(values.name, 'Name');
  if (name) errors.name = name;
  if (!TIERS.some((tier) => String(tier) === values.subscription_tier)) errors.subscription_tier = 'Choose a subscription tier.';
  if (values.license_end_date !== '' && !isDay(values.license_end_date)) errors.license_end_date = 'Enter a date as YYYY-MM-DD.';
  const tasks = taskLimitOf(values.max_concurrent_tasks);
  const tasksError = schemaMessage(platformCustomerPatch.shape.max_concurrent_tasks, tasks);
  if (tasksError) errors.max_concurrent_tasks = tasksError;
  return errors;
}

/** The scan-task limit the number field holds: null when empty (no limit), NaN for text that is no number. */
export function taskLimitOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

/** '5', or 'No limit' for null. */
export function taskLimitText(limit: number | null): string {
  return limit === null ? 'No limit' : String(limit);
}

function tierOf(value: string): SubscriptionTier {
  return TIERS.find((tier) => String(tier) === value) ?? SUBSCRIPTION_TIERS.standard;
}

/** The flags ticked, known ones only, in the order of FEATURE_FLAGS. */
function flagsOf(values: readonly string[]): FeatureFlag[] {
  return FEATURE_FLAGS.filter((flag) => values.includes(flag));
}

/** The body of POST platform/customers/. */
export function customerInput(values: CustomerValues): CustomerInput {
  return {
    name: values.name.trim(),
    subscription_tier: tierOf(values.subscription_tier),
    license_end_date: values.license_end_date === '' ? null : values.license_end_date,
    feature_flags: flagsOf(values.feature_flags),
    max_concurrent_tasks: taskLimitOf(values.max_concurrent_tasks),
  };
}

/** The body of PATCH platform/customers/{id}/: only what differs from the customer as loaded. */
export function customerPatch(customer: PlatformCustomer, values: CustomerValues): CustomerPatch {
  const before = customerInput(customerValues(customer));
  const after = customerInput(values);
  const patch: CustomerPatch = {};
  if (after.name !== before.name) patch.name = after.name;
  if (after.subscription_tier !== before.subscription_tier) patch.subscription_tier = after.subscription_tier;
  if (after.license_end_date !== before.license_end_date) patch.license_end_date = after.license_end_date;
  if (after.feature_flags.join() !== before.feature_flags.join()) patch.feature_flags = after.feature_flags;
  if (after.max_concurrent_tasks !== before.max_concurrent_tasks) patch.max_concurrent_tasks = after.max_concurrent_tasks;
  return patch;
}

export type LicenceState = 'expired' | 'expiring' | 'active' | 'none';

/** The licence of a row: its status words, and whether it has expired (red) or ends soon. */
export function customerLicence(customer: Pick<PlatformCustomer, 'days_to_expiration' | 'license_end_date'>): {
  state: LicenceState;
  text: string;
} {
  const days = customer.license_end_date ? customer.days_to_expiration : null;
  if (days === null) return { state: 'none', text: licenceStatus(null) };
  if (isLicenceExpired(days)) {
    const ago = -days;
    return { state: 'expired', text: `Expired ${ago} day${ago === 1 ? '' : 's'} ago` };
  }
  return { state: days <= LICENCE_WARNING_DAYS ? 'expiring' : 'active', text: licenceStatus(days) };
}
