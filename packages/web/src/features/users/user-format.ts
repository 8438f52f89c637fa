// Pure rules of the users screen: the role shown for a user, the words for resources and groups, and the permission
// matrix (a non-read action needs read: ticking one ticks read, unticking read clears the row).
import {
  PERMISSION_ACTIONS,
  PERMISSION_GROUPS,
  PERMISSION_RESOURCES,
  ROLE_LABELS,
  SUPERUSER_RESOURCES,
  isSuperuser,
  type PermissionAction,
  type PermissionResource,
  type RolePreset,
  type UserProfile,
} from '@bulwark/core';
import { type PermissionGroup } from '../../components/permission-labels.ts';

export const USERS_PAGE_SIZE = 25;

/** 'Administrator' for superusers and customer admins, the preset's label, or 'Custom' for a map no preset equals. */
export function userRoleText(user: Pick<UserProfile, 'is_superuser' | 'customer_admin' | 'role'>): string {
  if (isSuperuser(user)) return ROLE_LABELS.administrator;
  return user.role ? ROLE_LABELS[user.role] : 'Custom';
}

/** The preset a role form starts at: administrators are 'administrator', a custom map none. */
export function initialRole(user: Pick<UserProfile, 'is_superuser' | 'customer_admin' | 'role'>): RolePreset | null {
  return isSuperuser(user) ? 'administrator' : user.role;
}

/** The groups in their order, each with its resources. */
export const PERMISSION_ROWS: readonly { group: PermissionGroup; resources: readonly PermissionResource[] }[] = (
  Object.keys(PERMISSION_GROUPS) as PermissionGroup[]
).map((group) => ({ group, resources: PERMISSION_GROUPS[group] }));

/** Resources whose pages stay for superusers whatever the map says. */
export function isSuperuserResource(resource: PermissionResource): boolean {
  return SUPERUSER_RESOURCES.includes(resource);
}

/** The matrix being edited: each resource with the actions ticked. */
export type PermissionMatrix = Readonly<Partial<Record<PermissionResource, readonly PermissionAction[]>>>;

const isResource = (name: string): name is PermissionResource => (PERMISSION_RESOURCES as readonly string[]).includes(name);
const isAction = (name: string): name is PermissionAction => (PERMISSION_ACTIONS as readonly string[]).includes(name);

/** A user's map as the matrix shows it: known resources and actions only, in the matrix's order, read added where needed. */
export function matrixOf(permissions: Readonly<Record<string, readonly string[] | undefined>>): PermissionMatrix {
  const matrix: Partial<Record<PermissionResource, PermissionAction[]>> = {};
  for (const [resource, actions] of Object.entries(permissions)) {
    if (!isResource(resource) || !actions) continue;
    const known = actions.filter(isAction);
    if (known.length === 0) continue;
    matrix[resource] = PERMISSION_ACTIONS.filter((a) => a === 'read' || known.includes(a));
  }
  return matrix;
}

export function isTicked(matrix: PermissionMatrix, resource: PermissionResource, action: PermissionAction): boolean {
  return matrix[resource]?.includes(action) ?? false;
}

/** Ticks or unticks one box: another action brings read along; unticking read clears the row (nothing works without it). */
export function toggleAction(
  matrix: PermissionMatrix,
  resource: PermissionResource,
  action: PermissionAction,
  ticked: boolean,
): PermissionMatrix {
  const current = new Set(matrix[resource] ?? []);
  if (ticked) {
    current.add(action);
    current.add('read');
  } else if (action === 'read') {
    current.clear();
  } else {
    current.delete(action);
  }
  const next: Partial<Record<PermissionResource, readonly PermissionAction[]>> = { ...matrix };
  if (current.size === 0) delete next[resource];
  else next[resource] = PERMISSION_ACTIONS.filter((a) => current.has(a));
  return next;
}

/** The `permissions` of the PATCH: resources in table order, each with its actions; resources with none left out. */
export function permissionsPayload(matrix: PermissionMatrix): Partial<Record<PermissionResource, PermissionAction[]>> {
  const out: Partial<Record<PermissionResource, PermissionAction[]>> = {};
  for (const resource of PERMISSION_RESOURCES) {
    const actions = matrix[resource];
    if (actions && actions.length > 0) out[resource] = PERMISSION_ACTIONS.filter((a) => actions.includes(a));
  }
  return out;
}

/** Whether two matrices tick the same boxes. */
export function sameMatrix(a: PermissionMatrix, b: PermissionMatrix): boolean {
  return JSON.stringify(permissionsPayload(a)) === JSON.stringify(permissionsPayload(b));
}
