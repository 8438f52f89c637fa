// The "New report" form: a name, the template (or the default sections), the format and what the report covers; POST
// reports/ starts the run in the background (it answers at once, pending).
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { Report } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { REPORT_KEYS, createReport } from '../api/reports-api.ts';
import { newReportValues, reportBody, reportErrorFields, validateReport, type ReportValues } from '../report-forms.ts';
import { FormatField, TemplateField } from './ReportSettingsFields.tsx';
import { ScopeFields, useScopeScans, useSavedViews } from './ScopeFields.tsx';

export const REPORT_MESSAGES = {
  started: 'Report started. It appears in the list when it is ready.',
  createFailed: 'Cannot start the report.',
  deleted: 'Report deleted.',
  deleteFailed: 'Cannot delete the report.',
};

export interface NewReportFormProps {
  onCreated(report: Report): void;
  onCancel(): void;
}

export function NewReportForm({ onCreated, onCancel }: NewReportFormProps) {
  const queryClient = useQueryClient();
  const views = useSavedViews();
  // The checks read the saved views as they are now (a view deleted meanwhile is caught).
  const form = useForm<ReportValues>({ initialValues: newReportValues(), validate: validateReport(views.data) });
  const scans = useScopeScans(form.values.scope_kind);
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: reportErrorFields(form.values.scope_kind),
    failed: REPORT_MESSAGES.createFailed,
  });

  async function save(values: ReportValues) {
    const created = await createReport(reportBody(values, views.data ?? []));
    toastSuccess(REPORT_MESSAGES.started);
    await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.reports });
    onCreated(created);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="New report">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" maxLength={100} />
        <TemplateField inputProps={form.getInputProps('template')} />
        <FormatField inputProps={form.getInputProps('format')} format={form.values.format} />
        <ScopeFields values={form.values} inputProps={(field) => form.getInputProps(field)} choices={{ views, scans }} />
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
