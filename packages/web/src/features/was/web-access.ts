// What the signed-in user may do with web-application scans (permission resource `web_scans`): the pages hide what the
// user may not change. The server checks again.
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface WebAccess {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Start, pause, resume and cancel runs. */
  execute: boolean;
}

const NONE: WebAccess = { read: false, create: false, update: false, delete: false, execute: false };

export function webAccess(user: PermissionSubject | null | undefined): WebAccess {
  if (!user) return NONE;
  return {
    read: can(user, 'web_scans', 'read'),
    create: can(user, 'web_scans', 'create'),
    update: can(user, 'web_scans', 'update'),
    delete: can(user, 'web_scans', 'delete'),
    execute: can(user, 'web_scans', 'execute'),
  };
}

/** The signed-in user's web scan permissions (the cached start-up answer, never fetched here). */
export function useWebAccess(): WebAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return webAccess(data?.profile);
}
