// How the ticket screens say things: paths of the remediation routes, status colours (one per status, the same on every
// screen), the priority scale, the list's filters (feature-areas §3 Ticket) and small texts (due dates, overdue).
import {
  LEGACY_TICKET_STATUS_LABELS,
  SIMPLE_STATUS_OF,
  SIMPLE_TICKET_STATUSES,
  TICKET_GROUPING_LABELS,
  TICKET_GROUPINGS,
  TICKET_STATUS,
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type LegacyTicketStatus,
  type TicketGrouping,
  type TicketStatus,
  type TicketType,
} from '@bulwark/core';
import type { QueryParams } from '../../api/query-string.ts';
import type { FilterDef, FilterOption } from '../../components/filter-bar/index.ts';

export const TICKETS_PATH = '/remediation/unified-tickets';
export const LEGACY_TICKETS_PATH = '/remediation/tickets';
export const ticketViewPath = (uuid: string): string => `${TICKETS_PATH}/view/${encodeURIComponent(uuid)}`;
export const ticketEditPath = (uuid: string): string => `${TICKETS_PATH}/edit/${encodeURIComponent(uuid)}`;
export const ticketSearchPath = (search: string): string => `${TICKETS_PATH}/search/${encodeURIComponent(search)}`;
/** create/vuln/{id}: {id} is an issue's hid (CVE or test), as the vulnerability list and issue page name it. */
export const ticketCreatePath = (hid: string): string => `${TICKETS_PATH}/create/vuln/${encodeURIComponent(hid)}`;
export const legacyTicketEditPath = (id: number): string => `${LEGACY_TICKETS_PATH}/edit/${id}`;

export const PAGE_SIZE = 25;

/** Mantine colours of the statuses: open work warm, the fix awaiting its re-test violet, done green, declined grey. */
export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  0: 'orange',
  1: 'violet',
  2: 'green',
  3: 'gray',
  4: 'blue',
};

export const LEGACY_STATUS_COLORS: Record<LegacyTicketStatus, string> = { 0: 'orange', 1: 'green' };

/** Priority 1 low … 4 critical (the tickets table's scale). */
export const PRIORITY_LABELS: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Critical' };
export const PRIORITY_COLORS: Record<number, string> = { 1: 'blue', 2: 'yellow', 3: 'orange', 4: 'red' };
export const PRIORITY_OPTIONS: FilterOption[] = [4, 3, 2, 1].map((p) => ({ value: String(p), label: PRIORITY_LABELS[p]! }));

export const statusLabel = (status: number): string => TICKET_STATUS_LABELS[status as TicketStatus] ?? `Status ${status}`;
export const statusColor = (status: number): string => TICKET_STATUS_COLORS[status as TicketStatus] ?? 'gray';
export const typeLabel = (type: number): string => TICKET_TYPE_LABELS[type as TicketType] ?? `Type ${type}`;
export const groupingLabel = (g: string): string => TICKET_GROUPING_LABELS[g as TicketGrouping] ?? g;
export const legacyStatusLabel = (s: number): string => LEGACY_TICKET_STATUS_LABELS[s as LegacyTicketStatus] ?? `Status ${s}`;

/** Open and In progress are still to be worked on; Solution applied waits for its re-test; Fixed and Will not fix are closed. */
export const isClosedStatus = (status: number): boolean => status === TICKET_STATUS.fixed || status === TICKET_STATUS.will_not_fix;

const STATUS_ORDER: TicketStatus[] = [0, 4, 1, 2, 3];
export const STATUS_OPTIONS: FilterOption[] = STATUS_ORDER.map((s) => ({ value: String(s), label: TICKET_STATUS_LABELS[s] }));
/** Simple status (§3) by its key: Open (Open, In progress), Solution applied, Fixed (Fixed, Will not fix). */
export const SIMPLE_STATUS_OPTIONS: FilterOption[] = SIMPLE_TICKET_STATUSES.map((s) => ({
  value: SIMPLE_STATUS_OF[s],
  label: TICKET_STATUS_LABELS[s],
}));
export const TYPE_OPTIONS: FilterOption[] = Object.entries(TICKET_TYPE_LABELS).map(([value, label]) => ({ value, label }));
export const GROUPING_OPTIONS: FilterOption[] = TICKET_GROUPINGS.map((g) => ({ value: g, label: TICKET_GROUPING_LABELS[g] }));
export const LEGACY_STATUS_OPTIONS: FilterOption[] = Object.entries(LEGACY_TICKET_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** The filters of the unified list, with the users and teams tickets may be assigned to. */
export function ticketFilters(users: readonly FilterOption[] = [], teams: readonly FilterOption[] = []): FilterDef[] {
  return [
    { kind: 'text', name: 'search', label: 'Search', placeholder: 'Title, number, asset or vulnerability', width: 260 },
    { kind: 'multi-select', name: 'status', label: 'Status', options: STATUS_OPTIONS, width: 220 },
    { kind: 'select', name: 'simple_status', label: 'Simple status', options: SIMPLE_STATUS_OPTIONS },
    { kind: 'select', name: 'type', label: 'Type', options: TYPE_OPTIONS },
    { kind: 'select', name: 'assignee_user', label: 'Assignee', options: users, width: 200 },
    { kind: 'select', name: 'assignee_team', label: 'Team', options: teams, width: 200 },
    { kind: 'boolean', name: 'overdue', label: 'Overdue', trueLabel: 'Overdue', falseLabel: 'Not overdue' },
    { kind: 'date-range', name: 'due', label: 'Due date', fromLabel: 'Due from', toLabel: 'Due until', advanced: true },
    { kind: 'number-range', name: 'asset_risk_score', label: 'Asset risk score', advanced: true },
    { kind: 'number-range', name: 'issue_threat_score', label: 'Threat score', advanced: true },
    { kind: 'multi-select', name: 'priority', label: 'Priority', options: PRIORITY_OPTIONS, advanced: true },
  ];
}

/** The filters of the legacy list (flag off): free text, status new/closed and type incident/ticket. */
export const LEGACY_FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Title or number', width: 240 },
  { kind: 'select', name: 'legacy_status', label: 'Status', options: LEGACY_STATUS_OPTIONS },
  {
    kind: 'select',
    name: 'legacy_type',
    label: 'Type',
    options: [
      { value: '0', label: 'Incident' },
      { value: '1', label: 'Ticket' },
    ],
  },
];

/**
 * The legacy status is the simple status seen coarsely: new = not closed (Open, In progress, Solution applied), closed =
 * Fixed or Will not fix.
 */
export function legacyQuery(query: QueryParams): QueryParams {
  const { legacy_status: legacy, ...rest } = query;
  if (legacy === '0') return { ...rest, simple_status: ['open', 'solution_applied'] };
  if (legacy === '1') return { ...rest, simple_status: 'fixed' };
  return rest;
}

/** Whole days from `today` to `due` (both YYYY-MM-DD); negative when past. */
export function daysUntil(due: string, today: string): number {
  return Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Today as YYYY-MM-DD in the browser's time zone (due dates are days, not instants). */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** 'Due in 3 days', 'Due today', '2 days overdue'. */
export function dueText(due: string, today: string): string {
  const days = daysUntil(due, today);
  if (days === 0) return 'Due today';
  if (days > 0) return `Due in ${days} ${days === 1 ? 'day' : 'days'}`;
  return `${-days} ${days === -1 ? 'day' : 'days'} overdue`;
}

export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
