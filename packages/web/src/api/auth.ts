// Calls of sign-in, second factor, sign-out, password reset and impersonation (§7 Authentication).
import { authStatus, detailMessage, type AuthStatus, type LoginRequest } from '@bulwark/core';
import { api } from './client.ts';
import { recordAuthStatus } from './session-state.ts';

const noRenewal = { skipRenewal: true } as const;

/** GET check-authentication/: is there a session, and how long does it last. */
export async function checkAuthentication(): Promise<AuthStatus> {
  const status = await api.get('check-authentication/', {
    ...noRenewal,
    ignoreUnauthorized: true,
    schema: authStatus,
    timeoutWarning: 'reload',
  });
  recordAuthStatus(status);
  return status;
}

/** POST auth/login/; a 400 carrying `otp_method` asks for the second factor. */
export async function login(payload: LoginRequest): Promise<AuthStatus> {
  const status = await api.post('auth/login/', payload, { ...noRenewal, ignoreUnauthorized: true, schema: authStatus });
  recordAuthStatus(status);
  return status;
}

/** POST auth/generate-otp/: sends a new SMS code for the sign-in in progress. */
export async function generateOtp(username: string, password: string): Promise<string> {
  const answer = await api.post(
    'auth/generate-otp/',
    { username, password },
    { ...noRenewal, ignoreUnauthorized: true, schema: detailMessage },
  );
  return answer.detail;
}

/** POST auth/logout/ (204); a session that is already gone is fine. */
export async function logout(): Promise<void> {
  await api.post<unknown>('auth/logout/', undefined, { ...noRenewal, ignoreUnauthorized: true });
}

/** POST auth/password-reset/: the same answer whether or not the user exists. */
export async function requestPasswordReset(username: string): Promise<string> {
  const answer = await api.post('auth/password-reset/', { username }, { ...noRenewal, schema: detailMessage });
  return answer.detail;
}

function resetPath(uid: string, token: string): string {
  return `auth/password-reset-confirm/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`;
}

const resetLinkAnswer = {
  parse: (data: unknown): { email: string } => {
    const email = (data as { email?: unknown } | null)?.email;
    if (typeof email !== 'string') throw new Error('email missing');
    return { email };
  },
};

/** GET auth/password-reset-confirm/{uid}/{token}/: checks a welcome or reset link, answers the e-mail address. */
export async function checkPasswordLink(uid: string, token: string, signal?: AbortSignal): Promise<string> {
  const answer = await api.get(resetPath(uid, token), { ...noRenewal, signal, schema: resetLinkAnswer });
  return answer.email;
}

/** POST auth/password-reset-confirm/{uid}/{token}/: sets the new password. */
export async function confirmPassword(uid: string, token: string, password: string): Promise<string> {
  const answer = await api.post(resetPath(uid, token), { password }, { ...noRenewal, schema: detailMessage });
  return answer.detail;
}

/** POST auth/impersonation-login/: starts the session a back-office one-time link stands for. */
export async function impersonationLogin(token: string): Promise<AuthStatus> {
  const status = await api.post('auth/impersonation-login/', { token }, { ...noRenewal, ignoreUnauthorized: true, schema: authStatus });
  recordAuthStatus(status);
  return status;
}
