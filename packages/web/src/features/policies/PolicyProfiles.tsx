// The policy tab of the scan profiles page: the policy profiles (search, sorting and paging in the URL under `policy.`)
// with their row actions, and the policy library below them.
import { Card, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import type { PolicyAccess } from './policy-access.ts';
import { POLICY_PROFILE_FILTERS, POLICY_PROFILE_SORT_KEYS, policyProfileColumns } from './policy-profile-columns.tsx';
import { POLICY_PROFILES_PAGE_SIZE, policyProfileListQuery } from './policy-queries.ts';
import { PolicyLibrary } from './PolicyLibrary.tsx';

export function PolicyProfiles({ access }: { access: PolicyAccess }) {
  const list = useListState({
    prefix: 'policy',
    pageSize: POLICY_PROFILES_PAGE_SIZE,
    defaultOrdering: 'name',
    sortKeys: POLICY_PROFILE_SORT_KEYS,
    filters: POLICY_PROFILE_FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery(policyProfileListQuery(list.query));

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter policy profiles"
            filters={POLICY_PROFILE_FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="policy-profiles"
            caption="Policy profiles"
            columns={policyProfileColumns(access)}
            rows={data?.results}
            rowKey={(profile) => profile.id}
            rowProps={(profile) => ({ 'data-profile-id': profile.id })}
            error={error}
            errorMessage="The policy profiles could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading policy profiles…"
            empty={
              list.activeFilters > 0
                ? { title: 'No policy profile matches this search.' }
                : {
                    title: 'No policy profiles yet.',
                    description:
                      'A policy profile names a benchmark of the library below and the Linux credentials that log in. Create one with “New policy profile”.',
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'policy profiles', 'policy profile')}
            highlightOnHover
          />
        </Stack>
      </Card>
      <PolicyLibrary access={access} />
    </Stack>
  );
}
