// The ticketing integrations (Jira, ServiceNow, TOPdesk): their settings beyond the common integration fields, status
// mapping by status category, sync states (feature-areas §4: Error, Inactive, In sync, Syncing) and the delivery log.
// Shared by the server's routes and the web app.
import { z } from 'zod';
import { MASKED } from './integrations.ts';

export const TRACKERS = ['jira', 'servicenow', 'topdesk'] as const;
export type Tracker = (typeof TRACKERS)[number];
export const TRACKER_LABELS: Record<Tracker, string> = { jira: 'Jira', servicenow: 'ServiceNow', topdesk: 'TOPdesk' };

/** Sync state of a ticket or of an integration (feature-areas §4). */
export const TRACKER_SYNC_STATES = ['error', 'inactive', 'in_sync', 'syncing'] as const;
export type TrackerSyncState = (typeof TRACKER_SYNC_STATES)[number];
export const TRACKER_SYNC_STATE_LABELS: Record<TrackerSyncState, string> = {
  error: 'Error',
  inactive: 'Inactive',
  in_sync: 'In sync',
  syncing: 'Syncing',
};

/**
 * Where an issue's status stands whatever its workflow calls it (Jira's status categories new / indeterminate / done).
 * Transitions are found by category, so a custom workflow ("Resolved in prod" in category done) works unchanged.
 */
export const STATUS_CATEGORIES = ['todo', 'in_progress', 'done'] as const;
export type StatusCategoryName = (typeof STATUS_CATEGORIES)[number];
export const STATUS_CATEGORY_LABELS: Record<StatusCategoryName, string> = { todo: 'To do', in_progress: 'In progress', done: 'Done' };

/** Bulwark's ticket statuses (core TICKET_STATUS keys) → the category its issue is moved to. */
export const TRACKER_STATUS_KEYS = ['open', 'in_progress', 'solution_applied', 'fixed', 'will_not_fix'] as const;
export type TrackerStatusKey = (typeof TRACKER_STATUS_KEYS)[number];
export const DEFAULT_STATUS_MAP: Record<TrackerStatusKey, StatusCategoryName> = {
  open: 'todo',
  in_progress: 'in_progress',
  solution_applied: 'done',
  fixed: 'done',
  will_not_fix: 'done',
};

/** Ticket priority 1 low … 4 critical → the tracker's own priority (a Jira priority name, a ServiceNow 1–3 value …). */
export const TRACKER_PRIORITY_KEYS = ['1', '2', '3', '4'] as const;
export const DEFAULT_JIRA_PRIORITY_MAP: Record<string, string> = { '1': 'Low', '2': 'Medium', '3': 'High', '4': 'Highest' };
/** ServiceNow's impact and urgency (1 High, 2 Medium, 3 Low): the incident's priority follows from both. */
export const DEFAULT_SERVICENOW_IMPACT_MAP: Record<string, string> = { '1': '3', '2': '2', '3': '2', '4': '1' };
export const DEFAULT_SERVICENOW_URGENCY_MAP: Record<string, string> = { '1': '3', '2': '3', '3': '2', '4': '1' };
/** ServiceNow incident states per category (1 New, 2 In Progress, 6 Resolved). */
export const DEFAULT_SERVICENOW_STATE_MAP: Record<StatusCategoryName, string> = { todo: '1', in_progress: '2', done: '6' };

export const JIRA_DEPLOYMENTS = ['cloud', 'datacenter'] as const;
export type JiraDeployment = (typeof JIRA_DEPLOYMENTS)[number];
export const JIRA_DEPLOYMENT_LABELS: Record<JiraDeployment, string> = {
  cloud: 'Jira Cloud (REST v3, e-mail and API token)',
  datacenter: 'Jira Data Center (REST v2, personal access token)',
};

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const optionalText = (max: number) => text(max).nullable();
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a valid URL (http:// or https://).')
  .nullable();
const category = z.enum(STATUS_CATEGORIES, `Choose from: ${STATUS_CATEGORIES.join(', ')}.`);
const statusMap = z.object({
  open: category,
  in_progress: category,
  solution_applied: category,
  fixed: category,
  will_not_fix: category,
});
/** A priority mapping: each of 1..4 to a value of the tracker (missing keys use the default). */
const priorityMap = z.partialRecord(
  z.enum(TRACKER_PRIORITY_KEYS, 'Use the priorities 1 to 4.'),
  text(100).min(1, 'This field may not be blank.'),
);
const categoryMap = z.partialRecord(z.enum(STATUS_CATEGORIES, `Choose from: ${STATUS_CATEGORIES.join(', ')}.`), text(100));

/** What every tracker has: the common §3 integration fields; `token` is the API token, PAT or password (secret). */
const commonAnswer = {
  enabled: z.boolean(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  /** Masked (all asterisks) when set; null when not. */
  token: z.string().nullable(),
  /** The secret the tracker's webhook calls are checked with (masked). */
  webhook_secret: z.string().nullable(),
  status_map: statusMap,
  priority_map: z.record(z.string(), z.string()),
  updated_at: z.string().nullable(),
};
const commonInput = {
  enabled: z.boolean(),
  url: httpUrl,
  username: optionalText(200),
  token: optionalText(4000),
  webhook_secret: optionalText(400),
  status_map: statusMap.partial(),
  priority_map: priorityMap,
};

export const jiraSettings = z.object({
  tracker: z.literal('jira'),
  ...commonAnswer,
  deployment: z.enum(JIRA_DEPLOYMENTS),
  project_key: z.string().nullable(),
  issue_type: z.string().nullable(),
});
export const jiraSettingsInput = z
  .object({
    ...commonInput,
    deployment: z.enum(JIRA_DEPLOYMENTS, 'Choose cloud or datacenter.'),
    project_key: optionalText(50).refine((v) => !v || /^[A-Z][A-Z0-9_]{0,49}$/.test(v), 'Enter a project key such as SEC.'),
    issue_type: optionalText(100),
  })
  .partial()
  .strict();

export const servicenowSettings = z.object({
  tracker: z.literal('servicenow'),
  ...commonAnswer,
  /** The Table API table: incident unless another is chosen. */
  table: z.string(),
  assignment_group: z.string().nullable(),
  impact_map: z.record(z.string(), z.string()),
  urgency_map: z.record(z.string(), z.string()),
  /** The table's state value per category (incident: 1 New, 2 In Progress, 6 Resolved). */
  state_map: z.record(z.string(), z.string()),
  close_code: z.string().nullable(),
});
export const servicenowSettingsInput = z
  .object({
    ...commonInput,
    table: text(80).refine((v) => /^[a-z][a-z0-9_]*$/.test(v), 'Enter a table name such as incident.'),
    assignment_group: optionalText(200),
    impact_map: priorityMap,
    urgency_map: priorityMap,
    state_map: categoryMap,
    close_code: optionalText(100),
  })
  .partial()
  .strict();

export const topdeskSettings = z.object({
  tracker: z.literal('topdesk'),
  ...commonAnswer,
  operator: z.string().nullable(),
  operator_group: z.string().nullable(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  call_type: z.string().nullable(),
  /** TOPdesk processing status names per category. */
  state_map: z.record(z.string(), z.string()),
});
export const topdeskSettingsInput = z
  .object({
    ...commonInput,
    operator: optionalText(200),
    operator_group: optionalText(200),
    category: optionalText(200),
    subcategory: optionalText(200),
    call_type: optionalText(200),
    state_map: categoryMap,
  })
  .partial()
  .strict();

export type JiraSettings = z.infer<typeof jiraSettings>;
export type ServicenowSettings = z.infer<typeof servicenowSettings>;
export type TopdeskSettings = z.infer<typeof topdeskSettings>;
export type TrackerSettings = JiraSettings | ServicenowSettings | TopdeskSettings;
export type JiraSettingsInput = z.input<typeof jiraSettingsInput>;
export type ServicenowSettingsInput = z.input<typeof servicenowSettingsInput>;
export type TopdeskSettingsInput = z.input<typeof topdeskSettingsInput>;

/** Each tracker's settings answer and input (the routes and the settings pages pick theirs here). */
export const TRACKER_SETTINGS_SCHEMAS = {
  jira: { answer: jiraSettings, input: jiraSettingsInput },
  servicenow: { answer: servicenowSettings, input: servicenowSettingsInput },
  topdesk: { answer: topdeskSettings, input: topdeskSettingsInput },
} as const;

/** Fields answered masked; the mask sent back keeps the stored value. */
export const TRACKER_SECRET_FIELDS = ['token', 'webhook_secret'] as const;
export { MASKED as TRACKER_MASK };

/** POST …/{tracker}/test-ticket/: the issue created to try the settings. */
export const trackerTestTicket = z.object({ detail: z.string(), key: z.string(), url: z.string() });
export type TrackerTestTicket = z.infer<typeof trackerTestTicket>;

/** Outbound calls to a tracker, one row each (the delivery log). */
export const TRACKER_OPERATIONS = ['create', 'update', 'comment', 'transition'] as const;
export type TrackerOperation = (typeof TRACKER_OPERATIONS)[number];
export const TRACKER_DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type TrackerDeliveryState = (typeof TRACKER_DELIVERY_STATES)[number];

export const trackerDelivery = z.object({
  id: z.number().int(),
  tracker: z.enum(TRACKERS),
  ticket: z.number().int().nullable(),
  ticket_number: z.number().int().nullable(),
  operation: z.enum(TRACKER_OPERATIONS),
  /** The ticket version the call carried. */
  version: z.number().int(),
  state: z.enum(TRACKER_DELIVERY_STATES),
  attempts: z.number().int(),
  http_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type TrackerDelivery = z.infer<typeof trackerDelivery>;

/** One integration's sync (GET /api/trackers/): its state and last error, the last poll and how many tickets it carries. */
export const trackerSyncState = z.object({
  tracker: z.enum(TRACKERS),
  enabled: z.boolean(),
  state: z.enum(TRACKER_SYNC_STATES),
  last_error: z.string().nullable(),
  last_polled_at: z.string().nullable(),
  linked_tickets: z.number().int(),
  tickets_in_error: z.number().int(),
});
export type TrackerSyncStateAnswer = z.infer<typeof trackerSyncState>;

/** One ticket's link to a tracker (GET /api/remediation/tickets/{id}/sync/). */
export const ticketSyncLink = z.object({
  tracker: z.enum(TRACKERS),
  external_key: z.string().nullable(),
  external_url: z.string().nullable(),
  sync_state: z.enum(TRACKER_SYNC_STATES),
  last_error: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  /** The ticket version the tracker has; behind the ticket's version while a push is due. */
  pushed_version: z.number().int(),
  ticket_version: z.number().int(),
});
export type TicketSyncLink = z.infer<typeof ticketSyncLink>;

/** POST /api/remediation/tickets/{id}/sync/: link the ticket to a tracker and push it. */
export const ticketSyncInput = z.object({ tracker: z.enum(TRACKERS, `Choose from: ${TRACKERS.join(', ')}.`) }).strict();
