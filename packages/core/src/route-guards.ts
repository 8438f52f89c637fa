// Decides whether a route may be shown to a visitor (platform-core §6) and finds a section's first accessible child.
import { canRead, isSuperuser, type FeatureFlag, type PermissionSubject } from './permissions.ts';
import { ROUTES, type RouteDef } from './routes.ts';
import { splitPath } from './route-match.ts';

export interface RouteContext {
  authenticated: boolean;
  /** The signed-in user's profile; without it, superuser and permission guards fail. */
  user?: PermissionSubject;
  /** Feature flags by name; a missing flag is off. */
  flags: Partial<Record<FeatureFlag, boolean>>;
  /** The user runs the platform (their profile's platform_operator); when absent, `user.platform_operator` decides. */
  platform_operator?: boolean;
}

/**
 * 'ok' show it; 'login' send to login (remember the target); 'index' send a signed-in user to the index;
 * 'not-enabled' the route's feature flag is off for this customer (say so, rather than "page not found");
 * 'not-found' a flag that is on replaces the route with a newer one, so for this customer it does not exist;
 * 'access-denied' superuser, operator or permission check failed.
 */
export type RouteVerdict = 'ok' | 'login' | 'index' | 'access-denied' | 'not-enabled' | 'not-found';

/** Whether the context's user is a platform operator. */
export function isPlatformOperator(ctx: RouteContext): boolean {
  return (ctx.platform_operator ?? ctx.user?.platform_operator) === true;
}

/** Checks in order: access (signed-in / signed-out / always), flags, superuser, operator, permission. */
export function routeAllowed(route: RouteDef, ctx: RouteContext): RouteVerdict {
  if (route.access === 'always') return 'ok';
  if (route.access === 'signed-out') return ctx.authenticated ? 'index' : 'ok';
  if (!ctx.authenticated) return 'login';
  if (route.flagOn?.some((f) => ctx.flags[f] !== true)) return 'not-enabled';
  if (route.flagOff?.some((f) => ctx.flags[f] === true)) return 'not-found';
  if (route.superuser && !(ctx.user && isSuperuser(ctx.user))) return 'access-denied';
  if (route.operator && !(ctx.user && isPlatformOperator(ctx))) return 'access-denied';
  if (route.permission && !(ctx.user && canRead(ctx.user, route.permission))) return 'access-denied';
  return 'ok';
}

/**
 * The first route (in table order) one segment below `parentPath`, without parameters, that the visitor
 * may see; null when there is none (the section then shows access denied).
 */
export function firstAccessibleChild(parentPath: string, ctx: RouteContext): RouteDef | null {
  const parent = splitPath(parentPath);
  for (const route of ROUTES) {
    const segs = splitPath(route.path);
    if (segs.length !== parent.length + 1) continue;
    if (!parent.every((s, i) => segs[i] === s)) continue;
    if (segs.some((s) => s.startsWith(':') || s === '*')) continue;
    if (routeAllowed(route, ctx) === 'ok') return route;
  }
  return null;
}
