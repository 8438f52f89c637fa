// What the signed-in user may do with templates (permission resource `phishing`): the screens hide what the user may not
// change. Templates are not assets, so the permission alone decides; the server checks again.
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface TemplateAccess {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export function templateAccess(user: PermissionSubject | null | undefined): TemplateAccess {
  if (!user) return { create: false, update: false, delete: false };
  return { create: can(user, 'phishing', 'create'), update: can(user, 'phishing', 'update'), delete: can(user, 'phishing', 'delete') };
}

export function useTemplateAccess(): TemplateAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return templateAccess(data?.profile);
}
