// What the API client knows of the session: signed in or not, when it ends, and whether the customer is loaded.
import type { AuthStatus } from '@bulwark/core';
import { sessionExpiry } from './renewal.ts';

interface SessionState {
  authenticated: boolean;
  /** Epoch ms when the session ends; null when signed out. */
  expiresAt: number | null;
  customerLoaded: boolean;
}

const state: SessionState = { authenticated: false, expiresAt: null, customerLoaded: false };

/** Records an answer of check-authentication/, login, renewal or impersonation login. */
export function recordAuthStatus(status: AuthStatus, now: number = Date.now()): void {
  state.authenticated = status.isAuthenticated;
  state.expiresAt = status.isAuthenticated ? sessionExpiry(status.sessionExpiryAgeSeconds, now) : null;
  if (!status.isAuthenticated) state.customerLoaded = false;
}

export function markCustomerLoaded(loaded: boolean): void {
  state.customerLoaded = loaded;
}

export function clearSessionState(): void {
  state.authenticated = false;
  state.expiresAt = null;
  state.customerLoaded = false;
}

export function sessionState(): Readonly<SessionState> {
  return { ...state };
}
