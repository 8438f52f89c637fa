// Who may use the network-scan calls: signed in with the `net_scans` read permission, and its action for a change.
import type { FastifyRequest } from 'fastify';
import type { PermissionAction } from '@bulwark/core';
import { requireAuth } from '../../http/guards.ts';
import type { Auth } from '../../http/session.ts';

export const requireNetScans = (request: FastifyRequest, action: PermissionAction = 'read'): Auth =>
  requireAuth(request, { permission: 'net_scans', action });
