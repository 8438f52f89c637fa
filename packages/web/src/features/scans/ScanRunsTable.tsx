// The scan list (§3 columns): sortable headings, one row per run with its status, result and allowed actions; paged.
import { Link } from 'react-router';
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, type ScanListColumn, type ScanRunRow } from '@bulwark/core';
import { SortableTh } from '../../components/SortableTh.tsx';
import { RunActionsMenu } from './RunActionsMenu.tsx';
import { RunResult } from './RunResult.tsx';
import { RunStatus } from './RunStatus.tsx';
import { columnLabel, runResultPath, targetsSummary, userName, type RunSort } from './scan-format.ts';

const when = (value: string | null): string => (value ? formatDateTime(value) : '–');

function cell(run: ScanRunRow, column: ScanListColumn) {
  switch (column) {
    case 'name':
      return (
        <Anchor component={Link} to={runResultPath(run.id)} fw={500} size="sm">
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

export interface ScanRunsTableProps {
  runs: ScanRunRow[];
  columns: readonly ScanListColumn[];
  sort: RunSort;
  onSort(column: ScanListColumn): void;
}

export function ScanRunsTable({ runs, columns, sort, onSort }: ScanRunsTableProps) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label="Scans">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <SortableTh
                key={column}
                direction={sort.column === column ? (sort.desc ? 'desc' : 'asc') : null}
                onSort={() => onSort(column)}
              >
                {columnLabel(column)}
              </SortableTh>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id} data-run-id={run.id}>
              {columns.map((column) => (
                <Table.Td key={column}>{cell(run, column)}</Table.Td>
              ))}
              <Table.Td>
                <RunActionsMenu run={run} variant="menu" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
