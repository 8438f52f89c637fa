// The applications and ports pages against a stubbed API: applications with ports, assets, findings and the worst
// severity, a row opening its assets and open findings; the ports page on assets/ports/.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AppsPage from './AppsPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const ID = 'a'.repeat(32);

describe('AppsPage', () => {
  it('lists applications and opens one: its assets and open findings', async () => {
    stubApi()
      .on(
        'GET',
        'assets/na-installed-apps/',
        page([{ id: ID, name: 'OpenSSH', version: '9.2p1', cpe: null, assets: 2, ports: [22], vulnerabilities: 3, max_severity: 3 }]),
      )
      .on(
        'GET',
        `assets/na-installed-apps/assets/${ID}/`,
        page([
          {
            id: 7,
            asset_name: 'db-01',
            port: 22,
            protocol: 0,
            service: 'ssh',
            product: 'OpenSSH',
            version: '9.2p1',
            last_detected: '2026-11-20T10:00:00.000Z',
          },
        ]),
      )
      .on(
        'GET',
        `assets/na-installed-apps/vulnerabilities/${ID}/`,
        page([
          {
            id: 1,
            name: 'Weak SSH',
            hid: 'nvt-ssh-weak-kex',
            cve: null,
            severity: 3,
            risk_score: 40,
            state: 0,
            asset: { id: 7, asset_name: 'db-01' },
            port: 22,
          },
        ]),
      );
    const { user } = renderWithApp(<AppsPage />, { path: '/assets/applications' });
    const table = await screen.findByRole('table', { name: 'Applications' });
    const row = within(table).getByRole('row', { name: /OpenSSH 9.2p1/ });
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'OpenSSH 9.2p1' }));
    const drawer = await screen.findByRole('dialog', { name: 'OpenSSH 9.2p1' });
    expect(await within(drawer).findByRole('link', { name: 'db-01' })).toHaveAttribute('href', '/assets/assets/view/7');
    await user.click(within(drawer).getByRole('tab', { name: 'Open findings' }));
    expect(await within(drawer).findByText('Weak SSH')).toBeInTheDocument();
  });

  it('lists ports with their services on /assets/ports', async () => {
    stubApi().on(
      'GET',
      'assets/ports/',
      page([{ port: 443, protocol: 0, services: ['https'], assets: 4, vulnerabilities: 0, max_severity: null }]),
    );
    renderWithApp(<AppsPage />, { path: '/assets/ports' });
    const table = await screen.findByRole('table', { name: 'Ports' });
    expect(within(table).getByRole('button', { name: '443/tcp' })).toBeInTheDocument();
    expect(within(table).getByText('https')).toBeInTheDocument();
  });
});
