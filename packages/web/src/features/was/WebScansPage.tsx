// /was/scans: web and discovery runs (filters, sorting and paging kept in the URL; per-row actions: pause, resume,
// cancel, force-cancel, run again, delete) with their crawl progress, and "New web scan" opening the start form in a
// dialog; the run's page opens once it is started.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Modal, Stack } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { scanFilters } from '../scans/scan-filters.ts';
import { DEFAULT_RUN_ORDERING, RUNS_PAGE_SIZE, runPollInterval } from '../scans/scan-format.ts';
import { SCAN_KEYS } from '../scans/scan-queries.ts';
import { fetchWebRuns, webRunPath } from './api/web-scans-api.ts';
import { StartWebScanForm } from './components/StartWebScanForm.tsx';
import { WEB_RUN_COLUMNS } from './components/web-run-columns.tsx';
import { useWebAccess } from './web-access.ts';
import { WEB_KEYS } from './web-queries.ts';

const SORT_KEYS = sortKeysOf(WEB_RUN_COLUMNS);
const FILTERS: readonly FilterDef[] = [
  ...scanFilters().filter((f) => f.name !== 'node'),
  {
    kind: 'select',
    name: 'is_was_discovery',
    label: 'Kind',
    options: [
      { value: 'false', label: 'Web scans' },
      { value: 'true', label: 'Discovery scans' },
    ],
  },
];

export default function WebScansPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useWebAccess();
  const [starting, setStarting] = useState(false);
  const list = useListState({ pageSize: RUNS_PAGE_SIZE, defaultOrdering: DEFAULT_RUN_ORDERING, sortKeys: SORT_KEYS, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: [...WEB_KEYS.all, 'runs', list.query],
    queryFn: ({ signal }) => fetchWebRuns(list.query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => runPollInterval(q.state.data?.results),
  });
  const filtered = list.activeFilters > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Web scans"
        description="Crawl web applications and test what the crawl finds: injections, cross-site scripting, misconfigurations, disclosures and outdated components. Discovery scans only map the site."
        actions={access.create && <Button onClick={() => setStarting(true)}>New web scan</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter web scans"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="web-scans"
            caption="Web scans"
            columns={WEB_RUN_COLUMNS}
            rows={data?.results}
            rowKey={(run) => run.id}
            rowProps={(run) => ({ 'data-run-id': run.id })}
            error={error}
            errorMessage="The web scans could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading web scans…"
            empty={
              filtered
                ? { title: 'No web scan matches these filters.', description: 'Change or clear the filters to see more.' }
                : {
                    title: 'No web scans yet.',
                    description:
                      'Start one with “New web scan”: choose web applications and a profile, or run a discovery scan to map a site first.',
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'scans', 'scan')}
            minWidth={1000}
            highlightOnHover
          />
        </Stack>
      </Card>
      <Modal opened={starting} onClose={() => setStarting(false)} title="New web scan" size="lg">
        <StartWebScanForm
          onCancel={() => setStarting(false)}
          onStarted={(scan) => {
            setStarting(false);
            void queryClient.invalidateQueries({ queryKey: WEB_KEYS.all });
            void queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs });
            if (scan.last_run !== null) void navigate(webRunPath({ id: scan.last_run, is_was_discovery: scan.is_was_discovery }));
          }}
        />
      </Modal>
    </Stack>
  );
}
