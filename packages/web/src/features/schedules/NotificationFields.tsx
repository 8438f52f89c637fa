// Who hears about a schedule: the teams it is shared with, the notifications after each run (e-mail, cc, Slack, Teams,
// webhooks) and the reminders before each start (the same channels, and how long before, in minutes, hours or days).
import { Checkbox, Fieldset, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { INTERVAL_UNITS, type IntervalUnit } from '@bulwark/core';
import { SCHEDULE_KEYS, fetchTeamChoices } from './schedules-api.ts';
import type { ScheduleValues } from './schedule-form.ts';

type Form = UseFormReturnType<ScheduleValues>;

const UNIT_LABELS: Record<IntervalUnit, string> = { minutes: 'Minutes', hours: 'Hours', days: 'Days' };

/** Addresses, cc and the three integrations of one channel set (`notify` or `remind`). */
function ChannelFields({ form, set, what }: { form: Form; set: 'notify' | 'remind'; what: string }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          {...form.getInputProps(`${set}.email`)}
          label="E-mail to"
          description={`Addresses that get ${what}: one a line, or separated by commas.`}
          placeholder="security@example.com"
          autosize
          minRows={1}
          maxRows={5}
          spellCheck={false}
          autoComplete="off"
        />
        <Textarea
          {...form.getInputProps(`${set}.cc`)}
          label="Cc"
          description="Addresses copied in."
          autosize
          minRows={1}
          maxRows={5}
          spellCheck={false}
          autoComplete="off"
        />
      </SimpleGrid>
      <Group gap="lg" role="group" aria-label={`Also send ${what} to`}>
        <Checkbox {...form.getInputProps(`${set}.slack`, { type: 'checkbox' })} label="Slack" />
        <Checkbox {...form.getInputProps(`${set}.teams`, { type: 'checkbox' })} label="Microsoft Teams" />
        <Checkbox {...form.getInputProps(`${set}.webhooks`, { type: 'checkbox' })} label="Webhooks" />
      </Group>
    </Stack>
  );
}

export function NotificationFields({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <Fieldset legend="Notifications after each run" variant="unstyled">
        <ChannelFields form={form} set="notify" what="a message when a run ends" />
      </Fieldset>
      <Fieldset legend="Reminders before each run" variant="unstyled">
        <Stack gap="sm">
          <Group gap="sm" align="flex-start">
            <NumberInput
              {...form.getInputProps('remind.before')}
              label="Remind"
              description="How long before each start."
              min={0}
              allowDecimal={false}
              allowNegative={false}
              w={140}
            />
            <Select
              {...form.getInputProps('remind.unit')}
              label="Unit"
              data={INTERVAL_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
              allowDeselect={false}
              w={140}
              mt={0}
            />
          </Group>
          <ChannelFields form={form} set="remind" what="a reminder before a run starts" />
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** The teams that may see and change the schedule besides its owner (teams_basics/: id and name of every team). */
export function SharedTeamsField({ form }: { form: Form }) {
  const teams = useQuery({ queryKey: SCHEDULE_KEYS.teams, queryFn: ({ signal }) => fetchTeamChoices(signal), retry: false });
  const listed = new Set((teams.data ?? []).map((t) => String(t.id)));
  const data = [
    ...(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
    ...form.values.shared_access_teams.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: `Team ${id}` })),
  ];
  let placeholder = 'Choose teams';
  if (teams.isPending) placeholder = 'Loading teams…';
  else if (teams.isError) placeholder = 'The teams could not be loaded';
  else if (data.length === 0) placeholder = 'No teams yet';
  return (
    <MultiSelect
      {...form.getInputProps('shared_access_teams')}
      label="Shared with teams"
      description={
        <Text span size="xs" c={teams.isError ? 'red' : 'dimmed'}>
          {teams.isError ? 'The teams could not be loaded; the teams already chosen are kept.' : 'Their members see the schedule too.'}
        </Text>
      }
      data={data}
      searchable
      clearable
      nothingFoundMessage="No team matches"
      placeholder={placeholder}
    />
  );
}
