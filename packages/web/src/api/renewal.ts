// Pure rules of session renewal before a call (§8, §9): when to renew, which calls never renew, where a lost session goes.

/** Calls that make, check or end a session, or work without one; they never trigger a renewal. */
const SESSION_CALLS = [
  'check-authentication/',
  'auth/login/',
  'auth/logout/',
  'auth/renew-session/',
  'auth/generate-otp/',
  'auth/password-reset/',
  'auth/password-reset-confirm/',
  'auth/impersonation-login/',
];

export function isSessionCall(path: string): boolean {
  const p = path.replace(/^\/+/, '').replace(/^api\//, '');
  return SESSION_CALLS.some((call) => p.startsWith(call));
}

/** Epoch ms at which a session reported `ageSeconds` from now ends. */
export function sessionExpiry(ageSeconds: number, now: number): number {
  return now + ageSeconds * 1000;
}

/** True when a session exists and less than `renewBeforeMs` of it remains at `now` (§9: 5 minutes). */
export function needsRenewal(expiresAt: number | null, now: number, renewBeforeMs: number): boolean {
  return expiresAt !== null && expiresAt - now < renewBeforeMs;
}

export interface RenewalDecisionInput {
  path: string;
  authenticated: boolean;
  expiresAt: number | null;
  now: number;
  renewBeforeMs: number;
  skipRenewal?: boolean;
}

/** Whether a call to `path` must first renew the session. */
export function shouldRenewBefore(input: RenewalDecisionInput): boolean {
  if (input.skipRenewal || !input.authenticated || isSessionCall(input.path)) return false;
  return needsRenewal(input.expiresAt, input.now, input.renewBeforeMs);
}

/** A failed renewal sends the user to logout when a customer was already loaded, else to login (§8). */
export function lostSessionTarget(customerLoaded: boolean): 'logout' | 'login' {
  return customerLoaded ? 'logout' : 'login';
}
