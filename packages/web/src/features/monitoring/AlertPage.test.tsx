// One alert against a stubbed API: what changed as before → after in words (a port closed → open, a service and
// version, a certificate's level and expiry), the asset, profile and trigger links, where it was seen, the finding's
// vulnerability page; dismissing after a confirmation (DELETE, then back to the list); a missing alert's message.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime, monitoringAlert, type MonitoringAlert } from '@bulwark/core';
import AlertPage from './AlertPage.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/policies/alerts/view/:alertId';

function anAlert(overrides: Record<string, unknown> = {}): MonitoringAlert {
  return monitoringAlert.parse({
    id: 31,
    profile: { id: 3, name: 'Internet edge' },
    trigger: 'unexpected_port',
    asset: { id: 11, name: 'db-1.example.com', type: 2, address: '192.0.2.10' },
    subject: 'port:tcp/5432',
    title: 'Unexpected open port tcp/5432',
    before: { open: false },
    after: { open: true },
    severity: 3,
    state: 'open',
    source: 'check',
    first_seen: '2026-11-28T10:00:00.000Z',
    last_seen: '2026-11-28T11:00:00.000Z',
    count: 5,
    resolved_at: null,
    run: null,
    finding: null,
    ...overrides,
  });
}

const change = () => screen.findByRole('table', { name: 'What changed' });
/** The change table's row of one field (its row heading is exactly `field`). */
async function rowOf(field: string): Promise<HTMLElement> {
  const rows = within(await change()).getAllByRole('row');
  const row = rows.find((r) => within(r).queryByRole('rowheader')?.textContent === field);
  if (!row) throw new Error(`No row ${field}`);
  return row;
}

describe('AlertPage', () => {
  it('shows a port that opened, with its asset, profile and trigger', async () => {
    stubApi().on('GET', 'cm/alerts/31/', anAlert());
    renderWithApp(<AlertPage />, { path: PATH, url: '/policies/alerts/view/31', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected open port tcp/5432' })).toBeInTheDocument();
    const port = await rowOf('Port');
    expect(
      within(port)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Closed', 'Open Changed']);
    expect(screen.getByRole('link', { name: 'Unexpected open port' })).toHaveAttribute('href', '/policies/alerts/show/3/unexpected_port');
    expect(screen.getByRole('link', { name: 'db-1.example.com (192.0.2.10)' })).toHaveAttribute('href', '/assets/assets/view/11');
    expect(screen.getByRole('link', { name: 'Internet edge' })).toHaveAttribute('href', '/policies/alerts?profile=3');
    expect(screen.getByText("The profile's own check")).toBeInTheDocument();
    expect(screen.getByText(`${formatDateTime('2026-11-28T11:00:00.000Z')} (seen 5 times)`)).toBeInTheDocument();
    expect(screen.getByText('High')).toBeInTheDocument();
    expect(screen.getByText('Open', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('shows a service and a certificate change field by field', async () => {
    stubApi().on(
      'GET',
      'cm/alerts/31/',
      anAlert({
        trigger: 'service_changed',
        subject: 'service:tcp/22',
        title: 'Service on tcp/22 changed',
        before: { service: 'ssh', product: 'OpenSSH', version: '8.9p1' },
        after: { service: 'ssh', product: 'OpenSSH', version: '9.6p1' },
        source: 'scan',
        run: 77,
      }),
    );
    renderWithApp(<AlertPage />, { path: PATH, url: '/policies/alerts/view/31', session: aSession() });
    expect(
      within(await rowOf('Version'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8.9p1', '9.6p1 Changed']);
    expect(
      within(await rowOf('Service'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ssh', 'ssh']);
    expect(screen.getByRole('link', { name: 'A scan (run 77)' })).toHaveAttribute('href', '/scans/scans/view/nscan/77');
  });

  it('shows an expiring certificate and links a new vulnerability to its page', async () => {
    const stub = stubApi().on(
      'GET',
      'cm/alerts/32/',
      anAlert({
        id: 32,
        trigger: 'cert_expiring',
        before: null,
        after: { level: 'expiring', valid_to: '2026-12-07T00:00:00.000Z', subject: 'CN=shop.example.com' },
      }),
    );
    const first = renderWithApp(<AlertPage />, { path: PATH, url: '/policies/alerts/view/32', session: aSession() });
    expect(
      within(await rowOf('Certificate'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['–', 'Expiring soon Changed']);
    expect(within(await rowOf('Valid until')).getAllByRole('cell')[1]!.textContent).toContain(formatDateTime('2026-12-07T00:00:00.000Z'));
    first.unmount();

    stub.on(
      'GET',
      'cm/alerts/33/',
      anAlert({
        id: 33,
        trigger: 'new_kev',
        title: 'Known exploited: OpenSSH regreSSHion',
        before: null,
        after: { name: 'OpenSSH regreSSHion', severity: 4, cve: 'CVE-2024-6387', port: 22, known_exploited: true },
        finding: 21,
      }),
    );
    renderWithApp(<AlertPage />, { path: PATH, url: '/policies/alerts/view/33', session: aSession() });
    expect(await screen.findByRole('link', { name: 'Open the vulnerability' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/cve/CVE-2024-6387',
    );
    expect(within(await rowOf('Known exploited (KEV)')).getAllByRole('cell')[1]!.textContent).toBe('Yes Changed');
  });

  it('dismisses the alert after a confirmation and goes back to the list', async () => {
    const stub = stubApi().on('GET', 'cm/alerts/31/', anAlert()).on('DELETE', 'cm/alerts/31/', json(null, 204));
    const { user, router } = renderWithApp(<AlertPage />, { path: PATH, url: '/policies/alerts/view/31', session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss alert' });
    expect(stub.calls('DELETE', 'cm/alerts/31/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies/alerts'));
    expect(stub.calls('DELETE', 'cm/alerts/31/')).toHaveLength(1);
  });

  it('says when the alert does not exist', async () => {
    stubApi().on('GET', 'cm/alerts/9/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<AlertPage />, { path: PATH, url: '/policies/alerts/view/9', session: aSession() });
    expect(await screen.findByText('It does not exist, or it was dismissed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/policies/alerts');
  });
});
