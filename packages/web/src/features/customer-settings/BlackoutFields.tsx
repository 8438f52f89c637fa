// The blackout window's fields of the settings form: on or off, every day or chosen weekdays, start and end time (a
// window ending before it starts runs over midnight), time zone, the server's error about the window as a whole, and a
// live line saying whether scans wait now or when the window applies.
import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Fieldset, Group, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { timeZoneChoices } from '../reports/report-format.ts';
import { WEEKDAY_CHOICES, blackoutStatus, type DaysMode, type SettingsValues } from './settings-form.ts';

/** How often the live line looks at the clock. */
const CLOCK_TICK_MS = 30_000;

const STATUS_COLORS = { off: 'dimmed', incomplete: 'dimmed', inside: 'orange', outside: undefined } as const;

function useNow(tickMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

export function BlackoutFields({ form, savedZone }: { form: UseFormReturnType<SettingsValues>; savedZone?: string }) {
  const now = useNow(CLOCK_TICK_MS);
  const zones = useMemo(() => timeZoneChoices(savedZone), [savedZone]);
  const v = form.values.blackout;
  const status = blackoutStatus(v, now);
  const windowError = form.errors.blackouts;
  const daysError = form.errors['blackout.days'];

  return (
    <Fieldset legend="Blackout window" variant="unstyled" aria-describedby={windowError ? 'blackouts-error' : 'blackouts-help'}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id="blackouts-help">
          While the window is open no scan task starts, and running ones pause until it ends.
        </Text>
        <Switch {...form.getInputProps('blackout.enabled', { type: 'checkbox' })} label="Pause scans during the blackout window" />
        <Radio.Group value={v.days_mode} onChange={(value) => form.setFieldValue('blackout.days_mode', value as DaysMode)} label="Days">
          <Group gap="lg" mt={6}>
            <Radio value="every" label="Every day" />
            <Radio value="chosen" label="On chosen weekdays" />
          </Group>
        </Radio.Group>
        {v.days_mode === 'chosen' && (
          <Checkbox.Group {...form.getInputProps('blackout.days')} label="Weekdays" withAsterisk error={daysError}>
            <Group gap="md" mt={6}>
              {WEEKDAY_CHOICES.map((day) => (
                <Checkbox key={day.value} value={day.value} label={day.label} aria-invalid={daysError ? true : undefined} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput {...form.getInputProps('blackout.start_time')} type="time" label="Start time" description="24-hour time, HH:mm." />
          <TextInput
            {...form.getInputProps('blackout.end_time')}
            type="time"
            label="End time"
            description="Before the start time: the window runs over midnight (22:00-06:00 ends the next morning)."
          />
          <Select
            {...form.getInputProps('blackout.time_zone')}
            label="Time zone"
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No time zone matches"
            limit={100}
          />
        </SimpleGrid>
        {windowError && (
          <Text id="blackouts-error" size="sm" c="red" tabIndex={-1} data-invalid="true">
            {windowError}
          </Text>
        )}
        <Text
          size="sm"
          role="status"
          c={STATUS_COLORS[status.state]}
          fw={status.state === 'inside' ? 600 : undefined}
          data-testid="blackout-status"
        >
          {status.text}
        </Text>
      </Stack>
    </Fieldset>
  );
}
