// The customer's integration settings (feature-areas §3 Integration settings: the notification channels and the vault): read with secrets masked, written
// with secrets sealed by the secret box, where a masked value sent back keeps the stored one.
import { and, eq } from 'drizzle-orm';
import {
  MASKED,
  SECRET_INTEGRATION_FIELDS,
  SMTP_SECURITY,
  type SmtpSecurity,
  type IntegrationSettings,
  type IntegrationSettingsInput,
  type SettingsIntegration,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { integrationSettings } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';

const PLAIN = ['username', 'url', 'channel', 'tenant', 'client_id', 'host', 'port', 'smtp_security', 'api_user'] as const;
type Secret = (typeof SECRET_INTEGRATION_FIELDS)[number];

/** A channel's settings with its secrets opened (what the senders use; never answered). */
export interface OpenSettings {
  type: SettingsIntegration;
  enabled: boolean;
  fields: Record<string, string | number | null>;
  secrets: Partial<Record<Secret, string>>;
}

async function row(db: Db, customerId: number, type: SettingsIntegration) {
  const [r] = await db
    .select()
    .from(integrationSettings)
    .where(and(eq(integrationSettings.customerId, customerId), eq(integrationSettings.type, type)));
  return r ?? null;
}

export async function getSettings(db: Db, customerId: number, type: SettingsIntegration): Promise<IntegrationSettings> {
  const r = await row(db, customerId, type);
  const fields = r?.fields ?? {};
  const text = (k: string) => (fields[k] === undefined || fields[k] === null ? null : String(fields[k]));
  return {
    type,
    enabled: r?.enabled ?? false,
    username: text('username'),
    url: text('url'),
    channel: text('channel'),
    tenant: text('tenant'),
    client_id: text('client_id'),
    host: text('host'),
    port: typeof fields.port === 'number' ? fields.port : null,
    smtp_security: (SMTP_SECURITY as readonly unknown[]).includes(fields.smtp_security) ? (fields.smtp_security as SmtpSecurity) : null,
    api_user: text('api_user'),
    token: r?.secrets.token ? MASKED : null,
    client_secret: r?.secrets.client_secret ? MASKED : null,
    api_key: r?.secrets.api_key ? MASKED : null,
    updated_at: r?.updatedAt.toISOString() ?? null,
  };
}

/** The settings with secrets opened, for sending. */
export async function openSettings(
  db: Db,
  secrets: SecretBox,
  customerId: number,
  type: SettingsIntegration,
): Promise<OpenSettings | null> {
  const r = await row(db, customerId, type);
  if (!r) return null;
  const open: Partial<Record<Secret, string>> = {};
  for (const k of SECRET_INTEGRATION_FIELDS) if (r.secrets[k]) open[k] = secrets.decrypt(r.secrets[k]);
  return { type, enabled: r.enabled, fields: r.fields, secrets: open };
}

/**
 * Writes the settings: PUT replaces (fields not given are cleared), PATCH merges. A secret sent as the mask, or not
 * sent to a PATCH, is kept; an empty one is removed.
 */
export async function saveSettings(
  db: Db,
  box: SecretBox,
  customerId: number,
  type: SettingsIntegration,
  input: IntegrationSettingsInput,
  merge: boolean,
): Promise<IntegrationSettings> {
  const current = await row(db, customerId, type);
  const fields: Record<string, string | number | null> = merge ? { ...(current?.fields ?? {}) } : {};
  for (const k of PLAIN) if (input[k] !== undefined) fields[k] = input[k] === '' ? null : (input[k] ?? null);
  const sealed: Record<string, string> = {};
  for (const k of SECRET_INTEGRATION_FIELDS) {
    const v = input[k];
    const keep = v === MASKED || (v === undefined && merge);
    if (keep) {
      if (current?.secrets[k]) sealed[k] = current.secrets[k];
    } else if (v) sealed[k] = box.encrypt(v);
  }
  const enabled = input.enabled ?? (merge ? (current?.enabled ?? false) : false);
  await db
    .insert(integrationSettings)
    .values({ customerId, type, enabled, fields, secrets: sealed })
    .onConflictDoUpdate({
      target: [integrationSettings.customerId, integrationSettings.type],
      set: { enabled, fields, secrets: sealed, updatedAt: new Date() },
    });
  return getSettings(db, customerId, type);
}
