// The network scan profiles (built-in and own): search, sorting and paging kept in the URL, per-row copy/export/delete.
import { Card, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PROFILE_COLUMNS, PROFILE_FILTERS } from './profile-columns.tsx';
import { profileListOptions, PROFILES_PAGE_SIZE } from './profile-queries.ts';

const SORT_KEYS = sortKeysOf(PROFILE_COLUMNS);

export function NetworkProfiles() {
  const list = useListState({ pageSize: PROFILES_PAGE_SIZE, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters: PROFILE_FILTERS });
  const { data, error, isFetching, refetch } = useQuery(profileListOptions(list.query));

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <FilterBar
          label="Filter scan profiles"
          filters={PROFILE_FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <DataTable
          id="scan-profiles"
          caption="Scan profiles"
          columns={PROFILE_COLUMNS}
          rows={data?.results}
          rowKey={(profile) => profile.id}
          rowProps={(profile) => ({ 'data-profile-id': profile.id })}
          error={error}
          errorMessage="The profiles could not be loaded. Reload the page to try again."
          onRetry={() => void refetch()}
          loadingLabel="Loading profiles…"
          empty={{
            title:
              list.activeFilters > 0 ? 'No profile matches this search.' : 'No profiles yet. Create one, or import an exported profile.',
          }}
          fetching={isFetching}
          ordering={list.ordering}
          onOrderingChange={list.setOrdering}
          paging={list.paging(data?.count ?? 0, 'profiles', 'profile')}
          highlightOnHover
        />
      </Stack>
    </Card>
  );
}
