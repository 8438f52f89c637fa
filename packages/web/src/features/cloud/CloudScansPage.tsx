// /cloud/scans: the cloud runs (filters, sorting and paging kept in the URL; per-row actions: stop, resume, cancel,
// run again, delete) with the profile and provider, status and progress, times and findings; "New cloud scan" opens the
// start form in a dialog and the run's page opens once it is started.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Modal, Stack } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { scanFilters } from '../scans/scan-filters.ts';
import { DEFAULT_RUN_ORDERING, RUNS_PAGE_SIZE, runPollInterval } from '../scans/scan-format.ts';
import { SCAN_KEYS } from '../scans/scan-queries.ts';
import { fetchCloudBasics, fetchCloudRuns } from './api/cloud-api.ts';
import { useCloudAccess } from './cloud-access.ts';
import { CLOUD_KEYS } from './cloud-queries.ts';
import { cloudRunColumns, cloudRunPath } from './components/cloud-run-columns.tsx';
import { StartCloudScanForm } from './components/StartCloudScanForm.tsx';

const SORT_KEYS = sortKeysOf(cloudRunColumns([]));
const FILTERS: readonly FilterDef[] = scanFilters().filter((f) => f.name !== 'node');

export default function CloudScansPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useCloudAccess();
  const [starting, setStarting] = useState(false);
  const list = useListState({ pageSize: RUNS_PAGE_SIZE, defaultOrdering: DEFAULT_RUN_ORDERING, sortKeys: SORT_KEYS, filters: FILTERS });
  const profiles = useQuery({ queryKey: CLOUD_KEYS.basics, queryFn: ({ signal }) => fetchCloudBasics(signal) });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: CLOUD_KEYS.runs(list.query),
    queryFn: ({ signal }) => fetchCloudRuns(list.query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => runPollInterval(q.state.data?.results),
  });
  const columns = useMemo(() => cloudRunColumns(profiles.data ?? []), [profiles.data]);
  const filtered = list.activeFilters > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Cloud scans"
        description="Read cloud accounts through their providers’ APIs: inventory their resources and check them against the CIS Foundations benchmarks."
        actions={access.create && <Button onClick={() => setStarting(true)}>New cloud scan</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter cloud scans"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="cloud-scans"
            caption="Cloud scans"
            columns={columns}
            rows={data?.results}
            rowKey={(run) => run.id}
            rowProps={(run) => ({ 'data-run-id': run.id })}
            error={error}
            errorMessage="The cloud scans could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading cloud scans…"
            empty={
              filtered
                ? { title: 'No cloud scan matches these filters.', description: 'Change or clear the filters to see more.' }
                : {
                    title: 'No cloud scans yet.',
                    description: 'Start one with “New cloud scan”: choose a cloud profile (an account and its credentials) and a probe.',
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'scans', 'scan')}
            minWidth={900}
            highlightOnHover
          />
        </Stack>
      </Card>
      <Modal opened={starting} onClose={() => setStarting(false)} title="New cloud scan" size="lg">
        <StartCloudScanForm
          onCancel={() => setStarting(false)}
          onStarted={(scan) => {
            setStarting(false);
            void queryClient.invalidateQueries({ queryKey: CLOUD_KEYS.all });
            void queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs });
            if (scan.last_run !== null) void navigate(cloudRunPath(scan.last_run));
          }}
        />
      </Modal>
    </Stack>
  );
}
