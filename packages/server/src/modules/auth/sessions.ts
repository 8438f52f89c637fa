// Creating, renewing and ending server-side sessions; the answer that check-authentication/ and sign-in give.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { AuthStatus } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { rotateCsrf, sessionAgeSeconds, setSessionCookie, type Auth } from '../../http/session.ts';

export interface NewSession {
  userId: number;
  keepLoggedIn: boolean;
  impersonationSource?: string;
}

function ageFor(ctx: AppContext, keepLoggedIn: boolean): number {
  return keepLoggedIn ? ctx.config.longSessionAgeSeconds : ctx.config.sessionAgeSeconds;
}

/** Starts a session, sets its cookie and a fresh CSRF token; returns the auth status to answer with. */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, input: NewSession): Promise<AuthStatus> {
  // A session id that existed before sign-in is never reused (fixation).
  const previous = request.cookies.sessionid;
  if (previous) await ctx.db.delete(sessions).where(eq(sessions.id, sha256(previous)));
  const token = randomToken(32);
  const age = ageFor(ctx, input.keepLoggedIn);
  const expiresAt = new Date(Date.now() + age * 1000);
  await ctx.db.insert(sessions).values({
    id: sha256(token),
    userId: input.userId,
    keepLoggedIn: input.keepLoggedIn,
    impersonated: Boolean(input.impersonationSource),
    impersonationSource: input.impersonationSource ?? null,
    expiresAt,
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
  });
  setSessionCookie(ctx, request, reply, token, input.keepLoggedIn, age);
  rotateCsrf(ctx, request, reply);
  return {
    isAuthenticated: true,
    sessionExpiryAgeSeconds: age,
    impersonated: Boolean(input.impersonationSource),
    impersonation_source: input.impersonationSource ?? null,
  };
}

/** Pushes the session's expiry a full age forward (the client calls this when under 5 minutes remain). */
export async function renewSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, auth: Auth): Promise<AuthStatus> {
  const age = ageFor(ctx, auth.session.keepLoggedIn);
  const expiresAt = new Date(Date.now() + age * 1000);
  await ctx.db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.id, auth.session.id));
  if (auth.session.keepLoggedIn) {
    setSessionCookie(ctx, request, reply, request.cookies.sessionid ?? '', true, age);
  }
  return { ...statusOf(auth), sessionExpiryAgeSeconds: age };
}

export async function endSession(ctx: AppContext, auth: Auth | null): Promise<void> {
  if (auth) await ctx.db.delete(sessions).where(eq(sessions.id, auth.session.id));
}

export async function endAllSessions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user but `keepSessionId` (after a second factor is turned on). */
export async function endOtherSessions(ctx: AppContext, userId: number, keepSessionId: string): Promise<void> {
  await ctx.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export function statusOf(auth: Auth | null): AuthStatus {
  return {
    isAuthenticated: Boolean(auth),
    sessionExpiryAgeSeconds: sessionAgeSeconds(auth),
    impersonated: auth?.session.impersonated ?? false,
    impersonation_source: auth?.session.impersonationSource ?? null,
  };
}
