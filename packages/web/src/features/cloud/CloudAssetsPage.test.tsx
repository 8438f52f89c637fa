// The cloud asset pages against a stubbed API (cloud/resources/): the list with its filters sent to the server, each
// resource opening its page; the resource page with its facts, tags, properties, gone badge and vulnerabilities linking
// to their control's cp page.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudAssetPage from './CloudAssetPage.tsx';
import CloudAssetsPage from './CloudAssetsPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudFinding, aCloudResource } from './testing/fixtures.ts';

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

describe('CloudAssetPage', () => {
  it('shows the resource with its tags, properties, gone badge and vulnerabilities', async () => {
    stubApi()
      .on('GET', 'cloud/resources/301/', aCloudResource({ gone_since: '2026-11-28T12:00:00Z', public_addresses: ['203.0.113.7'] }))
      .on('GET', 'cloud/resources/301/vulnerabilities/', page([aCloudFinding()]));
    renderWithApp(<CloudAssetPage />, { path: '/assets/cloud/view/:id', url: '/assets/cloud/view/301', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'public-bucket' })).toBeInTheDocument();
    expect(screen.getByText('arn:aws:s3:::public-bucket')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    expect(screen.getByText('Gone')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('team: web');
    expect(screen.getByRole('table', { name: 'Properties' })).toHaveTextContent('versioningDisabled');
    const vulns = await screen.findByRole('table', { name: 'Vulnerabilities of this resource' });
    expect(await within(vulns).findByRole('link', { name: 'S3 buckets are not publicly accessible' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/cp/aws-s3-public-access',
    );
  });
});
