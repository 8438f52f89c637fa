// API access rules and role presets: parsing the declared rule, what each kind allows, and the four presets.
import { describe, expect, it } from 'vitest';
import {
  accessAllows,
  parseAccess,
  PERMISSION_RESOURCES,
  roleOf,
  rolePreset,
  ROLE_PRESETS,
  SUPERUSER_RESOURCES,
  type PermissionSubject,
} from '../src/index.ts';

const user = (o: Partial<PermissionSubject> = {}): PermissionSubject => ({
  is_superuser: false,
  customer_admin: false,
  permissions: {},
  ...o,
});
const allows = (s: PermissionSubject, rule: string) => accessAllows(s, parseAccess(rule)!);

describe('API access rules', () => {
  it('parses the kinds and resource:action, and refuses anything else', () => {
    expect(parseAccess('operator')).toEqual({ kind: 'operator' });
    expect(parseAccess('net_scans:execute')).toEqual({ kind: 'permission', resource: 'net_scans', action: 'execute' });
    for (const bad of ['', 'net_scans', 'net_scans:launch', 'nowhere:read', 'net_scans:read:x', 'admin'])
      expect(parseAccess(bad)).toBeNull();
  });

  it('needs read as well as the action, and lets superusers do everything but operate the platform', () => {
    expect(allows(user({ permissions: { net_scans: ['delete'] } }), 'net_scans:delete')).toBe(false);
    expect(allows(user({ permissions: { net_scans: ['read', 'delete'] } }), 'net_scans:delete')).toBe(true);
    expect(allows(user({ permissions: { net_scans: ['read'] } }), 'net_scans:create')).toBe(false);
    const admin = user({ customer_admin: true });
    expect(allows(admin, 'probes:delete')).toBe(true);
    expect(allows(admin, 'superuser')).toBe(true);
    expect(allows(admin, 'operator')).toBe(false);
    expect(allows(user({ platform_operator: true }), 'operator')).toBe(true);
    expect(allows(user(), 'superuser')).toBe(false);
    expect(allows(user(), 'signed-in')).toBe(true);
    // A session is never a probe.
    expect(allows(admin, 'probe-agent')).toBe(false);
  });
});

describe('role presets', () => {
  it('makes administrators customer admins and the others permission maps without the superuser-only areas', () => {
    expect(rolePreset('administrator').customer_admin).toBe(true);
    for (const role of ROLE_PRESETS.filter((r) => r !== 'administrator')) {
      const grant = rolePreset(role);
      expect(grant.customer_admin).toBe(false);
      for (const r of SUPERUSER_RESOURCES) expect(grant.permissions[r]).toBeUndefined();
      // Every preset reads everything else.
      for (const r of PERMISSION_RESOURCES.filter((x) => !SUPERUSER_RESOURCES.includes(x))) expect(grant.permissions[r]).toContain('read');
    }
  });

  it('gives each preset its own rights', () => {
    const analyst = rolePreset('security_analyst').permissions;
    expect(analyst.net_scans).toEqual(['read', 'execute']);
    expect(analyst.unified_vulnerabilities).toEqual(['read', 'create', 'update', 'delete', 'execute']);
    const operator = rolePreset('scan_operator').permissions;
    expect(operator.net_scans).toEqual(['read', 'create', 'update', 'delete', 'execute']);
    expect(operator.reports).toEqual(['read']);
    const auditor = rolePreset('auditor').permissions;
    expect(Object.values(auditor).every((a) => a!.length === 1 && a![0] === 'read')).toBe(true);
  });

  it('recognises a preset from a grant, and calls an edited map custom (null)', () => {
    for (const role of ROLE_PRESETS) {
      const g = rolePreset(role);
      expect(roleOf({ customer_admin: g.customer_admin, permissions: g.permissions })).toBe(role);
    }
    const edited = { ...rolePreset('auditor').permissions, tags: ['read', 'create'] };
    expect(roleOf({ customer_admin: false, permissions: edited })).toBeNull();
    expect(roleOf({ customer_admin: false, is_superuser: true, permissions: {} })).toBe('administrator');
  });
});
