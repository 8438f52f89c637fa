// The cloud asset list against a stubbed API (cloud/resources/): the list with its filters sent to the server, each
// resource opening its page (the resource page is tested in CloudAssetPage.test.tsx).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudAssetsPage from './CloudAssetsPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudResource } from './testing/fixtures.ts';

describe('CloudAssetsPage', () => {
  it('lists the cloud resources and sends the filters from the URL', async () => {
    const stub = stubApi().on(
      'GET',
      'cloud/resources/',
      page([
        aCloudResource(),
        aCloudResource({
          id: 302,
          name: 'old-vm',
          uid: 'arn:aws:ec2:eu-west-1:123456789012:instance/i-1',
          gone_since: '2026-11-27T10:00:00Z',
        }),
      ]),
    );
    renderWithApp(<CloudAssetsPage />, {
      path: '/assets/cloud',
      url: '/assets/cloud?provider=0&gone=true&region=eu-west-1',
      session: aSession(),
    });
    const table = await screen.findByRole('table', { name: 'Cloud assets' });
    expect(await within(table).findByRole('link', { name: 'public-bucket' })).toHaveAttribute('href', '/assets/cloud/view/301');
    const old = within(table).getByRole('link', { name: 'old-vm' }).closest('tr') as HTMLElement;
    expect(within(old).getByText('Gone')).toBeInTheDocument();
    await waitFor(() => expect(stub.calls('GET', 'cloud/resources/').length).toBeGreaterThan(0));
    const query = stub.calls('GET', 'cloud/resources/').at(-1)!.query;
    expect(query.get('provider')).toBe('0');
    expect(query.get('gone')).toBe('true');
    expect(query.get('region')).toBe('eu-west-1');
  });
});
