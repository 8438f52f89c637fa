// /fra/pat-unified-tags: the tags recipients are grouped by. The tags API does not filter by asset kind, so every tag
// of the customer is listed with how many recipients carry it (fra/recipients/?tag=…, its count) beside its asset
// count; create, rename, recolour and delete through the tags API (the shared tag form); a tag's recipients open in the
// recipient list, where tags are assigned (select recipients, "Add tag…").
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { TagForm } from '../tags/TagForm.tsx';
import { TAG_KEYS, deleteTag, fetchTags } from '../tags/tags-api.ts';
import { usePhishingAccess, type PhishingAccess } from './access.ts';
import { FRA_KEYS, recipients } from './api.ts';

const FILTERS: FilterDef[] = [{ kind: 'text', name: 'search', label: 'Search', placeholder: 'Tag name', width: 220 }];

function RecipientCount({ tag }: { tag: Tag }) {
  const { data } = useQuery({
    queryKey: FRA_KEYS.recipientList({ tag: String(tag.id), page_size: '1' }),
    queryFn: ({ signal }) => recipients.list({ tag: String(tag.id), page_size: '1' }, signal),
  });
  if (data === undefined) return <Text size="sm">…</Text>;
  return (
    <Anchor component={Link} to={`/fra/recipients?tag=${tag.id}`} size="sm" aria-label={`Recipients tagged ${tag.name}`}>
      {data.count}
    </Anchor>
  );
}

function columns(h: { access: PhishingAccess; onEdit(t: Tag): void; onDelete(t: Tag): void }): DataColumn<Tag>[] {
  return [
    {
      key: 'name',
      header: 'Tag',
      sortKey: 'name',
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: 3, background: t.color }} aria-hidden />
          <Text size="sm" fw={500}>
            {t.name}
          </Text>
        </Group>
      ),
    },
    { key: 'description', header: 'Description', cell: (t) => <Text size="sm">{t.description || '–'}</Text> },
    { key: 'recipients', header: 'Recipients', cell: (t) => <RecipientCount tag={t} /> },
    { key: 'assets', header: 'All assets', hideable: true, cell: (t) => <Text size="sm">{t.asset_count}</Text> },
    { key: 'kind', header: 'Kind', cell: (t) => <Text size="sm">{t.is_dynamic ? 'Dynamic (rules)' : 'Assigned by hand'}</Text> },
    {
      key: 'row-actions',
      header: 'Actions of the tag',
      headerHidden: true,
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          {h.access.update && (
            <Button size="compact-sm" variant="subtle" onClick={() => h.onEdit(t)} aria-label={`Edit ${t.name}`}>
              Edit
            </Button>
          )}
          {h.access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDelete(t)} aria-label={`Delete ${t.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

export default function RecipientTagsPage() {
  const access = usePhishingAccess();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: ['name'], filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: TAG_KEYS.list(false, list.query),
    queryFn: ({ signal }) => fetchTags(list.query, false, signal),
    placeholderData: keepPreviousData,
  });
  const addButton = access.create ? <Button onClick={() => setEditing('new')}>Create tag</Button> : undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title="Recipient tags"
        description="Tags group recipients so that an assessment can go to a team, a site or a risk group. Assign them in the recipient list: select recipients, then Add tag."
        actions={
          <Group gap="xs">
            <Button component={Link} to="/fra/recipients" variant="light">
              Assign tags to recipients
            </Button>
            {addButton}
          </Group>
        }
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter tags" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="fra-recipient-tags"
            caption="Recipient tags"
            columns={columns({ access, onEdit: setEditing, onDelete: setDeleting })}
            rows={data?.results}
            rowKey={(t) => t.id}
            rowProps={(t) => ({ 'data-tag-id': t.id })}
            error={error}
            errorMessage="The tags could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading tags…"
            empty={
              list.activeFilters > 0
                ? { title: 'No tag matches this search.' }
                : { title: 'No tags yet.', description: 'Create a tag, then assign it to recipients.', action: addButton }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'tags', 'tag')}
          />
        </Stack>
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Create tag' : 'Edit tag'} size="lg">
        {editing !== null && <TagForm tag={editing === 'new' ? undefined : editing} unified={false} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete tag"
        confirmLabel="Delete tag"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteTag(deleting.id, false);
            toastSuccess('Tag deleted.');
            setDeleting(null);
            await queryClient.invalidateQueries({ queryKey: TAG_KEYS.all });
            await queryClient.invalidateQueries({ queryKey: FRA_KEYS.recipients });
          } catch (failure) {
            toastFailure(failure, 'Cannot delete tag.');
          }
        }}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete the tag <strong>{deleting?.name}</strong>? It is taken off every recipient and asset that has it; assessments and schedules
          that pick recipients by it no longer reach them.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
