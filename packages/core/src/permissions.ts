// Roles, permissions, feature flags and licence rules of platform-core §6 (shared by server guards and web routes).

/**
 * Resource areas of the permission map: the thirteen of §6, then the areas the product adds (named here once so that
 * each new area's routes, role presets and the users screen agree).
 */
export const PERMISSION_RESOURCES = [
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
  // Ours, beyond §6.
  'policy_scans',
  'schedules',
  'credentials',
  'dashboards',
  'exports',
  'remediation_rules',
  'monitoring',
  'phishing',
  'integrations',
  'teams',
  'public_api',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

/**
 * Actions a permission list may hold. Only `read` is specified; the others are ours. `execute` is starting, pausing or
 * stopping work (a scan run) as distinct from changing its settings.
 */
export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete', 'execute'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** Resource groups: the three of §6, extended with our areas, and three of ours. Every resource is in one group. */
export const PERMISSION_GROUPS: Record<
  'scanning' | 'assets' | 'vulnerabilities' | 'reporting' | 'awareness' | 'administration',
  PermissionResource[]
> = {
  scanning: ['probes', 'net_scans', 'web_scans', 'cloud_scans', 'policy_scans', 'schedules', 'credentials'],
  assets: ['net_assets', 'web_assets', 'da_assets', 'tags', 'unified_assets', 'monitoring'],
  vulnerabilities: ['vulnerabilities', 'tickets', 'reports', 'unified_vulnerabilities', 'remediation_rules'],
  reporting: ['dashboards', 'exports'],
  awareness: ['phishing'],
  administration: ['integrations', 'teams', 'public_api'],
};

export const ACCESS_LEVELS = ['full', 'limited'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type Permissions = Partial<Record<string, string[]>>;

/** Feature flags of §6; they come by name as booleans and default to false. */
export const FEATURE_FLAGS = [
  'cloud-scanning',
  'continuous-monitoring',
  'cm-mailservers',
  'unified-remediation',
  'unified-tags-stage-2',
  'onprem-da',
  'cloud-vm-resources',
  'onprem-subscriptions',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** Every flag of §6 as a boolean, false unless `enabled` names it. */
export function featureFlagMap(enabled: Iterable<string>): FeatureFlags {
  const on = new Set(enabled);
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, on.has(f)])) as FeatureFlags;
}

export function isFeatureFlag(name: string): name is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(name);
}

export interface PermissionSubject {
  is_superuser: boolean;
  customer_admin: boolean;
  permissions: Permissions;
  /** Platform operators run the installation, above every customer (feeds, customers); not a customer role. */
  platform_operator?: boolean;
}

/** A superuser is anyone with is_superuser or customer_admin (§6). */
export function isSuperuser(user: Pick<PermissionSubject, 'is_superuser' | 'customer_admin'>): boolean {
  return Boolean(user.is_superuser || user.customer_admin);
}

/** Superusers read everything; others only when the resource's list includes `read`. */
export function canRead(user: PermissionSubject, resource: PermissionResource): boolean {
  return can(user, resource, 'read');
}

export function can(user: PermissionSubject, resource: PermissionResource, action: PermissionAction): boolean {
  if (isSuperuser(user)) return true;
  const list = user.permissions?.[resource];
  return Array.isArray(list) && list.includes(action);
}

/** A licence has expired when days_to_expiration is below zero. */
export function isLicenceExpired(daysToExpiration: number | null | undefined): boolean {
  return typeof daysToExpiration === 'number' && daysToExpiration < 0;
}

/** Whole days from `now` until the licence end date (negative once it has passed); null without an end date. */
export function daysToExpiration(licenceEnd: Date | string | null | undefined, now: Date = new Date()): number | null {
  if (!licenceEnd) return null;
  const end = typeof licenceEnd === 'string' ? new Date(`${licenceEnd.slice(0, 10)}T00:00:00Z`) : licenceEnd;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const endDay = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  return Math.round((endDay - today) / 86_400_000);
}

/** Subscription tiers: none 0, standard 1, plus 2. */
export const SUBSCRIPTION_TIERS = { none: 0, standard: 1, plus: 2 } as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[keyof typeof SUBSCRIPTION_TIERS];
