// The columns of the users list: e-mail (the signed-in user marked), name, status (Invited, Active, Deactivated),
// role, second factor, last sign-in, platform operator, and each row's actions: edit, role, permissions, and a menu of
// deactivate / reactivate / reset second factor / resend invitation / delete (those that apply to the user).
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, USER_STATUS_LABELS, type UserAdminRow, type UserStatus } from '@bulwark/core';
import { TWO_FACTOR_LABELS } from '../../components/account-labels.ts';
import type { DataColumn } from '../../components/data-table/index.ts';
import { displayName } from '../../components/display-name.ts';
import { userRoleText } from './user-format.ts';

export type UserRowAction = 'edit' | 'deactivate' | 'reactivate' | 'reset-two-factor' | 'resend-invitation' | 'delete';

export interface UserColumnOptions {
  /** The signed-in user's id, marked "You" (and spared the actions nobody may take on themselves). */
  currentUserId: number | null;
  onRole(user: UserAdminRow): void;
  onPermissions(user: UserAdminRow): void;
  onAction(user: UserAdminRow, action: UserRowAction): void;
}

const STATUS_COLORS: Record<UserStatus, string> = { invited: 'yellow', active: 'green', deactivated: 'gray' };

/** The menu's actions that apply to a user: none that one may not take on oneself. */
export function rowActions(user: UserAdminRow, self: boolean): { action: UserRowAction; label: string; danger?: boolean }[] {
  const out: { action: UserRowAction; label: string; danger?: boolean }[] = [];
  if (user.status === 'invited') out.push({ action: 'resend-invitation', label: 'Resend invitation' });
  if (!self && user.two_factor_method !== 'none') out.push({ action: 'reset-two-factor', label: 'Reset second factor' });
  if (!self && user.is_active) out.push({ action: 'deactivate', label: 'Deactivate', danger: true });
  if (!user.is_active) out.push({ action: 'reactivate', label: 'Reactivate' });
  if (!self) out.push({ action: 'delete', label: 'Delete', danger: true });
  return out;
}

export function userColumns({ currentUserId, onRole, onPermissions, onAction }: UserColumnOptions): DataColumn<UserAdminRow>[] {
  return [
    {
      key: 'email',
      header: 'E-mail',
      sortKey: 'email',
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
      sortKey: 'name',
      hideable: true,
      cell: (user) => <Text size="sm">{`${user.first_name} ${user.last_name}`.trim() || '–'}</Text>,
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (user) => (
        <Stack gap={2} align="flex-start">
          <Badge variant="light" color={STATUS_COLORS[user.status]}>
            {USER_STATUS_LABELS[user.status]}
          </Badge>
          {user.status === 'invited' && (
            <Text size="xs" c={user.invitation_expired ? 'red' : 'dimmed'}>
              {user.invitation_expired || !user.invitation_expires_at
                ? 'Invitation expired'
                : `Link valid until ${formatDateTime(user.invitation_expires_at)}`}
            </Text>
          )}
        </Stack>
      ),
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
      key: 'last_login',
      header: 'Last sign-in',
      sortKey: 'last_login',
      descendingFirst: true,
      hideable: true,
      cell: (user) =>
        user.last_login ? (
          <Text size="sm">{formatDateTime(user.last_login)}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            Never
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
          <Button size="compact-sm" variant="subtle" onClick={() => onAction(user, 'edit')} aria-label={`Edit ${displayName(user)}`}>
            Edit
          </Button>
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
          <RowMenu user={user} self={user.id === currentUserId} onAction={onAction} />
        </Group>
      ),
    },
  ];
}

function RowMenu({ user, self, onAction }: { user: UserAdminRow; self: boolean; onAction: UserColumnOptions['onAction'] }) {
  const actions = rowActions(user, self);
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`More actions for ${displayName(user)}`}>
          <span aria-hidden>⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a.action} color={a.danger ? 'red' : undefined} onClick={() => onAction(user, a.action)}>
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
