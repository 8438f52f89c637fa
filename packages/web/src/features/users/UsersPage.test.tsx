// The users page against a stubbed API: the customer's users with status, role, second factor, last sign-in and operator
// badge, paging in the call and the URL, a role changed to a preset (field and 403 errors shown), the permission matrix
// saved; invite and create (field errors on their fields), edit, and the row actions (deactivate, reactivate, reset
// second factor, resend invitation, delete with an heir) with confirmations naming the user.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_DESCRIPTIONS, rolePreset, type UserAdminRow, type UserProfile } from '@bulwark/core';
import UsersPage from './UsersPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/users/users';
const LIST = 'users/users/';

/** A profile as the users list answers it, active and signed in unless said otherwise. */
function row(profile: UserProfile, extra: Partial<UserAdminRow> = {}): UserAdminRow {
  return {
    ...profile,
    status: 'active',
    is_active: true,
    last_login: '2026-11-02T09:30:00Z',
    date_joined: '2026-10-01T08:00:00Z',
    invitation_expires_at: null,
    invitation_expired: false,
    ...extra,
  };
}

const ADMIN = row(aUserProfile());
const ANALYST = row(
  aUserProfile({
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
  }),
);
const CUSTOM = row(
  aUserProfile({
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
  }),
  { status: 'invited', last_login: null, invitation_expires_at: '2026-12-07T10:00:00Z' },
);
const GONE = row(
  aUserProfile({
    id: 4,
    user: 4,
    email: 'gus@example.com',
    first_name: 'Gus',
    last_name: 'Gone',
    is_superuser: false,
    customer_admin: false,
    platform_operator: false,
    role: 'auditor',
  }),
  { status: 'deactivated', is_active: false },
);
const USERS = [ADMIN, ANALYST, CUSTOM, GONE];

function api(users = USERS, count = users.length): ApiStub {
  return stubApi().on('GET', 'check-authentication/', { isAuthenticated: true }).on('GET', LIST, page(users, count));
}

const listCalls = (stub: ApiStub) =>
  stub.calls('GET', LIST).filter((c) => c.query.get('status') !== 'active' || c.query.get('page_size') !== '100');
const render = (url = PATH) => renderWithApp(<UsersPage />, { path: PATH, url, session: aSession(ADMIN) });

describe('UsersPage', () => {
  it('lists the users with name, role, second factor and the platform operator badge', async () => {
    const stub = api();
    render();
    const table = await screen.findByRole('table', { name: 'Users' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headings).toEqual(['E-mail', 'Name', 'Status', 'Role', 'Two-factor', 'Last sign-in', 'Platform operator', 'Actions']);

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
    expect(within(custom).getByText('Invited')).toBeInTheDocument();
    expect(within(custom).getByText(/Link valid until/)).toBeInTheDocument();
    expect(within(custom).getByText('Never')).toBeInTheDocument();
    expect(within(analyst).getByText('Active')).toBeInTheDocument();
    expect(within(analyst).getByText(/2026/)).toBeInTheDocument();
    const gone = within(table).getByRole('row', { name: /gus@example\.com/ });
    expect(within(gone).getByText('Deactivated')).toBeInTheDocument();

    expect(screen.getByText('4 users')).toBeInTheDocument();
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
    stubApi().on('GET', LIST, json({ detail: 'You do not have permission to perform this action.' }, 403));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
  });

  it('invites a user: e-mail, name and role sent, the success message shown, the list refetched', async () => {
    const stub = api().on('POST', 'users/users/invite/', (request) =>
      json(
        row(aUserProfile({ id: 9, user: 9, email: (request.body as { email: string }).email, is_superuser: false }), { status: 'invited' }),
        201,
      ),
    );
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    const before = listCalls(stub).length;
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(within(dialog).getByText(/link to choose their password/)).toBeInTheDocument();
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('Auditor (read-only)');
    // Empty e-mail: refused before any call.
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('E-mail is required')).toBeInTheDocument();
    expect(stub.calls('POST', 'users/users/invite/')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'new@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nina');
    await user.click(role);
    await user.click(screen.getByRole('option', { name: 'Security analyst' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Superuser/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(stub.calls('POST', 'users/users/invite/')).toHaveLength(1));
    expect(stub.calls('POST', 'users/users/invite/')[0]!.body).toEqual({
      email: 'new@example.com',
      first_name: 'Nina',
      last_name: '',
      role: 'security_analyst',
      is_superuser: true,
    });
    expect(await screen.findByText('Invitation sent to new@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(stub).length).toBeGreaterThan(before));
  });

  it('creates a user with a password and puts the server’s field errors on their fields', async () => {
    const stub = api().on(
      'POST',
      LIST,
      json({ password: ['This password is too common.'], email: ['A user with this e-mail address already exists.'] }, 409),
    );
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Password/), 'password123');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('This password is too common.')).toBeInTheDocument();
    expect(within(dialog).getByText('A user with this e-mail address already exists.')).toBeInTheDocument();
    expect(stub.calls('POST', LIST)[0]!.body).toMatchObject({ email: 'grace@example.com', password: 'password123', role: 'auditor' });
  });

  it('edits a user, sending only what changed', async () => {
    const stub = api().on('PATCH', 'users/users/:id/', json({ ...ANALYST, first_name: 'Gracie', email: 'gracie@example.com' }));
    const { user } = render();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Grace Hopper' });
    const first = within(dialog).getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Gracie');
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'gracie@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PATCH', 'users/users/:id/')).toHaveLength(1));
    const patch = stub.calls('PATCH', 'users/users/:id/')[0]!;
    expect(patch.path).toBe('users/users/2/');
    expect(patch.body).toEqual({ email: 'gracie@example.com', first_name: 'Gracie' });
    expect(await screen.findByText('User updated.')).toBeInTheDocument();
  });

  it('offers each row only the actions that apply, and none against oneself', async () => {
    api();
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    const menuItems = async (name: string) => {
      await user.click(within(table).getByRole('button', { name: `More actions for ${name}` }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      return items;
    };
    expect(within(table).queryByRole('button', { name: 'More actions for Ada Lovelace' })).not.toBeInTheDocument();
    expect(await menuItems('Grace Hopper')).toEqual(['Reset second factor', 'Deactivate', 'Delete']);
    expect(await menuItems('carol@example.com')).toEqual(['Resend invitation', 'Deactivate', 'Delete']);
    expect(await menuItems('Gus Gone')).toEqual(['Reactivate', 'Delete']);
  });

  it('deactivates after a confirmation naming the user, and shows the server’s message', async () => {
    const stub = api().on('POST', 'users/users/:id/deactivate/', {
      detail: 'Grace Hopper is deactivated: their sessions have ended and they cannot sign in.',
      user: { ...ANALYST, status: 'deactivated', is_active: false },
    });
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'More actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Grace Hopper' });
    expect(dialog).toHaveTextContent('grace@example.com');
    expect(stub.calls('POST', 'users/users/:id/deactivate/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    await waitFor(() => expect(stub.calls('POST', 'users/users/:id/deactivate/')).toHaveLength(1));
    expect(stub.calls('POST', 'users/users/:id/deactivate/')[0]!.path).toBe('users/users/2/deactivate/');
    expect(await screen.findByText('Grace Hopper is deactivated: their sessions have ended and they cannot sign in.')).toBeInTheDocument();
  });

  it('resets a second factor after confirming; reactivates and resends at once; shows a refusal', async () => {
    const stub = api()
      .on('POST', 'users/users/:id/reset-two-factor/', {
        detail: 'The second factor of Grace Hopper is removed; their sessions have ended.',
        user: ANALYST,
      })
      .on('POST', 'users/users/:id/reactivate/', {
        detail: 'Gus Gone can sign in again.',
        user: { ...GONE, status: 'active', is_active: true },
      })
      .on('POST', 'users/users/:id/resend-invitation/', json({ detail: 'Too many attempts. Try again in 3599 seconds.' }, 429));
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'More actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of Grace Hopper' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('The second factor of Grace Hopper is removed; their sessions have ended.')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'More actions for Gus Gone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    expect(await screen.findByText('Gus Gone can sign in again.')).toBeInTheDocument();
    expect(stub.calls('POST', 'users/users/:id/reactivate/')[0]!.path).toBe('users/users/4/reactivate/');

    await user.click(within(table).getByRole('button', { name: 'More actions for carol@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    expect(await screen.findByText('Too many attempts. Try again in 3599 seconds.')).toBeInTheDocument();
  });

  it('deletes after a confirmation naming the user, giving what they own to the chosen heir', async () => {
    const stub = api()
      .on('GET', LIST, (request) =>
        json(page(request.query.get('status') === 'active' ? [ADMIN, ANALYST] : USERS, request.query.get('status') === 'active' ? 2 : 4)),
      )
      .on('DELETE', 'users/users/:id/', {
        detail: 'Gus Gone is deleted.',
        reassigned_to: 2,
        reassigned: { scans: 1, schedules: 0, monitoring_profiles: 0, tickets: 2, dashboards: 0 },
      });
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'More actions for Gus Gone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Gus Gone' });
    expect(dialog).toHaveTextContent('gus@example.com');
    expect(dialog).toHaveTextContent('The audit log keeps what they did');
    const heir = within(dialog).getByRole('combobox', { name: /Give their scans/ });
    await waitFor(() => expect(heir).toHaveValue('Ada Lovelace (you)'));
    await user.click(heir);
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(stub.calls('DELETE', 'users/users/:id/')).toHaveLength(1));
    const call = stub.calls('DELETE', 'users/users/:id/')[0]!;
    expect(call.path).toBe('users/users/4/');
    expect(call.query.get('reassign_to')).toBe('2');
    expect(await screen.findByText('Gus Gone is deleted.')).toBeInTheDocument();
  });
});
