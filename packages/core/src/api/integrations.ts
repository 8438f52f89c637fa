// Schemas of the notification integrations (feature-areas §3 Integration settings, §7 `app1/customer/{id}/{type}/`
// and `test-connection/`, §8 connection messages) and of the delivery log. Four types carry notifications today:
// e-mail (SMTP), Slack (incoming webhook, or bot token and channel), Microsoft Teams (a Workflows webhook, or a
// retired Office 365 connector URL) and generic webhooks signed with HMAC-SHA256. Secrets come back masked.
import { z } from 'zod';

export const NOTIFICATION_INTEGRATIONS = ['email', 'slack', 'teams', 'webhooks'] as const;
export type NotificationIntegration = (typeof NOTIFICATION_INTEGRATIONS)[number];
/**
 * Where a delivery goes: the integrations, and SMS — the installation's SMS provider (BULWARK_SMS_URL) carrying
 * monitoring's SMS recipients. SMS has no settings page, so it is not an integration.
 */
export const DELIVERY_CHANNELS = [...NOTIFICATION_INTEGRATIONS, 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/**
 * Every integration with settings: the notification channels, the BeyondTrust Password Safe vault and Azure (the
 * Entra ID app registration phishing recipients are synced from through Microsoft Graph).
 */
export const SETTINGS_INTEGRATIONS = [...NOTIFICATION_INTEGRATIONS, 'beyondtrust', 'azure'] as const;
export type SettingsIntegration = (typeof SETTINGS_INTEGRATIONS)[number];

/** Fields kept encrypted at rest and answered masked (all asterisks; sent back masked means unchanged). */
export const SECRET_INTEGRATION_FIELDS = ['token', 'client_secret', 'api_key'] as const;
export const MASKED = '********';

/**
 * How the e-mail integration protects the SMTP connection: STARTTLS when the server offers it (the default on ports
 * other than 465), STARTTLS required (nothing is sent over a connection that could not be upgraded), or TLS from the
 * start (SMTPS, the default on 465).
 */
export const SMTP_SECURITY = ['starttls', 'require_starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  starttls: 'STARTTLS when the server offers it',
  require_starttls: 'STARTTLS required',
  tls: 'TLS from the start (SMTPS)',
};
/** The security used when none is chosen: TLS from the start on 465, else STARTTLS when offered. */
export function smtpSecurityOf(security: SmtpSecurity | null | undefined, port: number | null | undefined): SmtpSecurity {
  return security ?? (port === 465 ? 'tls' : 'starttls');
}

/**
 * What each type uses of the §3 fields: e-mail — host, port, username, token (the password), channel (the sender);
 * Slack — url (an incoming webhook) or token (a bot token) with channel; Teams — url; webhooks — url and token (the
 * signing secret).
 */
export const INTEGRATION_FIELDS_USED: Record<SettingsIntegration, readonly string[]> = {
  email: ['host', 'port', 'smtp_security', 'username', 'token', 'channel'],
  slack: ['url', 'token', 'channel'],
  teams: ['url'],
  webhooks: ['url', 'token'],
  // The Password Safe API's base URL (…/BeyondTrust/api/public/v3), its API key and the run-as user.
  beyondtrust: ['url', 'api_user', 'api_key'],
  // The directory (tenant) id, the app registration's client id and a client secret (User.Read.All, application).
  azure: ['tenant', 'client_id', 'client_secret'],
};

const optionalText = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`).nullable();
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a valid URL (http:// or https://).')
  .nullable();

export const integrationSettings = z.object({
  type: z.enum(SETTINGS_INTEGRATIONS),
  enabled: z.boolean(),
  username: z.string().nullable(),
  token: z.string().nullable(),
  url: z.string().nullable(),
  channel: z.string().nullable(),
  tenant: z.string().nullable(),
  client_id: z.string().nullable(),
  client_secret: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  smtp_security: z.enum(SMTP_SECURITY).nullable(),
  api_user: z.string().nullable(),
  api_key: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type IntegrationSettings = z.infer<typeof integrationSettings>;

export const integrationSettingsInput = z
  .object({
    enabled: z.boolean(),
    username: optionalText(200),
    token: optionalText(4000),
    url: httpUrl,
    channel: optionalText(200),
    tenant: optionalText(200),
    client_id: optionalText(200),
    client_secret: optionalText(4000),
    host: optionalText(253),
    port: z.number().int().min(1, 'Enter a port from 1 to 65535.').max(65535, 'Enter a port from 1 to 65535.').nullable(),
    smtp_security: z.enum(SMTP_SECURITY, 'Choose STARTTLS when offered, STARTTLS required, or TLS from the start.').nullable(),
    api_user: optionalText(200),
    api_key: optionalText(4000),
  })
  .partial()
  .strict();
export type IntegrationSettingsInput = z.input<typeof integrationSettingsInput>;

/**
 * Office 365 connector URLs (<tenant>.webhook.office.com/webhookb2/…/IncomingWebhook/…, outlook.office.com/webhook/…),
 * retired by Microsoft but still answered: they take a MessageCard and answer "1"; Workflows URLs take an Adaptive Card
 * and answer 202. Told apart by their paths (the server sends by it, the form warns by it).
 */
export function isTeamsConnectorUrl(url: string): boolean {
  return /\/webhookb2\/|\/IncomingWebhook\/|outlook\.office(365)?\.com\/webhook\//i.test(url);
}

/** Notification events (what a message is about). */
export const NOTIFICATION_EVENTS = [
  'scan_started',
  'scan_finished',
  'scan_failed',
  'scan_paused_blackout',
  'scan_reminder',
  'tickets_opened',
  'ticket_due_soon',
  'ticket_overdue',
  'monitoring_alert',
  'website_alert',
  'mailserver_alert',
  'test',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  scan_started: 'Scan started',
  scan_finished: 'Scan finished',
  scan_failed: 'Scan failed',
  scan_paused_blackout: 'Scan paused by the blackout window',
  scan_reminder: 'Scheduled scan reminder',
  tickets_opened: 'Tickets opened by a rule',
  ticket_due_soon: 'Ticket due soon',
  ticket_overdue: 'Ticket overdue',
  monitoring_alert: 'Monitoring alert',
  website_alert: 'Website check failing',
  mailserver_alert: 'Mail server check failing',
  test: 'Test message',
};

/** `stored`: an e-mail kept in Bulwark's outbox because no mail server is set (nothing left the machine). */
export const DELIVERY_STATES = ['pending', 'sent', 'stored', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One message to one channel, as the delivery log shows it. */
export const notificationDelivery = z.object({
  id: z.number().int(),
  channel: z.enum(DELIVERY_CHANNELS),
  event: z.enum(NOTIFICATION_EVENTS),
  /** Where it went: an e-mail address or the receiver's host. */
  target: z.string(),
  subject: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  schedule: z.number().int().nullable(),
  run: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDelivery>;

// ---------------------------------------------------------------------------------------------------------------
// BeyondTrust Password Safe (feature-areas §7 `beyondtrust/test-account/`): scan credentials of method "vault" name a
// managed system and account; their password (or SSH key) is requested, retrieved and checked in at scan time.

/** POST app1/customer/{id}/beyondtrust/test-account/: the managed account to try. */
export const beyondTrustTestInput = z.object({
  system_name: z.string().trim().min(1, 'This field may not be blank.').max(200),
  account_name: z.string().trim().min(1, 'This field may not be blank.').max(200),
});
export const BEYONDTRUST_STEPS = ['sign_in', 'find_account', 'request', 'retrieve', 'check_in', 'sign_out'] as const;
export const beyondTrustTestResult = z.object({
  ok: z.boolean(),
  detail: z.string(),
  steps: z.array(z.object({ step: z.enum(BEYONDTRUST_STEPS), ok: z.boolean(), message: z.string() })),
});
export type BeyondTrustTestResult = z.infer<typeof beyondTrustTestResult>;
