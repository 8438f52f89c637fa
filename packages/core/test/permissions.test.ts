// Tests of the roles, permissions, feature flags and licence rules (platform-core §6).
import { describe, it, expect } from 'vitest';
import {
  FEATURE_FLAGS,
  PERMISSION_GROUPS,
  PERMISSION_RESOURCES,
  SUBSCRIPTION_TIERS,
  can,
  canRead,
  daysToExpiration,
  featureFlagMap,
  isFeatureFlag,
  isLicenceExpired,
  isSuperuser,
  type PermissionSubject,
} from '../src/permissions.ts';

const user = (over: Partial<PermissionSubject> = {}): PermissionSubject => ({
  is_superuser: false,
  customer_admin: false,
  permissions: {},
  ...over,
});

describe('isSuperuser', () => {
  it('is true for is_superuser or customer_admin, false otherwise', () => {
    expect(isSuperuser(user({ is_superuser: true }))).toBe(true);
    expect(isSuperuser(user({ customer_admin: true }))).toBe(true);
    expect(isSuperuser(user())).toBe(false);
  });
});

describe('canRead', () => {
  it('lets superusers read everything', () => {
    for (const r of PERMISSION_RESOURCES) expect(canRead(user({ customer_admin: true }), r)).toBe(true);
  });

  it('lets others read only when the list includes read', () => {
    const u = user({ permissions: { net_scans: ['read'], tickets: ['update'], reports: [] } });
    expect(canRead(u, 'net_scans')).toBe(true);
    expect(canRead(u, 'tickets')).toBe(false);
    expect(canRead(u, 'reports')).toBe(false);
    expect(canRead(u, 'probes')).toBe(false);
    expect(can(u, 'tickets', 'update')).toBe(true);
  });

  it('lists the thirteen resource areas of §6 first, then the areas Bulwark adds, each in exactly one group', () => {
    expect(PERMISSION_RESOURCES.slice(0, 13)).toEqual([
      'probes',
      'net_scans',
      'web_scans',
      'cloud_scans',
      'net_assets',
      'web_assets',
      'da_assets',
      'tags',
      'vulnerabilities',
      'tickets',
      'reports',
      'unified_assets',
      'unified_vulnerabilities',
    ]);
    for (const r of ['monitoring', 'phishing', 'dashboards', 'remediation_rules', 'integrations', 'teams', 'public_api', 'exports'])
      expect(PERMISSION_RESOURCES).toContain(r);
    const grouped = Object.values(PERMISSION_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...PERMISSION_RESOURCES].sort());
  });
});

describe('licence', () => {
  it('has expired only below zero days', () => {
    expect(isLicenceExpired(-1)).toBe(true);
    expect(isLicenceExpired(0)).toBe(false);
    expect(isLicenceExpired(30)).toBe(false);
    expect(isLicenceExpired(null)).toBe(false);
    expect(isLicenceExpired(undefined)).toBe(false);
  });

  it('counts whole days to the end date', () => {
    const now = new Date('2025-03-10T15:00:00Z');
    expect(daysToExpiration('2025-03-10', now)).toBe(0);
    expect(daysToExpiration('2025-03-12', now)).toBe(2);
    expect(daysToExpiration('2025-03-09', now)).toBe(-1);
    expect(daysToExpiration(new Date('2025-04-10T00:00:00Z'), now)).toBe(31);
    expect(daysToExpiration(null, now)).toBeNull();
  });
});

describe('feature flags', () => {
  it('maps every flag to a boolean, default false', () => {
    const map = featureFlagMap(['cloud-scanning', 'unknown-flag']);
    expect(Object.keys(map).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(map['cloud-scanning']).toBe(true);
    expect(map['continuous-monitoring']).toBe(false);
    expect(FEATURE_FLAGS).toHaveLength(8);
  });

  it('recognises flag names', () => {
    expect(isFeatureFlag('cm-mailservers')).toBe(true);
    expect(isFeatureFlag('cm_mailservers')).toBe(false);
  });
});

describe('subscription tiers', () => {
  it('are none 0, standard 1, plus 2', () => {
    expect(SUBSCRIPTION_TIERS).toEqual({ none: 0, standard: 1, plus: 2 });
  });
});
