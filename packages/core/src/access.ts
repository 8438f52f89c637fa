// Who may call a route: every API route declares one access rule, checked before its input is read (platform-core §6).
import {
  isSuperuser,
  PERMISSION_ACTIONS,
  PERMISSION_RESOURCES,
  type PermissionAction,
  type PermissionResource,
  type PermissionSubject,
} from './permissions.ts';

/**
 * - `public`: anyone, signed in or not (sign-in, password reset).
 * - `signed-in`: any signed-in user, for their own things (profile, two-factor).
 * - `superuser`: the customer's superusers (is_superuser or customer_admin): users, teams, subscription, integrations.
 * - `operator`: platform operators, who run the installation above every customer (feeds, customers).
 * - `probe-agent`: remote probes, which authenticate with their own secret, never with a session.
 * - `<resource>:<action>`: the permission map; a non-read action needs read as well.
 */
export type ApiAccess = 'public' | 'signed-in' | 'superuser' | 'operator' | 'probe-agent' | `${PermissionResource}:${PermissionAction}`;

export interface ParsedAccess {
  kind: 'public' | 'signed-in' | 'superuser' | 'operator' | 'probe-agent' | 'permission';
  resource?: PermissionResource;
  action?: PermissionAction;
}

export function parseAccess(access: string): ParsedAccess | null {
  if (access === 'public' || access === 'signed-in' || access === 'superuser' || access === 'operator' || access === 'probe-agent')
    return { kind: access };
  const [resource, action, extra] = access.split(':');
  if (extra !== undefined) return null;
  if (!(PERMISSION_RESOURCES as readonly string[]).includes(resource ?? '')) return null;
  if (!(PERMISSION_ACTIONS as readonly string[]).includes(action ?? '')) return null;
  return { kind: 'permission', resource: resource as PermissionResource, action: action as PermissionAction };
}

/** What a signed-in subject gets for an access rule: allowed, or refused (403). Anonymous callers are the guard's job. */
export function accessAllows(subject: PermissionSubject, access: ParsedAccess): boolean {
  switch (access.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'probe-agent':
      return false;
    case 'operator':
      return Boolean(subject.platform_operator);
    case 'superuser':
      return isSuperuser(subject);
    case 'permission': {
      if (isSuperuser(subject)) return true;
      const list = subject.permissions?.[access.resource!];
      if (!Array.isArray(list) || !list.includes('read')) return false;
      return access.action === 'read' || list.includes(access.action!);
    }
  }
}
