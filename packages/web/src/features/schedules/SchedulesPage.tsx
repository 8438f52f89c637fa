// /scans/schedules: network scans started on a calendar. Each schedule's timing in words, its next run (in its own time
// zone), its last run's status linking to the result, how it ends, an active switch (PATCH), edit and delete; filters
// for name, active and repeat kept in the URL; the editor in a dialog. Actions the user lacks permission for are hidden.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPEAT_FREQUENCIES, REPEAT_FREQUENCY_LABELS, formatDateTime, scheduleEndText, type Schedule } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SCHEDULE_KEYS, fetchSchedules } from './schedules-api.ts';
import {
  DEFAULT_SCHEDULE_ORDERING,
  SCHEDULES_PAGE_SIZE,
  SCHEDULE_SORT_KEYS,
  endDetail,
  repeatText,
  schedulePath,
} from './schedule-format.ts';
import { LastRun, NextRun } from './ScheduleCells.tsx';
import { DELETE_WARNING, ScheduleForm, type ScheduleFormKind } from './ScheduleForm.tsx';
import type { QueryParams } from '../../api/query-string.ts';
import { useSchedulePermissions } from './schedule-permissions.ts';
import { useScheduleActions } from './use-schedule-actions.ts';

export const SCHEDULE_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Schedule name', width: 220 },
  { kind: 'boolean', name: 'schedule_is_active', label: 'Active', trueLabel: 'Active', falseLabel: 'Inactive', anyLabel: 'Any' },
  {
    kind: 'multi-select',
    name: 'repeat',
    label: 'Repeat',
    placeholder: 'Any repeat',
    options: REPEAT_FREQUENCIES.map((f) => ({ value: f, label: f === 'never' ? 'Once' : REPEAT_FREQUENCY_LABELS[f] })),
    width: 240,
  },
];

/** Another kind of schedule on this list (web schedules): its words, its list filter, its view page and its form. */
export interface ScheduleListKind {
  title: string;
  description: string;
  emptyDescription: string;
  tableId: string;
  /** Added to every list query (e.g. scan_type=was). */
  query: QueryParams;
  viewPath(scanId: number): string;
  form: ScheduleFormKind;
}

/** The network schedules list: web schedules have their own page under /was. */
const NETWORK_QUERY: QueryParams = { scan_type: 'nvt' };

/** `tabs`: the choice of kind shown under the title (network and policy schedules share /scans/schedules). */
export default function SchedulesPage({ kind, tabs }: { kind?: ScheduleListKind; tabs?: ReactNode } = {}) {
  const can = useSchedulePermissions();
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const actions = useScheduleActions();
  const list = useListState({
    pageSize: SCHEDULES_PAGE_SIZE,
    defaultOrdering: DEFAULT_SCHEDULE_ORDERING,
    sortKeys: SCHEDULE_SORT_KEYS,
    filters: SCHEDULE_FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: SCHEDULE_KEYS.list({ ...list.query, ...(kind?.query ?? NETWORK_QUERY) }),
    queryFn: ({ signal }) => fetchSchedules({ ...list.query, ...(kind?.query ?? NETWORK_QUERY) }, signal),
    placeholderData: keepPreviousData,
    enabled: can.read,
  });

  const columns: DataColumn<Schedule>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cellProps: { maw: 260 },
      cell: (s) => (
        <Stack gap={0}>
          <Anchor component={Link} to={kind ? kind.viewPath(s.scan) : schedulePath(s.scan)} fw={500} size="sm">
            {s.name}
          </Anchor>
          {s.profile && (
            <Text size="xs" c="dimmed">
              {s.profile.name}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'repeat', header: 'Repeat', cellProps: { maw: 280 }, cell: (s) => <Text size="sm">{repeatText(s)}</Text> },
    { key: 'next', header: 'Next run', sortKey: 'next_run_at', cell: (s) => <NextRun schedule={s} /> },
    { key: 'last', header: 'Last run', cell: (s) => <LastRun schedule={s} /> },
    {
      key: 'ends',
      header: 'End type',
      hideable: true,
      cell: (s) => (
        <Stack gap={0}>
          <Text size="sm">{scheduleEndText(s)}</Text>
          <Text size="xs" c="dimmed">
            {endDetail(s)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      sortKey: 'created',
      descendingFirst: true,
      hiddenByDefault: true,
      cell: (s) => <Text size="sm">{formatDateTime(s.created)}</Text>,
    },
    {
      key: 'active',
      header: 'Active',
      cell: (s) => (
        <Switch
          checked={s.schedule_is_active}
          disabled={!can.update || actions.busyIds.has(s.id)}
          onChange={(e) => void actions.setActive(s, e.currentTarget.checked)}
          aria-label={`${s.name} active`}
        />
      ),
    },
  ];
  if (can.update || can.delete) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (s) => (
        <Group gap={4} wrap="nowrap">
          {can.update && (
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
              Edit
            </Button>
          )}
          {can.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    });
  }

  const create = can.create ? <Button onClick={() => setEditing('new')}>New schedule</Button> : undefined;
  const filtered = list.activeFilters > 0;
  return (
    <Stack gap="md">
      <PageHeader
        title={kind?.title ?? 'Schedules'}
        description={kind?.description ?? 'Network scans that start by themselves, on the days and at the times you choose.'}
        actions={create}
      />
      {tabs}
      {!can.read ? (
        <Alert color="yellow" variant="light" title="You cannot see schedules">
          Your permissions do not include reading schedules. Ask an administrator for the Schedules permission.
        </Alert>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <FilterBar
              label="Filter schedules"
              filters={SCHEDULE_FILTERS}
              values={list.filters}
              onChange={list.setFilter}
              onClear={list.clearFilters}
            />
            <DataTable
              id={kind?.tableId ?? 'net-schedules'}
              caption="Schedules"
              columns={columns}
              rows={data?.results}
              rowKey={(s) => s.id}
              rowProps={(s) => ({ 'data-schedule-id': s.id })}
              error={error}
              errorMessage="The schedules could not be loaded."
              onRetry={() => void refetch()}
              loadingLabel="Loading schedules…"
              fetching={isFetching}
              ordering={list.ordering}
              onOrderingChange={list.setOrdering}
              paging={list.paging(data?.count ?? 0, 'schedules', 'schedule')}
              minWidth={1100}
              highlightOnHover
              empty={
                filtered
                  ? { title: 'No schedule matches these filters.', description: 'Change or clear the filters to see more.' }
                  : {
                      title: 'No schedules yet',
                      description:
                        kind?.emptyDescription ??
                        'A schedule starts a network scan by itself: once, or every few days, weeks or months, at a time in the time zone you choose, until a date or a number of runs. Its targets can be tags, so the assets tagged when each run starts are scanned.',
                      action: can.create ? <Button onClick={() => setEditing('new')}>Create a schedule</Button> : undefined,
                    }
              }
            />
          </Stack>
        </Card>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New schedule' : 'Edit schedule'}
        size="xl"
      >
        {editing !== null && (
          <ScheduleForm schedule={editing === 'new' ? undefined : editing} kind={kind?.form} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete schedule"
        confirmLabel="Delete schedule"
        onConfirm={() => (deleting ? actions.remove(deleting, () => setDeleting(null)) : undefined)}
        onClose={() => setDeleting(null)}
      >
        Delete the schedule <strong>{deleting?.name}</strong>? {DELETE_WARNING}
      </ConfirmDialog>
    </Stack>
  );
}
