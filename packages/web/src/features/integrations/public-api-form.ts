// Pure rules of the Public API page: the expiry a choice means (days from now, or the end of a chosen day), the
// permissions a user may give a token (their own, administration areas excepted), and the checklist's ticking (a
// non-read action needs read: ticking one ticks read, unticking read clears the row).
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_RESOURCES,
  PERMISSION_ACTIONS,
  isSuperuser,
  type PermissionAction,
  type PermissionResource,
  type UserProfile,
} from '@bulwark/core';

const DAY = 86_400_000;

export type ExpiryChoice = '7' | '30' | '90' | '365' | 'custom';
export const EXPIRY_CHOICES: { value: ExpiryChoice; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'custom', label: 'Custom date' },
];

/** The ISO expiry of a choice; a custom date (YYYY-MM-DD) lasts to the end of that day, local time; null when invalid. */
export function expiryOf(choice: ExpiryChoice, customDate: string, now: Date): string | null {
  if (choice !== 'custom') return new Date(now.getTime() + Number(choice) * DAY).toISOString();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(customDate);
  if (!m) return null;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** Why a custom date cannot be used, or null. */
export function customDateProblem(customDate: string, now: Date): string | null {
  const at = expiryOf('custom', customDate, now);
  if (at === null) return 'Choose a date.';
  const t = new Date(at).getTime();
  if (t <= now.getTime()) return 'Choose a date in the future.';
  if (t > now.getTime() + API_TOKEN_MAX_DAYS * DAY) return `A token can live at most ${API_TOKEN_MAX_DAYS} days.`;
  return null;
}

export type Grant = Partial<Record<PermissionResource, PermissionAction[]>>;

/** What the user may put in a token: every token resource for a superuser, otherwise the resources they can read. */
export function grantable(profile: Pick<UserProfile, 'is_superuser' | 'customer_admin' | 'permissions'>): Grant {
  const out: Grant = {};
  for (const r of API_TOKEN_RESOURCES) {
    const own = isSuperuser(profile) ? [...PERMISSION_ACTIONS] : (profile.permissions[r] ?? []);
    if (own.includes('read')) out[r] = PERMISSION_ACTIONS.filter((a) => own.includes(a));
  }
  return out;
}

export function toggle(grant: Grant, resource: PermissionResource, action: PermissionAction, on: boolean): Grant {
  const current = grant[resource] ?? [];
  let next: PermissionAction[];
  if (on) next = PERMISSION_ACTIONS.filter((a) => a === action || a === 'read' || current.includes(a));
  else next = action === 'read' ? [] : current.filter((a) => a !== action);
  const out = { ...grant };
  if (next.length === 0) delete out[resource];
  else out[resource] = next;
  return out;
}

/** "Vulnerabilities: read, update · Tags: read" */
export function grantSummary(permissions: Record<string, string[]>, label: (r: string) => string): string {
  return Object.entries(permissions)
    .map(([r, actions]) => `${label(r)}: ${actions.join(', ')}`)
    .join(' · ');
}
