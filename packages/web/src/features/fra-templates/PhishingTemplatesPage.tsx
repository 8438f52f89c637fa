// /fra/templates: the phishing templates (name, kind, language, difficulty, last change) with search, kind and language
// filters and the archived list (§4: deleting archives, Restore brings one back); add and edit in a dialog, copy,
// preview, and import from the shipped library.
import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  crudMessages,
  LANGUAGE_LABELS,
  LANGUAGES,
  PHISHING_TEMPLATE_TYPE_LABELS,
  PHISHING_TEMPLATE_TYPES,
  type PhishingTemplate,
} from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { phishingTemplates } from './api.ts';
import { ImportDialog } from './components/ImportDialog.tsx';
import { phishingTemplateColumns } from './components/phishing-template-columns.tsx';
import { PhishingTemplateForm } from './components/PhishingTemplateForm.tsx';
import { useTemplateAccess } from './template-access.ts';

const MESSAGES = crudMessages('phishing_template');
const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or subject', width: 220 },
  {
    kind: 'select',
    name: 'template_type',
    label: 'Kind',
    options: PHISHING_TEMPLATE_TYPES.map((t) => ({ value: t, label: PHISHING_TEMPLATE_TYPE_LABELS[t] })),
  },
  { kind: 'select', name: 'language', label: 'Language', options: LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] })) },
  // Unset lists the current templates; the server lists the archived ones for archived=true only.
  {
    kind: 'select',
    name: 'archived',
    label: 'Archive',
    options: [{ value: 'true', label: 'Archived templates' }],
    placeholder: 'Current templates',
  },
];
const SORT_KEYS = ['name', 'language', 'difficulty', 'modified'];

export default function PhishingTemplatesPage() {
  const access = useTemplateAccess();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PhishingTemplate | 'new' | null>(null);
  const [archiving, setArchiving] = useState<PhishingTemplate | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters: FILTERS });
  const archivedList = list.query.archived === 'true';
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: phishingTemplates.keys.list(list.query),
    queryFn: ({ signal }) => phishingTemplates.list(list.query, signal),
    placeholderData: keepPreviousData,
  });

  async function act(t: PhishingTemplate, work: () => Promise<unknown>, done: string, failed: string) {
    setBusy((b) => new Set([...b, t.id]));
    try {
      await work();
      toastSuccess(done);
      await queryClient.invalidateQueries({ queryKey: phishingTemplates.keys.all });
      return true;
    } catch (failure) {
      toastFailure(failure, failed);
      return false;
    } finally {
      setBusy((b) => new Set([...b].filter((x) => x !== t.id)));
    }
  }

  const addButton = access.create ? <Button onClick={() => setEditing('new')}>Add phishing template</Button> : undefined;
  const actions = (
    <Group gap="sm">
      {access.create && (
        <Button variant="default" onClick={() => setImporting(true)}>
          Import from library
        </Button>
      )}
      {addButton}
    </Group>
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Phishing templates"
        description="The lures an assessment sends: the e-mail, and for most a landing page that records who clicked and who filled its form. Deleting one archives it; archived templates can be restored."
        actions={actions}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter phishing templates"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="phishing-templates"
            caption={archivedList ? 'Archived phishing templates' : 'Phishing templates'}
            columns={phishingTemplateColumns({
              access,
              busy,
              onEdit: setEditing,
              onCopy: (t) => void act(t, () => phishingTemplates.copy(t.id), MESSAGES.created, MESSAGES.createFailed),
              onArchive: setArchiving,
              onRestore: (t) => void act(t, () => phishingTemplates.restore(t.id), `${t.name} restored.`, MESSAGES.updateFailed),
            })}
            rows={data?.results}
            rowKey={(t) => t.id}
            rowProps={(t) => ({ 'data-template-id': t.id })}
            error={error}
            errorMessage="The phishing templates could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading phishing templates…"
            empty={
              archivedList
                ? { title: 'No archived phishing templates.' }
                : list.activeFilters > 0
                  ? { title: 'No phishing template matches these filters.' }
                  : {
                      title: 'No phishing templates yet.',
                      description: 'Import one from the library, in one of several languages, or write your own.',
                      action: access.create ? actions : undefined,
                    }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'phishing templates', 'phishing template')}
          />
        </Stack>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add phishing template' : 'Edit phishing template'}
        size="xl"
      >
        {editing !== null && <PhishingTemplateForm template={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        noun="phishing templates"
        queryKey={phishingTemplates.keys.importables}
        listKey={phishingTemplates.keys.all}
        load={phishingTemplates.importables}
        importOne={phishingTemplates.import}
      />
      <ConfirmDialog
        opened={archiving !== null}
        title="Archive phishing template"
        confirmLabel="Archive phishing template"
        onConfirm={async () => {
          if (archiving && (await act(archiving, () => phishingTemplates.archive(archiving.id), MESSAGES.deleted, MESSAGES.deleteFailed)))
            setArchiving(null);
        }}
        onClose={() => setArchiving(null)}
      >
        <Text size="sm">
          Archive <strong>{archiving?.name}</strong>? New assessments can no longer use it; past results keep it. It can be restored from
          the archived list.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
