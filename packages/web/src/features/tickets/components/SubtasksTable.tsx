// A ticket's subtasks, one per finding (the vulnerability, its asset and port, severity, risk, the finding's state and
// the subtask's status), server-paged, with bulk actions on the selected ones: set their status, or take them off the
// ticket (delete).
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Select, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { issueRoute, SEVERITY_LABELS, type Severity, type TicketStatus, type TicketSubtask } from '@bulwark/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { useListState } from '../../../components/filter-bar/index.ts';
import { riskScoreColor } from '../../../components/risk-colors.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { deleteSubtasks, fetchSubtasks, TICKET_KEYS, updateSubtasks } from '../api/tickets-api.ts';
import { STATUS_OPTIONS, plural } from '../ticket-format.ts';
import { TicketStatusBadge } from './ticket-columns.tsx';

const FINDING_STATES: Record<number, string> = { 0: 'New', 1: 'Active', 2: 'Reopened', 3: 'Closed' };

const COLUMNS: readonly DataColumn<TicketSubtask>[] = [
  {
    key: 'name',
    header: 'Vulnerability',
    cell: (s) =>
      s.hid ? (
        <Anchor component={Link} to={issueRoute(s.hid)} size="sm">
          {s.name}
        </Anchor>
      ) : (
        <Text size="sm">{s.name}</Text>
      ),
  },
  {
    key: 'asset',
    header: 'Asset',
    cell: (s) => (
      <Anchor component={Link} to={`/assets/unified-assets/view/${s.asset.id}`} size="sm">
        {s.asset.name}
        {s.port !== null ? `:${s.port}` : ''}
      </Anchor>
    ),
  },
  { key: 'severity', header: 'Severity', cell: (s) => <Text size="sm">{SEVERITY_LABELS[s.severity as Severity] ?? s.severity}</Text> },
  {
    key: 'risk',
    header: 'Risk',
    hideable: true,
    cell: (s) => (
      <Text size="sm" c={riskScoreColor(s.risk_score)} fw={600}>
        {Math.round(s.risk_score)}
      </Text>
    ),
  },
  {
    key: 'finding_state',
    header: 'Finding',
    hideable: true,
    cell: (s) => <Text size="sm">{FINDING_STATES[s.finding_state] ?? s.finding_state}</Text>,
  },
  { key: 'status', header: 'Status', cell: (s) => <TicketStatusBadge status={s.status} label={s.status_label} /> },
];

function BulkSubtaskActions({
  ticketRef,
  selected,
  onDone,
  canUpdate,
}: {
  ticketRef: string;
  selected: readonly TicketSubtask[];
  onDone(): void;
  canUpdate: boolean;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const ids = selected.map((s) => s.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TICKET_KEYS.one(ticketRef) });

  async function apply() {
    if (status === null) return;
    setBusy(true);
    try {
      const n = await updateSubtasks(ticketRef, ids, Number(status) as TicketStatus);
      toastSuccess(`${plural(n, 'subtask', 'subtasks')} updated.`);
      await refresh();
      onDone();
    } catch (failure) {
      toastFailure(failure, 'Cannot update the subtasks.');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    try {
      const n = await deleteSubtasks(ticketRef, ids);
      toastSuccess(`${plural(n, 'subtask', 'subtasks')} deleted.`);
      setDeleting(false);
      await refresh();
      onDone();
    } catch (failure) {
      toastFailure(failure, 'Cannot delete the subtasks.');
    }
  }

  if (!canUpdate) return null;
  return (
    <Group gap="xs">
      <Select
        size="xs"
        aria-label="New status of the selected subtasks"
        placeholder="Set status…"
        data={STATUS_OPTIONS}
        value={status}
        onChange={setStatus}
        w={180}
      />
      <Button size="xs" variant="light" disabled={status === null} loading={busy} onClick={() => void apply()}>
        Apply
      </Button>
      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
        Delete subtasks
      </Button>
      <ConfirmDialog opened={deleting} title="Delete subtasks" confirmLabel="Delete" onConfirm={remove} onClose={() => setDeleting(false)}>
        {`${plural(ids.length, 'subtask', 'subtasks')} will be taken off this ticket. Their findings stay, and may be ticketed again.`}
      </ConfirmDialog>
    </Group>
  );
}

export function SubtasksTable({ ticketRef, canUpdate }: { ticketRef: string; canUpdate: boolean }) {
  const list = useListState({ pageSize: 50, prefix: 'subtasks' });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: TICKET_KEYS.subtasks(ticketRef, list.query),
    queryFn: ({ signal }) => fetchSubtasks(ticketRef, list.query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      id="ticket-subtasks"
      caption="Subtasks"
      columns={COLUMNS}
      rows={data?.results}
      rowKey={(s) => s.id}
      rowProps={(s) => ({ 'data-finding-id': s.finding_id })}
      error={error}
      errorMessage="The subtasks could not be loaded."
      onRetry={() => void refetch()}
      loadingLabel="Loading subtasks…"
      empty={{ title: 'This ticket has no subtasks.', description: 'Its findings were taken off it or are gone.' }}
      fetching={isFetching}
      paging={list.paging(data?.count ?? 0, 'subtasks', 'subtask')}
      selection={
        canUpdate
          ? {
              rowLabel: (s) => `${s.name} on ${s.asset.name}`,
              actions: (selected, clear) => (
                <BulkSubtaskActions ticketRef={ticketRef} selected={selected} onDone={clear} canUpdate={canUpdate} />
              ),
            }
          : undefined
      }
      minWidth={800}
    />
  );
}
