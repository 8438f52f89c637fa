// What handlers use after the access check of http/access.ts has passed: the signed-in auth, and the permission
// subject for the finer checks a handler makes itself (a superuser editing another user's profile).
import type { FastifyRequest } from 'fastify';
import type { PermissionSubject } from '@bulwark/core';
import { unauthorized } from './errors.ts';
import type { Auth } from './session.ts';

export function subjectOf(auth: Auth): PermissionSubject {
  return {
    is_superuser: auth.user.isSuperuser,
    customer_admin: auth.user.customerAdmin,
    permissions: auth.user.permissions,
    platform_operator: auth.user.platformOperator,
  };
}

/** The signed-in auth of a route whose declared access needs one (the access hook has already refused anonymous calls). */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
