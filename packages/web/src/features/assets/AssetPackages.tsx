// The installed packages of a host, as its last authenticated scan listed them: a server-paged table with search (name
// or source package), sortable by name and by open findings; page, search and order kept in the URL (packages.*).
import { Badge, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HostPackage } from '@bulwark/core';
import { DataTable, sortKeysOf, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { hostPackagesOptions } from './host-auth-api.ts';
import { seenText } from './asset-format.ts';

export const ASSET_PACKAGES_PREFIX = 'packages';
const PAGE_SIZE = 50;

const mono = { ff: 'monospace', style: { wordBreak: 'break-all' } } as const;

const COLUMNS: readonly DataColumn<HostPackage>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (p) => (
      <>
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
        <Text size="xs" c="dimmed">
          {p.arch}
        </Text>
      </>
    ),
  },
  { key: 'version', header: 'Version', cellProps: mono, cell: (p) => p.version },
  { key: 'source', header: 'Source', hideable: true, cell: (p) => p.source },
  { key: 'source_version', header: 'Source version', hideable: true, cellProps: mono, cell: (p) => p.source_version },
  {
    key: 'vulnerabilities',
    header: 'Vulnerabilities',
    sortKey: 'vulnerabilities',
    descendingFirst: true,
    cell: (p) =>
      p.vulnerabilities > 0 ? (
        <Badge color="red" variant="light">
          {p.vulnerabilities}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          0
        </Text>
      ),
  },
  { key: 'manager', header: 'Package manager', hiddenByDefault: true, cell: (p) => p.manager },
  { key: 'first_seen', header: 'First seen', hiddenByDefault: true, cell: (p) => seenText(p.first_seen) },
];

const SORT_KEYS = sortKeysOf(COLUMNS);
const FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search packages', placeholder: 'Package or source name', width: 260 },
];

export function AssetPackages({ assetId }: { assetId: number }) {
  const list = useListState({
    prefix: ASSET_PACKAGES_PREFIX,
    pageSize: PAGE_SIZE,
    defaultOrdering: 'name',
    sortKeys: SORT_KEYS,
    filters: FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery(hostPackagesOptions(assetId, list.query));
  return (
    <Stack gap="md">
      <FilterBar label="Filter packages" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
      <DataTable
        id="asset-packages"
        caption="Installed packages"
        columns={COLUMNS}
        rows={data?.results}
        rowKey={(p) => `${p.name}/${p.arch}`}
        error={error}
        errorMessage="The packages could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading packages…"
        empty={{
          title:
            list.activeFilters > 0
              ? 'No package matches this search.'
              : 'No packages listed yet. An authenticated scan lists them: add a credential to the scan profile.',
        }}
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'packages', 'package')}
      />
    </Stack>
  );
}
