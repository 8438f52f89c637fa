// The columns of the users list: e-mail (the signed-in user marked), name, role, second factor, platform operator, and
// the role and permission actions of each row.
import { Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { UserProfile } from '@bulwark/core';
import { TWO_FACTOR_LABELS } from '../../components/account-labels.ts';
import type { DataColumn } from '../../components/data-table/index.ts';
import { displayName } from '../../components/display-name.ts';
import { userRoleText } from './user-format.ts';

export interface UserColumnOptions {
  /** The signed-in user's id, marked "You". */
  currentUserId: number | null;
  onRole(user: UserProfile): void;
  onPermissions(user: UserProfile): void;
}

export function userColumns({ currentUserId, onRole, onPermissions }: UserColumnOptions): DataColumn<UserProfile>[] {
  return [
    {
      key: 'email',
      header: 'E-mail',
      cell: (user) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {user.email}
          </Text>
          {user.id === currentUserId && (
            <Badge size="xs" variant="outline">
              You
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'name',
      header: 'Name',
      hideable: true,
      cell: (user) => <Text size="sm">{`${user.first_name} ${user.last_name}`.trim() || '–'}</Text>,
    },
    { key: 'role', header: 'Role', cell: (user) => <Text size="sm">{userRoleText(user)}</Text> },
    {
      key: 'two_factor',
      header: 'Two-factor',
      hideable: true,
      cell: (user) => (
        <Text size="sm" c={user.two_factor_method === 'none' ? 'dimmed' : undefined}>
          {TWO_FACTOR_LABELS[user.two_factor_method]}
        </Text>
      ),
    },
    {
      key: 'platform_operator',
      header: 'Platform operator',
      hideable: true,
      cell: (user) =>
        user.platform_operator ? (
          <Badge variant="light" color="grape">
            Operator
          </Badge>
        ) : (
          <>
            <Text span c="dimmed" aria-hidden>
              –
            </Text>
            <VisuallyHidden>No</VisuallyHidden>
          </>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (user) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button size="compact-sm" variant="light" onClick={() => onRole(user)} aria-label={`Change role of ${displayName(user)}`}>
            Role
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onPermissions(user)}
            aria-label={`Permissions of ${displayName(user)}`}
          >
            Permissions
          </Button>
        </Group>
      ),
    },
  ];
}
