// The scan profile list against a stubbed API: rows with kind and last change, search and sorting in the URL and the
// call, the empty states, and deleting an own profile through the confirm dialog.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crudMessages } from '@bulwark/core';
import ProfilesPage from './ProfilesPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scan-profiles';
const PROFILES = [
  aProfile({ id: 1, name: 'Standard', description: 'The common ports', builtin: true, user: null }),
  aProfile({ id: 9, name: 'Weekly sweep' }),
];

function api(profiles = PROFILES): ApiStub {
  return stubApi().on('GET', 'scan/nprofiles/', page(profiles));
}

const lastQuery = (stub: ApiStub) => stub.calls('GET', 'scan/nprofiles/').at(-1)!.query;

describe('ProfilesPage', () => {
  it('lists the profiles by name with their kind, and links each to its page', async () => {
    const stub = api();
    renderWithApp(<ProfilesPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Scan profiles' });
    const standard = within(table).getByRole('row', { name: /Standard/ });
    expect(within(standard).getByText('Built-in')).toBeInTheDocument();
    expect(within(standard).getByText('The common ports')).toBeInTheDocument();
    const own = within(table).getByRole('row', { name: /Weekly sweep/ });
    expect(within(own).getByText('Own')).toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'Weekly sweep' })).toHaveAttribute('href', '/scans/scan-profiles/edit/nprofile/9');
    expect(own).toHaveAttribute('data-profile-id', '9');
    expect(lastQuery(stub).get('ordering')).toBe('name');
    expect(screen.getByText('2 profiles')).toBeInTheDocument();
  });

  it('searches and sorts through the URL', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<ProfilesPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Scan profiles' });
    await user.click(within(table).getByRole('button', { name: /Modified/ }));
    await waitFor(() => expect(lastQuery(stub).get('ordering')).toBe('-modified'));
    expect(search().get('ordering')).toBe('-modified');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'weekly');
    await waitFor(() => expect(lastQuery(stub).get('search')).toBe('weekly'));
    expect(search().get('search')).toBe('weekly');
  });

  it('says when nothing matches the search, and when there are no profiles', async () => {
    api([]);
    const first = renderWithApp(<ProfilesPage />, { path: PATH, url: `${PATH}?search=nothing` });
    expect(await screen.findByText('No profile matches this search.')).toBeInTheDocument();
    first.unmount();
    renderWithApp(<ProfilesPage />, { path: PATH });
    expect(await screen.findByText('No profiles yet. Create one, or import an exported profile.')).toBeInTheDocument();
  });

  it('deletes an own profile after a confirm, and offers no delete for a built-in one', async () => {
    const stub = api().on('DELETE', 'scan/nprofiles/:id/', json(undefined, 204));
    const { user } = renderWithApp(<ProfilesPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Scan profiles' });
    await user.click(screen.getByRole('button', { name: 'Actions for Standard' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Weekly sweep' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the scan profile?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(stub.calls('DELETE', 'scan/nprofiles/:id/').map((c) => c.path)).toEqual(['scan/nprofiles/9/']));
    expect(await screen.findByText(crudMessages('scan_profile').deleted)).toBeInTheDocument();
  });
});
