// The teams page against a stubbed API: teams with their asset permissions (tag names) and members; adding a LIMITED
// team asks for its tags before sending, sends tags only for LIMITED, and shows "Team created.".
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Team } from '@bulwark/core';
import TeamsPage from './TeamsPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const TEAM: Team = {
  id: 3,
  name: 'Web team',
  notification_email: null,
  asset_permissions: 'LIMITED',
  asset_permissions_tags: [4],
  asset_owner_tags: [],
  members: [7, 8],
  created: '2026-11-20T10:00:00.000Z',
};
const TAGS = [
  { id: 4, name: 'Web', color: '#1c7ed6', is_dynamic: false },
  { id: 5, name: 'Databases', color: '#1c7ed6', is_dynamic: true },
];

describe('TeamsPage', () => {
  it('lists teams with their asset permissions and members', async () => {
    stubApi()
      .on('GET', 'teams/teams/', page([TEAM]))
      .on('GET', 'tags_basics/', TAGS);
    renderWithApp(<TeamsPage />, { path: '/admin/teams' });
    const row = within(await screen.findByRole('table', { name: 'Teams' })).getByRole('row', { name: /Web team/ });
    expect(within(row).getByText('Only')).toBeInTheDocument();
    expect(await within(row).findByText('Web')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
  });

  it('adds a LIMITED team: tags are asked for, then sent', async () => {
    const stub = stubApi()
      .on('GET', 'teams/teams/', page([]))
      .on('GET', 'tags_basics/', TAGS)
      .on('GET', 'user/profile/', page([]))
      .on('POST', 'teams/teams/', json({ ...TEAM, name: 'Ops' }, 201));
    const { user } = renderWithApp(<TeamsPage />, { path: '/admin/teams' });
    await screen.findByText('No teams yet.');
    await user.click(screen.getAllByRole('button', { name: 'Add team' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add a team' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Ops');
    await user.click(within(form).getByRole('radio', { name: /LIMITED/ }));
    await user.click(within(form).getByRole('button', { name: 'Add team' }));
    expect(
      await within(form).findByText('Choose at least one tag: a LIMITED team sees only the assets with these tags.'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Tags the team may see' }));
    await user.click(await screen.findByRole('option', { name: 'Databases' }));
    await user.click(within(form).getByRole('button', { name: 'Add team' }));
    await waitFor(() => expect(stub.calls('POST', 'teams/teams/')).toHaveLength(1));
    expect(stub.calls('POST', 'teams/teams/')[0]!.body).toMatchObject({
      name: 'Ops',
      asset_permissions: 'LIMITED',
      asset_permissions_tags: [5],
      members: [],
    });
    expect(await screen.findByText('Team created.')).toBeInTheDocument();
  });
});
