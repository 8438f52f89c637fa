// A cloud run's Resources tab (GET scan/cruns/{id}/results/): the resources the run saw, searchable and paged in the URL.
import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../../components/filter-bar/index.ts';
import { fetchRunResources } from '../api/cloud-api.ts';
import { CLOUD_KEYS, CLOUD_PAGE_SIZE } from '../cloud-queries.ts';
import { RESOURCE_COLUMNS } from './ResourcesTable.tsx';

const FILTERS: readonly FilterDef[] = [{ kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or provider id', width: 260 }];

export function RunResourcesTab({ runId, polling }: { runId: number; polling: number | false }) {
  const list = useListState({ prefix: 'resources', pageSize: CLOUD_PAGE_SIZE, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: CLOUD_KEYS.runPart(runId, 'results', list.query),
    queryFn: ({ signal }) => fetchRunResources(runId, list.query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
  return (
    <Stack gap="md">
      <FilterBar
        label="Filter the run's resources"
        filters={FILTERS}
        values={list.filters}
        onChange={list.setFilter}
        onClear={list.clearFilters}
      />
      <DataTable
        id="cloud-run-resources"
        caption="Resources"
        columns={RESOURCE_COLUMNS}
        rows={data?.results}
        rowKey={(r) => r.id}
        error={error}
        errorMessage="The resources could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading resources…"
        empty={{ title: list.activeFilters ? 'No resource matches this search.' : 'No resources yet.' }}
        fetching={isFetching}
        paging={list.paging(data?.count ?? 0, 'resources', 'resource')}
        minWidth={900}
      />
    </Stack>
  );
}
