// Administration codes of feature-areas §3: integration types and fields, SAML options, news groups, retention.

export const INTEGRATION_TYPES = [
  'email',
  'jira',
  'servicenow',
  'topdesk',
  'teams',
  'slack',
  'webhooks',
  'azure',
  'beyondtrust',
  'domain-asset-discovery',
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const INTEGRATION_TYPE_LABELS: Record<IntegrationType, string> = {
  email: 'Email',
  jira: 'Jira',
  servicenow: 'ServiceNow',
  topdesk: 'TOPdesk',
  teams: 'Microsoft Teams',
  slack: 'Slack',
  webhooks: 'Webhooks',
  azure: 'Azure',
  beyondtrust: 'BeyondTrust',
  'domain-asset-discovery': 'Domain asset discovery',
};

export const INTEGRATION_SETTING_FIELDS = [
  'enabled',
  'username',
  'token',
  'url',
  'channel',
  'tenant',
  'client_id',
  'client_secret',
  'host',
  'port',
  'api_user',
  'api_key',
] as const;
export type IntegrationSettingField = (typeof INTEGRATION_SETTING_FIELDS)[number];

export const SAML_CONFIG_OPTIONS = ['url', 'file', 'manual'] as const;
export type SamlConfigOption = (typeof SAML_CONFIG_OPTIONS)[number];

/** How news items are grouped. */
export const NEWS_GROUPS = ['current', 'last_month', 'other_months'] as const;
export type NewsGroup = (typeof NEWS_GROUPS)[number];

/** Retention options in days. */
export const RETENTION_OPTIONS_DAYS = [7, 14, 30, 90, 180, 365, 730] as const;
export type RetentionDays = (typeof RETENTION_OPTIONS_DAYS)[number];

/** Blackout days_of_week value meaning every day. */
export const BLACKOUT_DAILY = '0';

/** Public API token states. */
export const PUBLIC_API_STATES = ['inactive', 'active'] as const;
export type PublicApiState = (typeof PUBLIC_API_STATES)[number];
