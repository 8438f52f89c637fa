// A customer's settings of one tracker (Jira, ServiceNow, TOPdesk), kept beside the other integrations' settings in
// integration_settings (type jira | servicenow | topdesk): plain fields and mappings in `fields`, the token and the
// webhook secret sealed by the secret box in `secrets`. Answered with secrets masked; a masked value sent back keeps
// the stored one; PUT replaces, PATCH merges.
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_JIRA_PRIORITY_MAP,
  DEFAULT_SERVICENOW_IMPACT_MAP,
  DEFAULT_SERVICENOW_STATE_MAP,
  DEFAULT_SERVICENOW_URGENCY_MAP,
  DEFAULT_STATUS_MAP,
  JIRA_DEPLOYMENTS,
  TRACKER_MASK,
  TRACKER_SECRET_FIELDS,
  TRACKER_STATUS_KEYS,
  STATUS_CATEGORIES,
  type JiraSettingsInput,
  type ServicenowSettingsInput,
  type TopdeskSettingsInput,
  type Tracker,
  type TrackerSettings,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { integrationSettings } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { OpenTrackerSettings } from './adapter.ts';

export type TrackerSettingsInput = JiraSettingsInput | ServicenowSettingsInput | TopdeskSettingsInput;
/** What `fields` holds for a tracker: texts, and the mappings as objects (the column's declared type is the notifications' flat one). */
type Stored = Record<string, unknown>;

async function row(db: Db, customerId: number, tracker: Tracker) {
  const [r] = await db
    .select()
    .from(integrationSettings)
    .where(and(eq(integrationSettings.customerId, customerId), eq(integrationSettings.type, tracker)));
  return r ?? null;
}

const str = (f: Stored, k: string): string | null => (typeof f[k] === 'string' && f[k] !== '' ? (f[k] as string) : null);
const map = (f: Stored, k: string, defaults: Record<string, string>): Record<string, string> => {
  const v = f[k];
  const out: Record<string, string> = { ...defaults };
  if (v && typeof v === 'object') for (const [key, val] of Object.entries(v)) if (typeof val === 'string') out[key] = val;
  return out;
};

/** The settings as stored, with the secrets in the given form (masked for answers, opened for adapters). */
function shape(
  tracker: Tracker,
  enabled: boolean,
  f: Stored,
  secret: (k: 'token' | 'webhook_secret') => string | null,
  updatedAt: Date | null,
): TrackerSettings {
  const status = map(f, 'status_map', DEFAULT_STATUS_MAP);
  const common = {
    enabled,
    url: str(f, 'url'),
    username: str(f, 'username'),
    token: secret('token'),
    webhook_secret: secret('webhook_secret'),
    status_map: Object.fromEntries(
      TRACKER_STATUS_KEYS.map((k) => [
        k,
        (STATUS_CATEGORIES as readonly string[]).includes(status[k] ?? '') ? status[k] : DEFAULT_STATUS_MAP[k],
      ]),
    ) as TrackerSettings['status_map'],
    updated_at: updatedAt?.toISOString() ?? null,
  };
  switch (tracker) {
    case 'jira':
      return {
        tracker,
        ...common,
        priority_map: map(f, 'priority_map', DEFAULT_JIRA_PRIORITY_MAP),
        deployment: (JIRA_DEPLOYMENTS as readonly unknown[]).includes(f.deployment) ? (f.deployment as 'cloud' | 'datacenter') : 'cloud',
        project_key: str(f, 'project_key'),
        issue_type: str(f, 'issue_type'),
      };
    case 'servicenow':
      return {
        tracker,
        ...common,
        priority_map: map(f, 'priority_map', {}),
        table: str(f, 'table') ?? 'incident',
        assignment_group: str(f, 'assignment_group'),
        impact_map: map(f, 'impact_map', DEFAULT_SERVICENOW_IMPACT_MAP),
        urgency_map: map(f, 'urgency_map', DEFAULT_SERVICENOW_URGENCY_MAP),
        state_map: map(f, 'state_map', DEFAULT_SERVICENOW_STATE_MAP),
        close_code: str(f, 'close_code'),
      };
    case 'topdesk':
      return {
        tracker,
        ...common,
        priority_map: map(f, 'priority_map', {}),
        operator: str(f, 'operator'),
        operator_group: str(f, 'operator_group'),
        category: str(f, 'category'),
        subcategory: str(f, 'subcategory'),
        call_type: str(f, 'call_type'),
        state_map: map(f, 'state_map', {}),
      };
  }
}

export async function getTrackerSettings(db: Db, customerId: number, tracker: Tracker): Promise<TrackerSettings> {
  const r = await row(db, customerId, tracker);
  return shape(
    tracker,
    r?.enabled ?? false,
    (r?.fields ?? {}) as Stored,
    (k) => (r?.secrets[k] ? TRACKER_MASK : null),
    r?.updatedAt ?? null,
  );
}

/** The settings with the token and webhook secret opened, for the adapters (null: never set). */
export async function openTrackerSettings(
  db: Db,
  box: SecretBox,
  customerId: number,
  tracker: Tracker,
): Promise<OpenTrackerSettings | null> {
  const r = await row(db, customerId, tracker);
  if (!r) return null;
  return shape(tracker, r.enabled, r.fields as Stored, (k) => (r.secrets[k] ? box.decrypt(r.secrets[k]) : null), r.updatedAt);
}

/** Writes the settings: PUT replaces (fields not given are cleared), PATCH merges; a masked secret is kept, an empty one removed. */
export async function saveTrackerSettings(
  db: Db,
  box: SecretBox,
  customerId: number,
  tracker: Tracker,
  input: TrackerSettingsInput,
  merge: boolean,
  now: Date,
): Promise<TrackerSettings> {
  const current = await row(db, customerId, tracker);
  const fields: Stored = merge ? { ...((current?.fields ?? {}) as Stored) } : {};
  for (const [k, v] of Object.entries(input)) {
    if (k === 'enabled' || (TRACKER_SECRET_FIELDS as readonly string[]).includes(k) || v === undefined) continue;
    // A mapping given in part changes only the keys it names.
    if (v && typeof v === 'object') fields[k] = merge ? { ...((fields[k] as object | undefined) ?? {}), ...v } : v;
    else fields[k] = v === '' ? null : v;
  }
  const sealed: Record<string, string> = {};
  const given = input as Partial<Record<(typeof TRACKER_SECRET_FIELDS)[number], string | null>>;
  for (const k of TRACKER_SECRET_FIELDS) {
    const v = given[k];
    const keep = v === TRACKER_MASK || (v === undefined && merge);
    if (keep) {
      if (current?.secrets[k]) sealed[k] = current.secrets[k];
    } else if (v) sealed[k] = box.encrypt(v);
  }
  const enabled = input.enabled ?? (merge ? (current?.enabled ?? false) : false);
  // The column is typed for the notifications' flat fields; trackers also keep their mappings (objects) in it.
  const stored = fields as Record<string, string | number | null>;
  await db
    .insert(integrationSettings)
    .values({ customerId, type: tracker, enabled, fields: stored, secrets: sealed, updatedAt: now })
    .onConflictDoUpdate({
      target: [integrationSettings.customerId, integrationSettings.type],
      set: { enabled, fields: stored, secrets: sealed, updatedAt: now },
    });
  return getTrackerSettings(db, customerId, tracker);
}

/** Every customer with an enabled tracker (what the poll visits). */
export async function enabledTrackers(db: Db): Promise<{ customerId: number; tracker: Tracker }[]> {
  const rows = await db
    .select({ customerId: integrationSettings.customerId, type: integrationSettings.type })
    .from(integrationSettings)
    .where(eq(integrationSettings.enabled, true));
  return rows
    .filter((r): r is { customerId: number; type: Tracker } => r.type === 'jira' || r.type === 'servicenow' || r.type === 'topdesk')
    .map((r) => ({ customerId: r.customerId, tracker: r.type }));
}
