// The Errors tab of a run (network or policy): errors grouped by message with their type and count; internal ones behind
// a switch (§4).
import { useState } from 'react';
import { Badge, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { HIDDEN_SCAN_ERROR_TYPES } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { runErrorsQuery } from './scan-queries.ts';
import type { ScanErrorRow, ScanKind } from './scans-api.ts';

const ERROR_COLUMNS: readonly DataColumn<ScanErrorRow>[] = [
  { key: 'message', header: 'Message', cell: (row) => <Text size="sm">{row.message}</Text> },
  {
    key: 'type',
    header: 'Type',
    cell: (row) => (
      <Badge variant="light" color={(HIDDEN_SCAN_ERROR_TYPES as readonly number[]).includes(row.type) ? 'gray' : 'red'}>
        {row.type_label}
      </Badge>
    ),
  },
  { key: 'count', header: 'Count', cell: (row) => row.count },
];

export interface ErrorsTabProps {
  runId: number;
  polling: number | false;
  /** The run's kind: its errors are under scan/nruns/ or scan/noruns/. */
  kind?: ScanKind;
}

export function ErrorsTab({ runId, polling, kind = 'nvt' }: ErrorsTabProps) {
  const [showHidden, setShowHidden] = useState(false);
  const { data, error, refetch } = useQuery(runErrorsQuery(runId, showHidden, polling, kind));
  return (
    <Stack gap="md">
      <Switch
        label="Show internal errors"
        description="Internal and connection-reset errors are hidden by default."
        checked={showHidden}
        onChange={(e) => setShowHidden(e.currentTarget.checked)}
      />
      <DataTable
        id="errors"
        caption="Errors"
        columns={ERROR_COLUMNS}
        rows={data}
        rowKey={(row) => `${row.type}-${row.message}`}
        error={error}
        errorMessage="The errors could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading errors…"
        empty={{ title: `No errors${showHidden ? '' : ' (internal errors hidden)'}.` }}
      />
    </Stack>
  );
}
