// The scan list (§3 columns) on the DataTable: sortable headings, Scan ID hidden until chosen, one row per run with its
// status, result and allowed actions, paged by the server; selected runs can be deleted together. Policy runs use the
// same table with their own columns (policy, score).
import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { formatDateTime, type ScanListColumn, type ScanRunRow } from '@bulwark/core';
import { DataTable, type DataColumn, type EmptyState } from '../../components/data-table/index.ts';
import type { ListState } from '../../components/filter-bar/index.ts';
import { BulkDeleteRuns } from './BulkDeleteRuns.tsx';
import { RunActionsMenu } from './RunActionsMenu.tsx';
import { RunResult } from './RunResult.tsx';
import { RunStatus } from './RunStatus.tsx';
import {
  columnLabel,
  columnSortKey,
  DESC_FIRST_COLUMNS,
  OPTIONAL_COLUMNS,
  runResultPath,
  SCAN_COLUMNS,
  targetsSummary,
  userName,
} from './scan-format.ts';

const when = (value: string | null): string => (value ? formatDateTime(value) : '–');

/** The cell of a §3 column; the name links to the run's result page (network or policy). */
export function runCell(run: ScanRunRow, column: ScanListColumn) {
  switch (column) {
    case 'name':
      return (
        <Anchor component={Link} to={runResultPath(run.id, run.scan_type)} fw={500} size="sm">
          {run.name}
        </Anchor>
      );
    case 'scan_id':
      return <Text size="sm">{run.scan_id}</Text>;
    case 'user':
      return <Text size="sm">{userName(run.user)}</Text>;
    case 'targets':
      return (
        <Text size="sm" title={run.targets.join(', ')}>
          {targetsSummary(run.targets)}
        </Text>
      );
    case 'status':
      return <RunStatus run={run} />;
    case 'started':
      return <Text size="sm">{when(run.started)}</Text>;
    case 'finished':
      return <Text size="sm">{when(run.finished)}</Text>;
    case 'result':
      return <RunResult run={run} />;
  }
}

/** The row's actions menu (last column of either list). */
export const RUN_ACTIONS_COLUMN: DataColumn<ScanRunRow> = {
  key: 'actions',
  header: 'Actions',
  headerHidden: true,
  cell: (run) => <RunActionsMenu run={run} variant="menu" />,
};

/** A §3 column of a run list (network or policy): sorts by its ordering name; all but the scan name may be hidden. */
export function runColumn(column: ScanListColumn, hiddenByDefault = false): DataColumn<ScanRunRow> {
  return {
    key: column,
    header: columnLabel(column),
    cell: (run) => runCell(run, column),
    sortKey: columnSortKey(column),
    descendingFirst: DESC_FIRST_COLUMNS.includes(column),
    hideable: column !== 'name',
    hiddenByDefault,
  };
}

/** The network list's columns: every §3 column, Scan ID (and the other optional ones) hidden until chosen. */
export const RUN_COLUMNS: readonly DataColumn<ScanRunRow>[] = [
  ...SCAN_COLUMNS.map((column) => runColumn(column, OPTIONAL_COLUMNS.includes(column))),
  RUN_ACTIONS_COLUMN,
];

export interface ScanRunsTableProps {
  runs: readonly ScanRunRow[] | undefined;
  count: number;
  list: ListState;
  error: unknown;
  onRetry(): void;
  fetching: boolean;
  empty: EmptyState;
  /** The table's name (column choices are kept by it) and caption; 'scans' / 'Scans' unless given. */
  id?: string;
  caption?: string;
  /** The columns; the network list's unless given. */
  columns?: readonly DataColumn<ScanRunRow>[];
}

export function ScanRunsTable(props: ScanRunsTableProps) {
  const { runs, count, list, error, onRetry, fetching, empty, id = 'scans', caption = 'Scans', columns = RUN_COLUMNS } = props;
  return (
    <DataTable
      id={id}
      caption={caption}
      columns={columns}
      rows={runs}
      rowKey={(run) => run.id}
      rowProps={(run) => ({ 'data-run-id': run.id })}
      error={error}
      errorMessage="The scans could not be loaded. Reload the page to try again."
      onRetry={onRetry}
      loadingLabel="Loading scans…"
      empty={empty}
      fetching={fetching}
      ordering={list.ordering}
      onOrderingChange={list.setOrdering}
      paging={list.paging(count, 'scans', 'scan')}
      selection={{
        rowLabel: (run) => run.name,
        actions: (selected, clear) => <BulkDeleteRuns runs={selected} onDone={clear} />,
      }}
      minWidth={1000}
      highlightOnHover
    />
  );
}
