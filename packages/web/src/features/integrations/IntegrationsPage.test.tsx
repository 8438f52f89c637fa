// The notification integration pages against a stubbed API: settings read for the signed-in customer, a saved secret
// shown as set and kept (********), replaced or removed; Slack's two ways; the test message (success, the server's
// detail on failure, saving first when there are changes); the server's field errors; the Teams connector note; the
// webhook signing secret and verification help; the delivery log of the channel; the nav; and the routes.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  MAIL_KEPT_IN_OUTBOX_MESSAGE,
  MASKED,
  integrationSettings,
  notificationDelivery,
  routeByName,
  type IntegrationSettings,
  type NotificationDelivery,
  type NotificationIntegration,
  type RouteDef,
} from '@bulwark/core';
import { RouteGate } from '../../app/RouteGate.tsx';
import IntegrationsPage from './IntegrationsPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/integrations/:type';
const url = (type: NotificationIntegration) => `/admin/integrations/${type}`;

function anIntegration(type: NotificationIntegration, overrides: Partial<IntegrationSettings> = {}): IntegrationSettings {
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

function aDelivery(overrides: Partial<NotificationDelivery> = {}): NotificationDelivery {
  return notificationDelivery.parse({
    id: 5,
    channel: 'slack',
    event: 'scan_finished',
    target: 'hooks.slack.com',
    subject: 'Scan finished: Office LAN — 1 new critical, 0 new high',
    state: 'failed',
    attempts: 4,
    last_error: 'Slack answered 404 no_service',
    schedule: 7,
    run: 42,
    created_at: '2026-11-20T10:15:00.000Z',
    delivered_at: null,
    ...overrides,
  });
}

/** The API with one type's settings; PUT answers what was sent as saved (a new secret answered masked). */
function api(type: NotificationIntegration, settings = anIntegration(type), deliveries: NotificationDelivery[] = []): ApiStub {
  return stubApi()
    .on('GET', `app1/customer/:id/${type}/`, settings)
    .on('PUT', `app1/customer/:id/${type}/`, (request) => {
      const body = request.body as Record<string, unknown>;
      const token = body.token === undefined || body.token === '' ? null : MASKED;
      return json(anIntegration(type, { ...(body as Partial<IntegrationSettings>), token, updated_at: '2026-11-21T08:00:00.000Z' }));
    })
    .on('GET', 'notifications/deliveries/', page(deliveries));
}

const settingsForm = (name: string) => screen.findByRole('form', { name });

describe('the e-mail page', () => {
  it('shows the saved SMTP settings, the password as set, and saves with the password kept (********)', async () => {
    const saved = anIntegration('email', {
      enabled: true,
      host: 'smtp.example.com',
      port: 587,
      username: 'bulwark',
      token: MASKED,
      channel: 'bulwark@example.com',
      updated_at: '2026-11-20T10:15:00.000Z',
    });
    const stub = api('email', saved);
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('email'), session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email notifications' })).toBeInTheDocument();
    const form = await settingsForm('Email settings');
    expect(stub.calls('GET', 'app1/customer/:id/email/')[0].path).toBe('app1/customer/1/email/');
    expect(within(form).getByTestId('last-saved')).toHaveTextContent(/^Last saved 2026-11-2\d/);
    expect(within(form).getByRole('switch', { name: /Send through your own SMTP server/ })).toBeChecked();
    const password = within(form).getByRole('group', { name: 'Password' });
    expect(within(password).getByText('Set')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(
      within(form).getByText(/Sends a test e-mail to admin@example.com through your SMTP server \(smtp.example.com\)/),
    ).toBeInTheDocument();

    const host = within(form).getByRole('textbox', { name: /SMTP server/ });
    await user.clear(host);
    await user.type(host, 'mail.example.com');
    // Port 587: the default is STARTTLS when offered; this customer insists on it.
    const security = within(form).getByRole('combobox', { name: 'Connection security' });
    expect(security).toHaveValue('Default for the port (STARTTLS when the server offers it)');
    await user.click(security);
    await user.click(await screen.findByRole('option', { name: 'STARTTLS required' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stub.calls('PUT', 'app1/customer/:id/email/')).toHaveLength(1));
    expect(stub.calls('PUT', 'app1/customer/:id/email/')[0].body).toEqual({
      enabled: true,
      host: 'mail.example.com',
      port: 587,
      smtp_security: 'require_starttls',
      username: 'bulwark',
      channel: 'bulwark@example.com',
      token: MASKED,
    });
    expect(await screen.findByText('Email settings saved.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(within(form).getByTestId('last-saved')).toHaveTextContent(/^Last saved 2026-11-2\d/);
  });

  it('replaces the password with one typed, and removes it', async () => {
    const saved = anIntegration('email', { enabled: true, host: 'smtp.example.com', username: 'bulwark', token: MASKED });
    const stub = api('email', saved);
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('email'), session: aSession() });
    const form = await settingsForm('Email settings');

    await user.click(within(form).getByRole('button', { name: 'Replace the password' }));
    const input = within(form).getByLabelText('Password');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Type the new password, or keep the saved one.')).toBeInTheDocument();
    expect(stub.calls('PUT', 'app1/customer/:id/email/')).toHaveLength(0);

    await user.type(input, 'n3w-p4ss');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'app1/customer/:id/email/')).toHaveLength(1));
    expect(stub.calls('PUT', 'app1/customer/:id/email/')[0].body).toMatchObject({ token: 'n3w-p4ss' });
    // Saved: shown as set again, the value typed gone.
    const group = await within(form).findByRole('group', { name: 'Password' });
    expect(within(group).getByText('Set')).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Remove the password' }));
    expect(within(group).getByText('Removed on save')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Keep the password' })).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'app1/customer/:id/email/')).toHaveLength(2));
    expect(stub.calls('PUT', 'app1/customer/:id/email/')[1].body).toMatchObject({ token: '' });
  });

  it('says that the installation’s mail server sends until an SMTP server is set up', async () => {
    api('email');
    renderWithApp(<IntegrationsPage />, { path: PATH, url: url('email'), session: aSession() });
    const form = await settingsForm('Email settings');
    expect(within(form).getByTestId('last-saved')).toHaveTextContent('Not saved yet.');
    expect(within(form).getByText(/through the installation’s mail server\./)).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: /Send through your own SMTP server/ })).not.toBeChecked();
    // Nothing saved: a plain password input, no "set" state.
    expect(within(form).getByLabelText('Password')).toHaveValue('');
  });
});

describe('the Slack page', () => {
  it('offers the webhook or a bot token and channel, and saves the bot way', async () => {
    const stub = api('slack');
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('slack'), session: aSession() });
    const form = await settingsForm('Slack settings');
    expect(within(form).getByRole('radio', { name: /Incoming webhook/ })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /Webhook URL/ })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send test message' })).toBeDisabled();

    await user.click(within(form).getByRole('switch', { name: /Post notifications to Slack/ }));
    await user.click(within(form).getByRole('radio', { name: /Bot token and channel/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the bot token (xoxb-…).')).toBeInTheDocument();
    expect(within(form).getByText('Enter the channel, e.g. #security, or its ID.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Bot token/, { selector: 'input[type="password"]' }), 'xoxb-111-222-abc');
    await user.type(within(form).getByRole('textbox', { name: /Channel/ }), '#security');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'app1/customer/:id/slack/')).toHaveLength(1));
    expect(stub.calls('PUT', 'app1/customer/:id/slack/')[0].body).toEqual({
      enabled: true,
      url: null,
      channel: '#security',
      token: 'xoxb-111-222-abc',
    });
    expect(await within(form).findByRole('group', { name: /Bot token/ })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: /Bot token and channel/ })).toBeChecked();
  });

  it('sends a test message through the saved settings and shows the server’s answer', async () => {
    const saved = anIntegration('slack', { enabled: true, url: 'https://hooks.slack.com/services/T/B/X' });
    const stub = api('slack', saved).on('POST', 'app1/customer/:id/slack/test-connection/', {
      detail: 'Connection to Slack succesful!',
      delivered: 'sent',
    });
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('slack'), session: aSession() });
    const form = await settingsForm('Slack settings');
    await user.click(within(form).getByRole('button', { name: 'Send test message' }));
    const result = await within(form).findByTestId('test-result');
    expect(result).toHaveTextContent('Connection to Slack succesful!');
    expect(result).toHaveAttribute('role', 'status');
    expect(stub.calls('POST', 'app1/customer/:id/slack/test-connection/')[0].path).toBe('app1/customer/1/slack/test-connection/');
    expect(stub.calls('PUT', 'app1/customer/:id/slack/')).toHaveLength(0);
  });

  it('says when an e-mail test only reached the outbox (no mail server set)', async () => {
    const saved = anIntegration('email', { enabled: false });
    api('email', saved).on('POST', 'app1/customer/:id/email/test-connection/', {
      detail: MAIL_KEPT_IN_OUTBOX_MESSAGE,
      delivered: 'stored',
    });
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('email'), session: aSession() });
    const form = await settingsForm('Email settings');
    await user.click(within(form).getByRole('button', { name: 'Send test message' }));
    const result = await within(form).findByTestId('test-result');
    expect(result).toHaveTextContent('Test message kept in the outbox, not sent');
    expect(result).not.toHaveTextContent('Test message sent');
    expect(result).toHaveTextContent(MAIL_KEPT_IN_OUTBOX_MESSAGE);
  });

  it('shows why a test failed (the server’s detail)', async () => {
    const saved = anIntegration('slack', { enabled: true, url: 'https://hooks.slack.com/services/T/B/X' });
    api('slack', saved).on(
      'POST',
      'app1/customer/:id/slack/test-connection/',
      json(
        { non_field_errors: ['Failed to connect to Slack.'], detail: 'Failed to connect to Slack. Slack answered 404 no_service.' },
        400,
      ),
    );
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('slack'), session: aSession() });
    const form = await settingsForm('Slack settings');
    await user.click(within(form).getByRole('button', { name: 'Send test message' }));
    const result = await within(form).findByTestId('test-result');
    expect(result).toHaveAttribute('role', 'alert');
    expect(result).toHaveTextContent('Test message not delivered');
    expect(result).toHaveTextContent('Failed to connect to Slack. Slack answered 404 no_service.');
  });

  it('saves changes first, then tests them', async () => {
    const saved = anIntegration('slack', { enabled: true, url: 'https://hooks.slack.com/services/T/B/X' });
    const stub = api('slack', saved).on('POST', 'app1/customer/:id/slack/test-connection/', {
      detail: 'Connection to Slack succesful!',
      delivered: 'sent',
    });
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('slack'), session: aSession() });
    const form = await settingsForm('Slack settings');
    const field = within(form).getByRole('textbox', { name: /Webhook URL/ });
    await user.clear(field);
    await user.type(field, 'https://hooks.slack.com/services/T/B/Y');
    await user.click(within(form).getByRole('button', { name: 'Save and send test message' }));
    expect(await within(form).findByTestId('test-result')).toHaveTextContent('Connection to Slack succesful!');
    const order = stub.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(order).toEqual(['PUT app1/customer/1/slack/', 'POST app1/customer/1/slack/test-connection/']);
    expect(stub.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      enabled: true,
      url: 'https://hooks.slack.com/services/T/B/Y',
      channel: null,
    });
    expect(within(form).getByRole('button', { name: 'Send test message' })).toBeEnabled();
  });

  it('puts the server’s field errors (400) on the fields', async () => {
    const saved = anIntegration('slack', { enabled: true, url: 'https://hooks.slack.com/services/T/B/X' });
    api('slack', saved).on('PUT', 'app1/customer/:id/slack/', json({ url: ['Enter a valid URL (http:// or https://).'] }, 400));
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('slack'), session: aSession() });
    const form = await settingsForm('Slack settings');
    await user.type(within(form).getByRole('textbox', { name: /Webhook URL/ }), '/more');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const field = within(form).getByRole('textbox', { name: /Webhook URL/ });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('Enter a valid URL (http:// or https://).')).toBeInTheDocument();
  });
});

describe('the Teams page', () => {
  it('explains a retired Office 365 connector URL when one is entered', async () => {
    api('teams');
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('teams'), session: aSession() });
    const form = await settingsForm('Microsoft Teams settings');
    expect(within(form).getByText(/Post to a channel when a webhook request is received/)).toBeInTheDocument();
    expect(within(form).queryByTestId('teams-connector')).not.toBeInTheDocument();
    await user.type(
      within(form).getByRole('textbox', { name: /Webhook URL/ }),
      'https://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d',
    );
    expect(within(form).getByTestId('teams-connector')).toHaveTextContent(/retired Office 365 connectors/);
  });
});

describe('the webhooks page', () => {
  it('generates a signing secret to copy, warns while requests would be unsigned, and explains verification', async () => {
    const stub = api('webhooks');
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('webhooks'), session: aSession() });
    const form = await settingsForm('Webhooks settings');
    await user.click(within(form).getByRole('switch', { name: /Send events to a webhook/ }));
    expect(within(form).getByTestId('unsigned-warning')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://soar.example.com/hooks/bulwark');
    await user.click(within(form).getByRole('button', { name: 'Generate a secret' }));
    const secret = (within(form).getByLabelText('Signing secret') as HTMLInputElement).value;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(within(form).getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    expect(within(form).queryByTestId('unsigned-warning')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'app1/customer/:id/webhooks/')).toHaveLength(1));
    expect(stub.calls('PUT', 'app1/customer/:id/webhooks/')[0].body).toEqual({
      enabled: true,
      url: 'https://soar.example.com/hooks/bulwark',
      token: secret,
    });

    const help = screen.getByRole('region', { name: 'Verifying requests' });
    for (const header of ['X-Bulwark-Event', 'X-Bulwark-Timestamp', 'X-Bulwark-Signature']) {
      expect(within(help).getByText(header)).toBeInTheDocument();
    }
    const node = within(help).getByRole('button', { name: 'Check the signature in Node.js' });
    expect(node).toHaveAttribute('aria-expanded', 'false');
    await user.click(node);
    expect(node).toHaveAttribute('aria-expanded', 'true');
    expect(within(help).getByTestId('node-sample')).toHaveTextContent(/createHmac\('sha256', secret\)/);
  });
});

describe('the delivery log', () => {
  it('lists the channel’s messages with state, attempts, last error and the run, filtered by state', async () => {
    const stub = api('slack', anIntegration('slack'), [
      aDelivery(),
      aDelivery({ id: 6, state: 'sent', attempts: 1, last_error: null, delivered_at: '2026-11-20T10:16:00.000Z', run: null }),
    ]);
    const { user, search } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('slack'), session: aSession() });
    const table = await screen.findByRole('table', { name: 'Delivery log of Slack' });
    const first = stub.calls('GET', 'notifications/deliveries/')[0];
    expect(first.query.get('channel')).toBe('slack');
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('page_size')).toBe('25');

    const failed = table.querySelector('[data-delivery-id="5"]') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Scan finished')).toBeInTheDocument();
    expect(within(failed).getByText('4')).toBeInTheDocument();
    expect(within(failed).getByText('Slack answered 404 no_service')).toBeInTheDocument();
    expect(within(failed).getByRole('link', { name: 'Run 42' })).toHaveAttribute('href', '/scans/scans/view/nscan/42');
    const sent = table.querySelector('[data-delivery-id="6"]') as HTMLElement;
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('Schedule 7')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('search', { name: 'Filter the Slack delivery log' })).getByRole('combobox', { name: 'State' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(search().get('state')).toBe('failed'));
    await waitFor(() => expect(stub.calls('GET', 'notifications/deliveries/').at(-1)?.query.get('state')).toBe('failed'));
    expect(stub.calls('GET', 'notifications/deliveries/').at(-1)?.query.get('channel')).toBe('slack');
  });

  it('says where messages come from while there are none', async () => {
    api('teams');
    renderWithApp(<IntegrationsPage />, { path: PATH, url: url('teams'), session: aSession() });
    const empty = await screen.findByTestId('deliveries-teams-empty');
    expect(empty).toHaveTextContent('Nothing sent to Microsoft Teams yet.');
    expect(within(empty).getByRole('link', { name: 'Go to schedules' })).toHaveAttribute('href', '/scans/schedules');
  });
});

describe('between the integration pages', () => {
  it('marks the current page and moves to another, which loads its own settings', async () => {
    const stub = api('email').on('GET', 'app1/customer/:id/webhooks/', anIntegration('webhooks'));
    const { user, router } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('email'), session: aSession() });
    await settingsForm('Email settings');
    const nav = screen.getByRole('navigation', { name: 'Integrations' });
    expect(within(nav).getByRole('link', { name: 'Email' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Microsoft Teams' })).toHaveAttribute('href', '/admin/integrations/teams');
    await user.click(within(nav).getByRole('link', { name: 'Webhooks' }));
    expect(router.state.location.pathname).toBe('/admin/integrations/webhooks');
    expect(await settingsForm('Webhooks settings')).toBeInTheDocument();
    expect(stub.calls('GET', 'app1/customer/:id/webhooks/')).toHaveLength(1);
    // The page of each type starts afresh (its own form and nav).
    const next = screen.getByRole('navigation', { name: 'Integrations' });
    expect(within(next).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    expect(within(next).getByRole('link', { name: 'Email' })).not.toHaveAttribute('aria-current');
  });
});

describe('the integration routes', () => {
  const gate = (name: string, path: string) =>
    renderWithApp(<RouteGate route={routeByName(name) as RouteDef} />, { path, session: aSession() });

  it.each(['email', 'slack', 'teams', 'webhooks'] as const)('shows the %s page instead of the placeholder', async (type) => {
    api(type);
    gate(`integration-${type}`, url(type));
    expect(await screen.findByRole('form', { name: /settings$/ })).toBeInTheDocument();
    expect(screen.queryByTestId('not-available')).not.toBeInTheDocument();
  });

  it('shows the domain asset discovery page, no longer the placeholder', async () => {
    gate('integration-domain-asset-discovery', '/admin/integrations/domain-asset-discovery');
    expect(await screen.findByRole('heading', { name: 'Domain asset discovery' })).toBeInTheDocument();
    expect(screen.queryByTestId('not-available')).not.toBeInTheDocument();
  });

  it('sends /admin/integrations to its first page, e-mail', async () => {
    const { router } = gate('integrations', '/admin/integrations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/integrations/email'));
  });
});
