// What the signed-in user may do with phishing assessments (permission resource `phishing`): the screens hide what the
// user may not change, start or cancel. The server checks again (a LIMITED team member may not change assessments).
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface PhishingAccess {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Start and cancel an assessment. */
  execute: boolean;
}

export function phishingAccess(user: PermissionSubject | null | undefined): PhishingAccess {
  if (!user) return { create: false, update: false, delete: false, execute: false };
  return {
    create: can(user, 'phishing', 'create'),
    update: can(user, 'phishing', 'update'),
    delete: can(user, 'phishing', 'delete'),
    execute: can(user, 'phishing', 'execute'),
  };
}

export function usePhishingAccess(): PhishingAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return phishingAccess(data?.profile);
}
