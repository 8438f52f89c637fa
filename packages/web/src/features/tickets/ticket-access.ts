// What the signed-in user may do with tickets (permission resource `tickets`): the pages hide what the user may not
// change. The server checks again.
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface TicketAccess {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  /** The signed-in user's id (watching, "assign to me"). */
  userId: number | null;
  /** unified-remediation is on: the unified screens (and their "Create ticket") rather than the legacy ones. */
  unified: boolean;
}

export function ticketAccess(user: (PermissionSubject & { user?: number }) | null | undefined, unified: boolean): TicketAccess {
  if (!user) return { read: false, create: false, update: false, delete: false, userId: null, unified };
  return {
    read: can(user, 'tickets', 'read'),
    create: can(user, 'tickets', 'create'),
    update: can(user, 'tickets', 'update'),
    delete: can(user, 'tickets', 'delete'),
    userId: typeof user.user === 'number' ? user.user : null,
    unified,
  };
}

/** The signed-in user's ticket permissions (the cached start-up answer, never fetched here). */
export function useTicketAccess(): TicketAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return ticketAccess(data?.profile, data?.flags['unified-remediation'] === true);
}
