// The start-up sequence of §1: session check, feature flags, then (when signed in) user profile and customer.
import { featureFlagMap, type AuthStatus, type Customer, type FeatureFlags, type UserProfile } from '@bulwark/core';
import { checkAuthentication } from '../api/auth.ts';
import { fetchCustomer, fetchFeatureFlags, fetchMyProfile } from '../api/account.ts';
import { isApiError } from '../api/errors.ts';
import { markCustomerLoaded, sessionState } from '../api/session-state.ts';

/** The signed-in state start-up loads (held in the query cache by session.ts); declared here so neither file imports the other's. */
export interface Session {
  auth: AuthStatus;
  flags: FeatureFlags;
  profile: UserProfile | null;
  customer: Customer | null;
}

async function loadFlags(signal: AbortSignal): Promise<FeatureFlags> {
  try {
    return await fetchFeatureFlags(signal);
  } catch (error) {
    // Flags default to false (§6); a lost session or an unreachable server still stops start-up.
    if (isApiError(error) && (error.kind === 'http' || error.kind === 'invalid-answer')) return featureFlagMap([]);
    throw error;
  }
}

export async function loadStartup(signal: AbortSignal): Promise<Session> {
  const auth = await checkAuthentication();
  let flags = featureFlagMap([]);
  const anonymous = (): Session => ({ auth: { ...auth, isAuthenticated: false }, flags, profile: null, customer: null });
  try {
    flags = await loadFlags(signal);
    if (!auth.isAuthenticated) return anonymous();
    const profile = await fetchMyProfile(signal);
    const customer = await fetchCustomer(signal);
    markCustomerLoaded(true);
    return { auth, flags, profile, customer };
  } catch (error) {
    // The session ended while loading (401 or failed renewal): the client is already taking the user to sign in.
    if (auth.isAuthenticated && !sessionState().authenticated) return anonymous();
    throw error;
  }
}
