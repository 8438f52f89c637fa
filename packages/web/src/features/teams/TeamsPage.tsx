// /admin/teams (superusers): the customer's teams with their asset permissions, tags and members; add, edit, delete.
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Team } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { TeamForm } from './TeamForm.tsx';
import { TEAM_KEYS, deleteTeam, fetchTagBasics, fetchTeams } from './teams-api.ts';

const FILTERS: FilterDef[] = [{ kind: 'text', name: 'search', label: 'Search', placeholder: 'Team name', width: 220 }];

export default function TeamsPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Team | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: ['name'], filters: FILTERS });
  const tags = useQuery({ queryKey: ['tags', 'basics'], queryFn: ({ signal }) => fetchTagBasics(signal) });
  const tagName = (id: number) => tags.data?.find((t) => t.id === id)?.name ?? `#${id}`;
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: TEAM_KEYS.list(list.query),
    queryFn: ({ signal }) => fetchTeams(list.query, signal),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<Team>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (t) => (
        <Text size="sm" fw={500}>
          {t.name}
        </Text>
      ),
    },
    {
      key: 'permissions',
      header: 'Asset permissions',
      cell: (t) =>
        t.asset_permissions === 'ALL' ? (
          <Text size="sm">All assets</Text>
        ) : (
          <Group gap={4}>
            <Text size="sm">Only</Text>
            {t.asset_permissions_tags.map((id) => (
              <Badge key={id} variant="outline" size="sm">
                {tagName(id)}
              </Badge>
            ))}
          </Group>
        ),
    },
    { key: 'members', header: 'Members', cell: (t) => <Text size="sm">{t.members.length}</Text> },
    { key: 'email', header: 'Notification email', hideable: true, cell: (t) => <Text size="sm">{t.notification_email ?? '–'}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  async function remove(t: Team) {
    try {
      await deleteTeam(t.id);
      toastSuccess(MESSAGES.teams.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: TEAM_KEYS.all });
    } catch (failure) {
      toastFailure(failure, MESSAGES.teams.deleteFailed);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Teams"
        description="Who works on which assets: a LIMITED team's members see only the assets carrying its tags, in every list, count and report."
        actions={<Button onClick={() => setEditing('new')}>Add team</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter teams" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="teams"
            caption="Teams"
            columns={columns}
            rows={data?.results}
            rowKey={(t) => t.id}
            error={error}
            errorMessage={MESSAGES.teams.loadFailed}
            onRetry={() => void refetch()}
            loadingLabel="Loading teams…"
            empty={
              list.activeFilters > 0
                ? { title: 'No team matches this search.' }
                : {
                    title: 'No teams yet.',
                    description: 'Without teams every user sees what their permissions allow.',
                    action: <Button onClick={() => setEditing('new')}>Add team</Button>,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'teams', 'team')}
          />
        </Stack>
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add a team' : 'Edit team'} size="lg">
        {editing !== null && <TeamForm team={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete team"
        confirmLabel="Delete team"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? Its members keep their accounts; a LIMITED team's members see what their other teams
          allow.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
