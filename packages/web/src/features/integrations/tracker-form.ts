// Pure rules of the ticketing-integration settings pages (Jira, ServiceNow, TOPdesk), beside integration-form.ts whose
// secret rules they reuse: the form's values from the saved settings, the checks, the body of PUT
// app1/customer/{id}/{tracker}/ (a saved secret sent back masked is kept, an empty one removed, a new one only when typed),
// the address the tracker's webhook calls, and the page each tracker lives on.
import {
  DEFAULT_JIRA_PRIORITY_MAP,
  DEFAULT_SERVICENOW_IMPACT_MAP,
  DEFAULT_SERVICENOW_STATE_MAP,
  DEFAULT_SERVICENOW_URGENCY_MAP,
  DEFAULT_STATUS_MAP,
  STATUS_CATEGORIES,
  TRACKERS,
  TRACKER_LABELS,
  TRACKER_PRIORITY_KEYS,
  TRACKER_SETTINGS_SCHEMAS,
  TRACKER_STATUS_KEYS,
  type JiraDeployment,
  type JiraSettingsInput,
  type ServicenowSettingsInput,
  type StatusCategoryName,
  type TopdeskSettingsInput,
  type Tracker,
  type TrackerSettings,
  type TrackerStatusKey,
} from '@bulwark/core';
import { schemaErrors } from '../../components/forms/schema-field.ts';
import { secretInput, type SecretMode } from './integration-form.ts';

export type TrackerPriorityKey = (typeof TRACKER_PRIORITY_KEYS)[number];
export type PriorityMapValues = Record<TrackerPriorityKey, string>;
export type CategoryMapValues = Record<StatusCategoryName, string>;
export type TrackerSettingsInput = JiraSettingsInput | ServicenowSettingsInput | TopdeskSettingsInput;

export interface TrackerValues {
  enabled: boolean;
  url: string;
  username: string;
  /** The API token, personal access token or password as typed; '' when none was typed. */
  token: string;
  token_mode: SecretMode;
  webhook_secret: string;
  webhook_secret_mode: SecretMode;
  /** Bulwark's ticket status → the status category its issue is moved to. */
  status_map: Record<TrackerStatusKey, StatusCategoryName>;
  /** Ticket priority 1 (low) … 4 (critical) → the tracker's priority (Jira, TOPdesk). */
  priority_map: PriorityMapValues;
  deployment: JiraDeployment;
  project_key: string;
  issue_type: string;
  table: string;
  assignment_group: string;
  impact_map: PriorityMapValues;
  urgency_map: PriorityMapValues;
  /** Status category → the tracker's state value (ServiceNow) or processing status name (TOPdesk). */
  state_map: CategoryMapValues;
  close_code: string;
  operator: string;
  operator_group: string;
  category: string;
  subcategory: string;
  call_type: string;
}

/** Form fields that receive the server's field errors. */
export const TRACKER_ERROR_FIELDS = [
  'enabled',
  'url',
  'username',
  'token',
  'webhook_secret',
  'status_map',
  'priority_map',
  'deployment',
  'project_key',
  'issue_type',
  'table',
  'assignment_group',
  'impact_map',
  'urgency_map',
  'state_map',
  'close_code',
  'operator',
  'operator_group',
  'category',
  'subcategory',
  'call_type',
] as const;

/** What the secret is called on each page. */
export function tokenName(tracker: Tracker, deployment: JiraDeployment): string {
  if (tracker === 'jira') return deployment === 'cloud' ? 'API token' : 'Personal access token';
  if (tracker === 'topdesk') return 'Application password';
  return 'Password';
}

export const trackerLabel = (tracker: Tracker): string => TRACKER_LABELS[tracker];

export function isTracker(value: string): value is Tracker {
  return (TRACKERS as readonly string[]).includes(value);
}

/** The page of each tracker. */
export const TRACKER_PATHS: Record<Tracker, string> = {
  jira: '/admin/integrations/jira',
  servicenow: '/admin/integrations/servicenow',
  topdesk: '/admin/integrations/topdesk',
};

/** The tracker a page path belongs to; null for any other path. */
export function trackerOfPath(pathname: string): Tracker | null {
  const path = pathname.replace(/\/+$/, '');
  return TRACKERS.find((t) => TRACKER_PATHS[t] === path) ?? null;
}

/** Where the tracker calls Bulwark (webhook, business rule, action sequence): the customer's own address. */
export function webhookUrl(origin: string, tracker: Tracker, customerId: number): string {
  return `${origin.replace(/\/+$/, '')}/api/trackers/${tracker}/webhook/${customerId}/`;
}

const isSet = (secret: string | null): boolean => secret !== null && secret !== '';
const str = (value: string | null | undefined): string => value ?? '';
const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

function priorities(saved: Record<string, string> | undefined, defaults: Record<string, string>): PriorityMapValues {
  const out = {} as PriorityMapValues;
  for (const k of TRACKER_PRIORITY_KEYS) out[k] = saved?.[k] ?? defaults[k] ?? '';
  return out;
}
function categories(saved: Record<string, string> | undefined, defaults: Partial<Record<string, string>>): CategoryMapValues {
  const out = {} as CategoryMapValues;
  for (const c of STATUS_CATEGORIES) out[c] = saved?.[c] ?? defaults[c] ?? '';
  return out;
}

export function hasSavedToken(settings: Pick<TrackerSettings, 'token'>): boolean {
  return isSet(settings.token);
}
export function hasSavedWebhookSecret(settings: Pick<TrackerSettings, 'webhook_secret'>): boolean {
  return isSet(settings.webhook_secret);
}

export function trackerValues(settings: TrackerSettings): TrackerValues {
  const status = { ...DEFAULT_STATUS_MAP, ...settings.status_map };
  const base: TrackerValues = {
    enabled: settings.enabled,
    url: str(settings.url),
    username: str(settings.username),
    token: '',
    token_mode: hasSavedToken(settings) ? 'keep' : 'replace',
    webhook_secret: '',
    webhook_secret_mode: hasSavedWebhookSecret(settings) ? 'keep' : 'replace',
    status_map: status,
    priority_map: priorities(settings.priority_map, settings.tracker === 'jira' ? DEFAULT_JIRA_PRIORITY_MAP : {}),
    deployment: 'cloud',
    project_key: '',
    issue_type: 'Task',
    table: 'incident',
    assignment_group: '',
    impact_map: priorities(undefined, DEFAULT_SERVICENOW_IMPACT_MAP),
    urgency_map: priorities(undefined, DEFAULT_SERVICENOW_URGENCY_MAP),
    state_map: categories(undefined, {}),
    close_code: '',
    operator: '',
    operator_group: '',
    category: '',
    subcategory: '',
    call_type: '',
  };
  switch (settings.tracker) {
    case 'jira':
      return {
        ...base,
        deployment: settings.deployment,
        project_key: str(settings.project_key),
        issue_type: settings.issue_type ?? 'Task',
      };
    case 'servicenow':
      return {
        ...base,
        table: settings.table || 'incident',
        assignment_group: str(settings.assignment_group),
        impact_map: priorities(settings.impact_map, DEFAULT_SERVICENOW_IMPACT_MAP),
        urgency_map: priorities(settings.urgency_map, DEFAULT_SERVICENOW_URGENCY_MAP),
        state_map: categories(settings.state_map, DEFAULT_SERVICENOW_STATE_MAP),
        close_code: str(settings.close_code),
      };
    case 'topdesk':
      return {
        ...base,
        operator: str(settings.operator),
        operator_group: str(settings.operator_group),
        category: str(settings.category),
        subcategory: str(settings.subcategory),
        call_type: str(settings.call_type),
        state_map: categories(settings.state_map, {}),
      };
  }
}

/** A map with its empty entries left out (the server then uses its default for them). */
function filled<K extends string>(map: Record<K, string>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [k, v] of Object.entries(map) as [K, string][]) if (v.trim() !== '') out[k] = v.trim();
  return out;
}

/** The body of PUT (fields not sent are cleared): the common fields, the tracker's own, the secrets as secretInput says. */
export function trackerInput(
  tracker: Tracker,
  settings: Pick<TrackerSettings, 'token' | 'webhook_secret'>,
  v: TrackerValues,
): TrackerSettingsInput {
  const common: Record<string, unknown> = {
    enabled: v.enabled,
    url: text(v.url),
    username: text(v.username),
    status_map: { ...v.status_map },
  };
  const token = secretInput(hasSavedToken(settings), { token: v.token, token_mode: v.token_mode });
  if (token !== undefined) common.token = token;
  const hook = secretInput(hasSavedWebhookSecret(settings), { token: v.webhook_secret, token_mode: v.webhook_secret_mode });
  if (hook !== undefined) common.webhook_secret = hook;
  switch (tracker) {
    case 'jira':
      return {
        ...common,
        priority_map: filled(v.priority_map),
        deployment: v.deployment,
        project_key: text(v.project_key.toUpperCase()),
        issue_type: text(v.issue_type),
      } as JiraSettingsInput;
    case 'servicenow':
      return {
        ...common,
        priority_map: {},
        table: v.table.trim() || 'incident',
        assignment_group: text(v.assignment_group),
        impact_map: filled(v.impact_map),
        urgency_map: filled(v.urgency_map),
        state_map: filled(v.state_map),
        close_code: text(v.close_code),
      } as ServicenowSettingsInput;
    case 'topdesk':
      return {
        ...common,
        priority_map: filled(v.priority_map),
        operator: text(v.operator),
        operator_group: text(v.operator_group),
        category: text(v.category),
        subcategory: text(v.subcategory),
        call_type: text(v.call_type),
        state_map: filled(v.state_map),
      } as TopdeskSettingsInput;
  }
}

/** The form's checks: what the tracker needs while it is on, a new secret once Replace is chosen, and core's limits always. */
export function validateTracker(
  tracker: Tracker,
  settings: Pick<TrackerSettings, 'token' | 'webhook_secret'>,
  v: TrackerValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const secret = tokenName(tracker, v.deployment);
  const savedToken = hasSavedToken(settings);
  if (savedToken && v.token_mode === 'replace' && v.token.trim() === '')
    errors.token = `Type the new ${secret.toLowerCase()}, or keep the saved one.`;
  if (hasSavedWebhookSecret(settings) && v.webhook_secret_mode === 'replace' && v.webhook_secret.trim() === '')
    errors.webhook_secret = 'Type or generate the new webhook secret, or keep the saved one.';
  if (v.enabled) {
    if (v.url.trim() === '') errors.url = `Enter the address of your ${trackerLabel(tracker)}, e.g. ${URL_EXAMPLES[tracker]}.`;
    const token = secretInput(savedToken, { token: v.token, token_mode: v.token_mode });
    if (token === undefined || token === '') errors.token ??= `Enter the ${secret.toLowerCase()}.`;
    const needsUser = tracker === 'topdesk' || tracker === 'servicenow' || (tracker === 'jira' && v.deployment === 'cloud');
    if (needsUser && v.username.trim() === '')
      errors.username =
        tracker === 'jira'
          ? 'Enter the e-mail address of the Atlassian account the API token belongs to.'
          : 'Enter the user Bulwark signs in as.';
    if (tracker === 'jira' && v.project_key.trim() === '')
      errors.project_key = 'Enter the key of the project issues are created in, e.g. SEC.';
    if (tracker === 'jira' && v.issue_type.trim() === '') errors.issue_type = 'Enter the issue type, e.g. Task or Bug.';
  }
  for (const k of TRACKER_STATUS_KEYS)
    if (!(STATUS_CATEGORIES as readonly string[]).includes(v.status_map[k]))
      errors.status_map ??= 'Choose a status category for every ticket status.';
  return schemaErrors(TRACKER_SETTINGS_SCHEMAS[tracker].input, trackerInput(tracker, settings, v), errors);
}

export const URL_EXAMPLES: Record<Tracker, string> = {
  jira: 'https://your-company.atlassian.net',
  servicenow: 'https://your-instance.service-now.com',
  topdesk: 'https://your-company.topdesk.net',
};
