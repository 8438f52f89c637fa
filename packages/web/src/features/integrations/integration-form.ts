// Pure rules of the integration settings pages (the notification channels e-mail, Slack, Microsoft Teams and webhooks,
// and the BeyondTrust Password Safe vault): the form's values from the saved settings, the checks, the body of PUT
// app1/customer/{id}/{type}/ (a saved secret sent back masked is kept, an empty one removed, a new one only when typed),
// the test-connection result, and the page an integration lives on.
import { isTeamsConnectorUrl, type SmtpSecurity } from '@bulwark/core';
import {
  INTEGRATION_TYPE_LABELS,
  MASKED,
  NOTIFICATION_INTEGRATIONS,
  SETTINGS_INTEGRATIONS,
  connectionFailedMessage,
  formatDateTime,
  integrationSettingsInput,
  type IntegrationSettings,
  type IntegrationSettingsInput,
  type NotificationIntegration,
  type SettingsIntegration,
} from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { schemaErrors } from '../../components/forms/schema-field.ts';

/** What happens to a saved secret on save: kept as is, replaced by the value typed, or removed. */
export type SecretMode = 'keep' | 'replace' | 'remove';
/** How Slack is reached: an incoming webhook, or a bot token and a channel (Web API chat.postMessage). */
export type SlackMode = 'webhook' | 'bot';

export interface IntegrationValues {
  enabled: boolean;
  /** E-mail: the SMTP server. */
  host: string;
  /** E-mail: the SMTP port as the number field holds it (a number, or '' for the default). */
  port: number | string;
  /** E-mail: how the connection is protected ('' for the default of the port). */
  smtp_security: SmtpSecurity | '';
  /** E-mail: the SMTP username. */
  username: string;
  /** E-mail: the sender address; Slack: the channel a bot posts to. */
  channel: string;
  /** Slack, Teams, webhooks: where messages are posted; BeyondTrust: the Password Safe API's base URL. */
  url: string;
  slack_mode: SlackMode;
  /** The secret (SMTP password, Slack bot token, webhook signing secret) as typed; '' when none was typed. */
  token: string;
  /** What happens to the saved secret; 'replace' when there is none (the field is then a plain input). */
  token_mode: SecretMode;
  /** BeyondTrust: the run-as user the API key signs in as. */
  api_user: string;
  /** BeyondTrust: the API registration key as typed; '' when none was typed. */
  api_key: string;
  /** What happens to the saved API key; 'replace' when there is none. */
  api_key_mode: SecretMode;
  /** Azure: the directory (tenant) id and the app registration's client id. */
  tenant: string;
  client_id: string;
  /** Azure: the client secret as typed; '' when none was typed. */
  client_secret: string;
  /** What happens to the saved client secret; 'replace' when there is none. */
  client_secret_mode: SecretMode;
}

/** The settings the secrets' state is read from (the client secret only Azure has). */
type SavedSecrets = Pick<IntegrationSettings, 'token' | 'api_key'> & Partial<Pick<IntegrationSettings, 'client_secret'>>;

/** Form fields that receive the server's field errors (`{field: [msg]}`). */
export const INTEGRATION_ERROR_FIELDS = [
  'enabled',
  'host',
  'port',
  'smtp_security',
  'username',
  'token',
  'channel',
  'url',
  'api_user',
  'api_key',
  'tenant',
  'client_id',
  'client_secret',
] as const;

/** What the secret is called on each page. */
export const SECRET_NAMES: Record<SettingsIntegration, string> = {
  email: 'password',
  slack: 'bot token',
  teams: 'secret',
  webhooks: 'signing secret',
  beyondtrust: 'API key',
  azure: 'client secret',
};

/** Port Bulwark uses when the SMTP port is left empty. */
export const DEFAULT_SMTP_PORT = 587;

export const integrationLabel = (type: SettingsIntegration): string => INTEGRATION_TYPE_LABELS[type];

/** The integrations that send notifications (and so have a test message and a delivery log). */
export function isNotificationIntegration(type: SettingsIntegration): type is NotificationIntegration {
  return NOTIFICATION_INTEGRATIONS.some((t) => t === type);
}

const isSet = (secret: string | null | undefined): boolean => secret !== null && secret !== undefined && secret !== '';

/** True when a secret is saved (it is answered masked; null when none is). */
export function hasSavedSecret(settings: Pick<IntegrationSettings, 'token'>): boolean {
  return isSet(settings.token);
}

/** True when BeyondTrust's API key is saved (answered masked). */
export function hasSavedApiKey(settings: Pick<IntegrationSettings, 'api_key'>): boolean {
  return isSet(settings.api_key);
}

/** Slack with a webhook URL saved, or with nothing yet, posts through a webhook; with only a bot token, as the bot. */
export function slackModeOf(settings: Pick<IntegrationSettings, 'url' | 'token'>): SlackMode {
  if (settings.url) return 'webhook';
  return hasSavedSecret(settings) ? 'bot' : 'webhook';
}

export function integrationValues(settings: IntegrationSettings): IntegrationValues {
  return {
    enabled: settings.enabled,
    host: settings.host ?? '',
    port: settings.port ?? '',
    smtp_security: settings.smtp_security ?? '',
    username: settings.username ?? '',
    channel: settings.channel ?? '',
    url: settings.url ?? '',
    slack_mode: slackModeOf(settings),
    token: '',
    token_mode: hasSavedSecret(settings) ? 'keep' : 'replace',
    api_user: settings.api_user ?? '',
    api_key: '',
    api_key_mode: hasSavedApiKey(settings) ? 'keep' : 'replace',
    tenant: settings.tenant ?? '',
    client_id: settings.client_id ?? '',
    client_secret: '',
    client_secret_mode: isSet(settings.client_secret) ? 'keep' : 'replace',
  };
}

/** Whether the page's type uses the secret with these values (Slack: only as a bot). */
export function usesSecret(type: SettingsIntegration, v: Pick<IntegrationValues, 'slack_mode'>): boolean {
  if (type === 'slack') return v.slack_mode === 'bot';
  return type === 'email' || type === 'webhooks';
}

/** The SMTP port the number field holds: null when empty (the default), NaN for text that is no number. */
export function portOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The secret as sent: the mask to keep the saved one, '' to remove it, the new value when one was typed; undefined (left
 * out) when none is saved and none was typed.
 */
export function secretInput(saved: boolean, v: Pick<IntegrationValues, 'token' | 'token_mode'>): string | undefined {
  const typed = v.token.trim();
  if (saved && v.token_mode === 'keep') return MASKED;
  if (v.token_mode === 'remove') return saved ? '' : undefined;
  if (typed !== '') return typed;
  return saved ? MASKED : undefined;
}

/** BeyondTrust's API key as sent (see secretInput). */
const apiKeyInput = (saved: boolean, v: Pick<IntegrationValues, 'api_key' | 'api_key_mode'>): string | undefined =>
  secretInput(saved, { token: v.api_key, token_mode: v.api_key_mode });

/** The body of PUT (fields not sent are cleared): the fields the type uses, the secret as secretInput says. */
export function integrationInput(type: SettingsIntegration, settings: SavedSecrets, v: IntegrationValues): IntegrationSettingsInput {
  const saved = hasSavedSecret(settings);
  const withSecret = (body: IntegrationSettingsInput): IntegrationSettingsInput => {
    const token = secretInput(saved, v);
    return token === undefined ? body : { ...body, token };
  };
  switch (type) {
    case 'email':
      return withSecret({
        enabled: v.enabled,
        host: text(v.host),
        port: portOf(v.port),
        smtp_security: v.smtp_security === '' ? null : v.smtp_security,
        username: text(v.username),
        channel: text(v.channel),
      });
    case 'slack':
      if (v.slack_mode === 'webhook') {
        // An incoming webhook is bound to its channel; a bot token saved before is removed, not left lying around.
        const body: IntegrationSettingsInput = { enabled: v.enabled, url: text(v.url), channel: null };
        return saved ? { ...body, token: '' } : body;
      }
      return withSecret({ enabled: v.enabled, url: null, channel: text(v.channel) });
    case 'teams':
      return { enabled: v.enabled, url: text(v.url) };
    case 'webhooks':
      return withSecret({ enabled: v.enabled, url: text(v.url) });
    case 'beyondtrust': {
      const body: IntegrationSettingsInput = { enabled: v.enabled, url: text(v.url), api_user: text(v.api_user) };
      const key = apiKeyInput(hasSavedApiKey(settings), v);
      return key === undefined ? body : { ...body, api_key: key };
    }
    case 'azure': {
      const body: IntegrationSettingsInput = { enabled: v.enabled, tenant: text(v.tenant), client_id: text(v.client_id) };
      const secret = secretInput(isSet(settings.client_secret), { token: v.client_secret, token_mode: v.client_secret_mode });
      return secret === undefined ? body : { ...body, client_secret: secret };
    }
  }
}

/** 'Name <address>' or a bare address, as a mail header's From. */
const SENDER = /^(?:[^<>@]*<\s*[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;
/** A host name or IP address: no scheme, path, port or space. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)$/i;

/** The secret the values leave in place (saved and kept, or newly typed). */
function secretAfterSave(saved: boolean, v: IntegrationValues): boolean {
  const token = secretInput(saved, v);
  return token !== undefined && token !== '';
}

/** The form's checks: what the type needs while it is on, and core's limits (lengths, URL, port) always. */
export function validateIntegration(type: SettingsIntegration, settings: SavedSecrets, v: IntegrationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const saved = hasSavedSecret(settings);
  const secretName = SECRET_NAMES[type];
  const on = v.enabled;

  if (usesSecret(type, v) && saved && v.token_mode === 'replace' && v.token.trim() === '') {
    errors.token = `Type the new ${secretName}, or keep the saved one.`;
  }
  if (type === 'email') {
    const host = v.host.trim();
    if (on && host === '') errors.host = 'Enter the host name of your SMTP server, or turn this off to use the installation’s mail server.';
    else if (host !== '' && !HOST.test(host)) errors.host = 'Enter a host name or IP address only, without smtp:// or a port.';
    const port = portOf(v.port);
    if (port !== null && !Number.isInteger(port)) errors.port = 'Enter a port from 1 to 65535.';
    const sender = v.channel.trim();
    if (sender !== '' && !SENDER.test(sender))
      errors.channel = 'Enter an address, e.g. bulwark@example.com or Bulwark <bulwark@example.com>.';
    if (v.username.trim() === '' && v.token_mode === 'replace' && v.token.trim() !== '') {
      errors.username = 'Enter the username the password belongs to: without one, Bulwark does not sign in.';
    }
  }
  if (type === 'slack') {
    if (v.slack_mode === 'webhook' && on && v.url.trim() === '')
      errors.url = 'Enter the incoming webhook URL (https://hooks.slack.com/services/…).';
    if (v.slack_mode === 'bot' && on) {
      if (!secretAfterSave(saved, v)) errors.token ??= 'Enter the bot token (xoxb-…).';
      if (v.channel.trim() === '') errors.channel = 'Enter the channel, e.g. #security, or its ID.';
    }
  }
  if (type === 'teams' && on && v.url.trim() === '') errors.url = 'Enter the webhook URL of the Teams workflow.';
  if (type === 'webhooks' && on && v.url.trim() === '') errors.url = 'Enter the URL Bulwark posts to.';
  if (type === 'beyondtrust') Object.assign(errors, validateBeyondTrust(hasSavedApiKey(settings), v));
  if (type === 'azure') Object.assign(errors, validateAzure(isSet(settings.client_secret), v));

  return schemaErrors(integrationSettingsInput, integrationInput(type, settings, v), errors);
}

/** BeyondTrust's own checks: the API URL, run-as user and API key while it is on; a new key once Replace is chosen. */
function validateBeyondTrust(saved: boolean, v: IntegrationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (saved && v.api_key_mode === 'replace' && v.api_key.trim() === '') errors.api_key = 'Type the new API key, or keep the saved one.';
  if (!v.enabled) return errors;
  if (v.url.trim() === '') errors.url = 'Enter the URL of the Password Safe API, e.g. https://vault.example.com/BeyondTrust/api/public/v3.';
  if (v.api_user.trim() === '') errors.api_user = 'Enter the run-as user the API key signs in as.';
  const key = apiKeyInput(saved, v);
  if (key === undefined || key === '') errors.api_key ??= 'Enter the API key of the API registration.';
  return errors;
}

/** Azure's own checks: tenant, client id and client secret while it is on; a new secret once Replace is chosen. */
function validateAzure(saved: boolean, v: IntegrationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (saved && v.client_secret_mode === 'replace' && v.client_secret.trim() === '')
    errors.client_secret = 'Type the new client secret, or keep the saved one.';
  if (!v.enabled) return errors;
  if (v.tenant.trim() === '') errors.tenant = 'Enter the directory (tenant) ID of your Microsoft Entra ID.';
  if (v.client_id.trim() === '') errors.client_id = 'Enter the application (client) ID of the app registration.';
  const secret = secretInput(saved, { token: v.client_secret, token_mode: v.client_secret_mode });
  if (secret === undefined || secret === '') errors.client_secret ??= 'Enter a client secret of the app registration.';
  return errors;
}

/** Core's test for a retired Office 365 connector URL (the form warns about them). */
export { isTeamsConnectorUrl };

/** The message of a failed test: the server's `detail` (it says why), else its own or the client's message. */
export function testFailureMessage(error: unknown, type: NotificationIntegration): string {
  const fallback = connectionFailedMessage(integrationLabel(type));
  if (isApiError(error) && error.kind === 'http' && typeof error.data === 'object' && error.data !== null) {
    const detail = (error.data as Record<string, unknown>).detail;
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return messageOf(error, fallback);
}

/** 'Last saved 2026-11-20 10:15', or that nothing is saved yet. */
export function lastSavedText(updatedAt: string | null): string {
  if (!updatedAt) return 'Not saved yet.';
  const when = formatDateTime(updatedAt);
  return when ? `Last saved ${when}` : 'Not saved yet.';
}

/** A new signing secret: 32 random bytes as hex. */
export function generateSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The page of each integration. */
export const INTEGRATION_PATHS: Record<SettingsIntegration, string> = {
  email: '/admin/integrations/email',
  slack: '/admin/integrations/slack',
  teams: '/admin/integrations/teams',
  webhooks: '/admin/integrations/webhooks',
  beyondtrust: '/admin/integrations/beyondtrust',
  azure: '/admin/integrations/azure',
};

/** The integration a page path belongs to (its last segment); null for any other path. */
export function integrationOfPath(pathname: string): SettingsIntegration | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const type = SETTINGS_INTEGRATIONS.find((t) => t === last);
  return type !== undefined && INTEGRATION_PATHS[type] === pathname.replace(/\/+$/, '') ? type : null;
}
