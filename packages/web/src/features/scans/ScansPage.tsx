// /scans/scans (also filter/assets/{assetId} and start/{assetIds}): the scan list with filters, sorting and paging kept
// in the URL, per-row and bulk actions, and the start-scan form in a dialog.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Modal, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sortKeysOf } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RUN_COLUMNS, ScanRunsTable } from './ScanRunsTable.tsx';
import { StartScanForm } from './StartScanForm.tsx';
import { probeOptionsQuery, runListOptions, SCAN_KEYS } from './scan-queries.ts';
import { runListQuery, scanFilters } from './scan-filters.ts';
import { DEFAULT_RUN_ORDERING, parseAssetId, parseAssetIds, RUNS_PAGE_SIZE, SCANS_PATH } from './scan-format.ts';

const SORT_KEYS = sortKeysOf(RUN_COLUMNS);

export default function ScansPage() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const asset = parseAssetId(params.assetId);
  const startIds = params.assetIds === undefined ? null : parseAssetIds(params.assetIds);
  const [starting, setStarting] = useState(false);

  const probes = useQuery(probeOptionsQuery);
  const filters = scanFilters(probes.data);
  const list = useListState({ pageSize: RUNS_PAGE_SIZE, defaultOrdering: DEFAULT_RUN_ORDERING, sortKeys: SORT_KEYS, filters });
  const { data, error, isFetching, refetch } = useQuery(runListOptions(runListQuery(list.query, asset)));
  const formOpen = starting || startIds !== null;

  function closeForm() {
    setStarting(false);
    if (startIds !== null) void navigate(SCANS_PATH, { replace: true });
  }

  async function started() {
    closeForm();
    // The new run is the newest: the first page in the default order shows it.
    if (startIds === null) list.showFirst();
    await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs });
  }

  const filtered = list.activeFilters > 0 || asset !== null;
  return (
    <Stack gap="md">
      <PageHeader
        title={asset === null ? 'Scans' : 'Scans of target'}
        description={asset === null ? 'Network scans: start, follow and act on runs.' : `Runs that scanned target ${asset}.`}
        actions={<Button onClick={() => setStarting(true)}>New scan</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter scans" filters={filters} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <ScanRunsTable
            runs={data?.results}
            count={data?.count ?? 0}
            list={list}
            error={error}
            onRetry={() => void refetch()}
            fetching={isFetching}
            empty={
              filtered
                ? { title: 'No scan matches these filters.', description: 'Change or clear the filters to see more.' }
                : { title: 'No scans yet.', description: 'Start one with “New scan”: choose targets and a profile.' }
            }
          />
        </Stack>
      </Card>
      <Modal opened={formOpen} onClose={closeForm} title="New scan" size="lg">
        <StartScanForm assetIds={startIds ?? []} onStarted={() => void started()} onCancel={closeForm} />
      </Modal>
    </Stack>
  );
}
