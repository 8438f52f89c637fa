// The Subscription and settings page against a stubbed API: the subscription facts (tier, licence, scan tasks at once,
// asset usage), saving settings without a blackout window (§5: none sent), a new window on chosen weekdays, the live
// line, the session's customer refreshed after a save, the server's field errors (400) on the fields, and the route.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeByName, type RouteDef } from '@bulwark/core';
import CustomerSettingsPage from './CustomerSettingsPage.tsx';
import { RouteGate } from '../../app/RouteGate.tsx';
import { SESSION_KEY, type Session } from '../../session/session.ts';
import { json, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aCustomer, aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/subscription';

function api(customer = aCustomer()): ApiStub {
  return stubApi()
    .on('GET', 'check-authentication/', { isAuthenticated: true })
    .on('GET', 'customer/', customer)
    .on('GET', 'usage/', { hosts: 130, webapps: 5, networks: 2, used: 120, limit: 500 })
    .on('PATCH', 'customer/:id/', (request) => json({ ...customer, ...(request.body as object) }));
}

const session = (): Session => ({ ...aSession(), customer: aCustomer() });

async function settingsForm() {
  return screen.findByRole('form', { name: 'Settings' });
}

describe('CustomerSettingsPage', () => {
  it('shows the subscription: tier, licence, scan tasks at once and asset usage', async () => {
    api(aCustomer({ max_concurrent_tasks: null }));
    renderWithApp(<CustomerSettingsPage />, { path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription and settings' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(card).getByText('Plus')).toBeInTheDocument();
    expect(within(card).getByText('2027-09-16')).toBeInTheDocument();
    expect(within(card).getByText('300 days to expiration')).toBeInTheDocument();
    expect(within(card).getByTestId('task-limit')).toHaveTextContent('No limit');
    expect(await within(card).findByText('120 of 500 assets')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: /24%/ })).toBeInTheDocument();
  });

  it('saves the settings without a blackout window when none is set up (§5)', async () => {
    const stub = api();
    const { user, queryClient } = renderWithApp(<CustomerSettingsPage />, { path: PATH, session: session() });
    const form = await settingsForm();
    const save = within(form).getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    expect(within(form).getByTestId('blackout-status')).toHaveTextContent('The window is off');

    await user.click(within(form).getByRole('switch', { name: /Lifecycle management/ }));
    await user.click(within(form).getByRole('combobox', { name: 'Archive hosts not seen for' }));
    await user.click(screen.getByRole('option', { name: '180 days' }));
    await user.click(within(form).getByRole('switch', { name: /Risk acceptance needs approval/ }));
    await user.click(save);

    await waitFor(() => expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(1));
    const patch = stub.calls('PATCH', 'customer/:id/')[0];
    expect(patch.path).toBe('customer/1/');
    expect(patch.body).toEqual({ lifecycle_management_enabled: true, lifecycle_period: 180, risk_acceptance_approval: true });
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    const saved = queryClient.getQueryData<Session>(SESSION_KEY)?.customer;
    expect(saved).toMatchObject({ lifecycle_management_enabled: true, lifecycle_period: 180, risk_acceptance_approval: true });
  });

  it('sets up a blackout window on chosen weekdays', async () => {
    const stub = api();
    const { user, queryClient } = renderWithApp(<CustomerSettingsPage />, { path: PATH, session: session() });
    const form = await settingsForm();
    const fieldset = within(form).getByRole('group', { name: 'Blackout window' });
    await user.click(within(fieldset).getByRole('switch', { name: 'Pause scans during the blackout window' }));
    expect(within(fieldset).getByTestId('blackout-status')).toHaveTextContent(/Every day 22:00-06:00/);

    await user.click(within(fieldset).getByRole('radio', { name: 'On chosen weekdays' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(fieldset).findByText('Choose at least one day.')).toBeInTheDocument();
    expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(0);

    await user.click(within(fieldset).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(fieldset).getByRole('checkbox', { name: 'Monday' }));
    const start = within(fieldset).getByLabelText(/Start time/);
    await user.clear(start);
    await user.type(start, '20:30');
    const zone = within(fieldset).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Asia/Tok');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    expect(within(fieldset).getByTestId('blackout-status')).toHaveTextContent(/Mon, Sat 20:30-06:00 \(Asia\/Tokyo\)/);
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'customer/:id/')[0].body).toEqual({
      lifecycle_management_enabled: false,
      lifecycle_period: 90,
      risk_acceptance_approval: false,
      blackouts: { enabled: true, days_of_week: '1,6', start_time: '20:30', end_time: '06:00', time_zone: 'Asia/Tokyo' },
    });
    await waitFor(() => expect(queryClient.getQueryData<Session>(SESSION_KEY)?.customer?.blackouts).toMatchObject({ days_of_week: '1,6' }));
  });

  it('sends an existing window switched off', async () => {
    const window = { enabled: true, days_of_week: '0', start_time: '22:00', end_time: '06:00', time_zone: 'Europe/Stockholm' };
    const stub = api(aCustomer({ blackouts: window }));
    const { user } = renderWithApp(<CustomerSettingsPage />, { path: PATH });
    const form = await settingsForm();
    expect(within(form).getByRole('radio', { name: 'Every day' })).toBeChecked();
    expect(within(form).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Stockholm');
    await user.click(within(form).getByRole('switch', { name: 'Pause scans during the blackout window' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'customer/:id/')[0].body).toMatchObject({ blackouts: { ...window, enabled: false } });
  });

  it('shows the server’s field errors (400) on the fields', async () => {
    api().on(
      'PATCH',
      'customer/:id/',
      json({ blackouts: ['The window must end at another time than it starts.'], lifecycle_period: ['Choose one of 7, 14 days.'] }, 400),
    );
    const { user } = renderWithApp(<CustomerSettingsPage />, { path: PATH });
    const form = await settingsForm();
    await user.click(within(form).getByRole('switch', { name: 'Pause scans during the blackout window' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    const windowError = await within(form).findByText('The window must end at another time than it starts.');
    expect(windowError).toHaveAttribute('id', 'blackouts-error');
    expect(within(form).getByRole('group', { name: 'Blackout window' })).toHaveAttribute('aria-describedby', 'blackouts-error');
    expect(within(form).getByText('Choose one of 7, 14 days.')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('changes the minimum quality of detection, checked 0-100, and shows the server’s error on the field', async () => {
    const stub = api(aCustomer({ min_qod: 70 }));
    const { user } = renderWithApp(<CustomerSettingsPage />, { path: PATH, session: session() });
    const form = await settingsForm();
    const qod = within(form).getByRole('textbox', { name: 'Minimum quality of detection (%)' });
    expect(qod).toHaveValue('70 %');
    await user.clear(qod);
    await user.type(qod, '101');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Enter a quality of detection from 0 to 100 %.')).toBeInTheDocument();
    expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(0);

    await user.clear(qod);
    await user.type(qod, '30');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'customer/:id/')[0].body).toMatchObject({ min_qod: 30 });

    stub.on('PATCH', 'customer/:id/', json({ min_qod: ['Enter a quality of detection from 0 to 100 %.'] }, 400));
    await user.clear(qod);
    await user.type(qod, '40');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Enter a quality of detection from 0 to 100 %.')).toBeInTheDocument();
  });

  it('offers to try again when the customer cannot be loaded', async () => {
    const stub = api().on('GET', 'customer/', json({ detail: 'Server error' }, 500));
    const { user } = renderWithApp(<CustomerSettingsPage />, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent('The subscription cannot be shown');
    stub.on('GET', 'customer/', aCustomer());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await settingsForm()).toBeInTheDocument();
  });
});

describe('the subscription route', () => {
  it('shows the page instead of the placeholder', async () => {
    api();
    const route = routeByName('subscription') as RouteDef;
    renderWithApp(<RouteGate route={route} />, { path: PATH, session: session() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription and settings' })).toBeInTheDocument();
  });
});
