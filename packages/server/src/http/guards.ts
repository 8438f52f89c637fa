// The shared route guard: signed-in, superuser, permission, feature flag (platform-core §6).
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { can, canRead, isSuperuser, type FeatureFlag, type PermissionAction, type PermissionResource } from '@bulwark/core';
import { forbidden, notFound, unauthorized } from './errors.ts';
import type { Auth } from './session.ts';

export interface GuardOptions {
  superuser?: boolean;
  permission?: PermissionResource;
  /** With `permission`: an action needed besides read (create, update, delete). */
  action?: PermissionAction;
  flag?: FeatureFlag;
}

export function subjectOf(auth: Auth) {
  return {
    is_superuser: auth.user.isSuperuser,
    customer_admin: auth.user.customerAdmin,
    permissions: auth.user.permissions,
  };
}

/** Throws the right error unless the request's user passes every guard; returns the signed-in auth. */
export function requireAuth(request: FastifyRequest, options: GuardOptions = {}): Auth {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  if (options.flag && !auth.customer.featureFlags.includes(options.flag)) throw notFound();
  if (options.superuser && !isSuperuser(subjectOf(auth))) throw forbidden();
  if (options.permission && !canRead(subjectOf(auth), options.permission)) throw forbidden();
  if (options.permission && options.action && options.action !== 'read' && !can(subjectOf(auth), options.permission, options.action))
    throw forbidden();
  return auth;
}

/** The same guard as a Fastify preHandler, for routes that declare it. */
export function guard(options: GuardOptions = {}): preHandlerAsyncHookHandler {
  return async (request) => {
    requireAuth(request, options);
  };
}
