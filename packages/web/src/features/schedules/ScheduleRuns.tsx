// The runs of a schedule's scan (scan/nruns/ narrowed to the scan), newest first: when each started (linking to its
// result page, as the scan list does), its status with progress, when it finished and its result; polled while one
// moves. Paging, sorting and the "started by" filter are kept in the URL under `runs.`.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { RunResult } from '../scans/RunResult.tsx';
import { RunStatus } from '../scans/RunStatus.tsx';
import type { ScanRunRow } from '../scans/scans-api.ts';
import { runPollInterval, runResultPath, userName } from '../scans/scan-format.ts';
import { SCHEDULE_KEYS, fetchScheduleRuns } from './schedules-api.ts';
import type { QueryParams } from '../../api/query-string.ts';
import type { Paged } from '../../components/paged-answer.ts';

/** The runs of a scan of another kind (a web schedule's scan/wruns/ narrowed to the scan). */
export type FetchScheduleRuns = (scanId: number, query: QueryParams, signal?: AbortSignal) => Promise<Paged<ScanRunRow>>;
import { SCHEDULE_RUNS_PAGE_SIZE } from './schedule-format.ts';

const RUN_FILTERS: readonly FilterDef[] = [
  { kind: 'boolean', name: 'scheduled', label: 'Started by', trueLabel: 'The schedule', falseLabel: 'Someone, by hand', anyLabel: 'Any' },
];

const when = (value: string | null): string => (value ? formatDateTime(value) : '–');

type ResultPath = (run: ScanRunRow) => string;
const defaultResultPath: ResultPath = (run) => runResultPath(run.id, run.scan_type);

/** The columns, each run's start linking to its result page (another kind's result page when given). */
export const scheduleRunColumns = (resultPath: ResultPath = defaultResultPath): readonly DataColumn<ScanRunRow>[] => [
  {
    key: 'started',
    header: 'Started',
    sortKey: 'started',
    descendingFirst: true,
    cell: (run) => (
      <Anchor component={Link} to={resultPath(run)} size="sm" fw={500} aria-label={`Result of the run started ${when(run.started)}`}>
        {run.started ? formatDateTime(run.started) : 'Not started yet'}
      </Anchor>
    ),
  },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (run) => <RunStatus run={run} /> },
  {
    key: 'finished',
    header: 'Finished',
    sortKey: 'finished',
    descendingFirst: true,
    cell: (run) => <Text size="sm">{when(run.finished)}</Text>,
  },
  { key: 'result', header: 'Result', sortKey: 'cnt_vulns', descendingFirst: true, cell: (run) => <RunResult run={run} /> },
  {
    key: 'by',
    header: 'Started by',
    hideable: true,
    cell: (run) => <Text size="sm">{run.scheduled ? 'The schedule' : userName(run.user)}</Text>,
  },
];

export const SCHEDULE_RUN_COLUMNS = scheduleRunColumns();

export function ScheduleRuns({
  scanId,
  fetchRuns = fetchScheduleRuns,
  resultPath,
}: {
  scanId: number;
  fetchRuns?: FetchScheduleRuns;
  resultPath?: ResultPath;
}) {
  const columns = useMemo(() => (resultPath ? scheduleRunColumns(resultPath) : SCHEDULE_RUN_COLUMNS), [resultPath]);
  const list = useListState({
    pageSize: SCHEDULE_RUNS_PAGE_SIZE,
    defaultOrdering: '-started',
    sortKeys: ['started', 'status', 'finished', 'cnt_vulns'],
    filters: RUN_FILTERS,
    prefix: 'runs',
  });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: SCHEDULE_KEYS.runs(scanId, list.query),
    queryFn: ({ signal }) => fetchRuns(scanId, list.query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => runPollInterval(q.state.data?.results),
  });
  return (
    <Stack gap="sm">
      <FilterBar label="Filter runs" filters={RUN_FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
      <DataTable
        id="schedule-runs"
        caption="Runs of this schedule"
        columns={columns}
        rows={data?.results}
        rowKey={(run) => run.id}
        rowProps={(run) => ({ 'data-run-id': run.id })}
        error={error}
        errorMessage="The runs could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading runs…"
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'runs', 'run')}
        minWidth={760}
        empty={
          list.activeFilters > 0
            ? { title: 'No run matches this filter.', description: 'Clear the filter to see every run.' }
            : { title: 'No runs yet', description: 'The first run appears here once the schedule has started it.' }
        }
      />
    </Stack>
  );
}
