// Adds or changes an assessment schedule: the assessment settings (the same fields as the assessment form's steps) and
// when it runs, with the app's one schedule timing (start date, time and zone, repeat, its rule, an end) and the next
// runs worked out by the server; each run's messages are spread over a window of hours.
import { useMemo } from 'react';
import { Checkbox, Fieldset, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { REPEAT_FREQUENCIES, REPEAT_FREQUENCY_LABELS, weekdayName, type AssessmentSchedule, type RepeatFrequency } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { ScheduleFields, ScheduleFormEnd } from '../../../components/schedule/ScheduleFields.tsx';
import { browserTimeZone, timeZoneChoices } from '../../../components/schedule/time-zones.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { UpcomingRuns } from '../../schedules/UpcomingRuns.tsx';
import { WEEKDAY_NUMBERS, WEEKDAY_SHORT, intervalUnit, monthlyModeOptions, repeatText } from '../../schedules/schedule-format.ts';
import { FRA_KEYS, schedules } from '../api.ts';
import {
  SCHEDULE_ERROR_FIELDS,
  scheduleBody,
  scheduleValues,
  timingOf,
  validateScheduleValues,
  type ScheduleValues,
} from '../schedule-form.ts';
import { DomainsStep, RateFields, RecipientsStep, TemplatesStep, TrainingStep, type SettingsForm } from './SettingsSteps.tsx';

export const SCHEDULE_MESSAGES = {
  created: 'Schedule created.',
  createFailed: 'Cannot create schedule.',
  updated: 'Schedule updated.',
  updateFailed: 'Cannot update schedule.',
  deleted: 'Schedule deleted.',
  deleteFailed: 'Cannot delete schedule.',
  activated: 'Schedule activated.',
  deactivated: 'Schedule deactivated.',
  toggleFailed: 'Cannot change the schedule.',
};

const REPEAT_CHOICES = REPEAT_FREQUENCIES.map((f) => ({ value: f, label: REPEAT_FREQUENCY_LABELS[f] }));

export function AssessmentScheduleForm({ schedule, onDone }: { schedule: AssessmentSchedule | null; onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<ScheduleValues>({ initialValues: scheduleValues(schedule, browserTimeZone()), validate: validateScheduleValues });
  const zones = useMemo(() => timeZoneChoices(schedule?.time_zone), [schedule?.time_zone]);
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: SCHEDULE_ERROR_FIELDS,
    failed: schedule ? SCHEDULE_MESSAGES.updateFailed : SCHEDULE_MESSAGES.createFailed,
  });
  const v = form.values;
  const timing = useMemo(() => timingOf(v), [v]);
  // The settings fields are shared with the assessment form, whose values these extend.
  const settings = form as unknown as SettingsForm;

  async function save(values: ScheduleValues) {
    const body = scheduleBody(values);
    if (schedule) await schedules.update(schedule.id, body);
    else await schedules.create(body);
    toastSuccess(schedule ? SCHEDULE_MESSAGES.updated : SCHEDULE_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: FRA_KEYS.schedules });
    onDone();
  }

  const repeating = v.repeat !== 'never';
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={schedule ? 'Edit schedule' : 'New schedule'}>
      <Stack gap="lg">
        <FormError message={error} />
        <Fieldset legend="What is sent">
          <TemplatesStep form={settings} />
        </Fieldset>
        <Fieldset legend="Recipients">
          <RecipientsStep form={settings} />
        </Fieldset>
        <Fieldset legend="Domains">
          <DomainsStep form={settings} />
        </Fieldset>
        <Fieldset legend="Training">
          <TrainingStep form={settings} />
        </Fieldset>
        <Fieldset legend="When">
          <Stack gap="sm">
            <ScheduleFields
              id="fra-schedule-repeat"
              startDate={form.getInputProps('start_date')}
              time={{ label: 'Time', inputProps: form.getInputProps('time') }}
              timeZone={{ inputProps: form.getInputProps('time_zone'), zones }}
              repeat={{
                label: 'Repeat',
                value: v.repeat,
                choices: REPEAT_CHOICES,
                onChange: (value) => form.setFieldValue('repeat', value as RepeatFrequency),
              }}
              summary={{ text: timing && repeatText(timing), testId: 'fra-schedule-repeat-text' }}
              upcoming={<UpcomingRuns timing={timing} active={v.active} />}
            >
              {repeating && (
                <NumberInput
                  {...form.getInputProps('interval')}
                  label={`Every how many ${intervalUnit(v.repeat, 2)}`}
                  min={1}
                  max={365}
                  allowDecimal={false}
                  w={220}
                />
              )}
              {v.repeat === 'weekly' && (
                <Checkbox.Group {...form.getInputProps('weekdays')} label="On" description="None ticked: the start date’s weekday.">
                  <Group gap="md" mt={6}>
                    {WEEKDAY_NUMBERS.map((d) => (
                      <Checkbox key={d} value={String(d)} label={WEEKDAY_SHORT[d]} aria-label={weekdayName(d) ?? WEEKDAY_SHORT[d]} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
              {v.repeat === 'monthly' && (
                <Select
                  {...form.getInputProps('monthly_mode')}
                  label="On"
                  data={monthlyModeOptions(v.start_date)}
                  allowDeselect={false}
                  maw={420}
                />
              )}
              {repeating && (
                <Group gap="md" align="flex-start">
                  <TextInput {...form.getInputProps('end_date')} type="date" label="Last day" description="Empty: no end." w={220} />
                  <NumberInput
                    {...form.getInputProps('max_run_cnt')}
                    label="Number of runs"
                    description="0: no limit."
                    min={0}
                    allowDecimal={false}
                    w={220}
                  />
                </Group>
              )}
            </ScheduleFields>
            <NumberInput
              {...form.getInputProps('window_hours')}
              label="Sending window (hours)"
              description="Each run's messages are spread over this many hours; 0: at once, at the rate below."
              min={0}
              max={336}
              allowDecimal={false}
              w={280}
            />
            <RateFields form={settings} />
          </Stack>
        </Fieldset>
        <ScheduleFormEnd
          active={form.getInputProps('active', { type: 'checkbox' })}
          activeHint="Starts assessments only while active."
          editing={schedule !== null}
          busy={busy}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
