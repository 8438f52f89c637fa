// Ticket codes of feature-areas §3: types, statuses (current, simple, legacy), grouping, custom fields, validity.

/** Ticket type: 1 Vulnerability ticket, 2 Asset ticket. */
export const TICKET_TYPE = { vulnerability: 1, asset: 2 } as const;
export type TicketType = (typeof TICKET_TYPE)[keyof typeof TICKET_TYPE];
export const TICKET_TYPE_LABELS: Record<TicketType, string> = { 1: 'Vulnerability ticket', 2: 'Asset ticket' };

/** Older ticket type: incident 0, ticket 1. */
export const LEGACY_TICKET_TYPE = { incident: 0, ticket: 1 } as const;
export type LegacyTicketType = (typeof LEGACY_TICKET_TYPE)[keyof typeof LEGACY_TICKET_TYPE];

/** Ticket status: Open 0, Solution applied 1, Fixed 2, Will not fix 3, In progress 4. */
export const TICKET_STATUS = { open: 0, solution_applied: 1, fixed: 2, will_not_fix: 3, in_progress: 4 } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  0: 'Open',
  1: 'Solution applied',
  2: 'Fixed',
  3: 'Will not fix',
  4: 'In progress',
};
/** Status keys; Solution applied is shown as CLOSED_UNVERIFIED. */
export const TICKET_STATUS_KEYS: Record<TicketStatus, string> = {
  0: 'OPEN',
  1: 'CLOSED_UNVERIFIED',
  2: 'FIXED',
  3: 'WILL_NOT_FIX',
  4: 'IN_PROGRESS',
};

/** Simple status: Open, Solution applied, Fixed. */
export const SIMPLE_TICKET_STATUSES: readonly TicketStatus[] = [TICKET_STATUS.open, TICKET_STATUS.solution_applied, TICKET_STATUS.fixed];

/** Legacy ticket status: new 0, closed 1. */
export const LEGACY_TICKET_STATUS = { new: 0, closed: 1 } as const;
export type LegacyTicketStatus = (typeof LEGACY_TICKET_STATUS)[keyof typeof LEGACY_TICKET_STATUS];
export const LEGACY_TICKET_STATUS_LABELS: Record<LegacyTicketStatus, string> = { 0: 'New', 1: 'Closed' };

/** Ticket grouping. */
export const TICKET_GROUPINGS = ['individual', 'by_asset', 'by_vulnerability'] as const;
export type TicketGrouping = (typeof TICKET_GROUPINGS)[number];
export const TICKET_GROUPING_LABELS: Record<TicketGrouping, string> = {
  individual: 'Individual',
  by_asset: 'By asset',
  by_vulnerability: 'By vulnerability',
};

/** Custom field types. */
export const CUSTOM_FIELD_TYPES = ['select', 'short_description', 'description', 'object', 'tags', 'datetime', 'number'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Result of the ticket validity check. */
export const TICKET_VALIDITY = ['valid', 'not_valid'] as const;
export type TicketValidity = (typeof TICKET_VALIDITY)[number];
