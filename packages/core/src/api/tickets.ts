// Payload schemas of the tickets (feature-areas §3 Ticket, §7 remediation/tickets/ and its sub-calls): unified and
// legacy tickets, subtasks, comments, history and watchers, the fixes grouped view and the validity check. Shared by
// the server's routes and the web app.
import { z } from 'zod';
import { TICKET_GROUPINGS, TICKET_STATUS, TICKET_VALIDITY, type LegacyTicketStatus, type TicketStatus } from '../codes/remediation.ts';

/** A due date: a calendar day. */
const ticketDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
  }, 'Enter a real date as YYYY-MM-DD.');

const STATUS_VALUES = Object.values(TICKET_STATUS) as number[];
/** A ticket status code (Open 0 … In progress 4). */
export const ticketStatus = z
  .number({ error: 'Choose a status: 0 Open, 1 Solution applied, 2 Fixed, 3 Will not fix, 4 In progress.' })
  .int()
  .refine((v) => STATUS_VALUES.includes(v), 'Choose a status: 0 Open, 1 Solution applied, 2 Fixed, 3 Will not fix, 4 In progress.')
  .transform((v) => v as TicketStatus);

/** Priority 1 low … 4 critical. */
export const ticketPriority = z
  .number({ error: 'Choose a priority from 1 (low) to 4 (critical).' })
  .int('Choose a priority from 1 (low) to 4 (critical).')
  .min(1, 'Choose a priority from 1 (low) to 4 (critical).')
  .max(4, 'Choose a priority from 1 (low) to 4 (critical).');

/** Simple status (§3): Open (Open, In progress), Solution applied, Fixed (Fixed, Will not fix). */
export const SIMPLE_STATUS_KEYS = ['open', 'solution_applied', 'fixed'] as const;
export type SimpleStatusKey = (typeof SIMPLE_STATUS_KEYS)[number];
export const SIMPLE_STATUS_OF: Record<TicketStatus, SimpleStatusKey> = {
  0: 'open',
  1: 'solution_applied',
  2: 'fixed',
  3: 'fixed',
  4: 'open',
};
/** The statuses that close a ticket (its findings may be ticketed again). */
export const CLOSED_TICKET_STATUSES: readonly TicketStatus[] = [TICKET_STATUS.fixed, TICKET_STATUS.will_not_fix];
/** Legacy status (new 0 / closed 1) of a status, for the legacy screens. */
export function legacyStatusOf(status: TicketStatus): LegacyTicketStatus {
  return CLOSED_TICKET_STATUSES.includes(status) ? 1 : 0;
}

/**
 * Transitions a person may make (the spec leaves them open: "not shown"). Open and In progress go anywhere; Solution
 * applied (a re-test is verifying it) can be confirmed, dropped or sent back; a closed ticket is reopened first.
 * Re-tests, scans and trackers are not held to this table.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  0: [1, 2, 3, 4],
  1: [0, 2, 3, 4],
  2: [0],
  3: [0],
  4: [0, 1, 2, 3],
};

const userRef = z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }).nullable();
const teamRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A ticket as answered (list rows and the detail share it). */
export const ticket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  number: z.number().int(),
  type: z.number().int(),
  type_label: z.string(),
  legacy_type: z.number().int().nullable(),
  legacy_status: z.number().int(),
  grouping: z.enum(TICKET_GROUPINGS),
  title: z.string(),
  description: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  status_key: z.string(),
  simple_status: z.enum(SIMPLE_STATUS_KEYS),
  priority: z.number().int(),
  issue: z.object({ id: z.number().int(), hid: z.string(), name: z.string() }).nullable(),
  asset: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  assignee_user: userRef,
  assignee_team: teamRef,
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  custom_fields: z.record(z.string(), z.unknown()),
  rule_id: z.number().int().nullable(),
  retest_run_id: z.number().int().nullable(),
  reopen_count: z.number().int(),
  version: z.number().int(),
  asset_risk_score: z.number(),
  issue_threat_score: z.number(),
  open_findings: z.number().int(),
  subtasks_count: z.number().int(),
  created_by: userRef,
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type Ticket = z.output<typeof ticket>;

/** The ticket list's ordering keys. */
export const TICKET_ORDERING_KEYS = [
  'number',
  'title',
  'status',
  'priority',
  'due_date',
  'asset_risk_score',
  'issue_threat_score',
  'open_findings',
  'created',
  'updated',
] as const;
export type TicketOrdering = (typeof TICKET_ORDERING_KEYS)[number];
export const DEFAULT_TICKET_ORDERING = '-number';

const findingIds = z
  .array(z.number().int().positive())
  .min(1, 'Choose at least one finding.')
  .max(10_000, 'Choose at most 10000 findings.');

/**
 * Creating tickets: from finding ids, an issue (all its open findings the caller sees), an asset (its open findings)
 * or a vulnerability-list filter (the list's query parameters) — exactly one of them — grouped individually, by
 * asset or by vulnerability. The answer lists the tickets made (findings already on an open ticket are skipped).
 */
export const ticketCreateInput = z
  .object({
    finding_ids: findingIds.optional(),
    issue_id: z.number().int().positive().optional(),
    asset_id: z.number().int().positive().optional(),
    filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
    grouping: z.enum(TICKET_GROUPINGS, { error: `Choose one of: ${TICKET_GROUPINGS.join(', ')}.` }).optional(),
    title: z
      .string()
      .trim()
      .min(1, 'This field may not be blank.')
      .max(300, 'Ensure this field has no more than 300 characters.')
      .optional(),
    description: z.string().max(20_000, 'Ensure this field has no more than 20000 characters.').optional(),
    assignee_user: z.number().int().positive().nullable().optional(),
    assignee_team: z.number().int().positive().nullable().optional(),
    due_date: ticketDate.nullable().optional(),
    priority: ticketPriority.optional(),
    custom_fields: z.record(z.string(), z.unknown()).optional(),
    /** A legacy ticket (incident 0, ticket 1) for the legacy screens; unified tickets leave it out. */
    legacy_type: z
      .union([z.literal(0), z.literal(1)], { error: 'Choose 0 (incident) or 1 (ticket).' })
      .nullable()
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const sources = [v.finding_ids, v.issue_id, v.asset_id, v.filter].filter((x) => x !== undefined).length;
    if (sources !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['non_field_errors'],
        message: 'Give exactly one of finding_ids, issue_id, asset_id or filter.',
      });
  });
export type TicketCreateInput = z.output<typeof ticketCreateInput>;

export const ticketCreateResult = z.object({ created: z.array(ticket), skipped: z.number().int() });
export type TicketCreateResult = z.output<typeof ticketCreateResult>;

/** `create-ticket-from-vuln/{id}/`: the id is a finding's; the body may group and assign. */
export const ticketFromVulnInput = z
  .object({
    grouping: z.enum(TICKET_GROUPINGS).optional(),
    title: z.string().trim().min(1).max(300).optional(),
    assignee_user: z.number().int().positive().nullable().optional(),
    assignee_team: z.number().int().positive().nullable().optional(),
    due_date: ticketDate.nullable().optional(),
    priority: ticketPriority.optional(),
  })
  .strict();

/** A ticket's editable fields (PUT takes them all, PATCH any). `comment` is added to the history with the change. */
export const ticketUpdateInput = z
  .object({
    title: z.string().trim().min(1, 'This field may not be blank.').max(300, 'Ensure this field has no more than 300 characters.'),
    description: z.string().max(20_000, 'Ensure this field has no more than 20000 characters.'),
    status: ticketStatus,
    priority: ticketPriority,
    assignee_user: z.number().int().positive().nullable(),
    assignee_team: z.number().int().positive().nullable(),
    due_date: ticketDate.nullable(),
    custom_fields: z.record(z.string(), z.unknown()),
    comment: z.string().trim().max(20_000).nullable(),
  })
  .partial()
  .strict();
export type TicketUpdateInput = z.output<typeof ticketUpdateInput>;

/** A subtask: one finding of a ticket. */
export const ticketSubtask = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  finding_id: z.number().int(),
  status: z.number().int(),
  status_label: z.string(),
  open: z.boolean(),
  name: z.string(),
  severity: z.number().int(),
  finding_state: z.number().int(),
  risk_score: z.number(),
  hid: z.string().nullable(),
  cve: z.string().nullable(),
  port: z.number().int().nullable(),
  asset: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TicketSubtask = z.output<typeof ticketSubtask>;

const subtaskIds = z
  .array(z.number().int().positive())
  .min(1, 'Choose at least one subtask.')
  .max(10_000, 'Choose at most 10000 subtasks.');
export const subtaskBulkUpdateInput = z.object({ ids: subtaskIds, status: ticketStatus }).strict();
export const subtaskBulkDeleteInput = z.object({ ids: subtaskIds }).strict();
export const subtaskBulkResult = z.object({ count: z.number().int() });

/** One history item: who, when, what. */
export const ticketEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  user: userRef,
  source: z.string().nullable(),
  external_id: z.string().nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  comment: z.string().nullable(),
  version: z.number().int(),
});
export type TicketEvent = z.output<typeof ticketEvent>;

export const ticketCommentInput = z
  .object({
    comment: z.string().trim().min(1, 'This field may not be blank.').max(20_000, 'Ensure this field has no more than 20000 characters.'),
  })
  .strict();

/** Watching: the caller by default, or another user of the customer. */
export const ticketWatcherInput = z.object({ user: z.number().int().positive().optional() }).strict();
export const ticketWatchers = z.object({ watchers: z.array(userRef.unwrap()) });

/** One line of "Fixes grouped": an upgrade or solution and the findings it closes, the most risk first. */
export const ticketFix = z.object({
  fix: z.string(),
  package: z.string().nullable(),
  fixed_version: z.string().nullable(),
  findings: z.number().int(),
  finding_ids: z.array(z.number().int()),
  cves: z.array(z.string()),
  max_severity: z.number().int(),
  risk: z.number(),
});
export type TicketFix = z.output<typeof ticketFix>;
export const ticketFixes = z.object({ results: z.array(ticketFix) });

/** The validity check (§4, §8): a ticket number is valid when the customer has such a ticket. */
export const ticketValidity = z.object({ number: z.string(), validity: z.enum(TICKET_VALIDITY), message: z.string() });
export type TicketValidityResult = z.output<typeof ticketValidity>;
