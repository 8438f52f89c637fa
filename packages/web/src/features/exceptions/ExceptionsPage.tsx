// /remediation/exceptions: what scans never touch and rules never ticket — addresses, ranges, networks, host names and
// URLs (optionally one port, a test or an issue), each with its reason and expiry; add and delete (with a confirmation).
import { useState } from 'react';
import { Badge, Button, Card, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXCLUSION_KINDS, EXCLUSION_KIND_LABELS, MESSAGES, formatDateTime, type Exclusion } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure } from '../../components/toasts.tsx';
import { ExceptionForm } from './ExceptionForm.tsx';
import { EXCEPTION_KEYS, deleteException, fetchExceptions } from './exceptions-api.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Value, reason or test', width: 240 },
  {
    kind: 'multi-select',
    name: 'kind',
    label: 'Kind',
    options: EXCLUSION_KINDS.map((k) => ({ value: k, label: EXCLUSION_KIND_LABELS[k] })),
  },
  { kind: 'boolean', name: 'active', label: 'State', trueLabel: 'Active', falseLabel: 'Expired' },
];

/** What an exception narrows itself to, in words. */
function narrowing(e: Exclusion): string {
  const parts = [
    e.port !== null ? `port ${e.port}` : null,
    e.test_id ? `test ${e.test_id}` : null,
    e.issue_id !== null ? `issue ${e.issue_hid ?? `#${e.issue_id}`}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Everything';
}

export default function ExceptionsPage() {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Exclusion | null>(null);
  const list = useListState({
    pageSize: 50,
    defaultOrdering: '-created',
    sortKeys: ['created', 'value', 'expires_at', 'kind'],
    filters: FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: EXCEPTION_KEYS.list(list.query),
    queryFn: ({ signal }) => fetchExceptions(list.query, signal),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<Exclusion>[] = [
    {
      key: 'value',
      header: 'Kept out',
      sortKey: 'value',
      cell: (e) => (
        <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
          {e.value}
        </Text>
      ),
    },
    { key: 'kind', header: 'Kind', sortKey: 'kind', cell: (e) => <Text size="sm">{EXCLUSION_KIND_LABELS[e.kind]}</Text> },
    { key: 'narrowing', header: 'Only', cell: (e) => <Text size="sm">{narrowing(e)}</Text> },
    { key: 'reason', header: 'Reason', cell: (e) => <Text size="sm">{e.reason}</Text> },
    {
      key: 'expires',
      header: 'Expires',
      sortKey: 'expires_at',
      cell: (e) =>
        e.active ? (
          <Text size="sm">{e.expires_at ? formatDateTime(e.expires_at) : 'Never'}</Text>
        ) : (
          <Badge color="gray" variant="light">
            Expired
          </Badge>
        ),
    },
    {
      key: 'created',
      header: 'Added',
      sortKey: 'created',
      hideable: true,
      cell: (e) => <Text size="sm">{formatDateTime(e.created)}</Text>,
    },
    { key: 'by', header: 'By', hideable: true, cell: (e) => <Text size="sm">{e.created_by_email ?? '–'}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (e) => (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => setDeleting(e)}
          aria-label={`Delete the exception of ${e.value}`}
        >
          Delete
        </Button>
      ),
    },
  ];

  async function remove(e: Exclusion) {
    try {
      await deleteException(e.id);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: EXCEPTION_KEYS.all });
    } catch (failure) {
      toastFailure(failure, MESSAGES.exceptions.deleteFailed);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Exceptions"
        description="Addresses, host names and URLs kept out of scope: scans never send them a packet and rules never ticket their findings. To set aside one finding that exists, ignore it on the vulnerability instead."
        actions={<Button onClick={() => setAdding(true)}>Add exception</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter exceptions"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="exceptions"
            caption="Exceptions"
            columns={columns}
            rows={data?.results}
            rowKey={(e) => e.id}
            error={error}
            errorMessage="Cannot load exceptions."
            onRetry={() => void refetch()}
            loadingLabel="Loading exceptions…"
            empty={
              list.activeFilters > 0
                ? { title: 'No exception matches these filters.' }
                : {
                    title: 'No exceptions yet.',
                    description: 'Everything your scans target is scanned, and rules ticket every finding they match.',
                    action: <Button onClick={() => setAdding(true)}>Add exception</Button>,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'exceptions', 'exception')}
          />
        </Stack>
      </Card>
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add an exception" size="lg">
        {adding && <ExceptionForm onDone={() => setAdding(false)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete exception"
        confirmLabel="Delete exception"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete the exception of <strong>{deleting?.value}</strong>? The next scans reach it again and rules may ticket its findings.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
