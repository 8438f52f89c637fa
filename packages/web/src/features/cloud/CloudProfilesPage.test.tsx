// The cloud scan profile list (/cloud/scan-profiles) against a stubbed API (scan/cprofiles/): each profile's provider,
// regions and account with a link to its page and never a credential; the empty states; new and import; copy and delete
// from a row's menu (a profile still used cannot be deleted); a reader sees no action that changes anything.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLOUD_SECRET_MASK, crudMessages } from '@bulwark/core';
import CloudProfilesPage from './CloudProfilesPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudProfile } from './testing/fixtures.ts';

const PATH = '/cloud/scan-profiles';
const MESSAGES = crudMessages('scan_profile');
const AZURE = aCloudProfile({
  id: 8,
  name: 'Azure tenant',
  description: 'Subscriptions of the web team',
  provider: 1,
  regions: [],
  account: null,
  credentials: { tenant_id: 'tenant', client_id: 'client', client_secret: CLOUD_SECRET_MASK, subscriptions: [] },
});

const reader = aSession(aUserProfile({ is_superuser: false, customer_admin: false, permissions: { cloud_scans: ['read'] } }));

function api(profiles = [aCloudProfile(), AZURE]): ApiStub {
  return stubApi().on('GET', 'scan/cprofiles/', page(profiles));
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('CloudProfilesPage', () => {
  it('lists each profile with its provider, regions and account, linking to its page and showing no credential', async () => {
    const stub = api();
    renderWithApp(<CloudProfilesPage />, { path: PATH, session: aSession() });
    expect(screen.getByRole('heading', { level: 1, name: 'Cloud scan profiles' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Cloud scan profiles' });
    const aws = await rowOf('Production AWS');
    expect(within(aws).getByRole('link', { name: 'Production AWS' })).toHaveAttribute('href', '/cloud/scan-profiles/7');
    expect(within(aws).getByText('AWS')).toBeInTheDocument();
    expect(within(aws).getByText('eu-west-1')).toBeInTheDocument();
    expect(within(aws).getByText('123456789012')).toBeInTheDocument();
    const azure = await rowOf('Azure tenant');
    expect(within(azure).getByRole('link', { name: 'Azure tenant' })).toHaveAttribute('href', '/cloud/scan-profiles/8');
    expect(within(azure).getByText('Subscriptions of the web team')).toBeInTheDocument();
    expect(within(azure).getByText('Azure')).toBeInTheDocument();
    expect(within(azure).getByText('All regions')).toBeInTheDocument();
    expect(within(azure).getByText('–')).toBeInTheDocument();
    // Credentials stay on the profile's page, masked: the list shows neither the key id nor the mask.
    expect(within(table).queryByText(/AKIAEXAMPLE/)).not.toBeInTheDocument();
    expect(within(table).queryByText(CLOUD_SECRET_MASK)).not.toBeInTheDocument();
    expect(screen.getByText('2 profiles')).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/cprofiles/').at(-1)!.query.get('ordering')).toBe('name');
    expect(screen.getByRole('link', { name: 'New cloud profile' })).toHaveAttribute('href', '/cloud/scan-profiles/new');
  });

  it('explains cloud profiles when there are none, and says when nothing matches the search', async () => {
    api([]);
    const first = renderWithApp(<CloudProfilesPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No cloud scan profiles yet.')).toBeInTheDocument();
    expect(screen.getByText(/holds one provider account’s credentials and the regions to read/)).toBeInTheDocument();
    first.unmount();
    const stub = api([]);
    renderWithApp(<CloudProfilesPage />, { path: PATH, url: `${PATH}?search=gcp`, session: aSession() });
    expect(await screen.findByText('No cloud scan profile matches this search.')).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/cprofiles/').at(-1)!.query.get('search')).toBe('gcp');
  });

  it('copies a profile and opens the copy', async () => {
    const stub = api().on('POST', 'scan/cprofiles/:id/copy/', json(aCloudProfile({ id: 9, name: 'Production AWS (1)' }), 201));
    const { user, router } = renderWithApp(<CloudProfilesPage />, { path: PATH, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Production AWS' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/scan-profiles/9'));
    expect(stub.calls('POST', 'scan/cprofiles/:id/copy/').map((c) => c.path)).toEqual(['scan/cprofiles/7/copy/']);
  });

  it('deletes a profile after a confirm, and shows why when a scan still uses it', async () => {
    let used = true;
    const stub = api().on('DELETE', 'scan/cprofiles/:id/', () =>
      used ? json({ non_field_errors: ['This profile is used by the scan: AWS nightly.'] }, 409) : json(undefined, 204),
    );
    const { user } = renderWithApp(<CloudProfilesPage />, { path: PATH, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Azure tenant' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the cloud scan profile?' });
    expect(dialog).toHaveTextContent('“Azure tenant” is deleted for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This profile is used by the scan: AWS nightly.')).toBeInTheDocument();

    used = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument();
    expect(stub.calls('DELETE', 'scan/cprofiles/:id/').map((c) => c.path)).toEqual(['scan/cprofiles/8/', 'scan/cprofiles/8/']);
    // The list is asked again after the delete.
    await waitFor(() => expect(stub.calls('GET', 'scan/cprofiles/').length).toBeGreaterThan(1));
  });

  it('imports an exported profile and opens it', async () => {
    const stub = api().on('POST', 'scan/cprofiles/import/', json(aCloudProfile({ id: 12, name: 'Imported AWS' }), 201));
    const { user, router, container } = renderWithApp(<CloudProfilesPage />, { path: PATH, session: aSession() });
    await screen.findByRole('table', { name: 'Cloud scan profiles' });
    const exported = { format: 'bulwark-cprofile/1', name: 'Imported AWS', provider: 0, regions: [], minus_controls: [] };
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([JSON.stringify(exported)], 'aws.json', { type: 'application/json' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/scan-profiles/12'));
    expect(stub.calls('POST', 'scan/cprofiles/import/')[0]!.body).toEqual(exported);
  });

  it('shows a reader the profiles without new, import, copy or delete', async () => {
    api();
    const { user } = renderWithApp(<CloudProfilesPage />, { path: PATH, session: reader });
    await user.click(await screen.findByRole('button', { name: 'Actions for Production AWS' }));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New cloud profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import profile' })).not.toBeInTheDocument();
  });
});
