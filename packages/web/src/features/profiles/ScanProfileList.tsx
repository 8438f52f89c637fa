// The profiles of any scan kind: search, sorting and paging kept in the URL, the kind's columns between the name and
// the last change, and per-row copy/export/delete.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@bulwark/core';
import { DataTable, sortKeysOf, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import type { ProfileAccess, ProfileKindUi, ProfileRowBase } from './profile-kind.ts';
import { ScanProfileRowActions } from './ScanProfileRowActions.tsx';

/** Search in the name and description (scan/<profiles>/?search=). */
export const PROFILE_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Profile name', width: 260 },
];

export function profileColumns<P extends ProfileRowBase, V, I>(ui: ProfileKindUi<P, V, I>, access: ProfileAccess): DataColumn<P>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (profile) => (
        <>
          <Anchor component={Link} to={ui.editPath(profile.id)} fw={500} size="sm">
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
    ...ui.columns,
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
      cell: (profile) => <ScanProfileRowActions ui={ui} profile={profile} access={access} />,
    },
  ];
}

export function ScanProfileList<P extends ProfileRowBase, V, I>({ ui }: { ui: ProfileKindUi<P, V, I> }) {
  const access = ui.useAccess();
  const columns = profileColumns(ui, access);
  const sortKeys = useMemo(() => sortKeysOf(profileColumns(ui, access)), [ui, access]);
  const list = useListState({
    prefix: ui.list.prefix,
    pageSize: ui.list.pageSize,
    defaultOrdering: 'name',
    sortKeys,
    filters: PROFILE_FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ui.listKey(list.query),
    queryFn: ({ signal }) => ui.api.list(list.query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <FilterBar
          label={ui.list.filterLabel}
          filters={PROFILE_FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <DataTable
          id={ui.list.id}
          caption={ui.list.caption}
          columns={columns}
          rows={data?.results}
          rowKey={(profile) => profile.id}
          rowProps={(profile) => ({ 'data-profile-id': profile.id })}
          error={error}
          errorMessage={ui.list.errorMessage}
          onRetry={() => void refetch()}
          loadingLabel={ui.list.loadingLabel}
          empty={ui.list.empty(list.activeFilters > 0)}
          fetching={isFetching}
          ordering={list.ordering}
          onOrderingChange={list.setOrdering}
          paging={list.paging(data?.count ?? 0, ...ui.list.nouns)}
          highlightOnHover
        />
      </Stack>
    </Card>
  );
}
