// /users/users: the customer's users (superusers): role, second factor and platform operators at a glance; a user's
// role changed to a preset, and their permission map viewed and edited as a matrix.
import { useState } from 'react';
import { Card, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@bulwark/core';
import { useSession } from '../../session/session.ts';
import { DataTable } from '../../components/data-table/index.ts';
import { displayName } from '../../components/display-name.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PermissionsForm } from './PermissionsForm.tsx';
import { RoleForm } from './RoleForm.tsx';
import { userColumns } from './user-columns.tsx';
import { USERS_PAGE_SIZE } from './user-format.ts';
import { userListOptions } from './user-queries.ts';

type Editing = { kind: 'role' | 'permissions'; user: UserProfile } | null;

export default function UsersPage() {
  const session = useSession();
  const [editing, setEditing] = useState<Editing>(null);
  const list = useListState({ pageSize: USERS_PAGE_SIZE });
  const { data, error, isFetching, refetch } = useQuery(userListOptions(list.query));
  const columns = userColumns({
    currentUserId: session.profile?.id ?? null,
    onRole: (user) => setEditing({ kind: 'role', user }),
    onPermissions: (user) => setEditing({ kind: 'permissions', user }),
  });
  const close = () => setEditing(null);

  return (
    <Stack gap="md">
      <PageHeader
        title="Users"
        description="The users of your organisation. A role is a preset of permissions; the permission map stays editable per user."
      />
      <Card withBorder padding="md">
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
          empty={{ title: 'No users yet.' }}
          fetching={isFetching}
          paging={list.paging(data?.count ?? 0, 'users', 'user')}
          minWidth={900}
        />
      </Card>
      <Modal opened={editing?.kind === 'role'} onClose={close} title={editing ? `Role of ${displayName(editing.user)}` : 'Role'} size="md">
        {editing?.kind === 'role' && <RoleForm key={editing.user.id} user={editing.user} onDone={close} />}
      </Modal>
      <Modal
        opened={editing?.kind === 'permissions'}
        onClose={close}
        title={editing ? `Permissions of ${displayName(editing.user)}` : 'Permissions'}
        size="xl"
      >
        {editing?.kind === 'permissions' && <PermissionsForm key={editing.user.id} user={editing.user} onDone={close} />}
      </Modal>
    </Stack>
  );
}
