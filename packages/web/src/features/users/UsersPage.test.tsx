// The users page against a stubbed API: the customer's users with role, second factor and operator badge, paging in
// the call and the URL, a role changed to a preset (field and 403 errors shown), and the permission matrix saved.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_DESCRIPTIONS, rolePreset } from '@bulwark/core';
import UsersPage from './UsersPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/users/users';
const ADMIN = aUserProfile();
const ANALYST = aUserProfile({
  id: 2,
  user: 2,
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  is_superuser: false,
  customer_admin: false,
  platform_operator: false,
  role: 'security_analyst',
  permissions: rolePreset('security_analyst').permissions as Record<string, string[]>,
  two_factor_method: 'totp',
});
const CUSTOM = aUserProfile({
  id: 3,
  user: 3,
  email: 'carol@example.com',
  first_name: '',
  last_name: '',
  is_superuser: false,
  customer_admin: false,
  platform_operator: false,
  role: null,
  permissions: { net_scans: ['read'] },
});
const USERS = [ADMIN, ANALYST, CUSTOM];

function api(users = USERS, count = users.length): ApiStub {
  return stubApi().on('GET', 'check-authentication/', { isAuthenticated: true }).on('GET', 'user/profile/', page(users, count));
}

const listCalls = (stub: ApiStub) => stub.calls('GET', 'user/profile/');
const render = (url = PATH) => renderWithApp(<UsersPage />, { path: PATH, url, session: aSession(ADMIN) });

describe('UsersPage', () => {
  it('lists the users with name, role, second factor and the platform operator badge', async () => {
    const stub = api();
    render();
    const table = await screen.findByRole('table', { name: 'Users' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual(['E-mail', 'Name', 'Role', 'Two-factor', 'Platform operator', 'Actions']);

    const admin = within(table).getByRole('row', { name: /admin@example\.com/ });
    expect(within(admin).getByText('You')).toBeInTheDocument();
    expect(within(admin).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(admin).getByText('Administrator')).toBeInTheDocument();
    expect(within(admin).getByText('Off')).toBeInTheDocument();
    expect(within(admin).getByText('Operator')).toBeInTheDocument();

    const analyst = within(table).getByRole('row', { name: /grace@example\.com/ });
    expect(within(analyst).getByText('Security analyst')).toBeInTheDocument();
    expect(within(analyst).getByText('Authenticator app')).toBeInTheDocument();
    expect(within(analyst).queryByText('Operator')).not.toBeInTheDocument();
    expect(analyst).toHaveAttribute('data-user-id', '2');

    const custom = within(table).getByRole('row', { name: /carol@example\.com/ });
    expect(within(custom).getByText('Custom')).toBeInTheDocument();

    expect(screen.getByText('3 users')).toBeInTheDocument();
    const query = listCalls(stub).at(-1)!.query;
    expect(query.get('page')).toBe('1');
    expect(query.get('page_size')).toBe('25');
    expect(query.get('me')).toBeNull();
  });

  it('pages through the server: the page goes to the call and into the URL', async () => {
    const stub = api(USERS, 60);
    const { user, search } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(stub).at(-1)!.query.get('page')).toBe('2'));
    expect(search().get('page')).toBe('2');
  });

  it('changes a role to a preset, with its description as help, and refetches the list', async () => {
    const stub = api().on('PATCH', 'user/profile/:id/', (request) =>
      json({ ...ANALYST, role: (request.body as { role: string }).role, permissions: rolePreset('auditor').permissions }),
    );
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    const before = listCalls(stub).length;
    await user.click(screen.getByRole('button', { name: 'Change role of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role of Grace Hopper' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('Security analyst');
    expect(role).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.security_analyst);
    expect(within(dialog).getByRole('button', { name: 'Save role' })).toBeDisabled();

    await user.click(role);
    await user.click(screen.getByRole('option', { name: 'Auditor (read-only)' }));
    expect(role).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.auditor);
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));

    await waitFor(() => expect(stub.calls('PATCH', 'user/profile/:id/')).toHaveLength(1));
    const patch = stub.calls('PATCH', 'user/profile/:id/')[0];
    expect(patch.path).toBe('user/profile/2/');
    expect(patch.body).toEqual({ role: 'auditor' });
    expect(await screen.findByText('Role of Grace Hopper changed to Auditor (read-only).')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Role of Grace Hopper' })).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(stub).length).toBeGreaterThan(before));
  });

  it('shows the server’s field error on the role field', async () => {
    api().on('PATCH', 'user/profile/:id/', json({ customer_admin: ['You cannot remove your own administrator role.'] }, 400));
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Change role of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role of Ada Lovelace' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('Administrator');
    await user.click(role);
    await user.click(screen.getByRole('option', { name: 'Scan operator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByText('You cannot remove your own administrator role.')).toBeInTheDocument();
    expect(role).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a refusal (403) as an error message above the form', async () => {
    api().on('PATCH', 'user/profile/:id/', json({ detail: 'Roles and permissions cannot be changed in an impersonated session.' }, 403));
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Change role of carol@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role of carol@example.com' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('');
    await user.click(role);
    await user.click(screen.getByRole('option', { name: 'Security analyst' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Roles and permissions cannot be changed in an impersonated session.',
    );
    expect(screen.getByRole('dialog', { name: 'Role of carol@example.com' })).toBeInTheDocument();
  });

  it('edits the permission matrix: another action ticks read, and the whole map is saved', async () => {
    const stub = api().on('PATCH', 'user/profile/:id/', (request) =>
      json({ ...CUSTOM, permissions: (request.body as { permissions: Record<string, string[]> }).permissions }),
    );
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Permissions of carol@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of carol@example.com' });
    const matrix = within(dialog).getByRole('table', { name: 'Permissions of carol@example.com' });
    expect(within(matrix).getByRole('rowheader', { name: 'Scanning' })).toBeInTheDocument();
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Resource', 'Read', 'Create', 'Update', 'Delete', 'Execute']);
    expect(within(matrix).getByRole('checkbox', { name: 'Read Network scans' })).toBeChecked();
    expect(within(matrix).getByRole('checkbox', { name: 'Create Network scans' })).not.toBeChecked();
    const save = within(dialog).getByRole('button', { name: 'Save permissions' });
    expect(save).toBeDisabled();

    await user.click(within(matrix).getByRole('checkbox', { name: 'Delete Tags' }));
    expect(within(matrix).getByRole('checkbox', { name: 'Read Tags' })).toBeChecked();
    await user.click(within(matrix).getByRole('checkbox', { name: 'Execute Network scans' }));
    await user.click(within(matrix).getByRole('checkbox', { name: 'Read Reports' }));
    // Unticking read clears the row: nothing works without it.
    await user.click(within(matrix).getByRole('checkbox', { name: 'Create Dashboards' }));
    await user.click(within(matrix).getByRole('checkbox', { name: 'Read Dashboards' }));
    expect(within(matrix).getByRole('checkbox', { name: 'Create Dashboards' })).not.toBeChecked();

    await user.click(save);
    await waitFor(() => expect(stub.calls('PATCH', 'user/profile/:id/')).toHaveLength(1));
    const patch = stub.calls('PATCH', 'user/profile/:id/')[0];
    expect(patch.path).toBe('user/profile/3/');
    expect(patch.body).toEqual({ permissions: { net_scans: ['read', 'execute'], tags: ['read', 'delete'], reports: ['read'] } });
    expect(await screen.findByText('Permissions of carol@example.com saved.')).toBeInTheDocument();
  });

  it('shows the server’s error of the permission map with the matrix', async () => {
    api().on('PATCH', 'user/profile/:id/', json({ permissions: ['Unknown resource: nope.'] }, 400));
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Permissions of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Grace Hopper' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create Phishing and training' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unknown resource: nope.');
    const matrix = within(dialog).getByRole('table', { name: 'Permissions of Grace Hopper' });
    expect(matrix).toHaveAccessibleDescription(/Unknown resource: nope\./);
  });

  it('shows an administrator’s rights without letting them be edited', async () => {
    api();
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Permissions of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ada Lovelace' });
    expect(within(dialog).getByText(/Administrators have every right/)).toBeInTheDocument();
    const read = within(dialog).getByRole('checkbox', { name: 'Read Network scans' });
    expect(read).toBeChecked();
    expect(read).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
  });

  it('shows the failure of the list', async () => {
    stubApi().on('GET', 'user/profile/', json({ detail: 'You do not have permission to perform this action.' }, 403));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
  });
});
