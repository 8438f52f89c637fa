// Builds the login / logout addresses that carry the login message code and the remembered target.
import { LOGIN_PATH, LOGOUT_PATH } from '@bulwark/core';

/** Query parameter of the login message code (e.g. session_expired) and of the remembered target. */
export const MESSAGE_PARAM = 'message';
export const NEXT_PARAM = 'next';

/** A same-app path to go to after sign-in; null for anything else (other sites, auth pages). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === LOGIN_PATH || next.startsWith('/auth/')) return null;
  return next;
}

function withParams(path: string, message?: string | null, next?: string | null): string {
  const params = new URLSearchParams();
  if (message) params.set(MESSAGE_PARAM, message);
  const target = safeNext(next);
  if (target && target !== '/dashboard') params.set(NEXT_PARAM, target);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function loginUrl(options: { message?: string | null; next?: string | null } = {}): string {
  return withParams(LOGIN_PATH, options.message, options.next);
}

export function logoutUrl(options: { message?: string | null; next?: string | null } = {}): string {
  return withParams(LOGOUT_PATH, options.message, options.next);
}
