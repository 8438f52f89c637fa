// The scan credentials page against a stubbed API: the Linux list (name, method, login, the call's ordering), the
// Kubernetes tab kept in the URL, search, the empty state that says what credentials are for, creating one (a taken
// name, 409, lands on the name field), deleting one that a profile uses (the server's message in a toast), and its route
// showing the (lazily loaded) page.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_NAME_TAKEN, routeByName, type RouteDef } from '@bulwark/core';
import { RouteGate } from '../../app/RouteGate.tsx';
import CredentialsPage from './CredentialsPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aKubernetesCredential, aLinuxCredential } from '../../../test/support/credentials.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scan-credentials';
const LINUX = [
  aLinuxCredential(),
  aLinuxCredential({ id: 5, name: 'Web servers', use_dsskey: true, priv_key: '********', passwd: null, privilege_escalation: 'none' }),
];

function api(linux = LINUX): ApiStub {
  return stubApi()
    .on('GET', 'scan/linuxauths/', page(linux))
    .on('GET', 'scan/windowsauths/', page([]))
    .on('GET', 'scan/kubernetesauths/', page([aKubernetesCredential()]));
}

const lastQuery = (stub: ApiStub, path: string) => stub.calls('GET', path).at(-1)!.query;

describe('CredentialsPage', () => {
  it('lists the Linux credentials with method and login, and shows another kind in its tab', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<CredentialsPage />, { path: PATH });
    expect(screen.getByRole('heading', { level: 1, name: 'Scan credentials' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Linux credentials' });
    const debian = within(table).getByRole('row', { name: /Debian servers/ });
    expect(debian).toHaveAttribute('data-credential-id', '4');
    expect(within(debian).getByText('scanner')).toBeInTheDocument();
    expect(within(debian).getByText('Password, then sudo · port 22')).toBeInTheDocument();
    expect(within(debian).getByText('Username and password or key')).toBeInTheDocument();
    expect(within(debian).getByRole('button', { name: 'Test Debian servers' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Web servers/ })).toHaveTextContent('SSH key · port 22');
    expect(lastQuery(stub, 'scan/linuxauths/').get('ordering')).toBe('name');
    expect(screen.getByText('2 credentials')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Kubernetes' }));
    const k8s = await screen.findByRole('table', { name: 'Kubernetes credentials' });
    expect(within(k8s).getByRole('row', { name: /Production cluster/ })).toHaveTextContent('https://k8s.example.com:6443');
    expect(search().get('kind')).toBe('kubernetes');
  });

  it('searches through the URL and the call', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<CredentialsPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Linux credentials' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'web');
    await waitFor(() => expect(lastQuery(stub, 'scan/linuxauths/').get('search')).toBe('web'));
    expect(search().get('search')).toBe('web');
  });

  it('explains what credentials are for when there are none', async () => {
    api([]);
    renderWithApp(<CredentialsPage />, { path: PATH });
    const empty = await screen.findByTestId('credentials-linux-empty');
    expect(empty).toHaveTextContent('No Linux credentials yet.');
    expect(empty).toHaveTextContent(/read their installed packages and find the patches they miss/);
    expect(within(empty).getByRole('button', { name: 'New Linux credential' })).toBeInTheDocument();
  });

  it('creates a credential; a taken name (409) shows on the name field', async () => {
    const stub = api().on('POST', 'scan/linuxauths/', json({ name: [CREDENTIAL_NAME_TAKEN] }, 409));
    const { user } = renderWithApp(<CredentialsPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Linux credentials' });
    await user.click(screen.getByRole('button', { name: 'New credential' }));
    const form = await screen.findByRole('form', { name: 'New Linux credential' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Debian servers');
    await user.type(within(form).getByRole('textbox', { name: /^Username/ }), 'scanner');
    await user.type(within(form).getByLabelText(/^Password/), 's3cret');
    await user.click(within(form).getByRole('button', { name: 'Add credential' }));

    await waitFor(() => expect(stub.calls('POST', 'scan/linuxauths/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/linuxauths/')[0]!.body).toEqual({
      name: 'Debian servers',
      method: 'credentials',
      port: 22,
      username: 'scanner',
      passwd: 's3cret',
      use_dsskey: false,
      priv_key: null,
      priv_key_passwd: null,
      privilege_escalation: 'none',
      escalation_passwd: null,
      system_name: '',
      account_name: '',
    });
    expect(await within(form).findByText(CREDENTIAL_NAME_TAKEN)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('shows in a toast why a credential a profile uses cannot be deleted', async () => {
    const message = 'Cannot delete scan credential. It is used by the profile: Weekly sweep.';
    const stub = api().on('DELETE', 'scan/linuxauths/:id/', json({ non_field_errors: [message] }, 409));
    const { user } = renderWithApp(<CredentialsPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Linux credentials' });
    await user.click(screen.getByRole('button', { name: 'Delete Debian servers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the credential?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(stub.calls('DELETE', 'scan/linuxauths/:id/').map((c) => c.path)).toEqual(['scan/linuxauths/4/']));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('the scan-credentials route', () => {
  it('shows the credentials page instead of the placeholder', async () => {
    api();
    const route = routeByName('scan-credentials') as RouteDef;
    renderWithApp(<RouteGate route={route} />, { path: route.path, session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan credentials' })).toBeInTheDocument();
    expect(screen.queryByTestId('not-available')).not.toBeInTheDocument();
  });
});
