// The BeyondTrust Password Safe integration page against a stubbed API: the saved settings with the API key shown as set,
// saving (PUT with the URL, run-as user and key; a saved key sent back masked, removed as ''), the checks while it is on,
// "Test a managed account" (each step with its state and a failing step's message; a 400 on a field shown on it; not
// offered before the settings are saved), no test message or delivery log, the nav, the route, and the pure rules.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  MASKED,
  beyondTrustTestResult,
  integrationSettings,
  integrationSettingsInput,
  routeByName,
  type BeyondTrustTestResult,
  type IntegrationSettings,
  type RouteDef,
} from '@bulwark/core';
import { RouteGate } from '../../app/RouteGate.tsx';
import IntegrationsPage from './IntegrationsPage.tsx';
import { stepRows } from './beyondtrust-test.ts';
import { INTEGRATION_PATHS, integrationInput, integrationOfPath, integrationValues, validateIntegration } from './integration-form.ts';
import { json, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/integrations/:type';
const URL_ = '/admin/integrations/beyondtrust';
const SETTINGS = 'app1/customer/:id/beyondtrust/';
const TEST = 'app1/customer/:id/beyondtrust/test-account/';
const API_URL = 'https://vault.example.com/BeyondTrust/api/public/v3';

function settingsOf(overrides: Partial<IntegrationSettings> = {}): IntegrationSettings {
  return integrationSettings.parse({
    type: 'beyondtrust',
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

const SAVED = settingsOf({ enabled: true, url: API_URL, api_user: 'svc-bulwark', api_key: MASKED, updated_at: '2026-11-20T10:15:00.000Z' });

/** The API with the saved settings; PUT answers what was sent as saved (a key answered masked). */
function api(settings = settingsOf()): ApiStub {
  return stubApi()
    .on('GET', SETTINGS, settings)
    .on('PUT', SETTINGS, (request) => {
      const body = request.body as Partial<IntegrationSettings>;
      const apiKey = body.api_key === undefined || body.api_key === '' ? null : MASKED;
      return json(settingsOf({ ...body, api_key: apiKey, updated_at: '2026-11-21T08:00:00.000Z' }));
    });
}

function aResult(overrides: Partial<BeyondTrustTestResult> = {}): BeyondTrustTestResult {
  return beyondTrustTestResult.parse({
    ok: false,
    detail: 'Password Safe refused the request: the run-as user may not request this account.',
    steps: [
      { step: 'sign_in', ok: true, message: 'Signed in as svc-bulwark.' },
      { step: 'find_account', ok: true, message: 'Found root on db01.example.com.' },
      { step: 'request', ok: false, message: 'Password Safe answered 403: 4031 - User does not have permission to request the account.' },
      { step: 'sign_out', ok: true, message: 'Signed out.' },
    ],
    ...overrides,
  });
}

const open = () => renderWithApp(<IntegrationsPage />, { path: PATH, url: URL_, session: aSession() });
const settingsForm = () => screen.findByRole('form', { name: 'BeyondTrust settings' });
const testForm = () => screen.findByRole('form', { name: 'Test a managed account' });

describe('the BeyondTrust settings', () => {
  it('shows the saved settings with the API key as set, and no test message or delivery log', async () => {
    const stub = api(SAVED);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'BeyondTrust Password Safe' })).toBeInTheDocument();
    const form = await settingsForm();
    expect(stub.calls('GET', SETTINGS)[0].path).toBe('app1/customer/1/beyondtrust/');
    expect(within(form).getByRole('switch', { name: /Borrow scan credentials from BeyondTrust Password Safe/ })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /API URL/ })).toHaveValue(API_URL);
    expect(within(form).getByRole('textbox', { name: /Run-as user/ })).toHaveValue('svc-bulwark');
    const key = within(form).getByRole('group', { name: /API key/ });
    expect(within(key).getByText('Set')).toBeInTheDocument();
    expect(within(key).getByRole('button', { name: 'Replace the API key' })).toBeInTheDocument();
    expect(within(form).queryByLabelText(/API key/, { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByText(MASKED)).not.toBeInTheDocument();
    expect(within(form).getByTestId('beyondtrust-how')).toHaveTextContent(/requests that account, retrieves its password or SSH key/);
    expect(within(form).getByTestId('beyondtrust-how')).toHaveTextContent(/never stores/);

    expect(within(form).queryByRole('button', { name: /test message/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(stub.calls('GET', 'notifications/deliveries/')).toHaveLength(0);
    const nav = screen.getByRole('navigation', { name: 'Integrations' });
    expect(within(nav).getByRole('link', { name: 'BeyondTrust' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks for the URL, run-as user and key while on, then saves them with PUT', async () => {
    const stub = api();
    const { user } = open();
    const form = await settingsForm();
    expect(within(await testForm()).getByRole('button', { name: 'Test account' })).toBeDisabled();
    await user.click(within(form).getByRole('switch', { name: /Borrow scan credentials/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/Enter the URL of the Password Safe API/)).toBeInTheDocument();
    expect(within(form).getByText('Enter the run-as user the API key signs in as.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the API key of the API registration.')).toBeInTheDocument();
    expect(stub.calls('PUT', SETTINGS)).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /API URL/ }), API_URL);
    await user.type(within(form).getByRole('textbox', { name: /Run-as user/ }), 'svc-bulwark');
    await user.type(within(form).getByLabelText(/API key/, { selector: 'input' }), 'a1b2c3-key');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stub.calls('PUT', SETTINGS)).toHaveLength(1));
    expect(stub.calls('PUT', SETTINGS)[0].path).toBe('app1/customer/1/beyondtrust/');
    expect(stub.calls('PUT', SETTINGS)[0].body).toEqual({ enabled: true, url: API_URL, api_user: 'svc-bulwark', api_key: 'a1b2c3-key' });
    expect(await screen.findByText('BeyondTrust settings saved.')).toBeInTheDocument();
    const key = await within(form).findByRole('group', { name: /API key/ });
    expect(within(key).getByText('Set')).toBeInTheDocument();
    // The account test reads the settings just saved.
    expect(within(await testForm()).getByRole('button', { name: 'Test account' })).toBeEnabled();
  });

  it('sends a saved key back masked (unchanged), and removes it as an empty string', async () => {
    const stub = api(SAVED);
    const { user } = open();
    const form = await settingsForm();
    const runAs = within(form).getByRole('textbox', { name: /Run-as user/ });
    await user.clear(runAs);
    await user.type(runAs, 'svc-scanner');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', SETTINGS)).toHaveLength(1));
    expect(stub.calls('PUT', SETTINGS)[0].body).toEqual({ enabled: true, url: API_URL, api_user: 'svc-scanner', api_key: MASKED });

    await user.click(within(form).getByRole('switch', { name: /Borrow scan credentials/ }));
    await user.click(within(form).getByRole('button', { name: 'Remove the API key' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', SETTINGS)).toHaveLength(2));
    expect(stub.calls('PUT', SETTINGS)[1].body).toEqual({ enabled: false, url: API_URL, api_user: 'svc-scanner', api_key: '' });
  });
});

describe('testing a managed account', () => {
  it('shows each step with its state, and the failing step’s message', async () => {
    const stub = api(SAVED).on('POST', TEST, aResult());
    const { user } = open();
    const form = await testForm();
    expect(screen.getByRole('region', { name: 'Test a managed account' })).toHaveTextContent(/uses the saved settings/);
    await user.type(within(form).getByRole('textbox', { name: /System name/ }), 'db01.example.com');
    await user.type(within(form).getByRole('textbox', { name: /Account name/ }), 'root');
    await user.click(within(form).getByRole('button', { name: 'Test account' }));

    const steps = await screen.findByRole('list', { name: 'Test steps' });
    expect(stub.calls('POST', TEST)[0].path).toBe('app1/customer/1/beyondtrust/test-account/');
    expect(stub.calls('POST', TEST)[0].body).toEqual({ system_name: 'db01.example.com', account_name: 'root' });
    const items = within(steps).getAllByRole('listitem');
    const seen = items.map((item) => [
      item.querySelector('.mantine-Text-root')?.textContent,
      within(item).getByRole('img').getAttribute('aria-label'),
    ]);
    expect(seen).toEqual([
      ['Sign in', 'Passed'],
      ['Find the account', 'Passed'],
      ['Request access', 'Failed'],
      ['Retrieve the credential', 'Not reached'],
      ['Check in', 'Not reached'],
      ['Sign out', 'Passed'],
    ]);
    expect(within(items[2]).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Password Safe answered 403: 4031 - User does not have permission to request the account.');
    expect(items[3]).toHaveTextContent('Not reached: an earlier step failed.');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The account test failed');
    expect(alert).toHaveTextContent('the run-as user may not request this account');
    // Nothing is saved by a test.
    expect(stub.calls('PUT', SETTINGS)).toHaveLength(0);
  });

  it('says so when every step passed', async () => {
    const passed = aResult({
      ok: true,
      detail: 'Bulwark borrowed root on db01.example.com and checked it in.',
      steps: (['sign_in', 'find_account', 'request', 'retrieve', 'check_in', 'sign_out'] as const).map((step) => ({
        step,
        ok: true,
        message: 'Done.',
      })),
    });
    api(SAVED).on('POST', TEST, passed);
    const { user } = open();
    const form = await testForm();
    await user.type(within(form).getByRole('textbox', { name: /System name/ }), 'db01.example.com');
    await user.type(within(form).getByRole('textbox', { name: /Account name/ }), 'root');
    await user.click(within(form).getByRole('button', { name: 'Test account' }));
    const steps = await screen.findByRole('list', { name: 'Test steps' });
    expect(within(steps).getAllByRole('img', { name: 'Passed' })).toHaveLength(6);
    expect(screen.getByTestId('beyondtrust-test-result')).toHaveTextContent('The account test passed');
  });

  it('puts a 400 on system_name onto the field, and checks blanks before asking', async () => {
    const stub = api(SAVED).on('POST', TEST, json({ system_name: ['No managed system named db99.'] }, 400));
    const { user } = open();
    const form = await testForm();
    await user.click(within(form).getByRole('button', { name: 'Test account' }));
    expect(await within(form).findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(stub.calls('POST', TEST)).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /System name/ }), 'db99');
    await user.type(within(form).getByRole('textbox', { name: /Account name/ }), 'root');
    await user.click(within(form).getByRole('button', { name: 'Test account' }));
    const field = within(form).getByRole('textbox', { name: /System name/ });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('No managed system named db99.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Test steps' })).not.toBeInTheDocument();
  });

  it('is not offered before the integration is on with its API URL, run-as user and key saved', async () => {
    api(settingsOf({ enabled: true, url: API_URL }));
    open();
    const form = await testForm();
    expect(within(form).getByRole('button', { name: 'Test account' })).toBeDisabled();
    expect(within(form).getByTestId('beyondtrust-test-missing')).toHaveTextContent(
      'Save the run-as user and the API key above first: the test uses the saved settings.',
    );
  });

  it('asks for the integration to be switched on (the server tests nothing while it is off)', async () => {
    api({ ...SAVED, enabled: false });
    open();
    const form = await testForm();
    expect(within(form).getByRole('button', { name: 'Test account' })).toBeDisabled();
    expect(within(form).getByTestId('beyondtrust-test-missing')).toHaveTextContent(
      'Switch the integration on and save the settings above first: the test uses the saved settings.',
    );
  });
});

describe('the BeyondTrust route', () => {
  it('shows the page instead of the placeholder', async () => {
    api(SAVED);
    renderWithApp(<RouteGate route={routeByName('integration-beyondtrust') as RouteDef} />, { path: URL_, session: aSession() });
    expect(await screen.findByRole('form', { name: 'BeyondTrust settings' })).toBeInTheDocument();
    expect(screen.queryByTestId('not-available')).not.toBeInTheDocument();
  });
});

describe('the BeyondTrust rules', () => {
  it('has its page on core’s route', () => {
    expect(routeByName('integration-beyondtrust')?.path).toBe(INTEGRATION_PATHS.beyondtrust);
    expect(integrationOfPath(`${URL_}/`)).toBe('beyondtrust');
  });

  it('sends only what core’s strict input schema accepts, and wants a new key typed once Replace is chosen', () => {
    const values = integrationValues(SAVED);
    expect(integrationSettingsInput.safeParse(integrationInput('beyondtrust', SAVED, values)).success).toBe(true);
    expect(validateIntegration('beyondtrust', SAVED, values)).toEqual({});
    expect(validateIntegration('beyondtrust', SAVED, { ...values, api_key_mode: 'replace' })).toEqual({
      api_key: 'Type the new API key, or keep the saved one.',
    });
    expect(validateIntegration('beyondtrust', SAVED, { ...values, url: 'vault.example.com' })).toEqual({
      url: 'Enter a valid URL (http:// or https://).',
    });
  });

  it('reads steps missing from the answer as not reached, blaming an earlier step only when one failed', () => {
    const notSetUp = stepRows(aResult({ ok: false, detail: 'BeyondTrust Password Safe is not set up or not enabled.', steps: [] }));
    expect(notSetUp.map((r) => r.state)).toEqual(Array(6).fill('not_reached'));
    expect(notSetUp[0].message).toBe('Not reached.');
    const failed = stepRows(aResult());
    expect(failed.map((r) => r.state)).toEqual(['passed', 'passed', 'failed', 'not_reached', 'not_reached', 'passed']);
    expect(failed[3].message).toBe('Not reached: an earlier step failed.');
  });
});
