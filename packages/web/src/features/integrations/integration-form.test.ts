// The pure rules of the notification integration pages: form values from saved settings, the PUT bodies per type (a saved
// secret kept as ********, removed as '', sent only when typed), the checks, the Teams connector URL, the test failure's
// detail, the pages' paths, and the webhook verification sample checked against a signature made as the server makes it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MASKED,
  NOTIFICATION_INTEGRATIONS,
  integrationSettings,
  integrationSettingsInput,
  routeByName,
  type IntegrationSettings,
  type NotificationIntegration,
} from '@bulwark/core';
import { ApiError } from '../../api/errors.ts';
import {
  INTEGRATION_PATHS,
  generateSecret,
  integrationInput,
  integrationOfPath,
  integrationValues,
  isTeamsConnectorUrl,
  lastSavedText,
  secretInput,
  slackModeOf,
  testFailureMessage,
  validateIntegration,
  type IntegrationValues,
} from './integration-form.ts';
import { anyPending, deliveryStateText } from './delivery-format.ts';
import { NODE_SAMPLE } from './webhook-samples.ts';

function settingsOf(type: NotificationIntegration, overrides: Partial<IntegrationSettings> = {}): IntegrationSettings {
  return integrationSettings.parse({
    type,
    enabled: false,
    username: null,
    token: null,
    url: null,
    channel: null,
    tenant: null,
    client_id: null,
    client_secret: null,
    host: null,
    port: null,
    api_user: null,
    smtp_security: null,
    api_key: null,
    updated_at: null,
    ...overrides,
  });
}

const valuesOf = (settings: IntegrationSettings, change: Partial<IntegrationValues> = {}): IntegrationValues => ({
  ...integrationValues(settings),
  ...change,
});

describe('integration form values', () => {
  it('reads a saved secret as set and kept, none as a plain input', () => {
    expect(integrationValues(settingsOf('email', { token: MASKED }))).toMatchObject({ token: '', token_mode: 'keep' });
    expect(integrationValues(settingsOf('email'))).toMatchObject({ token: '', token_mode: 'replace', port: '', host: '' });
  });

  it('picks the Slack way from what is saved: a webhook URL, else a bot token, else the webhook', () => {
    expect(slackModeOf({ url: 'https://hooks.slack.com/services/T/B/X', token: null })).toBe('webhook');
    expect(slackModeOf({ url: null, token: MASKED })).toBe('bot');
    expect(slackModeOf({ url: null, token: null })).toBe('webhook');
  });
});

describe('the secret as sent', () => {
  it('keeps a saved one as ********, removes it as an empty string, sends a typed one, leaves out none', () => {
    expect(secretInput(true, { token: '', token_mode: 'keep' })).toBe(MASKED);
    expect(secretInput(true, { token: '', token_mode: 'remove' })).toBe('');
    expect(secretInput(true, { token: ' n3w ', token_mode: 'replace' })).toBe('n3w');
    expect(secretInput(false, { token: 'first', token_mode: 'replace' })).toBe('first');
    expect(secretInput(false, { token: '', token_mode: 'replace' })).toBeUndefined();
  });
});

describe('the PUT bodies', () => {
  it('e-mail: SMTP server, port (empty for the default), sign-in, sender, the saved password kept', () => {
    const settings = settingsOf('email', { enabled: true, host: 'smtp.example.com', username: 'bulwark', token: MASKED });
    const body = integrationInput('email', settings, valuesOf(settings, { channel: ' Bulwark <bulwark@example.com> ' }));
    expect(body).toEqual({
      enabled: true,
      host: 'smtp.example.com',
      port: null,
      smtp_security: null,
      username: 'bulwark',
      channel: 'Bulwark <bulwark@example.com>',
      token: MASKED,
    });
    expect(integrationSettingsInput.safeParse(body).success).toBe(true);
  });

  it('Slack by webhook: the URL; a saved bot token removed and no channel', () => {
    const settings = settingsOf('slack', { token: MASKED, channel: '#security' });
    const values = valuesOf(settings, { enabled: true, slack_mode: 'webhook', url: 'https://hooks.slack.com/services/T/B/X' });
    expect(integrationInput('slack', settings, values)).toEqual({
      enabled: true,
      url: 'https://hooks.slack.com/services/T/B/X',
      channel: null,
      token: '',
    });
    expect(integrationInput('slack', settingsOf('slack'), values)).toEqual({
      enabled: true,
      url: 'https://hooks.slack.com/services/T/B/X',
      channel: null,
    });
  });

  it('Slack as a bot: the token typed and the channel, no URL', () => {
    const settings = settingsOf('slack', { url: 'https://hooks.slack.com/services/T/B/X' });
    const values = valuesOf(settings, { enabled: true, slack_mode: 'bot', token: 'xoxb-1-2', channel: '#security' });
    expect(integrationInput('slack', settings, values)).toEqual({ enabled: true, url: null, channel: '#security', token: 'xoxb-1-2' });
  });

  it('Teams: only on or off and the URL; webhooks: the URL and the signing secret', () => {
    const teams = settingsOf('teams', { enabled: true, url: 'https://prod.logic.azure.com/workflows/1' });
    expect(integrationInput('teams', teams, valuesOf(teams))).toEqual({ enabled: true, url: 'https://prod.logic.azure.com/workflows/1' });
    const hooks = settingsOf('webhooks', { enabled: true, url: 'https://soar.example.com/hook', token: MASKED });
    expect(integrationInput('webhooks', hooks, valuesOf(hooks))).toEqual({
      enabled: true,
      url: 'https://soar.example.com/hook',
      token: MASKED,
    });
    expect(integrationInput('webhooks', hooks, valuesOf(hooks, { token_mode: 'remove' }))).toMatchObject({ token: '' });
  });

  it('sends only what core’s strict input schema accepts, for every type', () => {
    for (const type of NOTIFICATION_INTEGRATIONS) {
      const settings = settingsOf(type, { token: MASKED });
      expect(integrationSettingsInput.safeParse(integrationInput(type, settings, valuesOf(settings))).success, type).toBe(true);
    }
  });
});

describe('the checks', () => {
  it('asks for what a type needs only while it is on', () => {
    const email = settingsOf('email');
    expect(validateIntegration('email', email, valuesOf(email))).toEqual({});
    expect(validateIntegration('email', email, valuesOf(email, { enabled: true }))).toHaveProperty('host');
    const slack = settingsOf('slack');
    expect(validateIntegration('slack', slack, valuesOf(slack, { enabled: true }))).toHaveProperty('url');
    expect(validateIntegration('slack', slack, valuesOf(slack, { enabled: true, slack_mode: 'bot' }))).toEqual({
      token: 'Enter the bot token (xoxb-…).',
      channel: 'Enter the channel, e.g. #security, or its ID.',
    });
    const teams = settingsOf('teams');
    expect(validateIntegration('teams', teams, valuesOf(teams, { enabled: true }))).toEqual({
      url: 'Enter the webhook URL of the Teams workflow.',
    });
  });

  it('checks the host, port, sender and that a password has its username', () => {
    const email = settingsOf('email');
    const errors = validateIntegration(
      'email',
      email,
      valuesOf(email, { host: 'smtp://mail.example.com:25', port: 70000, channel: 'not an address', token: 'pw' }),
    );
    expect(errors).toEqual({
      host: 'Enter a host name or IP address only, without smtp:// or a port.',
      port: 'Enter a port from 1 to 65535.',
      channel: 'Enter an address, e.g. bulwark@example.com or Bulwark <bulwark@example.com>.',
      username: 'Enter the username the password belongs to: without one, Bulwark does not sign in.',
    });
    expect(validateIntegration('email', email, valuesOf(email, { host: '10.0.0.25', channel: 'Bulwark <bulwark@example.com>' }))).toEqual(
      {},
    );
  });

  it('uses core’s URL message, and wants a new secret typed once Replace is chosen', () => {
    const hooks = settingsOf('webhooks', { token: MASKED });
    expect(validateIntegration('webhooks', hooks, valuesOf(hooks, { url: 'ftp://x' }))).toEqual({
      url: 'Enter a valid URL (http:// or https://).',
    });
    expect(validateIntegration('webhooks', hooks, valuesOf(hooks, { token_mode: 'replace' }))).toEqual({
      token: 'Type the new signing secret, or keep the saved one.',
    });
  });

  it('accepts a Slack bot whose token is saved', () => {
    const slack = settingsOf('slack', { token: MASKED, channel: '#security', enabled: true });
    expect(validateIntegration('slack', slack, valuesOf(slack))).toEqual({});
    expect(validateIntegration('slack', slack, valuesOf(slack, { token_mode: 'remove' }))).toEqual({
      token: 'Enter the bot token (xoxb-…).',
    });
  });
});

describe('odds and ends', () => {
  it('tells retired Office 365 connector URLs from Workflows URLs', () => {
    expect(isTeamsConnectorUrl('https://contoso.webhook.office.com/webhookb2/abc@def/IncomingWebhook/123/456')).toBe(true);
    expect(isTeamsConnectorUrl('https://outlook.office.com/webhook/abc')).toBe(true);
    expect(isTeamsConnectorUrl('https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke')).toBe(false);
  });

  it('shows the failed test’s detail, which says why', () => {
    const failure = new ApiError({
      kind: 'http',
      status: 400,
      message: 'Failed to connect to Slack.',
      data: { non_field_errors: ['Failed to connect to Slack.'], detail: 'Failed to connect to Slack. Slack answered 404 no_service.' },
    });
    expect(testFailureMessage(failure, 'slack')).toBe('Failed to connect to Slack. Slack answered 404 no_service.');
    expect(testFailureMessage(new ApiError({ kind: 'http', status: 500, message: 'x', data: {} }), 'teams')).toBe(
      'Failed to connect to Microsoft Teams.',
    );
  });

  it('says when the settings were last saved', () => {
    expect(lastSavedText(null)).toBe('Not saved yet.');
    expect(lastSavedText('2026-11-20T10:15:00.000Z')).toMatch(/^Last saved 2026-11-2\d \d\d:\d5$/);
  });

  it('knows the page of each integration, as core’s route table has it', () => {
    for (const type of NOTIFICATION_INTEGRATIONS) {
      expect(routeByName(`integration-${type}`)?.path).toBe(INTEGRATION_PATHS[type]);
      expect(integrationOfPath(INTEGRATION_PATHS[type])).toBe(type);
      expect(integrationOfPath(`${INTEGRATION_PATHS[type]}/`)).toBe(type);
    }
    expect(integrationOfPath('/admin/integrations/jira')).toBeNull();
    expect(integrationOfPath('/elsewhere/slack')).toBeNull();
  });

  it('generates 32-byte hex signing secrets', () => {
    const a = generateSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateSecret()).not.toBe(a);
  });

  it('reads a pending delivery that failed before as retrying', () => {
    expect(deliveryStateText({ state: 'pending', attempts: 0 })).toBe('Pending');
    expect(deliveryStateText({ state: 'pending', attempts: 2 })).toBe('Retrying');
    expect(deliveryStateText({ state: 'failed', attempts: 4 })).toBe('Failed');
    expect(anyPending([{ state: 'sent' }, { state: 'pending' }])).toBe(true);
    expect(anyPending(undefined)).toBe(false);
  });
});

describe('the Node.js verification sample', () => {
  it('accepts a request signed the way the server signs it, and refuses a changed body or an old timestamp', () => {
    // The sample as shown, its one import handed in: the receiver's code is exactly what runs here.
    const IMPORT = "import { createHmac, timingSafeEqual } from 'node:crypto';";
    expect(NODE_SAMPLE.startsWith(IMPORT)).toBe(true);
    const source = NODE_SAMPLE.slice(IMPORT.length).replace('export function', 'function');
    const verifyBulwark = new Function('createHmac', 'timingSafeEqual', 'Buffer', `${source}\nreturn verifyBulwark;`)(
      createHmac,
      timingSafeEqual,
      Buffer,
    ) as (rawBody: Buffer, headers: Record<string, string>, secret: string) => boolean;
    const secret = 'receiver-secret';
    const body = JSON.stringify({ event: 'scan_finished', title: 'Scan finished: Office LAN — 1 new critical', link: null });
    const sign = (timestamp: string) => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const now = String(Math.floor(Date.now() / 1000));
    const headers = (timestamp: string) => ({ 'x-bulwark-timestamp': timestamp, 'x-bulwark-signature': sign(timestamp) });
    expect(verifyBulwark(Buffer.from(body), headers(now), secret)).toBe(true);
    expect(verifyBulwark(Buffer.from(`${body} `), headers(now), secret)).toBe(false);
    expect(verifyBulwark(Buffer.from(body), headers(now), 'another-secret')).toBe(false);
    const old = String(Number(now) - 3600);
    expect(verifyBulwark(Buffer.from(body), headers(old), secret)).toBe(false);
  });
});
