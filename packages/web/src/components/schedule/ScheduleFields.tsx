// The "when" of every schedule form (scan schedules, report schedules; later monitors and assessments): the start date
// when the schedule has one, the time and its time zone, how often it repeats, the rule's own fields (weekdays, a day of
// the month, an interval, an end), the timing in words and the next runs. Each form brings its own words and fields; the
// layout, the time and time-zone inputs and the repeat choice are the same everywhere, and so is the end of the form
// (the Active switch, Cancel and Create/Save).
import type { ReactNode } from 'react';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export interface ScheduleFieldsProps {
  /** Prefix of the ids inside (the repeat choice's label is `${id}-label`). */
  id: string;
  /** A start date (YYYY-MM-DD), for schedules that start on a day. */
  startDate?: GetInputPropsReturnType;
  /** The time of day: its label and the form's input props. */
  time: { label: string; inputProps: GetInputPropsReturnType };
  /** The time zone: the form's input props and the zones offered. */
  timeZone: { inputProps: GetInputPropsReturnType; zones: string[] };
  /** How often it repeats: its label, the choices (value → words) and the chosen one. */
  repeat: { label: string; value: string; choices: { value: string; label: string }[]; onChange(value: string): void };
  /** The rule's own fields, under the repeat choice. */
  children?: ReactNode;
  /** The timing in words (null while it is incomplete) and the test id the form's words carry. */
  summary: { text: string | null; testId: string };
  /** The next runs. */
  upcoming: ReactNode;
}

export function ScheduleFields({ id, startDate, time, timeZone, repeat, children, summary, upcoming }: ScheduleFieldsProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: startDate ? 3 : 2 }}>
        {startDate && <TextInput {...startDate} type="date" label="Start date" required />}
        <TextInput {...time.inputProps} type="time" label={time.label} required description="24-hour time, HH:MM." />
        <Select
          {...timeZone.inputProps}
          label="Time zone"
          data={timeZone.zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone matches"
          required
          limit={100}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500} id={`${id}-label`}>
          {repeat.label}
        </Text>
        <SegmentedControl
          aria-labelledby={`${id}-label`}
          value={repeat.value}
          onChange={repeat.onChange}
          data={repeat.choices}
          w="fit-content"
        />
      </Stack>
      {children}
      {summary.text !== null && (
        <Text size="sm" data-testid={summary.testId}>
          {summary.text}
        </Text>
      )}
      {upcoming}
    </Stack>
  );
}

export interface ScheduleFormEndProps {
  /** The form's checkbox props of its "active" field, and what being active means for this kind of schedule. */
  active: GetInputPropsReturnType;
  activeHint: string;
  /** Whether a saved schedule is being changed (Save) rather than a new one made (Create). */
  editing: boolean;
  busy: boolean;
  onCancel(): void;
}

/** The end of every schedule form: whether it is active, then Cancel and Create/Save schedule. */
export function ScheduleFormEnd({ active, activeHint, editing, busy, onCancel }: ScheduleFormEndProps) {
  return (
    <>
      <Switch {...active} label="Active" description={activeHint} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {editing ? 'Save schedule' : 'Create schedule'}
        </Button>
      </Group>
    </>
  );
}
