// The cloud asset page (/assets/cloud/view/{id}) against a stubbed API (cloud/resources/{id}/ and its vulnerabilities):
// the resource's facts, tags, properties and gone badge; its vulnerabilities linking to the control's cp page and to the
// finding's evidence; the empty states; a missing resource; delete after a confirm for a user who may, none for one who
// may not.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudAssetPage from './CloudAssetPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudFinding, aCloudResource } from './testing/fixtures.ts';

const PATH = '/assets/cloud/view/:id';
const URL = '/assets/cloud/view/301';

const reader = aSession(
  aUserProfile({ is_superuser: false, customer_admin: false, permissions: { unified_assets: ['read'], cloud_scans: ['read'] } }),
);

/** A Fact's value: the <dd> after its <dt>. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('CloudAssetPage', () => {
  it('shows the resource’s facts, tags, properties, gone badge and vulnerabilities with their evidence', async () => {
    stubApi()
      .on('GET', 'cloud/resources/301/', aCloudResource({ gone_since: '2026-11-28T12:00:00Z', public_addresses: ['203.0.113.7'] }))
      .on('GET', 'cloud/resources/301/vulnerabilities/', page([aCloudFinding()]));
    renderWithApp(<CloudAssetPage />, { path: PATH, url: URL, session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'public-bucket' })).toBeInTheDocument();
    expect(screen.getByText('aws.s3.bucket')).toBeInTheDocument();
    expect(screen.getByText('AWS')).toBeInTheDocument();
    expect(screen.getByText('Gone')).toBeInTheDocument();
    expect(fact('Provider id')).toHaveTextContent('arn:aws:s3:::public-bucket');
    expect(fact('Service')).toHaveTextContent('s3');
    expect(fact('Account')).toHaveTextContent('123456789012');
    expect(fact('Region')).toHaveTextContent('eu-west-1');
    expect(fact('Public addresses')).toHaveTextContent('203.0.113.7');
    expect(fact('Gone since')).toHaveTextContent(/2026-11-28/);
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('team: web');
    const properties = screen.getByRole('table', { name: 'Properties' });
    expect(within(properties).getByRole('row', { name: /versioning/ })).toHaveTextContent('versioningDisabled');
    expect(within(properties).getByRole('row', { name: /encryption/ })).toHaveTextContent('encryptionAES256');

    const vulns = await screen.findByRole('table', { name: 'Vulnerabilities of this resource' });
    const row = (await within(vulns).findByRole('link', { name: 'S3 buckets are not publicly accessible' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'S3 buckets are not publicly accessible' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/cp/aws-s3-public-access',
    );
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Evidence of S3 buckets are not publicly accessible on public-bucket' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities/hid/nvt-cloud%3Aaws-s3-public-access/evidence?finding=91',
    );
    // The resource page lists the resource's own findings: no column repeating the resource.
    expect(within(vulns).queryByRole('columnheader', { name: 'Resource' })).not.toBeInTheDocument();
  });

  it('says so when a global resource has no tags, properties, public addresses or vulnerabilities', async () => {
    stubApi()
      .on('GET', 'cloud/resources/301/', aCloudResource({ name: '', region: null, tags: {}, properties: {}, public_addresses: [] }))
      .on('GET', 'cloud/resources/301/vulnerabilities/', []);
    renderWithApp(<CloudAssetPage />, { path: PATH, url: URL, session: aSession() });
    // A resource without a name is called by its provider id.
    expect(await screen.findByRole('heading', { level: 1, name: 'arn:aws:s3:::public-bucket' })).toBeInTheDocument();
    expect(fact('Region')).toHaveTextContent('Global');
    expect(fact('Public addresses')).toHaveTextContent('None');
    expect(screen.queryByText('Gone since', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();
    expect(screen.getByText('No tags.')).toBeInTheDocument();
    expect(screen.getByText('No properties recorded.')).toBeInTheDocument();
    expect(await screen.findByText('No open vulnerabilities on this resource.')).toBeInTheDocument();
  });

  it('says when the resource does not exist', async () => {
    stubApi()
      .on('GET', 'cloud/resources/404/', json({ detail: 'Not found.' }, 404))
      .on('GET', 'cloud/resources/404/vulnerabilities/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<CloudAssetPage />, { path: PATH, url: '/assets/cloud/view/404', session: aSession() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No such cloud asset');
    expect(alert).toHaveTextContent('This cloud asset does not exist or was deleted.');
    expect(screen.getByRole('link', { name: '← Cloud assets' })).toHaveAttribute('href', '/assets/cloud');
  });

  it('deletes the resource after a confirm and goes back to the list', async () => {
    const stub = stubApi()
      .on('GET', 'cloud/resources/301/', aCloudResource())
      .on('GET', 'cloud/resources/301/vulnerabilities/', [])
      .on('DELETE', 'cloud/resources/301/', json(undefined, 204));
    const { user, router } = renderWithApp(<CloudAssetPage />, { path: PATH, url: URL, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the cloud asset?' });
    expect(dialog).toHaveTextContent('“public-bucket” and its findings are removed; a later scan that finds it adds it again.');
    expect(stub.calls('DELETE', 'cloud/resources/301/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/cloud'));
    expect(stub.calls('DELETE', 'cloud/resources/301/')).toHaveLength(1);
    expect(await screen.findByText('The cloud asset was deleted.')).toBeInTheDocument();
  });

  it('offers no delete to a user who may not delete assets', async () => {
    stubApi().on('GET', 'cloud/resources/301/', aCloudResource()).on('GET', 'cloud/resources/301/vulnerabilities/', []);
    renderWithApp(<CloudAssetPage />, { path: PATH, url: URL, session: reader });
    expect(await screen.findByRole('heading', { level: 1, name: 'public-bucket' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
