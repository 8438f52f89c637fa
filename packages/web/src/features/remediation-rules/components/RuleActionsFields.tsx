// The actions of a rule: open a ticket (grouping, assignee — a user or a team —, due days by severity), notify through
// the notification channels, and push the tickets to a ticketing integration. At least one is needed.
import { Anchor, Checkbox, Fieldset, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import { INTEGRATION_TYPE_LABELS, SEVERITY_LABELS, TICKET_GROUPINGS, TRACKERS, type Severity } from '@bulwark/core';
import type { Choice } from '../rule-choices.ts';
import { DUE_SEVERITIES, type RuleValues } from '../rule-form.ts';

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
              <SimpleGrid cols={{ base: 2, sm: 5 }} role="group" aria-labelledby="due-days-label">
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
            <NumberInput
              {...form.getInputProps('remind_days_before')}
              label="Remind before the due date (days)"
              description="0: no reminder. Overdue tickets are always notified once."
              min={0}
              max={365}
              allowDecimal={false}
              maw={280}
            />
          </Stack>
        )}
        <Switch
          {...form.getInputProps('notify', { type: 'checkbox' })}
          label="Notify"
          description="A message when the rule opens tickets."
        />
        {v.notify && (
          <Stack gap="sm" pl="lg" role="group" aria-label="Who is notified">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Textarea
                {...form.getInputProps('channels.email')}
                label="E-mail to"
                description="One address a line (or separated by commas)."
                placeholder="secops@example.com"
                autosize
                minRows={1}
                maxRows={4}
                spellCheck={false}
              />
              <Textarea {...form.getInputProps('channels.cc')} label="Copy to" autosize minRows={1} maxRows={4} spellCheck={false} />
            </SimpleGrid>
            <Group gap="md">
              <Checkbox {...form.getInputProps('channels.slack', { type: 'checkbox' })} label="Slack" />
              <Checkbox {...form.getInputProps('channels.teams', { type: 'checkbox' })} label="Microsoft Teams" />
              <Checkbox {...form.getInputProps('channels.webhooks', { type: 'checkbox' })} label="Webhooks" />
            </Group>
            <Text size="xs" c="dimmed">
              Slack, Teams and webhooks post through the{' '}
              <Anchor component={Link} to="/admin/integrations/slack" inherit>
                integration settings
              </Anchor>
              . The same people hear of reminders before due dates and of overdue tickets.
            </Text>
          </Stack>
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
