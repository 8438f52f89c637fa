// The renewal decision of the API client: renew when under 5 minutes remain, never for session calls (§8, §9).
import { describe, expect, it } from 'vitest';
import { SESSION_RENEW_BEFORE_MS } from '@bulwark/core';
import { isSessionCall, lostSessionTarget, needsRenewal, sessionExpiry, shouldRenewBefore } from './renewal.ts';

const NOW = 1_700_000_000_000;
const base = { path: 'customer/', authenticated: true, now: NOW, renewBeforeMs: SESSION_RENEW_BEFORE_MS };

describe('needsRenewal', () => {
  it('is false with 5 minutes or more left, true below', () => {
    expect(needsRenewal(NOW + 300_000, NOW, SESSION_RENEW_BEFORE_MS)).toBe(false);
    expect(needsRenewal(NOW + 299_999, NOW, SESSION_RENEW_BEFORE_MS)).toBe(true);
    expect(needsRenewal(NOW + 3_600_000, NOW, SESSION_RENEW_BEFORE_MS)).toBe(false);
  });

  it('is true once the session has already ended', () => {
    expect(needsRenewal(NOW - 1, NOW, SESSION_RENEW_BEFORE_MS)).toBe(true);
  });

  it('is false without a session', () => {
    expect(needsRenewal(null, NOW, SESSION_RENEW_BEFORE_MS)).toBe(false);
  });
});

describe('shouldRenewBefore', () => {
  it('renews an ordinary call of a signed-in user near the end of the session', () => {
    expect(shouldRenewBefore({ ...base, expiresAt: NOW + 60_000 })).toBe(true);
  });

  it('does not renew with plenty of time left', () => {
    expect(shouldRenewBefore({ ...base, expiresAt: sessionExpiry(1209600, NOW) })).toBe(false);
  });

  it('never renews when signed out, when asked not to, or for session calls', () => {
    expect(shouldRenewBefore({ ...base, authenticated: false, expiresAt: NOW + 1 })).toBe(false);
    expect(shouldRenewBefore({ ...base, expiresAt: NOW + 1, skipRenewal: true })).toBe(false);
    expect(shouldRenewBefore({ ...base, path: 'auth/renew-session/', expiresAt: NOW + 1 })).toBe(false);
    expect(shouldRenewBefore({ ...base, path: 'check-authentication/', expiresAt: NOW + 1 })).toBe(false);
  });

  it('renews before signed-in calls under auth/ that are not session calls', () => {
    expect(shouldRenewBefore({ ...base, path: 'auth/set-phone-number/', expiresAt: NOW + 1 })).toBe(true);
  });
});

describe('isSessionCall', () => {
  it('knows the calls that make, check or end a session', () => {
    for (const path of [
      'auth/login/',
      '/auth/logout/',
      'api/auth/renew-session/',
      'auth/password-reset-confirm/a/b/',
      'auth/impersonation-login/',
    ]) {
      expect(isSessionCall(path)).toBe(true);
    }
    expect(isSessionCall('user/profile/')).toBe(false);
    expect(isSessionCall('auth/set-phone-number/')).toBe(false);
  });
});

describe('sessionExpiry and lostSessionTarget', () => {
  it('turns the session age into an end time', () => {
    expect(sessionExpiry(600, NOW)).toBe(NOW + 600_000);
  });

  it('sends to logout when a customer was loaded, else to login', () => {
    expect(lostSessionTarget(true)).toBe('logout');
    expect(lostSessionTarget(false)).toBe('login');
  });
});
