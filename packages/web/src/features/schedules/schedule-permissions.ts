// What the signed-in user may do with schedules (permission resource `schedules`, §6): read, create, update, delete.
// The pages hide or disable the actions a user lacks; the server checks again.
import { can, type PermissionSubject } from '@bulwark/core';
import { useSession } from '../../session/session.ts';

export interface SchedulePermissions {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

const NONE: SchedulePermissions = { read: false, create: false, update: false, delete: false };

export function schedulePermissions(user: PermissionSubject | null | undefined): SchedulePermissions {
  if (!user) return NONE;
  return {
    read: can(user, 'schedules', 'read'),
    create: can(user, 'schedules', 'create'),
    update: can(user, 'schedules', 'update'),
    delete: can(user, 'schedules', 'delete'),
  };
}

export function useSchedulePermissions(): SchedulePermissions {
  return schedulePermissions(useSession().profile);
}
