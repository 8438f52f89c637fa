// Shared steps of the integration tests: a signed-in client, an impersonated client, a token taken from a link.
import { expect } from 'vitest';
import { createImpersonationLink } from '../../src/modules/auth/impersonation.ts';
import { PASSWORD, type Client, type TestApp } from './app.ts';

/** A client signed in as `email` (fails the test when sign-in does not succeed). */
export async function signedIn(t: TestApp, email: string, password = PASSWORD, ip?: string): Promise<Client> {
  const c = t.client(ip);
  const res = await c.login(email, password);
  expect(res.status, `sign-in as ${email}: ${JSON.stringify(res.body)}`).toBe(200);
  return c;
}

/** The last path segment of a link (the token of impersonation and password links). */
export function lastSegment(link: string): string {
  return link.replace(/\/+$/, '').split('/').pop()!;
}

/** A client in an impersonated session as `email`, opened through a back-office link. */
export async function impersonated(t: TestApp, email: string, source = 'support desk', ip?: string): Promise<Client> {
  const link = await createImpersonationLink(t.ctx, email, source);
  expect(link, `impersonation link for ${email}`).toBeTruthy();
  const c = t.client(ip);
  await c.get('/api/check-authentication/');
  const res = await c.post('/api/auth/impersonation-login/', { token: lastSegment(link!) });
  expect(res.status, `impersonation of ${email}: ${JSON.stringify(res.body)}`).toBe(200);
  return c;
}

/** An anonymous client that already holds the CSRF cookie, so its unsafe calls pass the CSRF check. */
export async function anonymous(t: TestApp, ip?: string): Promise<Client> {
  const c = t.client(ip);
  await c.get('/api/check-authentication/');
  return c;
}
