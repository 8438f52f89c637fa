// The ticketing-integration pages against a stubbed API: Jira's settings read for the signed-in customer with the token
// and webhook secret shown as set and kept (********), a change saved with PUT (deployment, project, priority and
// status-category mapping); the checks while on; Test connection (§8 "Connection to Jira succesful!", and the server's
// reason after "Failed to connect to Jira."), Create test ticket (its key, linked); the webhook URL of this customer; the
// sync state with its last error; the delivery log; ServiceNow's impact/urgency and state mapping; TOPdesk's fields;
// and the routes.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  MASKED,
  TRACKER_SETTINGS_SCHEMAS,
  routeByName,
  trackerDelivery,
  type RouteDef,
  type Tracker,
  type TrackerDelivery,
  type TrackerSettings,
} from '@bulwark/core';
import { RouteGate } from '../../app/RouteGate.tsx';
import IntegrationsPage from './IntegrationsPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/integrations/:type';
const url = (t: Tracker) => `/admin/integrations/${t}`;
const COMMON = {
  enabled: false,
  url: null,
  username: null,
  token: null,
  webhook_secret: null,
  status_map: { open: 'todo', in_progress: 'in_progress', solution_applied: 'done', fixed: 'done', will_not_fix: 'done' },
  priority_map: {},
  updated_at: null,
};
const EXTRA: Record<Tracker, object> = {
  jira: { deployment: 'cloud', project_key: null, issue_type: null, priority_map: { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Highest' } },
  servicenow: {
    table: 'incident',
    assignment_group: null,
    impact_map: { 1: '3', 2: '2', 3: '2', 4: '1' },
    urgency_map: { 1: '3', 2: '3', 3: '2', 4: '1' },
    state_map: { todo: '1', in_progress: '2', done: '6' },
    close_code: null,
  },
  topdesk: { operator: null, operator_group: null, category: null, subcategory: null, call_type: null, state_map: {} },
};

function settingsOf(tracker: Tracker, overrides: object = {}): TrackerSettings {
  return TRACKER_SETTINGS_SCHEMAS[tracker].answer.parse({ tracker, ...COMMON, ...EXTRA[tracker], ...overrides });
}

function aDelivery(overrides: Partial<TrackerDelivery> = {}): TrackerDelivery {
  return trackerDelivery.parse({
    id: 3,
    tracker: 'jira',
    ticket: 11,
    ticket_number: 42,
    operation: 'transition',
    version: 5,
    state: 'failed',
    attempts: 4,
    http_status: 429,
    last_error: 'Jira answered 429: rate limited',
    created_at: '2026-11-20T10:15:00.000Z',
    delivered_at: null,
    ...overrides,
  });
}

/** The API with one tracker's settings; PUT answers what was sent as saved (secrets answered masked). */
function api(tracker: Tracker, settings = settingsOf(tracker), deliveries: TrackerDelivery[] = []): ApiStub {
  return stubApi()
    .on('GET', `app1/customer/:id/${tracker}/`, settings)
    .on('PUT', `app1/customer/:id/${tracker}/`, (request) => {
      const body = request.body as Record<string, unknown>;
      const secret = (v: unknown) => (v === undefined || v === '' ? null : MASKED);
      return json(
        settingsOf(tracker, {
          ...body,
          token: secret(body.token),
          webhook_secret: secret(body.webhook_secret),
          updated_at: '2026-11-21T08:00:00.000Z',
        }),
      );
    })
    .on('GET', 'trackers/', [
      {
        tracker,
        enabled: settings.enabled,
        state: 'error',
        last_error: 'Jira answered 401',
        last_polled_at: '2026-11-21T07:55:00.000Z',
        linked_tickets: 8,
        tickets_in_error: 1,
      },
    ])
    .on('GET', `trackers/${tracker}/deliveries/`, page(deliveries));
}

const settingsForm = (name: string) => screen.findByRole('form', { name });

describe('the Jira page', () => {
  const saved = settingsOf('jira', {
    enabled: true,
    url: 'https://acme.atlassian.net',
    username: 'bulwark@acme.com',
    token: MASKED,
    webhook_secret: MASKED,
    project_key: 'SEC',
    issue_type: 'Task',
    updated_at: '2026-11-20T10:15:00.000Z',
  });

  it('shows the saved settings with the secrets set, and saves a change with them kept', { timeout: 60_000 }, async () => {
    const stub = api('jira', saved);
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('jira'), session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jira' })).toBeInTheDocument();
    const form = await settingsForm('Jira settings');
    expect(stub.calls('GET', 'app1/customer/:id/jira/')[0].path).toBe('app1/customer/1/jira/');
    expect(within(form).getByRole('switch', { name: /Sync tickets with Jira/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /Jira Cloud/ })).toBeChecked();
    expect(within(within(form).getByRole('group', { name: 'API token' })).getByText('Set')).toBeInTheDocument();
    expect(within(within(form).getByRole('group', { name: 'Webhook secret' })).getByText('Set')).toBeInTheDocument();
    expect(within(form).getByTestId('webhook-url')).toHaveValue(`${window.location.origin}/api/trackers/jira/webhook/1/`);
    expect(within(form).getByRole('textbox', { name: 'Jira priority for Critical (4)' })).toHaveValue('Highest');

    // A custom priority name and "Solution applied" kept in progress in Jira (Bulwark verifies before Done).
    const critical = within(form).getByRole('textbox', { name: 'Jira priority for Critical (4)' });
    await user.clear(critical);
    await user.type(critical, 'P1');
    await user.click(within(form).getByRole('combobox', { name: 'Solution applied' }));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stub.calls('PUT', 'app1/customer/:id/jira/')).toHaveLength(1));
    expect(stub.calls('PUT', 'app1/customer/:id/jira/')[0].body).toEqual({
      enabled: true,
      url: 'https://acme.atlassian.net',
      username: 'bulwark@acme.com',
      token: MASKED,
      webhook_secret: MASKED,
      status_map: { open: 'todo', in_progress: 'in_progress', solution_applied: 'in_progress', fixed: 'done', will_not_fix: 'done' },
      priority_map: { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'P1' },
      deployment: 'cloud',
      project_key: 'SEC',
      issue_type: 'Task',
    });
    expect(await screen.findByText('Jira settings saved.')).toBeInTheDocument();
  });

  it('asks for what Jira needs while it is on, each message on its field', { timeout: 60_000 }, async () => {
    const stub = api('jira');
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('jira'), session: aSession() });
    const form = await settingsForm('Jira settings');
    await user.click(within(form).getByRole('switch', { name: /Sync tickets with Jira/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/Enter the address of your Jira/)).toBeInTheDocument();
    expect(within(form).getByText('Enter the api token.')).toBeInTheDocument();
    expect(within(form).getByText(/e-mail address of the Atlassian account/)).toBeInTheDocument();
    expect(within(form).getByText(/key of the project/)).toBeInTheDocument();
    expect(stub.calls('PUT', 'app1/customer/:id/jira/')).toHaveLength(0);
  });

  it('tests the connection: the spec’s success message, or the reason it failed', { timeout: 60_000 }, async () => {
    const stub = api('jira', saved).on('POST', 'app1/customer/:id/jira/test-connection/', { detail: 'Connection to Jira succesful!' });
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('jira'), session: aSession() });
    const form = await settingsForm('Jira settings');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(await within(form).findByTestId('test-result')).toHaveTextContent('Connection to Jira succesful!');
    expect(stub.calls('POST', 'app1/customer/:id/jira/test-connection/')[0].path).toBe('app1/customer/1/jira/test-connection/');

    stub.on(
      'POST',
      'app1/customer/:id/jira/test-connection/',
      json(
        {
          non_field_errors: ['Failed to connect to Jira.'],
          detail: 'Failed to connect to Jira. Jira answered 401: check the e-mail and API token.',
        },
        400,
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Dismiss the test result' }));
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const result = await within(form).findByTestId('test-result');
    expect(result).toHaveTextContent('Failed to connect to Jira. Jira answered 401: check the e-mail and API token.');
    expect(result).toHaveAttribute('role', 'alert');
  });

  it('creates a test ticket and links it', { timeout: 60_000 }, async () => {
    api('jira', saved).on(
      'POST',
      'app1/customer/:id/jira/test-ticket/',
      json({ detail: 'Connection to Jira succesful!', key: 'SEC-17', url: 'https://acme.atlassian.net/browse/SEC-17' }, 201),
    );
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('jira'), session: aSession() });
    const form = await settingsForm('Jira settings');
    await user.click(within(form).getByRole('button', { name: 'Create test ticket' }));
    const result = await within(form).findByTestId('test-result');
    expect(result).toHaveTextContent('Test issue SEC-17 created.');
    expect(within(result).getByRole('link', { name: 'Open SEC-17' })).toHaveAttribute('href', 'https://acme.atlassian.net/browse/SEC-17');
  });

  it('shows the sync state with its last error, and the delivery log', { timeout: 60_000 }, async () => {
    const stub = api('jira', saved, [
      aDelivery(),
      aDelivery({
        id: 4,
        operation: 'create',
        state: 'sent',
        attempts: 1,
        http_status: 201,
        last_error: null,
        delivered_at: '2026-11-20T10:16:00.000Z',
      }),
    ]);
    renderWithApp(<IntegrationsPage />, { path: PATH, url: url('jira'), session: aSession() });
    expect(await screen.findByTestId('sync-state')).toHaveTextContent('Error');
    expect(screen.getByTestId('sync-error')).toHaveTextContent('Jira answered 401');
    expect(screen.getByText('Tickets linked').nextSibling).toHaveTextContent('8');
    const log = await screen.findByRole('table', { name: 'Delivery log of Jira' });
    const failed = within(log).getByRole('row', { name: /Change status/ });
    expect(within(failed).getByText('#42')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Jira answered 429: rate limited')).toBeInTheDocument();
    expect(within(log).getByRole('row', { name: /Create issue/ })).toHaveAttribute('data-state', 'sent');
    expect(stub.calls('GET', 'trackers/jira/deliveries/')).toHaveLength(1);
  });
});

describe('the ServiceNow and TOPdesk pages', () => {
  it('ServiceNow maps priorities to impact and urgency and categories to states', { timeout: 60_000 }, async () => {
    const stub = api(
      'servicenow',
      settingsOf('servicenow', { enabled: true, url: 'https://acme.service-now.com', username: 'bulwark', token: MASKED }),
    );
    const { user } = renderWithApp(<IntegrationsPage />, { path: PATH, url: url('servicenow'), session: aSession() });
    const form = await settingsForm('ServiceNow settings');
    expect(within(form).getByRole('textbox', { name: /^Table/ })).toHaveValue('incident');
    expect(within(form).getByRole('textbox', { name: /State for Done/ })).toHaveValue('6');
    await user.click(within(form).getByRole('combobox', { name: 'Impact for Critical (4)' }));
    await user.click(await screen.findByRole('option', { name: '2 - Medium' }));
    await user.type(within(form).getByRole('textbox', { name: /Assignment group/ }), 'SecOps');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'app1/customer/:id/servicenow/')).toHaveLength(1));
    expect(stub.calls('PUT', 'app1/customer/:id/servicenow/')[0].body).toMatchObject({
      table: 'incident',
      assignment_group: 'SecOps',
      impact_map: { 1: '3', 2: '2', 3: '2', 4: '2' },
      urgency_map: { 1: '3', 2: '3', 3: '2', 4: '1' },
      state_map: { todo: '1', in_progress: '2', done: '6' },
      token: MASKED,
    });
  });

  it('TOPdesk asks for its operator, category and processing statuses', async () => {
    api('topdesk');
    renderWithApp(<IntegrationsPage />, { path: PATH, url: url('topdesk'), session: aSession() });
    const form = await settingsForm('TOPdesk settings');
    expect(within(form).getByRole('textbox', { name: 'Operator group' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Processing status for Done/ })).toBeInTheDocument();
    expect(within(form).getByLabelText('Application password')).toBeInTheDocument();
    expect(within(form).getByTestId('webhook-url')).toHaveValue(`${window.location.origin}/api/trackers/topdesk/webhook/1/`);
  });
});

describe('the tracker routes', () => {
  it.each(['jira', 'servicenow', 'topdesk'] as const)('shows the %s page, and the nav marks it', async (tracker) => {
    api(tracker);
    renderWithApp(<RouteGate route={routeByName(`integration-${tracker}`) as RouteDef} />, { path: url(tracker), session: aSession() });
    expect(await screen.findByRole('form', { name: /settings$/ })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Integrations' });
    expect(
      within(nav).getByRole('link', { name: { jira: 'Jira', servicenow: 'ServiceNow', topdesk: 'TOPdesk' }[tracker] }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('not-available')).not.toBeInTheDocument();
  });
});
