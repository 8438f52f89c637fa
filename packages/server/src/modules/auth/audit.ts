// The sign-in audit log: who signed in, failed, signed out, reset a password or was impersonated, from where.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authEvents } from '../../db/schema/index.ts';

export type AuthEvent =
  | 'login_succeeded'
  | 'login_failed'
  | 'otp_required'
  | 'otp_failed'
  | 'logout'
  | 'session_renewed'
  | 'password_reset_requested'
  | 'password_changed'
  | 'impersonation_started'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'phone_verified'
  | 'sso_token_generated';

export interface AuditSubject {
  customerId?: number | null;
  userId?: number | null;
  username?: string | null;
}

export async function audit(
  ctx: AppContext,
  request: FastifyRequest,
  event: AuthEvent,
  subject: AuditSubject,
  detail?: string,
): Promise<void> {
  await ctx.db.insert(authEvents).values({
    event,
    customerId: subject.customerId ?? null,
    userId: subject.userId ?? null,
    username: subject.username ?? null,
    detail: detail ?? null,
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
  });
}
