// /fra-reports/…: reports of phishing and awareness training. The report list shows the reports of the phishing
// recipients scope (pat_recipients: each recipient's phishing severity, clicks, submissions, reports and trainings, and
// their pat findings) and starts a new one; schedules and templates are the reports' own, where the same scope is
// chosen, so those two pages point there instead of copying them.
import { Link, useLocation } from 'react-router';
import { Anchor, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, matchRoute, type Report, type ReportFormat } from '@bulwark/core';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastSuccess } from '../../components/toasts.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { REPORT_KEYS, createReport, fetchReports } from './api/reports-api.ts';
import { FormatField, TemplateField } from './components/ReportSettingsFields.tsx';
import { REPORT_MESSAGES } from './components/NewReportForm.tsx';
import { reportColumns } from './ReportsPage.tsx';
import { NO_TEMPLATE } from './report-forms.ts';
import { useReportListActions } from './use-report-list-actions.ts';
import {
  DEFAULT_REPORT_ORDERING,
  REPORTS_PAGE_SIZE,
  REPORTS_PATH,
  SCHEDULES_PATH,
  TEMPLATES_PATH,
  reportPollInterval,
} from './report-format.ts';

export const TRAINING_REPORTS_TEXT =
  'Training reports are reports with the Phishing recipients scope: schedule them and choose their sections with the report schedules and templates.';
export const TRAINING_REPORT_SCOPE = 'pat_recipients';
const LIST_PATH = '/fra-reports/reports';

const SORT_KEYS = sortKeysOf(reportColumns({}, () => undefined));

interface TrainingReportValues {
  name: string;
  template: string;
  format: ReportFormat;
}

function NewTrainingReportForm({ onCreated, onCancel }: { onCreated(r: Report): void; onCancel(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<TrainingReportValues>({
    initialValues: { name: `Phishing and training report ${formatDate(new Date())}`, template: NO_TEMPLATE, format: 'pdf' },
    validate: { name: (v) => (v.trim() ? null : 'Enter a name.') },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: { name: 'name', template: 'template', format: 'format' },
    failed: REPORT_MESSAGES.createFailed,
  });

  async function save(v: TrainingReportValues) {
    const created = await createReport({
      name: v.name.trim(),
      template: v.template === NO_TEMPLATE ? null : Number(v.template),
      format: v.format,
      scope_kind: TRAINING_REPORT_SCOPE,
      scope: { filters: {}, scan: null },
    });
    toastSuccess(REPORT_MESSAGES.started);
    await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.reports });
    onCreated(created);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="New training report">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" maxLength={100} />
        <TemplateField inputProps={form.getInputProps('template')} />
        <FormatField inputProps={form.getInputProps('format')} format={form.values.format} />
        <Text size="sm" c="dimmed">
          Covers every recipient you can see: phishing severity, latest assessment, clicks, submissions, reports and trainings completed,
          and their phishing findings.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Start report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TrainingReportList() {
  const list = useListState({ pageSize: REPORTS_PAGE_SIZE, defaultOrdering: DEFAULT_REPORT_ORDERING, sortKeys: SORT_KEYS, filters: [] });
  const { creating, setCreating, deleting, setDeleting, remove, created } = useReportListActions(list.showFirst);
  const query = { ...list.query, scope_kind: TRAINING_REPORT_SCOPE };
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: REPORT_KEYS.reportList(query),
    queryFn: ({ signal }) => fetchReports(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => reportPollInterval(q.state.data?.results),
  });

  return (
    <Stack gap="md">
      <PageHeader
        title="Training reports"
        description="Who fell for phishing assessments and who learnt from the training: each recipient's phishing severity and behaviour."
        actions={<Button onClick={() => setCreating(true)}>New training report</Button>}
      />
      <Card withBorder padding="md">
        <DataTable
          id="training-reports"
          caption="Training reports"
          columns={reportColumns({}, setDeleting)}
          rows={data?.results}
          rowKey={(r) => r.id}
          error={error}
          errorMessage="The training reports could not be loaded."
          onRetry={() => void refetch()}
          loadingLabel="Loading training reports…"
          fetching={isFetching}
          ordering={list.ordering}
          onOrderingChange={list.setOrdering}
          paging={list.paging(data?.count ?? 0, 'reports', 'report')}
          minWidth={900}
          empty={{
            title: 'No training reports yet',
            description:
              'A training report lists every recipient with their phishing severity, what they did in assessments and the trainings they completed.',
            action: <Button onClick={() => setCreating(true)}>Create your first training report</Button>,
          }}
        />
      </Card>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New training report" size="lg">
        {creating && <NewTrainingReportForm onCreated={created} onCancel={() => setCreating(false)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete report"
        confirmLabel="Delete report"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        Delete the report <strong>{deleting?.name}</strong>? The results it shows are not changed.
      </ConfirmDialog>
    </Stack>
  );
}

export default function TrainingReportsPage() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') === LIST_PATH) return <TrainingReportList />;
  const title = matchRoute(pathname).route.title;
  return (
    <Stack gap="lg" data-testid="training-reports">
      <PageHeader title={title} />
      <Card withBorder padding="lg">
        <Stack gap="xs" role="status">
          <Text fw={600}>{TRAINING_REPORTS_TEXT}</Text>
          <Group gap="md">
            <Anchor component={Link} to={LIST_PATH}>
              Training reports
            </Anchor>
            <Anchor component={Link} to={REPORTS_PATH}>
              Reports
            </Anchor>
            <Anchor component={Link} to={SCHEDULES_PATH}>
              Report schedules
            </Anchor>
            <Anchor component={Link} to={TEMPLATES_PATH}>
              Report templates
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
