// The Azure integration page against a stubbed API: the saved settings (tenant, client id, the client secret shown as
// set, never its value), the checks while it is on, saving with PUT (a kept secret not sent), and "Sync now" running
// the directory sync (fra/recipients/sync/azure_ad/) and showing what changed.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MASKED, integrationSettings, type IntegrationSettings } from '@bulwark/core';
import IntegrationsPage from './IntegrationsPage.tsx';
import { json, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/integrations/azure';
const SETTINGS = 'app1/customer/:id/azure/';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const CLIENT = '0b1e4e6a-27f3-4a1b-9c55-7a0c8a7f1c11';

function settingsOf(o: Partial<IntegrationSettings> = {}): IntegrationSettings {
  return integrationSettings.parse({
    type: 'azure',
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
    smtp_security: null,
    api_user: null,
    api_key: null,
    updated_at: null,
    ...o,
  });
}
const SAVED = settingsOf({ enabled: true, tenant: TENANT, client_id: CLIENT, client_secret: MASKED, updated_at: '2026-11-20T08:00:00Z' });

function api(saved = SAVED): ApiStub {
  return stubApi()
    .on('GET', SETTINGS, saved)
    .on('PUT', SETTINGS, (r) => json(settingsOf({ ...(r.body as Partial<IntegrationSettings>), client_secret: MASKED })))
    .on('POST', 'fra/recipients/sync/azure_ad/', {
      fetched: 1500,
      created: 1400,
      updated: 90,
      deactivated: 10,
      pages: 2,
      throttled: 1,
      finished: '2026-11-29T12:00:00Z',
    });
}
const open = () => renderWithApp(<IntegrationsPage />, { path: PATH, url: PATH, session: aSession() });
const form = () => screen.findByRole('form', { name: 'Azure settings' });

describe('the Azure settings', () => {
  it('shows the saved settings with the client secret as set', async () => {
    api();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Azure AD' })).toBeInTheDocument();
    const f = await form();
    expect(within(f).getByRole('switch', { name: /Sync phishing recipients from Azure AD/ })).toBeChecked();
    expect(within(f).getByRole('textbox', { name: /Directory \(tenant\) ID/ })).toHaveValue(TENANT);
    expect(within(f).getByRole('textbox', { name: /Application \(client\) ID/ })).toHaveValue(CLIENT);
    const secret = within(f).getByRole('group', { name: /Client secret/ });
    expect(within(secret).getByText('Set')).toBeInTheDocument();
    expect(screen.queryByText(MASKED)).not.toBeInTheDocument();
  });

  it('asks for the tenant, client id and secret while on, then saves them, a kept secret not sent', async () => {
    const stub = api(settingsOf());
    const { user } = open();
    const f = await form();
    await user.click(within(f).getByRole('switch', { name: /Sync phishing recipients from Azure AD/ }));
    await user.click(within(f).getByRole('button', { name: /^Save/ }));
    expect(await within(f).findByText('Enter the directory (tenant) ID of your Microsoft Entra ID.')).toBeInTheDocument();
    expect(within(f).getByText('Enter the application (client) ID of the app registration.')).toBeInTheDocument();
    expect(within(f).getByText('Enter a client secret of the app registration.')).toBeInTheDocument();
    expect(stub.calls('PUT', SETTINGS)).toHaveLength(0);

    await user.click(within(f).getByRole('textbox', { name: /Directory \(tenant\) ID/ }));
    await user.paste(TENANT);
    await user.click(within(f).getByRole('textbox', { name: /Application \(client\) ID/ }));
    await user.paste(CLIENT);
    await user.click(within(f).getByLabelText(/Client secret/, { selector: 'input' }));
    await user.paste('s3cr3t~value');
    await user.click(within(f).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(stub.calls('PUT', SETTINGS)).toHaveLength(1));
    expect(stub.calls('PUT', SETTINGS)[0]!.body).toEqual({
      enabled: true,
      tenant: TENANT,
      client_id: CLIENT,
      client_secret: 's3cr3t~value',
    });
  });

  it('syncs now and shows what changed', async () => {
    const stub = api();
    const { user } = open();
    await form();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    const result = await screen.findByRole('status');
    expect(within(result).getByText(/1500 users read/)).toBeInTheDocument();
    expect(within(result).getByText(/10 recipients deactivated/)).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/recipients/sync/azure_ad/')).toHaveLength(1);
  });
});
