// Back-office impersonation: a one-time link signs in as a customer user; the session is flagged with its source.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthStatus } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { nonField } from '../../http/errors.ts';
import { consume } from '../../http/rate-limit.ts';
import { audit } from './audit.ts';
import { startSession } from './sessions.ts';
import { findToken, issueToken, useToken } from './tokens.ts';
import { findUserByEmail, findUserById } from './users-repo.ts';

export const INVALID_IMPERSONATION = 'This impersonation link is invalid, expired or already used.';

/** Makes a one-time link (valid 5 minutes) that opens a session as `email`; null when there is no such user. */
export async function createImpersonationLink(ctx: AppContext, email: string, source: string): Promise<string | null> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.isActive) return null;
  const token = await issueToken(ctx.db, 'impersonation', user.id, { source });
  return `${ctx.config.publicUrl}/auth/lac/lacjump/${token}`;
}

export async function impersonationLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<AuthStatus> {
  await consume(ctx.db, [{ key: `impersonation:ip:${request.ip}`, max: 20, windowSeconds: 900 }]);
  const row = await findToken(ctx.db, ['impersonation'], token);
  const user = row ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user || !user.isActive || !(await useToken(ctx.db, row.id))) throw nonField(INVALID_IMPERSONATION);
  const source = typeof row.meta.source === 'string' && row.meta.source ? row.meta.source : 'back office';
  await audit(ctx, request, 'impersonation_started', { userId: user.id, customerId: user.customerId, username: user.email }, source);
  return startSession(ctx, request, reply, { userId: user.id, keepLoggedIn: false, impersonationSource: source });
}
