// What the signed-in user may do with cloud scans, profiles and schedules (permission resource `cloud_scans`) and with
// cloud resources (`unified_assets`): the pages hide what the user may not change. The server checks again.
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface CloudAccess {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Start, stop, resume and cancel runs. */
  execute: boolean;
}

const NONE: CloudAccess = { read: false, create: false, update: false, delete: false, execute: false };

export function cloudAccess(user: PermissionSubject | null | undefined): CloudAccess {
  if (!user) return NONE;
  return {
    read: can(user, 'cloud_scans', 'read'),
    create: can(user, 'cloud_scans', 'create'),
    update: can(user, 'cloud_scans', 'update'),
    delete: can(user, 'cloud_scans', 'delete'),
    execute: can(user, 'cloud_scans', 'execute'),
  };
}

/** The signed-in user's cloud scan permissions (the cached start-up answer, never fetched here). */
export function useCloudAccess(): CloudAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return cloudAccess(data?.profile);
}

/** Whether the signed-in user may delete cloud resources (unified_assets delete). */
export function useCanDeleteResources(): boolean {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return data?.profile ? can(data.profile, 'unified_assets', 'delete') : false;
}
