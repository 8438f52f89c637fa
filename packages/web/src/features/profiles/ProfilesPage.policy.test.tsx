// The policy tab of the scan profiles page against a stubbed API: shown only to users who may read policy scans, its
// profiles (policy, a warning when the policy left the library, credentials), deleting one through the confirm dialog,
// the policy library with importing an OVAL file (the server's objection on the file field) and deleting an imported one.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProfilesPage from './ProfilesPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aProfile, aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { aPolicy, aPolicyDetail, aPolicyProfile } from '../../../test/support/policies.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scan-profiles';
const IMPORTED = aPolicy({ id: 'imported:3', name: 'SSH rules', source: 'imported', benchmark: 'SSH rules', version: null, rules: 2 });

function api(): ApiStub {
  return stubApi()
    .on('GET', 'scan/nprofiles/', page([aProfile()]))
    .on(
      'GET',
      'scan/oprofiles/',
      page([aPolicyProfile(), aPolicyProfile({ id: 13, name: 'Orphan', policy: 'gone.xml#p', policy_name: null, lin_auths: [4, 5] })]),
    )
    .on('GET', 'scan/ovalpolicies/', [aPolicy(), IMPORTED]);
}

describe('the policy profiles tab', () => {
  it('is not offered to a user who may not read policy scans', async () => {
    api();
    const reader = aSession(aUserProfile({ is_superuser: false, customer_admin: false, permissions: { net_scans: ['read'] } }));
    renderWithApp(<ProfilesPage />, { path: PATH, url: `${PATH}?kind=policy`, session: reader });
    expect(await screen.findByRole('table', { name: 'Scan profiles' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Policy profiles' })).not.toBeInTheDocument();
  });

  it('lists the policy profiles with their policy and credentials, warning about a policy no longer in the library', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<ProfilesPage />, { path: PATH, session: aSession() });
    await screen.findByRole('table', { name: 'Scan profiles' });
    await user.click(screen.getByRole('tab', { name: 'Policy profiles' }));
    expect(search().get('kind')).toBe('policy');
    const table = await screen.findByRole('table', { name: 'Policy profiles' });
    const row = within(table).getByRole('row', { name: /Debian baseline/ });
    expect(within(row).getByRole('link', { name: 'Debian baseline' })).toHaveAttribute('href', '/scans/scan-profiles/edit/oprofile/12');
    expect(within(row).getByText('Debian 11: Standard System Security Profile for Debian 11')).toBeInTheDocument();
    expect(within(row).getByText('1 credential')).toBeInTheDocument();
    const orphan = within(table).getByRole('row', { name: /Orphan/ });
    expect(within(orphan).getByText('Policy no longer in the library')).toBeInTheDocument();
    expect(within(orphan).getByText('2 credentials')).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/oprofiles/').at(-1)!.query.get('ordering')).toBe('name');
    expect(screen.getByRole('link', { name: 'New policy profile' })).toHaveAttribute('href', '/scans/scan-profiles/edit/oprofile/new');
  });

  it('deletes a policy profile after a confirm', async () => {
    const stub = api().on('DELETE', 'scan/oprofiles/:id/', json(undefined, 204));
    const { user } = renderWithApp(<ProfilesPage />, { path: PATH, url: `${PATH}?kind=policy`, session: aSession() });
    const table = await screen.findByRole('table', { name: 'Policy profiles' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Orphan' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the policy profile?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(stub.calls('DELETE', 'scan/oprofiles/13/')).toHaveLength(1));
  });

  it('shows the library; imports an OVAL file, the server’s objection on the file; deletes an imported policy', async () => {
    let attempt = 0;
    const stub = api()
      .on('POST', 'scan/ovalpolicies/import/', () => {
        attempt += 1;
        return attempt === 1
          ? json({ content: ['This is not an OVAL definitions file Bulwark can read: no oval_definitions.'] }, 400)
          : json(aPolicyDetail({ id: 'imported:4', name: 'hardening', source: 'imported' }), 201);
      })
      .on('DELETE', 'scan/ovalpolicies/:id/', json({ non_field_errors: ['This policy is used by the profile: Debian baseline.'] }, 409));
    const { user } = renderWithApp(<ProfilesPage />, { path: PATH, url: `${PATH}?kind=policy`, session: aSession() });
    const library = await screen.findByRole('table', { name: 'Policy library' });
    expect(within(library).getByRole('row', { name: /SSH rules/ })).toHaveAttribute('data-policy-id', 'imported:3');
    // Installed content cannot be deleted; imported files can.
    expect(within(library).getAllByRole('button', { name: /^Delete / })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Import OVAL file' }));
    const form = await screen.findByRole('form', { name: 'Import an OVAL file' });
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText('Choose an OVAL definitions file (XML).')).toBeInTheDocument();
    const file = new File(['<oval_definitions/>'], 'hardening.xml', { type: 'text/xml' });
    await user.upload(form.querySelector('input[type="file"]')!, file);
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('hardening');
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText(/This is not an OVAL definitions file Bulwark can read/)).toBeInTheDocument();
    expect(stub.calls('POST', 'scan/ovalpolicies/import/')[0]!.body).toEqual({ name: 'hardening', content: '<oval_definitions/>' });
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Import an OVAL file' })).not.toBeInTheDocument());
    expect(await screen.findByText('Policy imported: 3 rules.')).toBeInTheDocument();

    await user.click(within(library).getByRole('button', { name: 'Delete SSH rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the imported policy?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(stub.calls('DELETE', 'scan/ovalpolicies/imported%3A3/')).toHaveLength(1));
    expect(await screen.findByText('This policy is used by the profile: Debian baseline.')).toBeInTheDocument();
  });
});
