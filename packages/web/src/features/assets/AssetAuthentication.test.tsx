// What authenticated scans found on a host, against a stubbed API: the Authentication card (health, message, system,
// kernels with "Restart required", end of life, packages, credential, host key), the changed-host-key warning with
// "Trust the new host key" behind a confirm, nothing at all while the API answers null, and the packages tab.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SingleAsset } from '@bulwark/core';
import { AssetAuthentication, HOST_KEY_TRUSTED } from './AssetAuthentication.tsx';
import AssetViewPage from './AssetViewPage.tsx';
import { HOST_AUTH_KEYS } from './host-auth-api.ts';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aHostAuthentication, aPackage } from '../../../test/support/credentials.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const AUTH = 'assets/7/authentication/';
const TRUST = 'assets/7/authentication/trust-host-key/';
const NEW_KEY = 'ssh-ed25519 SHA256:presentedPresentedPresentedPresented000';

describe('AssetAuthentication', () => {
  it('shows the health, the system, the kernels with a restart required, end of life, packages, credential and host key', async () => {
    stubApi().on(
      'GET',
      AUTH,
      aHostAuthentication({ kernel_latest: '6.1.0-21-amd64', reboot_required: true, end_of_life: '2026-06-30', health: 'end_of_life' }),
    );
    renderWithApp(<AssetAuthentication assetId={7} />);
    const card = await screen.findByRole('region', { name: /Authentication/ });
    expect(within(card).getByText('End-of-life system')).toBeInTheDocument();
    expect(within(card).getByText('Logged in as scanner and listed 1,204 packages.')).toBeInTheDocument();
    expect(within(card).getAllByText(/Debian GNU\/Linux 12 \(bookworm\)/).length).toBeGreaterThan(0);
    expect(within(card).getByText('6.1.0-18-amd64 / 6.1.0-21-amd64')).toBeInTheDocument();
    expect(within(card).getByText('Restart required')).toBeInTheDocument();
    expect(within(card).getByText(/Security support for Debian GNU\/Linux 12 \(bookworm\) ended on 2026-06-30/)).toBeInTheDocument();
    expect(within(card).getByText('1204')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Debian servers (Linux)' })).toHaveAttribute(
      'href',
      '/scans/scan-credentials?kind=linux',
    );
    expect(within(card).getByText('ssh-ed25519 SHA256:pinnedPinnedPinnedPinnedPinnedPinned00000')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'scan result' })).toHaveAttribute('href', '/scans/scans/view/nscan/42');
    expect(within(card).queryByText(/different SSH host key/)).not.toBeInTheDocument();
  });

  it('warns when the host presented another SSH host key, and trusts the new one after a confirm', async () => {
    const changed = aHostAuthentication({
      health: 'host_key_changed',
      message: 'The host presented another SSH host key: no credential was sent.',
      host_key_seen: NEW_KEY,
      host_key_changed_at: '2026-11-20T10:05:00.000Z',
    });
    const stub = stubApi()
      .on('GET', AUTH, changed)
      .on('POST', TRUST, aHostAuthentication({ host_key_pinned: NEW_KEY, host_key_seen: NEW_KEY }));
    const { user } = renderWithApp(<AssetAuthentication assetId={7} />);
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('The host presented a different SSH host key');
    expect(within(warning).getByText(NEW_KEY)).toBeInTheDocument();
    expect(screen.getByText('Host key changed')).toBeInTheDocument();

    await user.click(within(warning).getByRole('button', { name: 'Trust the new host key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust the new host key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Trust the new key' }));
    await waitFor(() => expect(stub.calls('POST', TRUST)).toHaveLength(1));
    expect(await screen.findByText(HOST_KEY_TRUSTED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/different SSH host key/)).not.toBeInTheDocument());
    expect(screen.getByText('OK')).toBeInTheDocument();
  });

  it('shows nothing while no authenticated scan has looked at the host', async () => {
    const stub = stubApi().on('GET', AUTH, json(null));
    const { queryClient } = renderWithApp(<AssetAuthentication assetId={7} />);
    await waitFor(() => expect(queryClient.getQueryState(HOST_AUTH_KEYS.authentication(7))?.status).toBe('success'));
    expect(stub.calls('GET', AUTH)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /Authentication/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Authentication')).not.toBeInTheDocument();
  });
});

describe('the packages tab of a host', () => {
  const asset: SingleAsset = {
    id: 7,
    asset_type: 2,
    kind: 'host',
    category: 'systems_and_networks',
    asset_name: 'db-01',
    name: 'db-01',
    value: '10.0.0.5',
    ipv4: '10.0.0.5',
    ipv6: null,
    hostnames: [],
    os: 'Debian',
    open_ports: 1,
    is_server: true,
    internet_facing: false,
    pci: false,
    email_address: null,
    criticality: 3,
    owner: null,
    description: '',
    risk_score: 40,
    tags: [],
    parent: null,
    created: '2026-11-01T10:00:00.000Z',
    first_detected: '2026-11-02T10:00:00.000Z',
    last_detected: '2026-11-20T10:00:00.000Z',
    archived: null,
    findings_by_severity: [0, 0, 0, 0, 0],
    open_findings: 0,
    findings_below_qod: 0,
    last_scan: null,
  };

  it('lists the installed packages with search and sorting by open findings', async () => {
    const stub = stubApi()
      .on('GET', 'single-asset/7/', asset)
      .on('GET', AUTH, aHostAuthentication())
      .on('GET', 'assets/7/packages/', page([aPackage(), aPackage({ name: 'libc6', source: 'glibc', vulnerabilities: 0 })], 1204));
    const { user, search } = renderWithApp(<AssetViewPage />, { path: '/assets/assets/view/:id', url: '/assets/assets/view/7' });
    expect(await screen.findByRole('region', { name: /Authentication/ })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Installed packages (1204)' }));
    const table = await screen.findByRole('table', { name: 'Installed packages' });
    const ssh = within(table).getByRole('row', { name: /openssh-server/ });
    expect(ssh).toHaveTextContent('1:9.2p1-2+deb12u2');
    expect(ssh).toHaveTextContent('openssh');
    expect(within(ssh).getByText('2')).toBeInTheDocument();
    expect(stub.calls('GET', 'assets/7/packages/').at(-1)!.query.get('ordering')).toBe('name');

    await user.click(within(table).getByRole('button', { name: /Vulnerabilities/ }));
    await waitFor(() => expect(stub.calls('GET', 'assets/7/packages/').at(-1)!.query.get('ordering')).toBe('-vulnerabilities'));
    await user.type(screen.getByRole('textbox', { name: 'Search packages' }), 'ssl');
    await waitFor(() => expect(stub.calls('GET', 'assets/7/packages/').at(-1)!.query.get('search')).toBe('ssl'));
    expect(search().get('packages.search')).toBe('ssl');
  });
});
