// The actions of a rule: open a ticket (grouping, assignee — a user or a team —, due days by severity), notify through
// the notification channels, and push the tickets to a ticketing integration. At least one is needed.
import { Anchor, Checkbox, Fieldset, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import { INTEGRATION_TYPE_LABELS, SEVERITY_LABELS, TICKET_GROUPINGS, TRACKERS, type Severity } from '@bulwark/core';
import type { Choice } from '../rule-choices.ts';
import { DUE_SEVERITIES, NOTIFY_CHANNELS, type RuleValues } from '../rule-form.ts';

const GROUPING_TEXT = {
  individual: { label: 'One ticket per finding', description: 'Each finding is its own ticket.' },
  by_asset: { label: 'One ticket per asset', description: 'An asset’s findings in one ticket, for the team that owns it.' },
  by_vulnerability: { label: 'One ticket per vulnerability', description: 'One issue on all its assets, for a fix rolled out at once.' },
} as const;

export function RuleActionsFields({ form, users, teams }: { form: UseFormReturnType<RuleValues>; users: Choice[]; teams: Choice[] }) {
  const v = form.values;
  const assignees = [
    ...(users.length ? [{ group: 'Users', items: users.map((u) => ({ value: `user:${u.value}`, label: u.label })) }] : []),
    ...(teams.length ? [{ group: 'Teams', items: teams.map((t) => ({ value: `team:${t.value}`, label: t.label })) }] : []),
  ];
  return (
    <Fieldset legend="What happens" variant="default">
      <Stack gap="md">
        {form.errors.actions && (
          <Text size="sm" c="red" role="alert" data-invalid="true" tabIndex={-1}>
            {form.errors.actions}
          </Text>
        )}
        <Switch
          {...form.getInputProps('open_ticket', { type: 'checkbox' })}
          label="Open a ticket"
          description="For the matching findings that have no open ticket yet."
        />
        {v.open_ticket && (
          <Stack gap="md" pl="lg">
            <Radio.Group {...form.getInputProps('grouping')} label="Grouping">
              <Stack gap={6} mt={6}>
                {TICKET_GROUPINGS.map((g) => (
                  <Radio key={g} value={g} label={GROUPING_TEXT[g].label} description={GROUPING_TEXT[g].description} />
                ))}
              </Stack>
            </Radio.Group>
            <Select
              {...form.getInputProps('assignee')}
              label="Assignee"
              description="A user, or a team whose members all see the ticket."
              placeholder="Nobody (assign later)"
              data={assignees}
              searchable
              clearable
              nothingFoundMessage="No user or team of that name"
              onChange={(value) => form.setFieldValue('assignee', value ?? '')}
              value={v.assignee === '' ? null : v.assignee}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="due-days-label">
                Due in (days), by the ticket’s highest severity
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }} role="group" aria-labelledby="due-days-label">
                {DUE_SEVERITIES.map((s) => (
                  <NumberInput
                    key={s}
                    {...form.getInputProps(`due_days.${s}`)}
                    label={SEVERITY_LABELS[Number(s) as Severity]}
                    aria-label={`Due days for ${SEVERITY_LABELS[Number(s) as Severity]}`}
                    min={0}
                    max={3650}
                    allowDecimal={false}
                    placeholder="No due date"
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Stack>
        )}
        <Switch
          {...form.getInputProps('notify', { type: 'checkbox' })}
          label="Notify"
          description="A message when the rule opens tickets."
        />
        {v.notify && (
          <Checkbox.Group
            {...form.getInputProps('channels')}
            label="Channels"
            pl="lg"
            description={
              <>
                Set up on the{' '}
                <Anchor component={Link} to="/admin/integrations/email" inherit>
                  integration pages
                </Anchor>
                .
              </>
            }
          >
            <Group gap="md" mt={6}>
              {NOTIFY_CHANNELS.map((c) => (
                <Checkbox key={c} value={c} label={INTEGRATION_TYPE_LABELS[c]} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Switch
          {...form.getInputProps('push', { type: 'checkbox' })}
          label="Push to a ticketing integration"
          description="The tickets the rule opens are created in the tracker too and kept in sync both ways."
        />
        {v.push && (
          <Radio.Group {...form.getInputProps('tracker')} label="Tracker" pl="lg">
            <Group gap="md" mt={6}>
              {TRACKERS.map((t) => (
                <Radio key={t} value={t} label={INTEGRATION_TYPE_LABELS[t]} />
              ))}
            </Group>
          </Radio.Group>
        )}
      </Stack>
    </Fieldset>
  );
}
