// Looks routes up by name and matches a pathname against the route table, honouring digits-only parameters.
import { CATCH_ALL_PATH, ROUTES, type RouteDef } from './routes.ts';

export interface RouteMatch {
  route: RouteDef;
  /** Decoded path parameters; the catch-all puts the whole unmatched path under '*'. */
  params: Record<string, string>;
}

const DIGITS = /^[0-9]+$/;

/** Path segments without empty parts: '/scans/scans/' → ['scans', 'scans']. */
export function splitPath(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter((s) => s !== '');
}

export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Params of `route` for `segments`, or null when it does not match. */
function matchOne(route: RouteDef, segments: string[]): Record<string, string> | null {
  const pattern = splitPath(route.path);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    const s = segments[i];
    if (p.startsWith(':')) {
      const name = p.slice(1);
      const value = decode(s);
      if (route.digits?.includes(name) && !DIGITS.test(value)) return null;
      params[name] = value;
    } else if (p !== s) {
      return null;
    }
  }
  return params;
}

/** True when pattern a ranks before b: the first segment where they differ is static in a and a parameter in b. */
function moreSpecific(a: RouteDef, b: RouteDef): boolean {
  const pa = splitPath(a.path);
  const pb = splitPath(b.path);
  for (let i = 0; i < pa.length; i++) {
    const sa = !pa[i].startsWith(':');
    const sb = !pb[i].startsWith(':');
    if (sa !== sb) return sa;
  }
  return false;
}

/**
 * The route a pathname shows, with its parameters. A trailing slash, query or hash is ignored.
 * Static segments win over parameters; a parameter listed in `digits` only matches digits.
 * Anything else matches the catch-all route ('*', name 'not-found').
 */
export function matchRoute(pathname: string): RouteMatch {
  const segments = splitPath(pathname);
  let best: RouteMatch | null = null;
  for (const route of ROUTES) {
    if (route.path === CATCH_ALL_PATH) continue;
    const params = matchOne(route, segments);
    if (params && (!best || moreSpecific(route, best.route))) best = { route, params };
  }
  if (best) return best;
  const catchAll = ROUTES.find((r) => r.path === CATCH_ALL_PATH) as RouteDef;
  return { route: catchAll, params: { '*': segments.map(decode).join('/') } };
}
