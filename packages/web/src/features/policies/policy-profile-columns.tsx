// The columns of the policy profile list: name (with its description), policy (warned when no longer in the library),
// credentials, last change, and the row's actions.
import { Link } from 'react-router';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { formatDateTime } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import type { FilterDef } from '../../components/filter-bar/index.ts';
import type { PolicyProfile } from './policies-api.ts';
import type { PolicyAccess } from './policy-access.ts';
import { policyProfileEditPath } from './policy-format.ts';
import { PolicyProfileRowActions } from './PolicyProfileRowActions.tsx';

/** '2 credentials', '1 credential'. */
export function credentialsText(count: number): string {
  return `${count} credential${count === 1 ? '' : 's'}`;
}

export function policyProfileColumns(access: PolicyAccess): DataColumn<PolicyProfile>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (profile) => (
        <>
          <Anchor component={Link} to={policyProfileEditPath(profile.id)} fw={500} size="sm">
            {profile.name}
          </Anchor>
          {profile.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {profile.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'policy',
      header: 'Policy',
      cellProps: { maw: 360 },
      cell: (profile) =>
        profile.policy_name === null ? (
          <Badge color="yellow" variant="light" title={profile.policy}>
            Policy no longer in the library
          </Badge>
        ) : (
          <Group gap={6} wrap="wrap">
            <Text size="sm">{profile.policy_name}</Text>
            {profile.ignore_platform && (
              <Badge size="xs" variant="outline" color="gray" title="Evaluated on other releases too">
                Any release
              </Badge>
            )}
          </Group>
        ),
    },
    {
      key: 'credentials',
      header: 'Credentials',
      hideable: true,
      cell: (profile) => <Text size="sm">{credentialsText(profile.lin_auths.length)}</Text>,
    },
    {
      key: 'modified',
      header: 'Modified',
      sortKey: 'modified',
      descendingFirst: true,
      hideable: true,
      cell: (profile) => <Text size="sm">{formatDateTime(profile.modified)}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (profile) => <PolicyProfileRowActions profile={profile} access={access} />,
    },
  ];
}

export const POLICY_PROFILE_SORT_KEYS: readonly string[] = ['name', 'modified'];

/** Search in the name and description (scan/oprofiles/?search=). */
export const POLICY_PROFILE_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Profile name', width: 260 },
];
