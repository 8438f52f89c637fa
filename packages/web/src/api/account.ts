// Calls of the signed-in user's profile, customer and feature flags (§7 Customer, user and features).
import { FEATURE_FLAGS, customer, userProfile, type Customer, type FeatureFlags, type UserProfile } from '@bulwark/core';
import { api } from './client.ts';

/** GET user/profile/?me=1. */
export function fetchMyProfile(signal?: AbortSignal): Promise<UserProfile> {
  return api.get('user/profile/', { query: { me: 1 }, signal, schema: userProfile, timeoutWarning: 'reload' });
}

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  picture?: string | null;
}

/** PATCH user/profile/{id}/. */
export function updateProfile(id: number, changes: ProfileChanges): Promise<UserProfile> {
  return api.patch(`user/profile/${id}/`, changes, { schema: userProfile });
}

/** GET customer/. */
export function fetchCustomer(signal?: AbortSignal): Promise<Customer> {
  return api.get('customer/', { signal, schema: customer, timeoutWarning: 'reload' });
}

/** Every flag of §6 as a boolean; a flag the answer lacks (or does not set to true) is off. */
export function readFeatureFlags(answer: unknown): FeatureFlags {
  const source = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, source[flag] === true])) as FeatureFlags;
}

/** GET feature-flags/. */
export async function fetchFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  return readFeatureFlags(await api.get<unknown>('feature-flags/', { signal, ignoreUnauthorized: true, timeoutWarning: 'reload' }));
}

/** POST user/change-password/: needs the current password; the user's other sessions end. */
export async function changePassword(current_password: string, new_password: string): Promise<string> {
  const answer = await api.post<{ detail: string }>('user/change-password/', { current_password, new_password });
  return answer.detail;
}
