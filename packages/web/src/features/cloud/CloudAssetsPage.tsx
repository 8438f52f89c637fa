// /assets/cloud: the cloud resources scans found (GET cloud/resources/), filtered by provider, account, region, type and
// whether a scan missed them (gone), searchable and paged in the URL; each opens its resource page.
import { Card, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLOUD_PROVIDER, CLOUD_PROVIDER_KEYS, CLOUD_PROVIDER_LABELS } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchCloudResources } from './api/cloud-api.ts';
import { CLOUD_KEYS, CLOUD_PAGE_SIZE } from './cloud-queries.ts';
import { RESOURCE_COLUMNS } from './components/ResourcesTable.tsx';

export const RESOURCE_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or provider id', width: 240 },
  {
    kind: 'select',
    name: 'provider',
    label: 'Provider',
    options: CLOUD_PROVIDER_KEYS.map((k) => ({ value: String(CLOUD_PROVIDER[k]), label: CLOUD_PROVIDER_LABELS[CLOUD_PROVIDER[k]] })),
  },
  { kind: 'text', name: 'account', label: 'Account', placeholder: 'Account id', width: 180 },
  { kind: 'text', name: 'region', label: 'Region', placeholder: 'eu-west-1', width: 140 },
  { kind: 'text', name: 'resource_type', label: 'Type', placeholder: 'aws.s3.bucket', width: 180 },
  { kind: 'boolean', name: 'gone', label: 'Gone', trueLabel: 'Gone', falseLabel: 'Still seen', anyLabel: 'Any' },
];

export default function CloudAssetsPage() {
  const list = useListState({ pageSize: CLOUD_PAGE_SIZE, filters: RESOURCE_FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: CLOUD_KEYS.resources(list.query),
    queryFn: ({ signal }) => fetchCloudResources(list.query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Cloud assets"
        description="The resources cloud scans found in your accounts: instances, buckets, databases, networks, identities and more. A resource a later scan no longer finds is marked gone."
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter cloud assets"
            filters={RESOURCE_FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="cloud-assets"
            caption="Cloud assets"
            columns={RESOURCE_COLUMNS}
            rows={data?.results}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-asset-id': r.id })}
            error={error}
            errorMessage="The cloud assets could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading cloud assets…"
            empty={
              list.activeFilters > 0
                ? { title: 'No cloud asset matches these filters.', description: 'Change or clear the filters to see more.' }
                : { title: 'No cloud assets yet.', description: 'Run a cloud scan: the resources it reads appear here.' }
            }
            fetching={isFetching}
            paging={list.paging(data?.count ?? 0, 'resources', 'resource')}
            minWidth={1000}
            highlightOnHover
          />
        </Stack>
      </Card>
    </Stack>
  );
}
