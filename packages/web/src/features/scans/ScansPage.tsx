// /scans/scans (also filter/assets/{assetId} and start/{assetIds}): the scan list with filters, sorting, paging,
// per-row actions, and the start-scan form in a dialog.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScanListColumn } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ListPager } from '../../components/ListPager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ScanFilters } from './ScanFilters.tsx';
import { ScanRunsTable } from './ScanRunsTable.tsx';
import { StartScanForm } from './StartScanForm.tsx';
import { runListOptions, SCAN_KEYS } from './scan-queries.ts';
import {
  activeFilterCount,
  DEFAULT_SORT,
  EMPTY_FILTERS,
  OPTIONAL_COLUMNS,
  parseAssetId,
  parseAssetIds,
  runListQuery,
  RUNS_PAGE_SIZE,
  SCAN_COLUMNS,
  SCANS_PATH,
  toggleSort,
  type RunFilters,
  type RunSort,
} from './scan-format.ts';

export default function ScansPage() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const asset = parseAssetId(params.assetId);
  const startIds = params.assetIds === undefined ? null : parseAssetIds(params.assetIds);

  const [filters, setFilters] = useState<RunFilters>({ ...EMPTY_FILTERS, asset });
  const [sort, setSort] = useState<RunSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [showScanId, setShowScanId] = useState(false);
  const [starting, setStarting] = useState(false);
  const [search] = useDebouncedValue(filters.search, 300);

  const query = runListQuery({ ...filters, search, asset }, sort, page);
  const { data, error, isFetching } = useQuery(runListOptions(query));
  const columns = SCAN_COLUMNS.filter((c: ScanListColumn) => showScanId || !OPTIONAL_COLUMNS.includes(c));
  const formOpen = starting || startIds !== null;

  function changeFilters(next: RunFilters) {
    setFilters(next);
    setPage(1);
  }

  function closeForm() {
    setStarting(false);
    if (startIds !== null) void navigate(SCANS_PATH, { replace: true });
  }

  async function started() {
    closeForm();
    setSort(DEFAULT_SORT);
    setPage(1);
    await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs });
  }

  const filtered = activeFilterCount(filters) > 0 || asset !== null;
  return (
    <Stack gap="md">
      <PageHeader
        title={asset === null ? 'Scans' : 'Scans of target'}
        description={asset === null ? 'Network scans: start, follow and act on runs.' : `Runs that scanned target ${asset}.`}
        actions={<Button onClick={() => setStarting(true)}>New scan</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <ScanFilters filters={filters} onChange={changeFilters} showScanId={showScanId} onShowScanId={setShowScanId} />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {messageOf(error, 'The scans could not be loaded. Reload the page to try again.')}
            </Alert>
          ) : !data ? (
            <PageLoader label="Loading scans…" />
          ) : data.count === 0 ? (
            <Stack gap="xs" py="lg" align="center" data-testid="scans-empty">
              <Text fw={500}>{filtered ? 'No scan matches these filters.' : 'No scans yet.'}</Text>
              <Text size="sm" c="dimmed">
                {filtered ? 'Change or clear the filters to see more.' : 'Start one with “New scan”: choose targets and a profile.'}
              </Text>
            </Stack>
          ) : (
            <>
              <div aria-busy={isFetching}>
                <ScanRunsTable runs={data.results} columns={columns} sort={sort} onSort={(c) => setSort((s) => toggleSort(s, c))} />
              </div>
              <ListPager count={data.count} page={page} pageSize={RUNS_PAGE_SIZE} onPageChange={setPage} noun="scans" singular="scan" />
            </>
          )}
        </Stack>
      </Card>
      <Modal opened={formOpen} onClose={closeForm} title="New scan" size="lg">
        <StartScanForm assetIds={startIds ?? []} onStarted={() => void started()} onCancel={closeForm} />
      </Modal>
    </Stack>
  );
}
