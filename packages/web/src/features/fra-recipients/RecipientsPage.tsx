// /fra/recipients: the people phishing assessments go to — name, e-mail, department, job title, language, tags, phishing
// severity in words, source, active, last assessed; search and filters in the URL; add or edit in a dialog; import a CSV
// (dry-run preview first); sync from Azure AD; bulk tag, activate, deactivate and delete.
import { useMemo, useState } from 'react';
import { Button, Card, Group, Modal, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Recipient } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePhishingAccess } from './access.ts';
import { FRA_KEYS, fetchTagBasics, recipients } from './api.ts';
import { AzureSyncButton } from './components/AzureSync.tsx';
import { ImportRecipients } from './components/ImportRecipients.tsx';
import { RecipientBulkActions } from './components/RecipientBulkActions.tsx';
import { RecipientForm } from './components/RecipientForm.tsx';
import { recipientColumns } from './components/recipient-columns.tsx';
import { LANGUAGE_OPTIONS, SEVERITY_OPTIONS, SOURCE_OPTIONS } from './format.ts';

const SORT_KEYS = ['name', 'email', 'department', 'severity', 'created'];

function useFilters(): FilterDef[] {
  const departments = useQuery({ queryKey: FRA_KEYS.departments, queryFn: ({ signal }) => recipients.departments(signal) });
  const tags = useQuery({ queryKey: FRA_KEYS.tags, queryFn: ({ signal }) => fetchTagBasics(signal) });
  return useMemo(
    () => [
      { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or e-mail', width: 220 },
      {
        kind: 'multi-select',
        name: 'department',
        label: 'Department',
        options: (departments.data ?? []).map((d) => ({ value: d.department, label: `${d.department || '(none)'} (${d.recipients})` })),
      },
      { kind: 'multi-select', name: 'language', label: 'Language', options: LANGUAGE_OPTIONS },
      { kind: 'multi-select', name: 'tag', label: 'Tag', options: (tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name })) },
      { kind: 'multi-select', name: 'severity', label: 'Severity', options: SEVERITY_OPTIONS },
      { kind: 'boolean', name: 'active', label: 'Active', trueLabel: 'Active', falseLabel: 'Inactive' },
      { kind: 'multi-select', name: 'source', label: 'Source', options: SOURCE_OPTIONS, advanced: true },
    ],
    [departments.data, tags.data],
  );
}

export default function RecipientsPage() {
  const access = usePhishingAccess();
  const filters = useFilters();
  // null: closed; 'new': adding; a recipient: editing it.
  const [editing, setEditing] = useState<Recipient | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: FRA_KEYS.recipientList(list.query),
    queryFn: ({ signal }) => recipients.list(list.query, signal),
    placeholderData: keepPreviousData,
  });

  const addButton = access.create ? <Button onClick={() => setEditing('new')}>Add recipient</Button> : undefined;
  const actions = access.create ? (
    <Group gap="xs">
      {access.execute && <AzureSyncButton />}
      <Button variant="light" onClick={() => setImporting(true)}>
        Import CSV
      </Button>
      {addButton}
    </Group>
  ) : undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title="Recipients"
        description="The people phishing assessments are sent to. Their phishing severity follows what they did: neutral when they never fell for one, up to critical when they typed data into a landing page."
        actions={actions}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter recipients"
            filters={filters}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="fra-recipients"
            caption="Recipients"
            columns={recipientColumns({ access, onEdit: setEditing })}
            rows={data?.results}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-recipient-id': r.id })}
            error={error}
            errorMessage="The recipients could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading recipients…"
            empty={
              list.activeFilters > 0
                ? { title: 'No recipient matches these filters.' }
                : {
                    title: 'No recipients yet.',
                    description: 'Add people one by one, import a CSV file, or sync them from Azure AD.',
                    action: addButton,
                  }
            }
            selection={
              access.update || access.delete
                ? {
                    rowLabel: (r) => r.email,
                    actions: (selected, clear) => <RecipientBulkActions selected={selected} clear={clear} access={access} />,
                  }
                : undefined
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'recipients', 'recipient')}
          />
        </Stack>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add recipient' : 'Edit recipient'}
        size="lg"
      >
        {editing !== null && <RecipientForm recipient={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={importing} onClose={() => setImporting(false)} title="Import recipients from CSV" size="xl">
        {importing && <ImportRecipients onDone={() => setImporting(false)} />}
      </Modal>
    </Stack>
  );
}
