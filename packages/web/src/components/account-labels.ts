// Words for account facts shown on several pages: role, second-factor method, subscription tier.
import { SUBSCRIPTION_TIERS, isSuperuser, type TwoFactorMethod, type UserProfile } from '@bulwark/core';

export function roleLabel(profile: Pick<UserProfile, 'is_superuser' | 'customer_admin'>): string {
  if (profile.is_superuser) return 'Superuser';
  if (isSuperuser(profile)) return 'Customer administrator';
  return 'User';
}

export const TWO_FACTOR_LABELS: Record<TwoFactorMethod, string> = {
  none: 'Off',
  totp: 'Authenticator app',
  sms: 'Text message (SMS)',
};

/** 'Standard' for tier 1; the number itself for a tier the spec does not name. */
export function tierLabel(tier: number): string {
  const name = Object.entries(SUBSCRIPTION_TIERS).find(([, value]) => value === tier)?.[0];
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : `Tier ${tier}`;
}
