// Who may use the network-scan calls: signed in with the `net_scans` read permission, and its action for a change.
import type { FastifyRequest } from 'fastify';
import { can, type PermissionAction } from '@bulwark/core';
import { forbidden } from '../../http/errors.ts';
import { requireAuth, subjectOf } from '../../http/guards.ts';
import type { Auth } from '../../http/session.ts';

export function requireNetScans(request: FastifyRequest, action: PermissionAction = 'read'): Auth {
  const auth = requireAuth(request, { permission: 'net_scans' });
  if (action !== 'read' && !can(subjectOf(auth), 'net_scans', action)) throw forbidden();
  return auth;
}
