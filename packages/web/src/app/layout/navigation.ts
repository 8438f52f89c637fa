// Builds the navigation from the route table: only routes marked for it that the flags and permissions allow.
import { routeAllowed, splitPath, type RouteContext, type RouteDef } from '@bulwark/core';

export interface NavGroup {
  /** Path of the section parent (e.g. '/scans'), or of the single item when it has no section. */
  key: string;
  /** Section title; null for a top-level item such as the dashboard. */
  title: string | null;
  items: RouteDef[];
}

/** Sections in table order; each holds its visible items; empty sections are left out. */
export function navigationGroups(routes: readonly RouteDef[], ctx: RouteContext): NavGroup[] {
  const groups = new Map<string, NavGroup>();
  for (const route of routes) {
    if (!route.nav || routeAllowed(route, ctx) !== 'ok') continue;
    const top = `/${splitPath(route.path)[0] ?? ''}`;
    const parent = routes.find((r) => r.path === top && r.redirectToFirstChild && r.path !== route.path);
    const key = parent ? parent.path : route.path;
    const group = groups.get(key) ?? { key, title: parent ? parent.title : null, items: [] };
    group.items.push(route);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** True when `pathname` is `path` or below it. */
export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The item a page belongs to: the longest path it is under (so /admin/platform/announcements is not also /admin/platform). */
export function activePath(pathname: string, paths: readonly string[]): string | null {
  let best: string | null = null;
  for (const p of paths) if (isActivePath(pathname, p) && (best === null || p.length > best.length)) best = p;
  return best;
}
