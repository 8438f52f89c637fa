// /assets/assets (network assets) and /assets/unified-assets (every category): the inventory, server-paged, sorted and
// filtered by the §3 fields with tags to include or exclude, all kept in the URL; add an asset, import a CSV, delete one.
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Asset } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { AssetForm } from './AssetForm.tsx';
import { ImportAssets } from './ImportAssets.tsx';
import { BulkAssetActions } from './BulkAssetActions.tsx';
import { assetColumns } from './asset-columns.tsx';
import { ASSET_KEYS, deleteAsset, fetchAssets, fetchTagCounts } from './assets-api.ts';
import { ASSET_PAGE_SIZE, ASSET_SORT_KEYS, DEFAULT_ASSET_ORDERING, UNIFIED_ASSETS_PATH, assetFilters } from './asset-format.ts';

export default function AssetsPage() {
  const unified = useLocation().pathname.startsWith(UNIFIED_ASSETS_PATH);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const tagCounts = useQuery({ queryKey: ASSET_KEYS.tags, queryFn: ({ signal }) => fetchTagCounts(signal) });
  const tagOptions = useMemo(
    () => (tagCounts.data?.tags ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${t.count})` })),
    [tagCounts.data],
  );
  const filters = useMemo(() => assetFilters(tagOptions, unified), [tagOptions, unified]);
  const list = useListState({ pageSize: ASSET_PAGE_SIZE, defaultOrdering: DEFAULT_ASSET_ORDERING, sortKeys: ASSET_SORT_KEYS, filters });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ASSET_KEYS.list(unified, list.query),
    queryFn: ({ signal }) => fetchAssets(list.query, unified, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = list.activeFilters > 0;

  async function remove(a: Asset) {
    try {
      await deleteAsset(a.id);
      toastSuccess(MESSAGES.assets.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ASSET_KEYS.all });
    } catch (failure) {
      toastFailure(failure, MESSAGES.assets.updateFailed);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={unified ? 'Assets' : 'Network assets'}
        description={
          unified
            ? 'Everything you own and Bulwark looks at: systems and networks, web applications, cloud assets and recipients.'
            : 'Hosts, networks and IP ranges: what you add and what scans find inside them.'
        }
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button onClick={() => setAdding(true)}>Add asset</Button>
          </Group>
        }
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter assets" filters={filters} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          {filtered && (data?.count ?? 0) > 0 && <BulkAssetActions query={list.query} count={data?.count ?? 0} onDone={() => undefined} />}
          <DataTable
            id={unified ? 'unified-assets' : 'net-assets'}
            caption="Assets"
            columns={assetColumns(unified, setDeleting)}
            rows={data?.results}
            rowKey={(a) => a.id}
            rowProps={(a) => ({ 'data-asset-id': a.id })}
            selection={{
              rowLabel: (a) => a.asset_name,
              actions: (selected, clear) => <BulkAssetActions ids={selected.map((a) => a.id)} count={selected.length} onDone={clear} />,
            }}
            error={error}
            errorMessage="The assets could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading assets…"
            empty={
              filtered
                ? { title: 'No asset matches these filters.', description: 'Change or clear the filters to see more.' }
                : {
                    title: 'No assets yet.',
                    description: 'Add hosts, networks or web applications, or run a scan: the hosts it finds appear here.',
                    action: <Button onClick={() => setAdding(true)}>Add asset</Button>,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'assets', 'asset')}
            minWidth={1000}
          />
        </Stack>
      </Card>
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add an asset" size="lg">
        <AssetForm onDone={() => setAdding(false)} />
      </Modal>
      <Modal opened={importing} onClose={() => setImporting(false)} title="Import assets from CSV" size="lg">
        <ImportAssets onDone={() => setImporting(false)} />
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete asset"
        confirmLabel="Delete asset"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.asset_name}</strong> with its ports, findings and history? Scans that target it no longer will. This
          cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
