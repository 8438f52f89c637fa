// The list both training template screens share (web trainings, invitation e-mails): name, language, last change, with
// search and language filters; add and edit in a dialog (the screen's own form), copy, delete after a confirm, preview
// and import from the library.
import { useState, type ReactNode } from 'react';
import { Anchor, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { crudMessages, LANGUAGE_LABELS, LANGUAGES, type SessionTemplate, type SessionType } from '@bulwark/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../../components/filter-bar/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { sessionTemplates } from '../api.ts';
import { useTemplateAccess } from '../template-access.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { Modified } from './phishing-template-columns.tsx';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name', width: 220 },
  { kind: 'select', name: 'language', label: 'Language', options: LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] })) },
];
const SORT_KEYS = ['name', 'language', 'modified'];

export interface SessionTemplateListProps {
  sessionType: SessionType;
  entity: 'web_template' | 'email_template';
  /** 'Web templates' */
  title: string;
  /** 'web template' */
  singular: string;
  description: string;
  emptyText: string;
  renderForm(template: SessionTemplate | null, onDone: () => void): ReactNode;
}

export function SessionTemplateList({
  sessionType,
  entity,
  title,
  singular,
  description,
  emptyText,
  renderForm,
}: SessionTemplateListProps) {
  const access = useTemplateAccess();
  const queryClient = useQueryClient();
  const messages = crudMessages(entity);
  const [editing, setEditing] = useState<SessionTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SessionTemplate | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters: FILTERS });
  const query = { ...list.query, session_type: sessionType };
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: sessionTemplates.keys.list(query),
    queryFn: ({ signal }) => sessionTemplates.list(query, signal),
    placeholderData: keepPreviousData,
  });

  async function act(t: SessionTemplate, work: () => Promise<unknown>, done: string, failed: string) {
    setBusy(t.id);
    try {
      await work();
      toastSuccess(done);
      await queryClient.invalidateQueries({ queryKey: sessionTemplates.keys.all });
      return true;
    } catch (failure) {
      toastFailure(failure, failed);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const columns: DataColumn<SessionTemplate>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (t) =>
        access.update ? (
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setEditing(t)}>
            {t.name}
          </Anchor>
        ) : (
          <Text size="sm">{t.name}</Text>
        ),
    },
    { key: 'language', header: 'Language', sortKey: 'language', cell: (t) => <Text size="sm">{LANGUAGE_LABELS[t.language]}</Text> },
    { key: 'modified', header: 'Modified', sortKey: 'modified', descendingFirst: true, cell: (t) => <Modified at={t.modified} /> },
    {
      key: 'row-actions',
      header: `Actions of the ${singular}`,
      headerHidden: true,
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            component={Link}
            to={`/fra-previews/training-template/${sessionType}/${t.id}`}
            aria-label={`Preview ${t.name}`}
          >
            Preview
          </Button>
          {access.create && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={busy === t.id}
              onClick={() => void act(t, () => sessionTemplates.copy(t.id), messages.created, messages.createFailed)}
              aria-label={`Copy ${t.name}`}
            >
              Copy
            </Button>
          )}
          {access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const addLabel = `Add ${singular}`;
  const actions = (
    <Group gap="sm">
      {access.create && (
        <Button variant="default" onClick={() => setImporting(true)}>
          Import from library
        </Button>
      )}
      {access.create && <Button onClick={() => setEditing('new')}>{addLabel}</Button>}
    </Group>
  );
  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} actions={actions} />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label={`Filter ${title.toLowerCase()}`}
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id={`${sessionType}-templates`}
            caption={title}
            columns={columns}
            rows={data?.results}
            rowKey={(t) => t.id}
            rowProps={(t) => ({ 'data-template-id': t.id })}
            error={error}
            errorMessage={`The ${title.toLowerCase()} could not be loaded.`}
            onRetry={() => void refetch()}
            loadingLabel={`Loading ${title.toLowerCase()}…`}
            empty={
              list.activeFilters > 0
                ? { title: `No ${singular} matches these filters.` }
                : { title: `No ${title.toLowerCase()} yet.`, description: emptyText, action: access.create ? actions : undefined }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, title.toLowerCase(), singular)}
          />
        </Stack>
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? addLabel : `Edit ${singular}`} size="xl">
        {editing !== null && renderForm(editing === 'new' ? null : editing, () => setEditing(null))}
      </Modal>
      <ImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        noun={title.toLowerCase()}
        queryKey={sessionTemplates.keys.importables}
        listKey={sessionTemplates.keys.all}
        load={sessionTemplates.importables}
        importOne={sessionTemplates.import}
        kind={sessionType}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${singular}`}
        confirmLabel={`Delete ${singular}`}
        onConfirm={async () => {
          if (deleting && (await act(deleting, () => sessionTemplates.remove(deleting.id), messages.deleted, messages.deleteFailed)))
            setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? Past assessments keep their results.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
