// /assets/tags (legacy) and /assets/unified-tags (unified-tags-stage-2): the customer's tags with their colour, kind,
// rules, business impact and how many assets carry each (a link to those assets); add, edit and delete.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_CRITICALITY_LABELS, crudMessages, type BusinessCriticality, type Tag } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { TagForm } from './TagForm.tsx';
import { TAG_KEYS, deleteTag, fetchTags } from './tags-api.ts';
import { ruleText } from './tag-format.ts';

const MESSAGES = crudMessages('tag');
const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or description', width: 220 },
  { kind: 'boolean', name: 'is_dynamic', label: 'Kind', trueLabel: 'Dynamic', falseLabel: 'Static' },
];

function columns(onEdit: (t: Tag) => void, onDelete: (t: Tag) => void): DataColumn<Tag>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (t) => (
        <Stack gap={0}>
          <Badge color={t.color} variant="light">
            {t.name}
          </Badge>
          {t.description && (
            <Text size="xs" c="dimmed">
              {t.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'kind', header: 'Kind', cell: (t) => <Text size="sm">{t.is_dynamic ? 'Dynamic' : 'Static'}</Text> },
    {
      key: 'rules',
      header: 'Rules',
      cell: (t) =>
        t.is_dynamic ? (
          <Stack gap={0}>
            {t.rules.map((r, i) => (
              <Text key={i} size="xs">
                {ruleText(r)}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            –
          </Text>
        ),
    },
    {
      key: 'impact',
      header: 'Business impact',
      hideable: true,
      cell: (t) => <Text size="sm">{t.business_impact ? BUSINESS_CRITICALITY_LABELS[t.business_impact as BusinessCriticality] : '–'}</Text>,
    },
    {
      key: 'asset_count',
      header: 'Assets',
      sortKey: 'asset_count',
      descendingFirst: true,
      cell: (t) => (
        <Anchor component={Link} to={`/assets/assets?any_tags=${t.id}`} size="sm" aria-label={`${t.asset_count} assets with ${t.name}`}>
          {t.asset_count}
        </Anchor>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(t)} aria-label={`Delete ${t.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}

export default function TagsPage() {
  const unified = useLocation().pathname.startsWith('/assets/unified-tags');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: ['name', 'asset_count'], filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: TAG_KEYS.list(unified, list.query),
    queryFn: ({ signal }) => fetchTags(list.query, unified, signal),
    placeholderData: keepPreviousData,
  });

  async function remove(t: Tag) {
    try {
      await deleteTag(t.id, unified);
      toastSuccess(MESSAGES.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: TAG_KEYS.all });
    } catch (failure) {
      toastFailure(failure, MESSAGES.deleteFailed);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Tags"
        description="Group assets by what they are for: static tags by hand or import, dynamic tags by rules that keep themselves current."
        actions={<Button onClick={() => setEditing('new')}>Add tag</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter tags" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id={unified ? 'unified-tags' : 'tags'}
            caption="Tags"
            columns={columns(setEditing, setDeleting)}
            rows={data?.results}
            rowKey={(t) => t.id}
            error={error}
            errorMessage="The tags could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading tags…"
            empty={
              list.activeFilters > 0
                ? { title: 'No tag matches these filters.' }
                : {
                    title: 'No tags yet.',
                    description: 'Tags group assets for filters, scans, teams and reports. A dynamic tag finds its assets by rules.',
                    action: <Button onClick={() => setEditing('new')}>Add tag</Button>,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'tags', 'tag')}
          />
        </Stack>
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add a tag' : 'Edit tag'} size="xl">
        {editing !== null && <TagForm tag={editing === 'new' ? undefined : editing} unified={unified} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete tag"
        confirmLabel="Delete tag"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? The {deleting?.asset_count ?? 0} assets carrying it lose it; the assets stay.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
