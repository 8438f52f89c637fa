// Adds or changes a report schedule: name, template, format, what it covers, how often (daily, weekly on a weekday,
// monthly on a day or the last day) at a time in a time zone, who receives it, and whether it is active. The next five
// runs are worked out by the server as the form changes, before anything is saved.
import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, type ReportFrequency, type ReportSchedule } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { ScheduleFields, ScheduleFormEnd } from '../../../components/schedule/ScheduleFields.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { REPORT_KEYS, createSchedule, updateSchedule } from '../api/reports-api.ts';
import { DAY_OF_MONTH_OPTIONS, WEEKDAY_OPTIONS, browserTimeZone, frequencyText, isTimeZone, timeZoneChoices } from '../report-format.ts';
import { previewBody, scheduleBody, scheduleErrorFields, scheduleValues, validateSchedule, type ScheduleValues } from '../report-forms.ts';
import { FormatField, TemplateField } from './ReportSettingsFields.tsx';
import { ScopeFields, useScopeScans, useSavedViews } from './ScopeFields.tsx';
import { UpcomingRuns } from './UpcomingRuns.tsx';

export const SCHEDULE_MESSAGES = {
  created: 'Schedule created.',
  createFailed: 'Cannot create schedule.',
  updated: 'Schedule updated.',
  updateFailed: 'Cannot update schedule.',
  deleted: 'Schedule deleted.',
  deleteFailed: 'Cannot delete schedule.',
  activated: 'Schedule switched on.',
  deactivated: 'Schedule switched off.',
  toggleFailed: 'Cannot change the schedule.',
  started: 'Report started. Find it under Reports.',
  runFailed: 'Cannot start the report.',
};

const FREQUENCY_CHOICES = REPORT_FREQUENCIES.map((f) => ({ value: f, label: REPORT_FREQUENCY_LABELS[f] }));

export interface ScheduleFormProps {
  /** The schedule to change; a new one otherwise. */
  schedule?: ReportSchedule;
  onDone(): void;
}

export function ScheduleForm({ schedule, onDone }: ScheduleFormProps) {
  const queryClient = useQueryClient();
  const views = useSavedViews();
  const form = useForm<ScheduleValues>({
    initialValues: scheduleValues(schedule, browserTimeZone()),
    validate: validateSchedule(views.data),
  });
  const scans = useScopeScans(form.values.scope_kind);
  const kept = useMemo(() => schedule?.scope.filters ?? {}, [schedule]);
  const zones = useMemo(() => timeZoneChoices(schedule?.time_zone), [schedule?.time_zone]);
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: scheduleErrorFields(form.values.scope_kind),
    failed: schedule ? SCHEDULE_MESSAGES.updateFailed : SCHEDULE_MESSAGES.createFailed,
  });
  const preview = useMemo(() => previewBody(form.values), [form.values]);

  async function save(values: ScheduleValues) {
    const input = scheduleBody(values, views.data ?? [], kept);
    if (schedule) await updateSchedule(schedule.id, input);
    else await createSchedule(input);
    toastSuccess(schedule ? SCHEDULE_MESSAGES.updated : SCHEDULE_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.schedules });
    onDone();
  }

  const v = form.values;
  const timing = {
    frequency: v.frequency,
    time: v.time,
    weekday: Number(v.weekday),
    day_of_month: Number(v.day_of_month),
    time_zone: v.time_zone,
  };
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={schedule ? 'Edit schedule' : 'New schedule'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" maxLength={100} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TemplateField inputProps={form.getInputProps('template')} />
          <FormatField inputProps={form.getInputProps('format')} format={v.format} />
        </SimpleGrid>
        <ScopeFields values={v} inputProps={(field) => form.getInputProps(field)} choices={{ views, scans }} kept={kept} />
        <ScheduleFields
          id="schedule-frequency"
          time={{ label: 'At', inputProps: form.getInputProps('time') }}
          timeZone={{ inputProps: form.getInputProps('time_zone'), zones }}
          repeat={{
            label: 'How often',
            value: v.frequency,
            choices: FREQUENCY_CHOICES,
            onChange: (value) => form.setFieldValue('frequency', value as ReportFrequency),
          }}
          summary={{
            text: isTimeZone(v.time_zone) && /^\d\d:\d\d$/.test(v.time) ? frequencyText(timing) : null,
            testId: 'schedule-frequency-text',
          }}
          upcoming={<UpcomingRuns body={preview} active={v.is_active} />}
        >
          {v.frequency === 'weekly' && (
            <Select {...form.getInputProps('weekday')} label="On" data={WEEKDAY_OPTIONS} allowDeselect={false} maw={240} />
          )}
          {v.frequency === 'monthly' && (
            <Select
              {...form.getInputProps('day_of_month')}
              label="On day"
              description="Days after the 28th: choose the last day."
              data={DAY_OF_MONTH_OPTIONS}
              allowDeselect={false}
              maw={240}
            />
          )}
        </ScheduleFields>
        <Textarea
          {...form.getInputProps('recipients')}
          label="Recipients"
          description="E-mail addresses the report is sent to: one a line, or separated by commas."
          placeholder={'security@example.com\nit-lead@example.com'}
          autosize
          minRows={2}
          maxRows={6}
          spellCheck={false}
          autoComplete="off"
          required
        />
        <ScheduleFormEnd
          active={form.getInputProps('is_active', { type: 'checkbox' })}
          activeHint="Runs only while switched on."
          editing={schedule !== undefined}
          busy={busy}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
