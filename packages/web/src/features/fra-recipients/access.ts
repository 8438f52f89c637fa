// What the signed-in user may do with phishing and training (permission resource `phishing`): the screens hide what the
// user may not change or run. The server checks again (a LIMITED team member may only read recipients).
import { useQuery } from '@tanstack/react-query';
import { can } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface PhishingAccess {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Run a directory sync, a DNS check. */
  execute: boolean;
}

export function usePhishingAccess(): PhishingAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  const user = data?.profile;
  if (!user) return { create: false, update: false, delete: false, execute: false };
  return {
    create: can(user, 'phishing', 'create'),
    update: can(user, 'phishing', 'update'),
    delete: can(user, 'phishing', 'delete'),
    execute: can(user, 'phishing', 'execute'),
  };
}
