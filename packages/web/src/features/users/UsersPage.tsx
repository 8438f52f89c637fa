// /users/users (superusers): the customer's users with status (Invited, Active, Deactivated), role, second factor and
// last sign-in; invite (a welcome link is mailed) or create a user; edit, change role or permissions, deactivate,
// reactivate, reset a second factor, resend an invitation or delete (naming the user, and who takes over what they own).
import { useState } from 'react';
import { Button, Card, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_STATUS_LABELS, USER_STATUSES, type UserAdminRow } from '@bulwark/core';
import { useSession } from '../../session/session.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { displayName } from '../../components/display-name.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { PermissionsForm } from './PermissionsForm.tsx';
import { RoleForm } from './RoleForm.tsx';
import { UserForm, type UserFormMode } from './UserForm.tsx';
import { userColumns, type UserRowAction } from './user-columns.tsx';
import { USERS_PAGE_SIZE } from './user-format.ts';
import { USER_KEYS, userListOptions } from './user-queries.ts';
import { deleteUser, fetchUserAdminList, runUserAction } from './users-api.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'E-mail or name', width: 240 },
  {
    kind: 'multi-select',
    name: 'status',
    label: 'Status',
    options: USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] })),
  },
];
const SORT_KEYS = ['email', 'name', 'status', 'last_login'];

type Editing =
  | { kind: 'role' | 'permissions'; user: UserAdminRow }
  | { kind: 'form'; mode: UserFormMode; user?: UserAdminRow }
  | { kind: 'deactivate' | 'reset-two-factor' | 'delete'; user: UserAdminRow }
  | null;

const FAILED: Record<Exclude<UserRowAction, 'edit'>, string> = {
  deactivate: 'Cannot deactivate the user.',
  reactivate: 'Cannot reactivate the user.',
  'reset-two-factor': 'Cannot reset the second factor.',
  'resend-invitation': 'Cannot send the invitation.',
  delete: 'Cannot delete the user.',
};

export default function UsersPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const me = session.profile;
  const [editing, setEditing] = useState<Editing>(null);
  const [heir, setHeir] = useState<string | null>(null);
  const list = useListState({ pageSize: USERS_PAGE_SIZE, defaultOrdering: 'email', sortKeys: SORT_KEYS, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery(userListOptions(list.query));
  const deleting = editing?.kind === 'delete' ? editing.user : null;
  // Who may take over a deleted user's scans, schedules and tickets: the organisation's active users.
  const heirs = useQuery({
    queryKey: [...USER_KEYS.all, 'heirs'],
    queryFn: ({ signal }) => fetchUserAdminList({ status: 'active', page_size: 100, ordering: 'email' }, signal),
    enabled: deleting !== null,
  });
  const heirOptions = (heirs.data?.results ?? [])
    .filter((u) => u.id !== deleting?.id)
    .map((u) => ({ value: String(u.id), label: u.id === me?.id ? `${displayName(u)} (you)` : displayName(u) }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: USER_KEYS.all });
  const close = () => setEditing(null);

  async function act(user: UserAdminRow, action: Exclude<UserRowAction, 'edit' | 'delete'>) {
    try {
      const answer = await runUserAction(user.id, action);
      toastSuccess(answer.detail);
      close();
      await refresh();
    } catch (failure) {
      toastFailure(failure, FAILED[action]);
    }
  }

  async function remove(user: UserAdminRow) {
    try {
      const answer = await deleteUser(user.id, Number(heir ?? me?.id));
      toastSuccess(answer.detail);
      close();
      await refresh();
    } catch (failure) {
      toastFailure(failure, FAILED.delete);
    }
  }

  function onAction(user: UserAdminRow, action: UserRowAction) {
    if (action === 'edit') setEditing({ kind: 'form', mode: 'edit', user });
    else if (action === 'reactivate' || action === 'resend-invitation') void act(user, action);
    else {
      if (action === 'delete') setHeir(me ? String(me.id) : null);
      setEditing({ kind: action, user });
    }
  }

  const columns = userColumns({
    currentUserId: me?.id ?? null,
    onRole: (user) => setEditing({ kind: 'role', user }),
    onPermissions: (user) => setEditing({ kind: 'permissions', user }),
    onAction,
  });
  const target = editing && 'user' in editing && editing.user ? editing.user : null;
  const name = target ? displayName(target) : '';
  const newUser = (mode: UserFormMode) => setEditing({ kind: 'form', mode });

  return (
    <Stack gap="md">
      <PageHeader
        title="Users"
        description="The users of your organisation. Invite people by e-mail or create them with a password; a role is a preset of permissions that stays editable per user."
        actions={
          <Group gap="xs">
            <Button onClick={() => newUser('invite')}>Invite user</Button>
            <Button variant="default" onClick={() => newUser('create')}>
              Create user
            </Button>
          </Group>
        }
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter users" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="users"
            caption="Users"
            columns={columns}
            rows={data?.results}
            rowKey={(user) => user.id}
            rowProps={(user) => ({ 'data-user-id': user.id })}
            error={error}
            errorMessage="The users could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading users…"
            empty={
              list.activeFilters > 0
                ? { title: 'No user matches these filters.' }
                : { title: 'No users yet.', action: <Button onClick={() => newUser('invite')}>Invite user</Button> }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'users', 'user')}
            minWidth={1100}
          />
        </Stack>
      </Card>
      <Modal opened={editing?.kind === 'role'} onClose={close} title={`Role of ${name}`} size="md">
        {editing?.kind === 'role' && <RoleForm key={editing.user.id} user={editing.user} onDone={close} />}
      </Modal>
      <Modal opened={editing?.kind === 'permissions'} onClose={close} title={`Permissions of ${name}`} size="xl">
        {editing?.kind === 'permissions' && <PermissionsForm key={editing.user.id} user={editing.user} onDone={close} />}
      </Modal>
      <Modal
        opened={editing?.kind === 'form'}
        onClose={close}
        title={
          editing?.kind === 'form'
            ? editing.mode === 'edit'
              ? `Edit ${name}`
              : editing.mode === 'create'
                ? 'Create user'
                : 'Invite user'
            : ''
        }
        size="lg"
      >
        {editing?.kind === 'form' && (
          <UserForm
            key={editing.user?.id ?? editing.mode}
            mode={editing.mode}
            user={editing.user}
            canGrantSuperuser={Boolean(me?.is_superuser)}
            onDone={close}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={editing?.kind === 'deactivate'}
        title={`Deactivate ${name}`}
        confirmLabel="Deactivate user"
        onConfirm={() => (target ? act(target, 'deactivate') : undefined)}
        onClose={close}
      >
        Deactivate <strong>{name}</strong> ({target?.email})? They are signed out at once and cannot sign in, nor use their API tokens,
        until you reactivate them. Nothing of theirs is deleted.
      </ConfirmDialog>
      <ConfirmDialog
        opened={editing?.kind === 'reset-two-factor'}
        title={`Reset the second factor of ${name}`}
        confirmLabel="Reset second factor"
        onConfirm={() => (target ? act(target, 'reset-two-factor') : undefined)}
        onClose={close}
      >
        Remove the second factor of <strong>{name}</strong> ({target?.email})? Their authenticator codes and recovery codes stop working and
        they are signed out; they sign in with their password alone and can set up a new second factor.
      </ConfirmDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${name}`}
        confirmLabel="Delete user"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={close}
      >
        <Stack gap="sm">
          <Text size="sm">
            Delete <strong>{name}</strong> ({deleting?.email})? This cannot be undone. The audit log keeps what they did; their own
            dashboards, saved filters and exports are deleted.
          </Text>
          <Select
            label="Give their scans, schedules, monitoring profiles, open tickets and shared dashboards to"
            data={heirOptions}
            value={heir}
            onChange={setHeir}
            allowDeselect={false}
            searchable
          />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
