// The single sign-on card of the Subscription and settings page against a stubbed API: §5 (SAML is sent only when
// enabled or already configured), each way of giving the identity provider with its required fields, the group-to-role
// rows, the server's SAML field errors (400, keyed inside `saml`) on the fields, and Bulwark's SP details once saved.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SamlSettings } from '@bulwark/core';
import CustomerSettingsPage from './CustomerSettingsPage.tsx';
import { json, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aCustomer } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/admin/subscription';

const SAVED: SamlSettings = {
  enabled: true,
  idp_name: 'Corp IdP',
  want_assertions_signed: true,
  want_assertions_encrypted: false,
  config_option: 'url',
  idp_metadata_file_url: null,
  idp_metadata_file: null,
  idp_login_url: 'https://idp.corp.example/sso',
  idp_metadata_url: 'https://idp.corp.example/metadata',
  idp_certificate: '',
  idp_entity_id: 'https://idp.corp.example/entity',
  email_domains: ['corp.example'],
  default_role: 'auditor',
  group_attribute: 'groups',
  group_roles: [{ group: 'secops', role: 'security_analyst' }],
  service_provider: {
    entity_id: 'https://bulwark.corp.example/api/saml/1/metadata/',
    acs_url: 'https://bulwark.corp.example/api/saml/1/acs/',
    metadata_url: 'https://bulwark.corp.example/api/saml/1/metadata/',
    login_url: 'https://bulwark.corp.example/api/saml/1/login/',
    certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  },
};

function api(saml: SamlSettings | null, patch?: (body: { saml: Record<string, unknown> }) => ReturnType<typeof json>): ApiStub {
  return stubApi()
    .on('GET', 'check-authentication/', { isAuthenticated: true })
    .on('GET', 'customer/', aCustomer({ saml }))
    .on('GET', 'usage/', { hosts: 1, webapps: 0, networks: 0, used: 1, limit: null })
    .on('PATCH', 'customer/:id/', (request) =>
      patch ? patch(request.body as { saml: Record<string, unknown> }) : json(aCustomer({ saml: SAVED })),
    );
}

const card = () => screen.findByRole('form', { name: 'Single sign-on (SAML)' });

describe('SamlSettingsCard', () => {
  it('sends nothing for a setting never made and left off (§5), and asks what an enabled one needs', async () => {
    const stub = api(null);
    const { user } = renderWithApp(<CustomerSettingsPage />, { path: PATH });
    const form = await card();
    await user.type(within(form).getByLabelText('Identity provider name'), 'Corp IdP');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save single sign-on' })).toBeDisabled());
    expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(0);
    await user.click(within(form).getByLabelText('Sign in with SAML'));
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(form).findByText('Enter the address of the identity provider’s metadata.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Sign-in URL and certificate by hand' }));
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(form).findByText('Paste the identity provider’s signing certificate.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the address of the identity provider’s sign-in page.')).toBeInTheDocument();
    expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(0);
  });

  it('saves a metadata URL with domains, default role and a group mapping, then shows Bulwark’s SP details', async () => {
    const stub = api(null);
    const { user } = renderWithApp(<CustomerSettingsPage />, { path: PATH });
    const form = await card();
    expect(within(form).queryByTestId('saml-service-provider')).toBeNull();
    await user.click(within(form).getByLabelText('Sign in with SAML'));
    await user.type(within(form).getByLabelText('Identity provider name'), 'Corp IdP');
    await user.type(within(form).getByLabelText('Metadata URL'), 'https://idp.corp.example/metadata');
    await user.type(within(form).getByPlaceholderText('example.com'), 'Corp.example,');
    await user.click(within(form).getByRole('button', { name: 'Add a group' }));
    await user.type(within(form).getByLabelText('Group 1'), 'secops');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'customer/:id/')[0]!.body).toEqual({
      saml: {
        enabled: true,
        idp_name: 'Corp IdP',
        want_assertions_signed: true,
        want_assertions_encrypted: false,
        config_option: 'url',
        idp_metadata_url: 'https://idp.corp.example/metadata',
        idp_metadata_file: null,
        idp_login_url: '',
        idp_certificate: '',
        email_domains: ['corp.example'],
        default_role: 'auditor',
        group_attribute: 'groups',
        group_roles: [{ group: 'secops', role: 'security_analyst' }],
      },
    });
    const sp = await within(form).findByTestId('saml-service-provider');
    expect(sp).toHaveTextContent('https://bulwark.corp.example/api/saml/1/acs/');
    expect(within(form).getByText('https://idp.corp.example/entity')).toBeInTheDocument();
  });

  it('puts the server’s SAML errors on their fields, and sends a configured setting even when turned off', async () => {
    let calls = 0;
    const stub = api(SAVED, (body) => {
      calls += 1;
      if (calls === 1) return json({ saml: { idp_metadata_url: ['The metadata address answered HTTP 404.'] } }, 400);
      return json(aCustomer({ saml: { ...SAVED, ...(body.saml as object), service_provider: SAVED.service_provider } as SamlSettings }));
    });
    const { user } = renderWithApp(<CustomerSettingsPage />, { path: PATH });
    const form = await card();
    expect(within(form).getByLabelText('Metadata URL')).toHaveValue('https://idp.corp.example/metadata');
    await user.clear(within(form).getByLabelText('Metadata URL'));
    await user.type(within(form).getByLabelText('Metadata URL'), 'https://idp.corp.example/gone');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(form).findByText('The metadata address answered HTTP 404.')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Sign in with SAML'));
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(stub.calls('PATCH', 'customer/:id/')).toHaveLength(2));
    expect(stub.calls('PATCH', 'customer/:id/')[1]!.body).toMatchObject({ saml: { enabled: false, idp_name: 'Corp IdP' } });
  });
});
