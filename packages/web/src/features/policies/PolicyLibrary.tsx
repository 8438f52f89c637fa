// The policy library: the SCAP Security Guide's profiles installed on the server and the OVAL files the customer
// imported, searchable, with their benchmark and number of rules; import an OVAL file, delete an imported one.
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { deleteImportedPolicy, type OvalPolicy } from './policies-api.ts';
import type { PolicyAccess } from './policy-access.ts';
import { rulesText } from './policy-format.ts';
import { POLICY_KEYS, policiesQuery } from './policy-queries.ts';
import { ImportOvalForm } from './ImportOvalForm.tsx';

const LIBRARY_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search the library', placeholder: 'Policy or benchmark', width: 260 },
];

function libraryColumns(onDelete: ((policy: OvalPolicy) => void) | null): DataColumn<OvalPolicy>[] {
  return [
    {
      key: 'name',
      header: 'Policy',
      cellProps: { maw: 420 },
      cell: (p) => (
        <>
          <Text size="sm" fw={500}>
            {p.name}
          </Text>
          {p.description && (
            <Text size="xs" c="dimmed" lineClamp={1} title={p.description}>
              {p.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'benchmark',
      header: 'Benchmark',
      hideable: true,
      cell: (p) => (
        <Text size="sm">
          {p.benchmark}
          {p.version ? ` (${p.version})` : ''}
        </Text>
      ),
    },
    { key: 'rules', header: 'Rules', cell: (p) => <Text size="sm">{rulesText(p.rules)}</Text> },
    {
      key: 'source',
      header: 'Source',
      hideable: true,
      cell: (p) =>
        p.source === 'imported' ? (
          <Badge variant="light">Imported</Badge>
        ) : (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            SCAP Security Guide
          </Text>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (p) =>
        onDelete && p.source === 'imported' ? (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(p)} aria-label={`Delete ${p.name}`}>
            Delete
          </Button>
        ) : null,
    },
  ];
}

export function PolicyLibrary({ access }: { access: PolicyAccess }) {
  const queryClient = useQueryClient();
  const list = useListState({ prefix: 'library', pageSize: 1000, filters: LIBRARY_FILTERS });
  const search = typeof list.query.search === 'string' ? list.query.search : '';
  const { data, error, isFetching, refetch } = useQuery(policiesQuery(search));
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<OvalPolicy | null>(null);

  async function remove() {
    if (!deleting) return;
    try {
      await deleteImportedPolicy(deleting.id);
      toastSuccess('Policy deleted.');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: POLICY_KEYS.library });
    } catch (failure) {
      // 409 while a profile uses it: the server names the profiles.
      toastFailure(failure, 'Cannot delete the policy.');
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="policy-library-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id="policy-library-heading">
              Policy library
            </Title>
            <Text size="sm" c="dimmed">
              The benchmarks a policy profile can evaluate: the SCAP Security Guide installed on the server, and OVAL files you imported.
            </Text>
          </Stack>
          {access.create && (
            <Button variant="default" onClick={() => setImporting(true)}>
              Import OVAL file
            </Button>
          )}
        </Group>
        <FilterBar
          label="Search the policy library"
          filters={LIBRARY_FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <DataTable
          id="policy-library"
          caption="Policy library"
          columns={libraryColumns(access.delete ? setDeleting : null)}
          rows={data}
          rowKey={(p) => p.id}
          rowProps={(p) => ({ 'data-policy-id': p.id })}
          error={error}
          errorMessage="The policy library could not be loaded."
          onRetry={() => void refetch()}
          loadingLabel="Loading the policy library…"
          empty={
            search
              ? { title: 'No policy matches this search.' }
              : {
                  title: 'The library is empty.',
                  description: 'Install the SCAP Security Guide on the server (Debian: ssg-debian, ssg-debderived) or import an OVAL file.',
                }
          }
          fetching={isFetching}
          maxHeight="50vh"
        />
      </Stack>
      <Modal opened={importing} onClose={() => setImporting(false)} title="Import an OVAL file" size="lg">
        <ImportOvalForm onDone={() => setImporting(false)} onCancel={() => setImporting(false)} />
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete the imported policy?"
        confirmLabel="Delete"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        “{deleting?.name}” is removed from the library. A policy that a profile uses cannot be deleted.
      </ConfirmDialog>
    </Card>
  );
}
