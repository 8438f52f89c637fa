// /reports/schedules: reports made and e-mailed on a schedule: each one's frequency in words, next run (in its own time
// zone), last run with a link to the report it made, an on/off switch (PATCH is_active), run now, edit and delete.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_FORMAT_LABELS, formatDateTime, type ReportSchedule } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { REPORT_KEYS, deleteSchedule, fetchSchedules, runSchedule, setScheduleActive } from './api/reports-api.ts';
import { TEMPLATES_PATH, frequencyText, reportPath, scopeText } from './report-format.ts';
import { SCHEDULE_MESSAGES, ScheduleForm } from './components/ScheduleForm.tsx';
import { useSavedViews, useScopeScanNames } from './components/ScopeFields.tsx';
import { runTimeText } from '../../components/schedule/time-zones.ts';

export default function SchedulesPage() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());
  const list = useListState({ pageSize: 50, defaultOrdering: 'name', sortKeys: ['name', 'next_run_at'] });
  const views = useSavedViews();
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: REPORT_KEYS.scheduleList(list.query),
    queryFn: ({ signal }) => fetchSchedules(list.query, signal),
    placeholderData: keepPreviousData,
  });
  const scans = useScopeScanNames((data?.results ?? []).map((s) => s.scope_kind));

  async function withBusy(id: number, work: () => Promise<void>) {
    setBusyIds((s) => new Set(s).add(id));
    try {
      await work();
    } finally {
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  }

  function toggle(s: ReportSchedule, active: boolean) {
    void withBusy(s.id, async () => {
      try {
        await setScheduleActive(s.id, active);
        toastSuccess(active ? SCHEDULE_MESSAGES.activated : SCHEDULE_MESSAGES.deactivated);
        await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.schedules });
      } catch (failure) {
        toastFailure(failure, SCHEDULE_MESSAGES.toggleFailed);
      }
    });
  }

  function runNow(s: ReportSchedule) {
    void withBusy(s.id, async () => {
      try {
        await runSchedule(s.id);
        toastSuccess(SCHEDULE_MESSAGES.started);
        await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.all });
      } catch (failure) {
        toastFailure(failure, SCHEDULE_MESSAGES.runFailed);
      }
    });
  }

  async function remove(s: ReportSchedule) {
    try {
      await deleteSchedule(s.id);
      toastSuccess(SCHEDULE_MESSAGES.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.schedules });
    } catch (failure) {
      toastFailure(failure, SCHEDULE_MESSAGES.deleteFailed);
    }
  }

  const columns: DataColumn<ReportSchedule>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cellProps: { maw: 300 },
      cell: (s) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {REPORT_FORMAT_LABELS[s.format]} · {scopeText(s.scope_kind, s.scope, { views: views.data, scans })}
          </Text>
        </Stack>
      ),
    },
    { key: 'frequency', header: 'When', cellProps: { maw: 260 }, cell: (s) => <Text size="sm">{frequencyText(s)}</Text> },
    {
      key: 'next',
      header: 'Next run',
      sortKey: 'next_run_at',
      cell: (s) =>
        s.is_active && s.next_run_at ? (
          <Text size="sm">
            <time dateTime={s.next_run_at}>{runTimeText(s.next_run_at, s.time_zone)}</time>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {s.is_active ? '–' : 'Switched off'}
          </Text>
        ),
    },
    {
      key: 'last',
      header: 'Last run',
      cell: (s) =>
        s.last_run_at ? (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(s.last_run_at)}</Text>
            {s.last_report !== null && (
              <Anchor component={Link} to={reportPath(s.last_report)} size="xs" aria-label={`Report of the last run of ${s.name}`}>
                View report
              </Anchor>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Not run yet
          </Text>
        ),
    },
    {
      key: 'recipients',
      header: 'Recipients',
      hideable: true,
      cellProps: { maw: 220 },
      cell: (s) => (
        <Text size="sm" title={s.recipients.join(', ')} lineClamp={2}>
          {s.recipients.join(', ')}
        </Text>
      ),
    },
    {
      key: 'active',
      header: 'Active',
      cell: (s) => (
        <Switch
          checked={s.is_active}
          disabled={busyIds.has(s.id)}
          onChange={(e) => toggle(s, e.currentTarget.checked)}
          aria-label={`${s.name} active`}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (s) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => runNow(s)}
            disabled={busyIds.has(s.id)}
            aria-label={`Run ${s.name} now`}
          >
            Run now
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Report schedules"
        description="Reports made for you on a schedule and e-mailed to their recipients."
        actions={<Button onClick={() => setEditing('new')}>New schedule</Button>}
      />
      <Card withBorder padding="md">
        <DataTable
          id="report-schedules"
          caption="Report schedules"
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
          minWidth={1000}
          empty={{
            title: 'No schedules yet',
            description: (
              <>
                A schedule makes a report daily, weekly or monthly at the time you choose, in your time zone, and e-mails it to its
                recipients. Choose its sections with a{' '}
                <Anchor component={Link} to={TEMPLATES_PATH} size="sm">
                  template
                </Anchor>
                .
              </>
            ),
            action: <Button onClick={() => setEditing('new')}>Create a schedule</Button>,
          }}
        />
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New schedule' : 'Edit schedule'}
        size="xl"
      >
        {editing !== null && <ScheduleForm schedule={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete schedule"
        confirmLabel="Delete schedule"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        Delete the schedule <strong>{deleting?.name}</strong>? It stops running; the reports it already made stay.
      </ConfirmDialog>
    </Stack>
  );
}
