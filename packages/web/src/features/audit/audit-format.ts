// Pure rules of the audit log: its filters (search, resource, action, date range), the words for an event, and a
// change summary as key/value lines (masked values stay masked).
import {
  AUDIT_ACTIONS,
  PERMISSION_RESOURCES,
  SIGN_IN_ACTION_LABELS,
  SIGN_IN_RESOURCE,
  formatDateTime,
  type AuditEvent,
} from '@bulwark/core';
import type { FilterDef, FilterOption } from '../../components/filter-bar/index.ts';
import { ACTION_LABELS, RESOURCE_LABELS } from '../../components/permission-labels.ts';

export const AUDIT_PAGE_SIZE = 50;
export const DEFAULT_AUDIT_ORDERING = '-created';
/** What the server writes in place of a secret. */
export const MASKED = '********';

/**
 * Resources of events of calls not guarded by a permission: the tag of the API area (users, the customer's settings,
 * the platform's customers, one's own account and second factor, vulnerability intelligence).
 */
export const AREA_RESOURCES: Readonly<Record<string, string>> = {
  users: 'Users',
  customer: 'Organisation settings',
  platform: 'Platform customers',
  account: 'Own account',
  'two-factor': 'Two-factor authentication',
  intel: 'Vulnerability intelligence',
  [SIGN_IN_RESOURCE]: 'Sign-in',
};

export const RESOURCE_OPTIONS: readonly FilterOption[] = [
  ...PERMISSION_RESOURCES.map((r) => ({ value: r, label: RESOURCE_LABELS[r] })),
  ...Object.entries(AREA_RESOURCES).map(([value, label]) => ({ value, label })),
];

export const AUDIT_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Actor, route or object', width: 220 },
  { kind: 'multi-select', name: 'resource', label: 'Resource', placeholder: 'Any resource', options: RESOURCE_OPTIONS, width: 260 },
  {
    kind: 'multi-select',
    name: 'action',
    label: 'Action',
    placeholder: 'Any action',
    options: [
      ...AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] })),
      ...Object.entries(SIGN_IN_ACTION_LABELS).map(([value, label]) => ({ value, label })),
    ],
    width: 220,
  },
  { kind: 'date-range', name: 'created', label: 'Date', fromLabel: 'From', toLabel: 'To', width: 150 },
];

/** 'Network scans' for a known resource, else the name as stored. */
export function resourceLabel(resource: string): string {
  return RESOURCE_OPTIONS.find((o) => o.value === resource)?.label ?? resource;
}

export function actionLabel(action: string): string {
  return ({ ...ACTION_LABELS, ...SIGN_IN_ACTION_LABELS } as Record<string, string | undefined>)[action] ?? action;
}

/** 'YYYY-MM-DD HH:mm' in local time. */
export function eventTime(event: Pick<AuditEvent, 'created'>): string {
  return formatDateTime(event.created) || event.created;
}

/** 'impersonated by ops@example.com' for an impersonated session, else null. */
export function impersonationNote(event: Pick<AuditEvent, 'impersonated' | 'impersonation_source'>): string | null {
  if (!event.impersonated) return null;
  return event.impersonation_source ? `impersonated by ${event.impersonation_source}` : 'impersonated';
}

/** One value of a summary as text: lists joined, maps as JSON, nothing as '–'. */
export function summaryValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  return JSON.stringify(value);
}

/** The summary's fields in their order, each as text. */
export function summaryEntries(summary: AuditEvent['summary']): { key: string; value: string; masked: boolean }[] {
  return Object.entries(summary).map(([key, value]) => ({ key, value: summaryValue(value), masked: value === MASKED }));
}
