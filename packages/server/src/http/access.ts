// Access control for every API route: each route declares `config.access` (a ApiAccess of core), a route without one
// refuses to register, and the rule is checked in preValidation, before the body or query is read, so an anonymous or
// unauthorised caller learns nothing from a 400. Feature flags answer 403 "not enabled" rather than 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessAllows, parseAccess, type ApiAccess, type FeatureFlag } from '@bulwark/core';
import { ApiError, forbidden, unauthorized } from './errors.ts';
import { subjectOf } from './guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (required for every route under /api/). */
    access?: ApiAccess;
    /** The feature flag (or every flag of a list) the customer needs for the route. */
    flag?: FeatureFlag | readonly FeatureFlag[];
    /**
     * true: only a signed-in session may call it, never an API token (sign-in and sign-out, password, second factor,
     * the tokens themselves): what guards an account stays with the person.
     */
    sessionOnly?: true;
  }
}

export const SESSION_ONLY = 'This operation needs a signed-in session; an API token cannot call it.';

export const FEATURE_NOT_ENABLED = 'This feature is not enabled for your organisation.';

function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && url !== '/api/schema/';
}

/** Checks the request against its route's declared access; throws 401, 403 or "not enabled". */
export function checkAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  if (!access) return;
  const rule = parseAccess(access);
  if (!rule) throw new Error(`Unknown access rule ${access}`);
  if (request.auth?.token && request.routeOptions.config.sessionOnly)
    throw new ApiError(403, { detail: SESSION_ONLY, code: 'session_only' });
  if (rule.kind === 'public' || rule.kind === 'probe-agent') return;
  const auth = request.auth;
  if (!auth) throw unauthorized();
  const flag = request.routeOptions.config.flag;
  const needed: readonly FeatureFlag[] = flag === undefined ? [] : typeof flag === 'string' ? [flag] : flag;
  if (needed.some((f) => !auth.customer.featureFlags.includes(f)))
    throw new ApiError(403, { detail: FEATURE_NOT_ENABLED, code: 'feature_not_enabled' });
  if (!accessAllows(subjectOf(auth), rule)) throw forbidden();
}

export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.schema?.hide) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    if (!parseAccess(access)) throw new Error(`${String(route.method)} ${route.url} declares an unknown access rule: ${access}`);
  });
  app.addHook('preValidation', async (request) => checkAccess(request));
}
