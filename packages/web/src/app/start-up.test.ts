// Pure pieces of start-up and layout: feature flags default to false, navigation shows only what flags and permissions allow.
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, ROUTES, featureFlagMap, type RouteContext } from '@bulwark/core';
import { readFeatureFlags } from '../api/account.ts';
import { activePath, navigationGroups, isActivePath } from './layout/navigation.ts';
import { isChunkLoadError, ChunkLoadError } from './chunks.ts';

describe('readFeatureFlags', () => {
  it('keeps every flag of §6, true only when the answer says true', () => {
    const flags = readFeatureFlags({ 'cloud-scanning': true, 'onprem-da': 'yes', unknown: true });
    expect(Object.keys(flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(flags['cloud-scanning']).toBe(true);
    expect(flags['onprem-da']).toBe(false);
    expect(flags['continuous-monitoring']).toBe(false);
  });

  it('turns a missing or odd answer into all flags off', () => {
    expect(Object.values(readFeatureFlags(null)).every((on) => on === false)).toBe(true);
    expect(Object.values(readFeatureFlags('nope')).every((on) => on === false)).toBe(true);
  });
});

const user = (permissions: Record<string, string[]>, superuser = false) => ({
  is_superuser: superuser,
  customer_admin: false,
  permissions,
});

function titles(ctx: RouteContext): Record<string, string[]> {
  return Object.fromEntries(navigationGroups(ROUTES, ctx).map((g) => [g.title ?? g.key, g.items.map((i) => i.path)]));
}

describe('navigationGroups', () => {
  it('shows a user without permissions the dashboard and the unguarded areas only', () => {
    const nav = titles({ authenticated: true, user: user({}), flags: featureFlagMap([]) });
    expect(nav['/dashboard']).toEqual(['/dashboard']);
    expect(nav['Network scanning']).toBeUndefined();
    expect(nav['Administration']).toBeUndefined();
  });

  it('adds an area when its read permission is given, under its section title', () => {
    const nav = titles({ authenticated: true, user: user({ net_scans: ['read'] }), flags: featureFlagMap([]) });
    expect(nav['Network scanning']).toEqual(['/scans/scans', '/scans/schedules', '/scans/scan-profiles']);
    const withCredentials = titles({
      authenticated: true,
      user: user({ net_scans: ['read'], credentials: ['read'] }),
      flags: featureFlagMap([]),
    });
    expect(withCredentials['Network scanning']).toEqual([
      '/scans/scans',
      '/scans/schedules',
      '/scans/scan-profiles',
      '/scans/scan-credentials',
    ]);
  });

  it('follows the flags: cloud scanning appears with its flag, legacy tags give way to unified tags', () => {
    const off = titles({ authenticated: true, user: user({}, true), flags: featureFlagMap([]) });
    const on = titles({ authenticated: true, user: user({}, true), flags: featureFlagMap(['cloud-scanning', 'unified-tags-stage-2']) });
    expect(off['Cloud scanning']).toBeUndefined();
    expect(on['Cloud scanning']).toContain('/cloud/scans');
    expect(off['Assets']).toContain('/assets/tags');
    expect(on['Assets']).toContain('/assets/unified-tags');
    expect(on['Assets']).not.toContain('/assets/tags');
  });

  it('marks a path active for itself and the pages below it', () => {
    expect(isActivePath('/scans/scans/view/nscan/4', '/scans/scans')).toBe(true);
    expect(isActivePath('/scans/scans-other', '/scans/scans')).toBe(false);
  });

  it('marks only the deepest item a page is under', () => {
    const items = ['/admin/platform', '/admin/platform/announcements', '/admin/audit'];
    expect(activePath('/admin/platform/announcements', items)).toBe('/admin/platform/announcements');
    expect(activePath('/admin/platform/7', items)).toBe('/admin/platform');
    expect(activePath('/admin/teams', items)).toBeNull();
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed script and style chunks, nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('timed out'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('ChunkLoadError')).toBe(false);
  });
});
