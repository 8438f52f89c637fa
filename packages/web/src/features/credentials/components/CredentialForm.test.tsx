// The credential form's rules, rendered against a stubbed API: the SSH key fields appear only with key login and are
// cleared (null) when it is off, pasted \n escapes become line breaks, a saved secret shows masked and is sent back as
// the mask unless replaced, su asks for the root password, the vault hides the login; and the pure body builder for
// Windows and Kubernetes.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MASKED, credentialInputOf } from '@bulwark/core';
import { CredentialForm } from './CredentialForm.tsx';
import { credentialInput, credentialValues, newCredentialValues, validateCredential } from '../credential-form.ts';
import type { ScanCredential } from '../api/credentials-api.ts';
import { json, stubApi, type ApiStub } from '../../../../test/support/api-stub.ts';
import { aKubernetesCredential, aLinuxCredential, aWindowsCredential } from '../../../../test/support/credentials.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';

function api(): ApiStub {
  return stubApi()
    .on('POST', 'scan/linuxauths/', (request) => json(aLinuxCredential({ id: 11, ...(request.body as object) }), 201))
    .on('PUT', 'scan/linuxauths/:id/', aLinuxCredential());
}

function renderForm(credential?: ScanCredential) {
  const onDone = vi.fn();
  const view = renderWithApp(<CredentialForm kind="linux" credential={credential} onDone={onDone} />);
  const form = screen.getByRole('form', { name: credential ? 'Edit Linux credential' : 'New Linux credential' });
  return { ...view, form, onDone };
}

describe('the Linux credential form', () => {
  it('shows the key fields only with key login, and clears the key when key login is off', async () => {
    const stub = api();
    const { user, form, onDone } = renderForm();
    expect(within(form).queryByLabelText(/^Private key/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Passphrase/)).not.toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Web servers');
    await user.type(within(form).getByRole('textbox', { name: /^Username/ }), 'scanner');
    const keyLogin = within(form).getByRole('switch', { name: /Log in with an SSH key/ });
    await user.click(keyLogin);
    const key = within(form).getByLabelText(/^Private key/);
    expect(key.tagName).toBe('TEXTAREA');
    await user.type(key, 'KEY-TEXT');
    await user.type(within(form).getByLabelText(/^Passphrase/), 'phrase');

    await user.click(keyLogin);
    expect(within(form).queryByLabelText(/^Private key/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Password/), 'pw');
    await user.click(within(form).getByRole('button', { name: 'Add credential' }));
    await waitFor(() => expect(stub.calls('POST', 'scan/linuxauths/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/linuxauths/')[0]!.body).toMatchObject({
      use_dsskey: false,
      priv_key: null,
      priv_key_passwd: null,
      passwd: 'pw',
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('turns pasted \\n escapes of a key into line breaks, and asks for a key when key login is on', async () => {
    const stub = api();
    const { user, form } = renderForm();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Web servers');
    await user.type(within(form).getByRole('textbox', { name: /^Username/ }), 'scanner');
    await user.click(within(form).getByRole('switch', { name: /Log in with an SSH key/ }));
    await user.click(within(form).getByRole('button', { name: 'Add credential' }));
    expect(await within(form).findByText('Private key is required')).toBeInTheDocument();
    expect(stub.calls('POST', 'scan/linuxauths/')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Private key/), '-----BEGIN KEY-----\\nAAAA\\n-----END KEY-----');
    await user.click(within(form).getByRole('button', { name: 'Add credential' }));
    await waitFor(() => expect(stub.calls('POST', 'scan/linuxauths/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/linuxauths/')[0]!.body).toMatchObject({
      use_dsskey: true,
      priv_key: '-----BEGIN KEY-----\nAAAA\n-----END KEY-----\n',
      priv_key_passwd: null,
      // Optional with a key.
      passwd: null,
    });
  });

  it('shows a saved secret masked and sends it back as the mask; Replace sends the new one', async () => {
    const stub = api();
    const saved = aLinuxCredential({ use_dsskey: true, priv_key: MASKED, priv_key_passwd: null });
    const { user, form } = renderForm(saved);
    const password = within(form).getByLabelText(/^Password/);
    expect(password).toHaveValue(MASKED);
    expect(password).toHaveAttribute('readonly');
    expect(within(form).getByLabelText(/^Private key/)).toHaveValue(MASKED);

    const username = within(form).getByRole('textbox', { name: /^Username/ });
    await user.clear(username);
    await user.type(username, 'auditor');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/linuxauths/:id/')).toHaveLength(1));
    expect(stub.calls('PUT', 'scan/linuxauths/:id/')[0]).toMatchObject({
      path: 'scan/linuxauths/4/',
      body: { username: 'auditor', passwd: MASKED, use_dsskey: true, priv_key: MASKED, priv_key_passwd: null },
    });

    await user.click(within(form).getByRole('button', { name: 'Replace the password' }));
    const replacing = within(form).getByLabelText(/^Password/);
    expect(replacing).toHaveFocus();
    expect(replacing).toHaveValue('');
    expect(replacing).toHaveAttribute('type', 'password');
    await user.type(replacing, 'n3w');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/linuxauths/:id/')).toHaveLength(2));
    expect(stub.calls('PUT', 'scan/linuxauths/:id/')[1]!.body).toMatchObject({ passwd: 'n3w', priv_key: MASKED });

    await user.click(within(form).getByRole('button', { name: 'Keep the saved password' }));
    expect(within(form).getByLabelText(/^Password/)).toHaveValue(MASKED);
  });

  it('asks for the root password only with su', async () => {
    const stub = api();
    const { user, form } = renderForm(aLinuxCredential());
    expect(within(form).queryByLabelText(/^Root password/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: /^su \(/ }));
    const root = within(form).getByLabelText(/^Root password/);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Root password is required')).toBeInTheDocument();
    await user.type(root, 'r00t');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/linuxauths/:id/')).toHaveLength(1));
    expect(stub.calls('PUT', 'scan/linuxauths/:id/')[0]!.body).toMatchObject({ privilege_escalation: 'su', escalation_passwd: 'r00t' });

    await user.click(within(form).getByRole('radio', { name: /^None/ }));
    expect(within(form).queryByLabelText(/^Root password/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/linuxauths/:id/')).toHaveLength(2));
    expect(stub.calls('PUT', 'scan/linuxauths/:id/')[1]!.body).toMatchObject({ privilege_escalation: 'none', escalation_passwd: null });
  });

  it('asks a vault for the system and account instead of a username and password', async () => {
    const stub = api();
    const { user, form } = renderForm(aLinuxCredential());
    await user.click(within(form).getByRole('radio', { name: /^Privileged-access vault/ }));
    expect(within(form).queryByRole('textbox', { name: /^Username/ })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('System name is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^System name/ }), 'db-01');
    await user.type(within(form).getByRole('textbox', { name: /^Account name/ }), 'root');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/linuxauths/:id/')).toHaveLength(1));
    expect(stub.calls('PUT', 'scan/linuxauths/:id/')[0]!.body).toMatchObject({
      method: 'vault',
      username: '',
      passwd: null,
      system_name: 'db-01',
      account_name: 'root',
      use_dsskey: false,
    });
  });

  it('lets a vault credential log in with the account’s SSH key, storing no key of its own', async () => {
    const stub = api();
    const { user, form } = renderForm(aLinuxCredential({ use_dsskey: false }));
    await user.click(within(form).getByRole('radio', { name: /^Privileged-access vault/ }));
    await user.type(within(form).getByRole('textbox', { name: /^System name/ }), 'db-01');
    await user.type(within(form).getByRole('textbox', { name: /^Account name/ }), 'auditor');
    await user.click(within(form).getByRole('switch', { name: /Log in with the account's SSH key/ }));
    expect(within(form).queryByLabelText(/^Private key/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/linuxauths/:id/')).toHaveLength(1));
    expect(stub.calls('PUT', 'scan/linuxauths/:id/')[0]!.body).toMatchObject({
      method: 'vault',
      use_dsskey: true,
      priv_key: null,
      priv_key_passwd: null,
      account_name: 'auditor',
    });
  });
});

describe('credentialInput', () => {
  it('keeps a Windows password masked and clears the login of a vault credential', () => {
    const values = credentialValues(aWindowsCredential());
    expect(credentialInput('windows', values)).toEqual({
      name: 'Domain scanner',
      method: 'credentials',
      username: 'svc-scan',
      passwd: MASKED,
      domain: 'CORP',
      ntlm_v2_only: true,
      system_name: '',
      account_name: '',
    });
    const vault = credentialInput('windows', { ...values, method: 'vault', system_name: 'dc-01', account_name: 'svc' });
    expect(vault).toMatchObject({ username: '', passwd: null, system_name: 'dc-01', account_name: 'svc' });
    expect(credentialInputOf.windows.safeParse(vault).success).toBe(true);
  });

  it('sends a Kubernetes URL and token, and checks both', () => {
    const values = credentialValues(aKubernetesCredential());
    expect(credentialInput('kubernetes', values)).toEqual({
      name: 'Production cluster',
      method: 'token',
      url: 'https://k8s.example.com:6443',
      token: MASKED,
    });
    const fresh = { ...newCredentialValues('kubernetes'), name: 'Cluster', url: 'k8s.example.com' };
    expect(validateCredential('kubernetes', fresh)).toEqual({ url: 'Enter a valid URL (https://…).', token: 'Token is required' });
    expect(validateCredential('kubernetes', { ...fresh, url: 'https://k8s.example.com', token: 'eyJ' })).toEqual({});
  });
});
