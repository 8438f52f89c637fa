// /fra/schedules: assessments started on a recurrence — each schedule with its timing in words, templates, next run
// and how many runs it made; on/off from the list, add and edit in a dialog (the assessment settings and the one
// schedule timing), delete after a confirm.
import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssessmentSchedule, RepeatFrequency } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { repeatText } from '../schedules/schedule-format.ts';
import { FRA_KEYS, schedules } from './api.ts';
import { namesText, whenText } from './assessment-format.ts';
import { AssessmentScheduleForm, SCHEDULE_MESSAGES } from './components/AssessmentScheduleForm.tsx';
import { usePhishingAccess } from './fra-access.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Schedule name', width: 240 },
  { kind: 'boolean', name: 'active', label: 'Active', trueLabel: 'Active', falseLabel: 'Inactive' },
];

const timingText = (s: AssessmentSchedule) =>
  repeatText({
    ...s,
    repeat: s.repeat as RepeatFrequency,
    monthly_mode: s.monthly_mode === 'weekday_of_month' ? 'weekday_of_month' : 'day_of_month',
  });

export default function SchedulesPage() {
  const access = usePhishingAccess();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AssessmentSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AssessmentSchedule | null>(null);
  const list = useListState({ pageSize: 25, defaultOrdering: 'name', sortKeys: ['name', 'next_run'], filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: FRA_KEYS.scheduleList(list.query),
    queryFn: ({ signal }) => schedules.list(list.query, signal),
    placeholderData: keepPreviousData,
  });

  async function setActive(s: AssessmentSchedule, active: boolean) {
    try {
      await schedules.setActive(s.id, active);
      toastSuccess(active ? SCHEDULE_MESSAGES.activated : SCHEDULE_MESSAGES.deactivated);
    } catch (failure) {
      toastFailure(failure, SCHEDULE_MESSAGES.toggleFailed);
    }
    await queryClient.invalidateQueries({ queryKey: FRA_KEYS.schedules });
  }

  const columns: DataColumn<AssessmentSchedule>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (s) => (
        <Text size="sm" fw={500}>
          {s.name}
        </Text>
      ),
    },
    { key: 'timing', header: 'When', cell: (s) => <Text size="sm">{timingText(s)}</Text> },
    { key: 'templates', header: 'Templates', hideable: true, cell: (s) => <Text size="sm">{namesText(s.phishing_templates)}</Text> },
    {
      key: 'next',
      header: 'Next run',
      sortKey: 'next_run',
      cell: (s) => <Text size="sm">{s.active ? whenText(s.next_run) : 'Inactive'}</Text>,
    },
    { key: 'runs', header: 'Runs', cell: (s) => <Text size="sm">{s.runs}</Text> },
    {
      key: 'active',
      header: 'Active',
      cell: (s) => (
        <Switch
          checked={s.active}
          disabled={!access.update}
          onChange={(e) => void setActive(s, e.currentTarget.checked)}
          aria-label={`${s.name} active`}
        />
      ),
    },
    {
      key: 'row-actions',
      header: 'Actions of the schedule',
      headerHidden: true,
      cell: (s) => (
        <Group gap="xs" wrap="nowrap">
          {access.update && (
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
              Edit
            </Button>
          )}
          {access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const addButton = access.create ? <Button onClick={() => setEditing('new')}>New schedule</Button> : undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title="Schedules"
        description="Assessments started again and again: each run sends the same settings to the recipients chosen at that time."
        actions={addButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter schedules"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="fra-schedules"
            caption="Assessment schedules"
            columns={columns}
            rows={data?.results}
            rowKey={(s) => s.id}
            error={error}
            errorMessage="The schedules could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading schedules…"
            empty={
              list.activeFilters > 0
                ? { title: 'No schedule matches these filters.' }
                : {
                    title: 'No schedules yet',
                    description: 'Repeat an assessment every month or quarter to see how people improve.',
                    action: addButton,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'schedules', 'schedule')}
          />
        </Stack>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New schedule' : 'Edit schedule'}
        size="xl"
      >
        {editing !== null && <AssessmentScheduleForm schedule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete schedule"
        confirmLabel="Delete schedule"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await schedules.remove(deleting.id);
            toastSuccess(SCHEDULE_MESSAGES.deleted);
            setDeleting(null);
          } catch (failure) {
            toastFailure(failure, SCHEDULE_MESSAGES.deleteFailed);
          }
          await queryClient.invalidateQueries({ queryKey: FRA_KEYS.schedules });
        }}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? It starts no more assessments; those it started stay with their results.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
