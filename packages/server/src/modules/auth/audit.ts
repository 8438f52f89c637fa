// The sign-in audit log: who signed in, failed, signed out, reset a password or was impersonated, from where. Sign-ins,
// sign-outs, failures and throttling also go to the change audit log (audit_events, resource "authentication") that
// superusers read on the audit page; a failure for an unknown account belongs to no customer (operators see it).
import type { FastifyRequest } from 'fastify';
import { SIGN_IN_RESOURCE, type SignInAuditAction } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { auditEvents, authEvents } from '../../db/schema/index.ts';

export type AuthEvent =
  | 'login_succeeded'
  | 'login_failed'
  | 'otp_required'
  | 'otp_failed'
  | 'recovery_code_used'
  | 'recovery_code_failed'
  | 'login_locked'
  | 'login_throttled'
  | 'logout'
  | 'session_renewed'
  | 'password_reset_requested'
  | 'password_changed'
  | 'impersonation_started'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'phone_verified'
  | 'sso_token_generated';

/** Events shown in the change audit log: its action name and the HTTP status the caller got. */
const IN_AUDIT_LOG: Partial<Record<AuthEvent, { action: SignInAuditAction; status: number }>> = {
  login_succeeded: { action: 'sign_in', status: 200 },
  recovery_code_used: { action: 'sign_in', status: 200 },
  login_failed: { action: 'sign_in_failed', status: 400 },
  otp_failed: { action: 'sign_in_failed', status: 400 },
  recovery_code_failed: { action: 'sign_in_failed', status: 400 },
  login_locked: { action: 'lockout', status: 400 },
  login_throttled: { action: 'throttled', status: 429 },
  logout: { action: 'sign_out', status: 204 },
};

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
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 300);
  await ctx.db.insert(authEvents).values({
    event,
    customerId: subject.customerId ?? null,
    userId: subject.userId ?? null,
    username: subject.username ?? null,
    detail: detail ?? null,
    ip: request.ip,
    userAgent,
  });
  const shown = IN_AUDIT_LOG[event];
  if (!shown) return;
  await ctx.db.insert(auditEvents).values({
    customerId: subject.customerId ?? null,
    userId: subject.userId ?? null,
    actor: (subject.username ?? '').slice(0, 254) || 'unknown',
    resource: SIGN_IN_RESOURCE,
    action: shown.action,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    status: shown.status,
    summary: { event, ...(detail ? { detail } : {}) },
    ip: request.ip,
    createdAt: ctx.clock(),
  });
}
