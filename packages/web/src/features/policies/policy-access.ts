// What the signed-in user may do with policy scans (permission resource `policy_scans`): the scan and profile pages show
// their policy parts only to those who may read them, and hide what they may not change. The server checks again.
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface PolicyAccess {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Start a scan's run again. */
  execute: boolean;
}

const NONE: PolicyAccess = { read: false, create: false, update: false, delete: false, execute: false };

export function policyAccess(user: PermissionSubject | null | undefined): PolicyAccess {
  if (!user) return NONE;
  return {
    read: can(user, 'policy_scans', 'read'),
    create: can(user, 'policy_scans', 'create'),
    update: can(user, 'policy_scans', 'update'),
    delete: can(user, 'policy_scans', 'delete'),
    execute: can(user, 'policy_scans', 'execute'),
  };
}

/** The signed-in user's policy permissions; none outside a signed-in session (the cached start-up answer, never fetched here). */
export function usePolicyAccess(): PolicyAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return policyAccess(data?.profile);
}
