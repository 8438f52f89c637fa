// Adds or changes a network scan schedule: name, profile and probe, targets (saved, typed, tags to include and exclude),
// when it runs (start date and time in a time zone; once, or every N days, weeks on chosen weekdays, or months on a day
// or an nth weekday; ending never, on a date or after N runs), who it is shared with, who hears about it, and whether it
// is active. The next five runs are worked out by the server as the timing changes, before anything is saved.
import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { Checkbox, Fieldset, Group, NumberInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  crudMessages,
  REPEAT_FREQUENCIES,
  REPEAT_FREQUENCY_LABELS,
  weekdayName,
  type RepeatFrequency,
  type Schedule,
  type ScheduleInput,
} from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { ScheduleFields, ScheduleFormEnd } from '../../components/schedule/ScheduleFields.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { browserTimeZone, isTimeZone, timeZoneChoices } from '../reports/report-format.ts';
import { NotificationFields, SharedTeamsField } from './NotificationFields.tsx';
import { SCHEDULE_KEYS, createSchedule, updateSchedule } from './schedules-api.ts';
import {
  END_CHOICE_LABELS,
  END_CHOICES,
  WEEKDAY_NUMBERS,
  WEEKDAY_SHORT,
  intervalUnit,
  monthlyModeOptions,
  nextFullHourIn,
  repeatText,
  weekdayOfDate,
} from './schedule-format.ts';
import {
  SCHEDULE_ERROR_FIELDS,
  previewBody,
  scheduleBody,
  scheduleValues,
  validateSchedule,
  type ScheduleValues,
} from './schedule-form.ts';
import { ProbeFields, TargetFields, type ProfileChoices } from './TargetFields.tsx';
import { UpcomingRuns } from './UpcomingRuns.tsx';

export const SCHEDULE_MESSAGES = {
  ...crudMessages('schedule'),
  activated: 'Schedule activated.',
  deactivated: 'Schedule deactivated.',
  toggleFailed: 'Cannot change the schedule.',
};

const REPEAT_CHOICES = REPEAT_FREQUENCIES.map((f) => ({ value: f, label: REPEAT_FREQUENCY_LABELS[f] }));

/** What deleting a schedule does (the server keeps its scan and the runs it made, as an unscheduled scan). */
export const DELETE_WARNING = 'It starts no more scans. The runs it made and their results stay, under its scan in the scan list.';

/**
 * Another kind of schedule on the same form (web schedules): its starting values, its targets fieldset and its profiles
 * in place of the network ones. The timing, probe, sharing, notification and active fields stay as they are.
 */
export interface ScheduleFormKind {
  initialValues?(values: ScheduleValues, schedule?: Schedule): ScheduleValues;
  targets(form: UseFormReturnType<ScheduleValues>): ReactNode;
  useProfiles(): ProfileChoices;
  /** The kind's scans have no targets of their own (cloud: the profile's account is the target). */
  noTargets?: boolean;
  /**
   * Sent as the schedule's scan_type: 'cloud' tells the server the schedule has no targets (without it the server asks
   * for a target, and a cloud schedule could be neither created nor changed).
   */
  scanType?: ScheduleInput['scan_type'];
}

export interface ScheduleFormProps {
  /** The schedule to change; a new one otherwise. */
  schedule?: Schedule;
  /** Not given: a network schedule. */
  kind?: ScheduleFormKind;
  onDone(saved?: Schedule): void;
}

export function ScheduleForm({ schedule, onDone, kind }: ScheduleFormProps) {
  const queryClient = useQueryClient();
  const start = scheduleValues(schedule, browserTimeZone());
  const form = useForm<ScheduleValues>({
    initialValues: kind?.initialValues ? kind.initialValues(start, schedule) : start,
    validate: (values) => validateSchedule(values, { targets: !kind?.noTargets }),
  });
  // A new schedule starts at the next full hour of its zone, and follows the zone until its date or time is typed; its
  // weekday follows the start date until weekdays are ticked.
  const [followZone, setFollowZone] = useState(schedule === undefined);
  const [followWeekday, setFollowWeekday] = useState(schedule === undefined);
  const zones = useMemo(() => timeZoneChoices(schedule?.time_zone), [schedule?.time_zone]);
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: SCHEDULE_ERROR_FIELDS,
    failed: schedule ? SCHEDULE_MESSAGES.updateFailed : SCHEDULE_MESSAGES.createFailed,
  });
  const v = form.values;
  const preview = useMemo(() => previewBody(v), [v]);

  async function save(values: ScheduleValues) {
    const input: ScheduleInput = { ...scheduleBody(values, schedule), ...(kind?.scanType ? { scan_type: kind.scanType } : {}) };
    const saved = schedule ? await updateSchedule(schedule.id, input) : await createSchedule(input);
    toastSuccess(schedule ? SCHEDULE_MESSAGES.updated : SCHEDULE_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: SCHEDULE_KEYS.all });
    onDone(saved);
  }

  const dateProps = form.getInputProps('start_date');
  const timeProps = form.getInputProps('time');
  const zoneProps = form.getInputProps('time_zone');
  function startOn(date: string) {
    const weekday = weekdayOfDate(date);
    if (followWeekday && weekday !== null) form.setFieldValue('weekdays', [String(weekday)]);
  }
  function changeDate(e: ChangeEvent<HTMLInputElement>) {
    setFollowZone(false);
    dateProps.onChange(e);
    startOn(e.currentTarget.value);
  }
  function changeTime(e: ChangeEvent<HTMLInputElement>) {
    setFollowZone(false);
    timeProps.onChange(e);
  }
  function changeZone(zone: string | null) {
    zoneProps.onChange(zone);
    if (followZone && zone && isTimeZone(zone)) {
      const start = nextFullHourIn(zone);
      form.setValues(start);
      startOn(start.start_date);
    }
  }
  const weekdayProps = form.getInputProps('weekdays');
  function changeWeekdays(days: string[]) {
    setFollowWeekday(false);
    weekdayProps.onChange(days);
  }

  const repeating = v.repeat !== 'never';
  const interval = typeof v.interval === 'number' ? v.interval : Number(v.interval);
  const startWeekday = weekdayOfDate(v.start_date);
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={schedule ? 'Edit schedule' : 'New schedule'}>
      <Stack gap="lg">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" maxLength={100} />
        <KindFields form={form} kind={kind} />

        <Fieldset legend="When" variant="unstyled">
          <ScheduleFields
            id="schedule-repeat"
            startDate={{ ...dateProps, onChange: changeDate }}
            time={{ label: 'Time', inputProps: { ...timeProps, onChange: changeTime } }}
            timeZone={{ inputProps: { ...zoneProps, onChange: changeZone }, zones }}
            repeat={{
              label: 'Repeat',
              value: v.repeat,
              choices: REPEAT_CHOICES,
              onChange: (value) => form.setFieldValue('repeat', value as RepeatFrequency),
            }}
            summary={{ text: preview && repeatText(preview), testId: 'schedule-repeat-text' }}
            upcoming={<UpcomingRuns timing={preview} active={v.schedule_is_active} />}
          >
            {repeating && (
              <NumberInput
                {...form.getInputProps('interval')}
                label={`Every how many ${intervalUnit(v.repeat, 2)}`}
                description={`1: every ${intervalUnit(v.repeat, 1)}.`}
                min={1}
                max={365}
                allowDecimal={false}
                allowNegative={false}
                rightSection={
                  <Text size="sm" c="dimmed" pr="xs">
                    {intervalUnit(v.repeat, interval)}
                  </Text>
                }
                rightSectionWidth={80}
                w={200}
              />
            )}
            {v.repeat === 'weekly' && (
              <Checkbox.Group
                {...weekdayProps}
                onChange={changeWeekdays}
                label="On"
                description={`None ticked: the start date’s weekday${startWeekday ? ` (${weekdayName(startWeekday)})` : ''}.`}
              >
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
                description={
                  v.monthly_mode === 'day_of_month' && Number(v.start_date.slice(8, 10)) > 28
                    ? 'Phrased from the start date. In shorter months it runs on their last day.'
                    : 'Phrased from the start date; change the start date to choose another day.'
                }
                data={monthlyModeOptions(v.start_date)}
                allowDeselect={false}
                maw={420}
              />
            )}
            {repeating && (
              <Radio.Group {...form.getInputProps('end')} label="Ends">
                <Stack gap={8} mt={6}>
                  {END_CHOICES.map((choice) => (
                    <Radio key={choice} value={choice} label={END_CHOICE_LABELS[choice]} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {repeating && v.end === 'date' && (
              <TextInput
                {...form.getInputProps('end_date')}
                type="date"
                label="Last day"
                description="No run starts after this day."
                min={v.start_date || undefined}
                required
                w={220}
              />
            )}
            {repeating && v.end === 'runs' && (
              <NumberInput
                {...form.getInputProps('max_runs')}
                label="Number of runs"
                description="The schedule stops after this many runs."
                min={1}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                required
                w={220}
              />
            )}
          </ScheduleFields>
        </Fieldset>

        <SharedTeamsField form={form} />
        <NotificationFields form={form} />
        <ScheduleFormEnd
          active={form.getInputProps('schedule_is_active', { type: 'checkbox' })}
          activeHint="Runs only while active."
          editing={schedule !== undefined}
          busy={busy}
          onCancel={() => onDone()}
        />
      </Stack>
    </form>
  );
}

/** The profile, probe and targets fields: the network ones, or those of another kind of schedule. */
function KindFields({ form, kind }: { form: UseFormReturnType<ScheduleValues>; kind?: ScheduleFormKind }) {
  if (!kind)
    return (
      <>
        <ProbeFields form={form} />
        <TargetFields form={form} />
      </>
    );
  return <OtherKindFields form={form} kind={kind} />;
}

function OtherKindFields({ form, kind }: { form: UseFormReturnType<ScheduleValues>; kind: ScheduleFormKind }) {
  const profiles = kind.useProfiles();
  return (
    <>
      <ProbeFields form={form} profileChoices={profiles} />
      {kind.targets(form)}
    </>
  );
}
