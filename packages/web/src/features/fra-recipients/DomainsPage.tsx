// /fra/domains: the domains assessments send from and serve landing pages on — name, category, purpose, the DNS check
// (SPF, DKIM, DMARC, MX in words, whether mail gets through, and why not), add, edit, delete, "Check DNS" — and their
// categories in a second table.
import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Domain } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastInfo, toastSuccess } from '../../components/toasts.tsx';
import { usePhishingAccess, type PhishingAccess } from './access.ts';
import { FRA_KEYS, domains } from './api.ts';
import { Deliverable, DnsMessages, DnsResults } from './components/DnsCheck.tsx';
import { DomainCategories } from './components/DomainCategories.tsx';
import { DomainForm } from './components/DomainForm.tsx';
import { MESSAGES, PURPOSE_LABELS, PURPOSE_OPTIONS } from './format.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Domain name', width: 220 },
  { kind: 'select', name: 'purpose', label: 'Used for', options: PURPOSE_OPTIONS },
];

function columns(h: {
  access: PhishingAccess;
  checking: ReadonlySet<number>;
  onCheck(d: Domain): void;
  onEdit(d: Domain): void;
  onDelete(d: Domain): void;
}): DataColumn<Domain>[] {
  return [
    {
      key: 'name',
      header: 'Domain',
      sortKey: 'name',
      cell: (d) => (
        <Text size="sm" fw={500}>
          {d.name}
        </Text>
      ),
    },
    { key: 'category', header: 'Category', cell: (d) => <Text size="sm">{d.category?.name ?? '–'}</Text> },
    { key: 'purpose', header: 'Used for', cell: (d) => <Text size="sm">{PURPOSE_LABELS[d.purpose]}</Text> },
    {
      key: 'dns',
      header: 'DNS check',
      cell: (d) => (
        <Stack gap={4}>
          <DnsResults dns={d.dns} />
          <DnsMessages dns={d.dns} />
        </Stack>
      ),
    },
    { key: 'deliverable', header: 'Mail', cell: (d) => <Deliverable dns={d.dns} /> },
    {
      key: 'row-actions',
      header: 'Actions of the domain',
      headerHidden: true,
      cell: (d) => (
        <Group gap="xs" wrap="nowrap">
          {h.access.execute && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={h.checking.has(d.id)}
              onClick={() => h.onCheck(d)}
              aria-label={`Check DNS of ${d.name}`}
            >
              Check DNS
            </Button>
          )}
          {h.access.update && (
            <Button size="compact-sm" variant="subtle" onClick={() => h.onEdit(d)} aria-label={`Edit ${d.name}`}>
              Edit
            </Button>
          )}
          {h.access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDelete(d)} aria-label={`Delete ${d.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

export default function DomainsPage() {
  const access = usePhishingAccess();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Domain | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const [checking, setChecking] = useState<ReadonlySet<number>>(new Set());
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: ['name'], filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: FRA_KEYS.domainList(list.query),
    queryFn: ({ signal }) => domains.list(list.query, signal),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ queryKey: FRA_KEYS.categories, queryFn: ({ signal }) => domains.categories(signal) });

  async function check(d: Domain) {
    setChecking((s) => new Set([...s, d.id]));
    try {
      const checked = await domains.check(d.id);
      toastInfo(`${d.name}: ${checked.dns?.deliverable ? 'mail is expected to get through' : 'mail may not get through'}.`);
    } catch (failure) {
      toastFailure(failure, `The DNS of ${d.name} could not be checked.`);
    } finally {
      setChecking((s) => new Set([...s].filter((x) => x !== d.id)));
      await queryClient.invalidateQueries({ queryKey: FRA_KEYS.domains });
    }
  }

  const addButton = access.create ? <Button onClick={() => setEditing('new')}>Add domain</Button> : undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title="Domains"
        description="The domains assessments send from and serve their landing pages on. Check their DNS so that the messages are not stopped as spoofed before anyone sees them."
        actions={addButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter domains" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="fra-domains"
            caption="Domains"
            columns={columns({ access, checking, onCheck: (d) => void check(d), onEdit: setEditing, onDelete: setDeleting })}
            rows={data?.results}
            rowKey={(d) => d.id}
            rowProps={(d) => ({ 'data-domain-id': d.id })}
            error={error}
            errorMessage="The domains could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading domains…"
            empty={
              list.activeFilters > 0
                ? { title: 'No domain matches these filters.' }
                : {
                    title: 'No domains yet.',
                    description: 'Add a domain you own to send assessments from, then check its DNS: SPF, DKIM, DMARC and MX.',
                    action: addButton,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'domains', 'domain')}
          />
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <DomainCategories categories={categories.data ?? []} access={access} />
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add domain' : 'Edit domain'}>
        {editing !== null && (
          <DomainForm domain={editing === 'new' ? null : editing} categories={categories.data ?? []} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete domain"
        confirmLabel="Delete domain"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await domains.remove(deleting.id);
            toastSuccess(MESSAGES.domainDeleted);
            setDeleting(null);
            await queryClient.invalidateQueries({ queryKey: FRA_KEYS.domains });
          } catch (failure) {
            toastFailure(failure, MESSAGES.domainDeleteFailed);
          }
        }}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? Assessments that use it keep their results but cannot be started again with it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
