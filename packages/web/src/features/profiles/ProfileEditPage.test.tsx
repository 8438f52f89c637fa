// The scan profile editor's credential pickers against a stubbed API: the profile's credentials shown by name from
// GET scan/credentials/ (each picker offers only its kind), chosen ones saved as ids, a link to the credentials page,
// and a message instead of choices when the list cannot be loaded.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CredentialChoice } from '@bulwark/core';
import ProfileEditPage from './ProfileEditPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

/** A chosen value of a multi-select (the options list holds the names too). */
const PILL = '.mantine-Pill-label';
const PATH = '/scans/scan-profiles/edit/nprofile/:id';
const URL = '/scans/scan-profiles/edit/nprofile/9';
const CHOICES: CredentialChoice[] = [
  { id: 4, name: 'Debian servers', kind: 'linux', method: 'credentials' },
  { id: 5, name: 'Web servers', kind: 'linux', method: 'credentials' },
  { id: 6, name: 'Domain scanner', kind: 'windows', method: 'credentials' },
  { id: 8, name: 'Production cluster', kind: 'kubernetes', method: 'token' },
];

function api(choices: object = CHOICES): ApiStub {
  const profile = aProfile({ lin_auths: [4], win_auths: [], kubernetes_auth: null });
  return stubApi()
    .on('GET', 'scan/nprofiles/9/', profile)
    .on('PUT', 'scan/nprofiles/9/', (request) => json(aProfile({ ...(request.body as object), modified: '2026-11-21T10:00:00.000Z' })))
    .on('GET', 'nvt/vtestcategories/', [])
    .on('GET', 'nvt/nvtests-simple/', page([]))
    .on('GET', 'scan/credentials/', choices);
}

describe('the profile editor’s credentials', () => {
  it('shows the chosen credentials by name, offers each kind its own, and saves the ids', async () => {
    const stub = api();
    const { user } = renderWithApp(<ProfileEditPage />, { path: PATH, url: URL });
    const section = await screen.findByRole('region', { name: 'Credentials' });
    const linux = within(section).getByRole('combobox', { name: /^Linux credentials/ });
    await waitFor(() => expect(within(section).getByText('Debian servers', { selector: PILL })).toBeInTheDocument());
    expect(within(section).getByRole('link', { name: /Manage scan credentials/ })).toHaveAttribute('href', '/scans/scan-credentials');

    await user.click(linux);
    expect(await screen.findByRole('option', { name: 'Web servers' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Domain scanner' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Web servers' }));

    await user.click(within(section).getByRole('combobox', { name: /^Windows credentials/ }));
    expect(screen.queryByRole('option', { name: 'Web servers' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Domain scanner' }));

    await user.click(within(section).getByRole('combobox', { name: /^Kubernetes credential/ }));
    await user.click(await screen.findByRole('option', { name: 'Production cluster' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/nprofiles/9/')).toHaveLength(1));
    expect(stub.calls('PUT', 'scan/nprofiles/9/')[0]!.body).toMatchObject({ lin_auths: [4, 5], win_auths: [6], kubernetes_auth: 8 });
  });

  it('says so when the credentials cannot be loaded, and keeps the chosen ones', async () => {
    const stub = api(json({ detail: 'You do not have permission to perform this action.' }, 403));
    const { user } = renderWithApp(<ProfileEditPage />, { path: PATH, url: URL });
    const section = await screen.findByRole('region', { name: 'Credentials' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
    expect(within(section).getByText('Credential 4 (not found)', { selector: PILL })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/nprofiles/9/')).toHaveLength(1));
    expect(stub.calls('PUT', 'scan/nprofiles/9/')[0]!.body).toMatchObject({ lin_auths: [4], win_auths: [], kubernetes_auth: null });
  });
});
