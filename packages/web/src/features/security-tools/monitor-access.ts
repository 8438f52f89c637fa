// What the signed-in user may do with watched websites and mail servers (permission resource `monitoring`): the pages
// hide what the user may not change. The server checks again (a LIMITED team member may only read).
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface MonitorAccess {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Check now (scan-website/, scan-mailserver/). */
  execute: boolean;
}

export function monitorAccess(user: PermissionSubject | null | undefined): MonitorAccess {
  if (!user) return { create: false, update: false, delete: false, execute: false };
  return {
    create: can(user, 'monitoring', 'create'),
    update: can(user, 'monitoring', 'update'),
    delete: can(user, 'monitoring', 'delete'),
    execute: can(user, 'monitoring', 'execute'),
  };
}

/** The signed-in user's monitoring permissions (the cached start-up answer, never fetched here). */
export function useMonitorAccess(): MonitorAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return monitorAccess(data?.profile);
}
