// Role presets: named fillings of the permission map (the spec leaves roles other than superuser "not shown", §6).
// A preset is a starting point; the map stays editable per user. docs/permissions.md explains each one.
import { PERMISSION_RESOURCES, type PermissionAction, type PermissionResource, type Permissions } from './permissions.ts';

export const ROLE_PRESETS = ['administrator', 'security_analyst', 'scan_operator', 'auditor'] as const;
export type RolePreset = (typeof ROLE_PRESETS)[number];

export const ROLE_LABELS: Record<RolePreset, string> = {
  administrator: 'Administrator',
  security_analyst: 'Security analyst',
  scan_operator: 'Scan operator',
  auditor: 'Auditor (read-only)',
};

export const ROLE_DESCRIPTIONS: Record<RolePreset, string> = {
  administrator: 'Everything in the organisation, including users, teams, integrations and the audit log.',
  security_analyst:
    'Reads everything; triages vulnerabilities, tags assets, writes tickets, reports, dashboards and exports; starts scans.',
  scan_operator: 'Reads everything; runs the scanning: probes, scans, profiles, targets, schedules and scan credentials.',
  auditor: 'Reads everything, changes nothing.',
};

const ALL: PermissionAction[] = ['read', 'create', 'update', 'delete', 'execute'];
const READ: PermissionAction[] = ['read'];

/** Resources whose routes are for superusers only (§6), whatever the map says: presets leave them out. */
export const SUPERUSER_RESOURCES: readonly PermissionResource[] = ['teams', 'integrations', 'public_api'];

const ANALYST_WRITES: PermissionResource[] = [
  'net_assets',
  'web_assets',
  'da_assets',
  'unified_assets',
  'tags',
  'vulnerabilities',
  'unified_vulnerabilities',
  'tickets',
  'remediation_rules',
  'reports',
  'dashboards',
  'exports',
];
const OPERATOR_WRITES: PermissionResource[] = [
  'probes',
  'net_scans',
  'web_scans',
  'cloud_scans',
  'policy_scans',
  'schedules',
  'credentials',
  'net_assets',
  'web_assets',
  'da_assets',
  'unified_assets',
  'tags',
  'monitoring',
];
/** Scans an analyst may start, pause and stop without being able to change their settings. */
const ANALYST_EXECUTES: PermissionResource[] = ['net_scans', 'web_scans', 'cloud_scans', 'policy_scans'];

function fill(writes: PermissionResource[], executes: PermissionResource[] = []): Permissions {
  const map: Permissions = {};
  for (const r of PERMISSION_RESOURCES) {
    if (SUPERUSER_RESOURCES.includes(r)) continue;
    if (writes.includes(r)) map[r] = [...ALL];
    else if (executes.includes(r)) map[r] = ['read', 'execute'];
    else map[r] = [...READ];
  }
  return map;
}

export interface RoleGrant {
  /** Administrators are the customer's superusers (customer_admin); the others are permission maps. */
  customer_admin: boolean;
  permissions: Permissions;
}

export function rolePreset(role: RolePreset): RoleGrant {
  switch (role) {
    case 'administrator':
      return { customer_admin: true, permissions: fill(PERMISSION_RESOURCES.filter((r) => !SUPERUSER_RESOURCES.includes(r))) };
    case 'security_analyst':
      return { customer_admin: false, permissions: fill(ANALYST_WRITES, ANALYST_EXECUTES) };
    case 'scan_operator':
      return { customer_admin: false, permissions: fill(OPERATOR_WRITES) };
    case 'auditor':
      return { customer_admin: false, permissions: fill([]) };
  }
}

function sameActions(a: string[] | undefined, b: string[] | undefined): boolean {
  const x = [...(a ?? [])].sort();
  const y = [...(b ?? [])].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** The preset a user's grant equals, or null for a custom map (shown as "Custom"). */
export function roleOf(grant: { customer_admin: boolean; is_superuser?: boolean; permissions: Permissions }): RolePreset | null {
  if (grant.customer_admin || grant.is_superuser) return 'administrator';
  for (const role of ROLE_PRESETS) {
    if (role === 'administrator') continue;
    const preset = rolePreset(role).permissions;
    if (PERMISSION_RESOURCES.every((r) => sameActions(preset[r], grant.permissions[r]))) return role;
  }
  return null;
}
