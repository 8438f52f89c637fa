// "How to fix" on an asset's findings tab against a stubbed API (issue 26): each fix once, with the weaknesses it fixes
// linking to their issue pages, and how many findings have no known fix; nothing when the asset has no open finding.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssetSolutions } from './AssetSolutions.tsx';
import { stubApi } from '../../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';

const PATH = '/assets/assets/view/:id';
const URL = 'unified-assets/7/solutions/';

describe('AssetSolutions', () => {
  it('shows each upgrade once with every CVE it fixes, and the findings without a known fix', async () => {
    stubApi().on('GET', URL, {
      results: [
        {
          solution: 'Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later (Debian 12 bookworm).',
          fixes: [
            { hid: 'CVE-2024-6387', name: 'CVE-2024-6387 in OpenSSH 9.2p1', severity: 3, risk_score: 71 },
            { hid: 'CVE-2023-51385', name: 'CVE-2023-51385 in OpenSSH 9.2p1', severity: 2, risk_score: 40 },
          ],
          findings: 2,
          severity: 3,
          risk_score: 71,
        },
        {
          solution: 'Disable anonymous FTP (vsftpd: anonymous_enable=NO) unless it is an intended public archive.',
          fixes: [{ hid: 'nvt-ftp-anonymous-login', name: 'FTP anonymous login allowed', severity: 2, risk_score: 30 }],
          findings: 1,
          severity: 2,
          risk_score: 30,
        },
      ],
      without_solution: 3,
    });
    renderWithApp(<AssetSolutions assetId={7} />, { path: PATH, url: '/assets/assets/view/7' });
    const fixes = await screen.findByRole('list', { name: 'Fixes' });
    const items = within(fixes).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later (Debian 12 bookworm).')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'CVE-2024-6387' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/CVE-2024-6387',
    );
    expect(within(items[0]!).getByRole('link', { name: 'CVE-2023-51385' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('High')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'FTP anonymous login allowed' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/nvt-ftp-anonymous-login',
    );
    expect(screen.getByText('3 open findings have no known solution yet.')).toBeInTheDocument();
  });

  it('shows nothing when the asset has no open finding', async () => {
    const stub = stubApi().on('GET', URL, { results: [], without_solution: 0 });
    renderWithApp(<AssetSolutions assetId={7} />, { path: PATH, url: '/assets/assets/view/7' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls('GET', URL)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'How to fix' })).not.toBeInTheDocument();
  });
});
