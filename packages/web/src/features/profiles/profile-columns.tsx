// The columns of the scan profile list: name (with its description), kind, last change, and the row's actions.
import { Link } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import { formatDateTime, type NetworkProfile } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import type { FilterDef } from '../../components/filter-bar/index.ts';
import { ProfileRowActions } from './ProfileRowActions.tsx';
import { profileEditPath } from './profile-form.ts';

export const PROFILE_COLUMNS: readonly DataColumn<NetworkProfile>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (profile) => (
      <>
        <Anchor component={Link} to={profileEditPath(profile.id)} fw={500} size="sm">
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
    key: 'kind',
    header: 'Kind',
    hideable: true,
    cell: (profile) =>
      profile.builtin ? (
        <Badge variant="light">Built-in</Badge>
      ) : (
        <Badge variant="light" color="gray">
          Own
        </Badge>
      ),
  },
  {
    key: 'modified',
    header: 'Modified',
    sortKey: 'modified',
    descendingFirst: true,
    hideable: true,
    cell: (profile) => <Text size="sm">{formatDateTime(profile.modified)}</Text>,
  },
  { key: 'actions', header: 'Actions', headerHidden: true, cell: (profile) => <ProfileRowActions profile={profile} /> },
];

/** Search in the name and description (scan/nprofiles/?search=). */
export const PROFILE_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Profile name', width: 260 },
];
