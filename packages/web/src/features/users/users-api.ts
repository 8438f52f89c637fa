// Calls of the users screen: the customer's users (GET user/profile/, paged) and a superuser's changes to one user's
// role or permission map (PATCH user/profile/{id}/).
import { userProfile, type PermissionAction, type PermissionResource, type RolePreset, type UserProfile } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const userPage = pagedAnswer(userProfile);

/** GET user/profile/: every user of the customer for a superuser (only the caller for anyone else). */
export function fetchUsers(query: QueryParams, signal?: AbortSignal): Promise<Paged<UserProfile>> {
  return api.get('user/profile/', { query, signal, schema: userPage });
}

/** PATCH user/profile/{id}/ {role}: the preset sets customer_admin and the permission map at once. */
export function setUserRole(id: number, role: RolePreset): Promise<UserProfile> {
  return api.patch(`user/profile/${id}/`, { role }, { schema: userProfile });
}

/** PATCH user/profile/{id}/ {permissions}: the whole map (resources left out have no rights). */
export function setUserPermissions(id: number, permissions: Partial<Record<PermissionResource, PermissionAction[]>>): Promise<UserProfile> {
  return api.patch(`user/profile/${id}/`, { permissions }, { schema: userProfile });
}
