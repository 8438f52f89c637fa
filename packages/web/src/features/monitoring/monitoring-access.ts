// What the signed-in user may do with monitoring (permission resource `monitoring`: profiles, alerts, watched websites
// and mail servers): the screens hide what the user may not change or run. The server checks again (a LIMITED team
// member may only read).
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface MonitoringAccess {
  create: boolean;
  update: boolean;
  /** Delete a profile, dismiss an alert. */
  delete: boolean;
  /** Check now. */
  execute: boolean;
}

export function monitoringAccess(user: PermissionSubject | null | undefined): MonitoringAccess {
  if (!user) return { create: false, update: false, delete: false, execute: false };
  return {
    create: can(user, 'monitoring', 'create'),
    update: can(user, 'monitoring', 'update'),
    delete: can(user, 'monitoring', 'delete'),
    execute: can(user, 'monitoring', 'execute'),
  };
}

/** The signed-in user's monitoring permissions (the cached start-up answer, never fetched here). */
export function useMonitoringAccess(): MonitoringAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return monitoringAccess(data?.profile);
}
