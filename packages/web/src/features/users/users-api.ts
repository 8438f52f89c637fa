// Calls of the users screen: a superuser's changes to one user's role or permission map (PATCH user/profile/{id}/) and
// the superusers' management calls of users/users/.
import {
  userActionAnswer,
  userAdminRow,
  userDeleted,
  userProfile,
  type PermissionAction,
  type PermissionResource,
  type RolePreset,
  type UserActionAnswer,
  type UserAdminPatch,
  type UserAdminRow,
  type UserCreate,
  type UserDeleted,
  type UserInvite,
  type UserProfile,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

/** PATCH user/profile/{id}/ {role}: the preset sets customer_admin and the permission map at once. */
export function setUserRole(id: number, role: RolePreset): Promise<UserProfile> {
  return api.patch(`user/profile/${id}/`, { role }, { schema: userProfile });
}

/** PATCH user/profile/{id}/ {permissions}: the whole map (resources left out have no rights). */
export function setUserPermissions(id: number, permissions: Partial<Record<PermissionResource, PermissionAction[]>>): Promise<UserProfile> {
  return api.patch(`user/profile/${id}/`, { permissions }, { schema: userProfile });
}

// Users managed by superusers (users/users/): the admin list with status and last sign-in, and each change.
const adminPage = pagedAnswer(userAdminRow);

/** GET users/users/: search, status (repeated), ordering, page. */
export function fetchUserAdminList(query: QueryParams, signal?: AbortSignal): Promise<Paged<UserAdminRow>> {
  return api.get('users/users/', { query, signal, schema: adminPage });
}

/** POST users/users/invite/: a welcome link is mailed. */
export function inviteUser(input: UserInvite): Promise<UserAdminRow> {
  return api.post('users/users/invite/', input, { schema: userAdminRow });
}

/** POST users/users/: with a password the administrator hands over. */
export function createUser(input: UserCreate): Promise<UserAdminRow> {
  return api.post('users/users/', input, { schema: userAdminRow });
}

/** PATCH users/users/{id}/. */
export function editUser(id: number, patch: UserAdminPatch): Promise<UserAdminRow> {
  return api.patch(`users/users/${id}/`, patch, { schema: userAdminRow });
}

export type UserAction = 'deactivate' | 'reactivate' | 'reset-two-factor' | 'resend-invitation';

/** POST users/users/{id}/{action}/: answers the message to show and the user as they are now. */
export function runUserAction(id: number, action: UserAction): Promise<UserActionAnswer> {
  return api.post(`users/users/${id}/${action}/`, {}, { schema: userActionAnswer });
}

/** DELETE users/users/{id}/?reassign_to=: what they own goes to that user. */
export function deleteUser(id: number, reassignTo: number): Promise<UserDeleted> {
  return api.delete(`users/users/${id}/`, { query: { reassign_to: reassignTo }, schema: userDeleted });
}
