// The "Policy compliance" card of a host's page against a stubbed API: each policy's latest score, counts and a link to
// its run; nothing at all for a host never policy-scanned or a user who may not read policy results.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssetPolicyCompliance } from './AssetPolicyCompliance.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { anAssetPolicyResult, STANDARD_NAME } from '../../../test/support/policies.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

describe('AssetPolicyCompliance', () => {
  it('shows each policy’s latest score and rule results with a link to the run', async () => {
    stubApi().on('GET', 'assets/5/policy-results/', [
      anAssetPolicyResult(),
      anAssetPolicyResult({
        policy: 'imported:3',
        policy_name: 'SSH rules',
        benchmark: 'SSH rules',
        score: null,
        run_id: 29,
        error: 'Login failed.',
      }),
    ]);
    renderWithApp(<AssetPolicyCompliance assetId={5} />);
    const card = await screen.findByRole('region', { name: 'Policy compliance' });
    expect(within(card).getByRole('img', { name: `Score of ${STANDARD_NAME}: 72.4%` })).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: `Rule results of ${STANDARD_NAME}` })).toHaveTextContent('Pass: 16');
    const links = within(card).getAllByRole('link', { name: 'View the scan result' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/scans/scans/view/oscan/31', '/scans/scans/view/oscan/29']);
    expect(within(card).getByRole('img', { name: 'Score of SSH rules: No score' })).toBeInTheDocument();
    expect(within(card).getByText('Login failed.')).toBeInTheDocument();
  });

  it('is hidden for a host without policy results, and for a user who may not read them', async () => {
    const stub = stubApi().on('GET', 'assets/5/policy-results/', []);
    const first = renderWithApp(<AssetPolicyCompliance assetId={5} />);
    await waitFor(() => expect(stub.calls('GET', 'assets/5/policy-results/')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Policy compliance' })).not.toBeInTheDocument();
    first.unmount();

    stub.on('GET', 'assets/5/policy-results/', json({ detail: 'You do not have permission to perform this action.' }, 403));
    renderWithApp(<AssetPolicyCompliance assetId={5} />);
    await waitFor(() => expect(stub.calls('GET', 'assets/5/policy-results/')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Policy compliance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
