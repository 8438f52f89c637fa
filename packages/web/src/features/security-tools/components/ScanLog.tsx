// A monitor's scan log, newest first and server-paged: when each run started, who started it (schedule or a person), its
// state and the kind's own figures; a row opens that run's checks in a dialog. Written once for websites and mail servers.
import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime, type MonitorCheck, type MonitorRunStatus } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { useListState } from '../../../components/filter-bar/index.ts';
import type { MonitorCalls } from '../api.ts';
import { checkLabel, type MonitorKindName } from '../monitor-format.ts';
import { ChecksTable } from './ChecksTable.tsx';
import { RunStatusBadge } from './MonitorStatus.tsx';

interface LogRow {
  id: number;
  started: string;
  trigger: 'schedule' | 'manual';
  status: MonitorRunStatus;
  newly_failing: string[];
  result: { checks: MonitorCheck[]; error: string | null };
}

interface ScanLogProps<L extends LogRow> {
  kind: MonitorKindName;
  monitorId: number;
  // The calls' monitor and input types do not matter here: only the log is read.
  calls: Pick<MonitorCalls<unknown, unknown, L>, 'logs' | 'keys'>;
  /** The kind's own figures (status code and response time; passed, warnings, failed). */
  columns: DataColumn<L>[];
}

export function ScanLog<L extends LogRow>({ kind, monitorId, calls, columns }: ScanLogProps<L>) {
  const [open, setOpen] = useState<L | null>(null);
  const list = useListState({ pageSize: 20, prefix: 'log' });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: calls.keys.logs(monitorId, list.query),
    queryFn: ({ signal }) => calls.logs(monitorId, list.query, signal),
    placeholderData: keepPreviousData,
  });

  const all: DataColumn<L>[] = [
    {
      key: 'started',
      header: 'Started',
      cell: (l) => (
        <Text size="sm" component="time" dateTime={l.started} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(l.started)}
        </Text>
      ),
    },
    { key: 'trigger', header: 'Started by', cell: (l) => <Text size="sm">{l.trigger === 'manual' ? 'Check now' : 'Schedule'}</Text> },
    { key: 'status', header: 'State', cell: (l) => <RunStatusBadge status={l.status} /> },
    ...columns,
    {
      key: 'newly_failing',
      header: 'Started failing',
      cell: (l) => <Text size="sm">{l.newly_failing.length ? l.newly_failing.map((c) => checkLabel(kind, c)).join(', ') : '–'}</Text>,
    },
    {
      key: 'open',
      header: 'Checks of the run',
      headerHidden: true,
      cell: (l) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => setOpen(l)}
          aria-label={`Checks of the run of ${formatDateTime(l.started)}`}
        >
          Checks
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        id={`${kind}-scan-log`}
        caption="Scan log"
        columns={all}
        rows={data?.results}
        rowKey={(l) => l.id}
        rowProps={(l) => ({ 'data-log-id': l.id })}
        error={error}
        errorMessage="The scan log could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading the scan log…"
        empty={{ title: 'No runs yet.', description: 'Each run, on the schedule or by Check now, is logged here.' }}
        fetching={isFetching}
        paging={list.paging(data?.count ?? 0, 'runs', 'run')}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? `Run of ${formatDateTime(open.started)}` : ''} size="xl">
        {open && (
          <Stack gap="sm">
            {open.result.error && (
              <Text size="sm" c="red">
                {open.result.error}
              </Text>
            )}
            <ChecksTable id={`${kind}-log-checks`} caption="Checks of the run" kind={kind} checks={open.result.checks} />
          </Stack>
        )}
      </Modal>
    </>
  );
}
