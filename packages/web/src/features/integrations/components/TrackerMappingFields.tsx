// How tickets map onto the tracker: Bulwark's priority (1 low … 4 critical) to the tracker's priority (ServiceNow: impact
// and urgency, from which it derives its priority), and each ticket status to a status category. Transitions are found by
// category (Jira's To Do / In Progress / Done), so a custom workflow whose "done" status is called anything still works;
// ServiceNow and TOPdesk name the state or processing status each category sets.
import { Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  STATUS_CATEGORIES,
  STATUS_CATEGORY_LABELS,
  TICKET_STATUS,
  TICKET_STATUS_LABELS,
  TRACKER_PRIORITY_KEYS,
  TRACKER_STATUS_KEYS,
  type Tracker,
} from '@bulwark/core';
import { trackerLabel, type TrackerValues } from '../tracker-form.ts';

const PRIORITY_LABELS: Record<string, string> = { '4': 'Critical (4)', '3': 'High (3)', '2': 'Medium (2)', '1': 'Low (1)' };
const CATEGORY_OPTIONS = STATUS_CATEGORIES.map((c) => ({ value: c, label: STATUS_CATEGORY_LABELS[c] }));
const SERVICENOW_LEVELS = [
  { value: '1', label: '1 - High' },
  { value: '2', label: '2 - Medium' },
  { value: '3', label: '3 - Low' },
];
const PRIORITIES = [...TRACKER_PRIORITY_KEYS].reverse();

function PriorityTable({ tracker, form }: { tracker: Tracker; form: UseFormReturnType<TrackerValues> }) {
  const label = trackerLabel(tracker);
  return (
    <Table withTableBorder verticalSpacing={4} aria-label={`Priority in ${label}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Ticket priority</Table.Th>
          {tracker === 'servicenow' ? (
            <>
              <Table.Th scope="col">Impact</Table.Th>
              <Table.Th scope="col">Urgency</Table.Th>
            </>
          ) : (
            <Table.Th scope="col">{label} priority</Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PRIORITIES.map((p) => (
          <Table.Tr key={p}>
            <Table.Th scope="row" fw={400}>
              {PRIORITY_LABELS[p]}
            </Table.Th>
            {tracker === 'servicenow' ? (
              <>
                <Table.Td>
                  <Select
                    {...form.getInputProps(`impact_map.${p}`)}
                    aria-label={`Impact for ${PRIORITY_LABELS[p]}`}
                    data={SERVICENOW_LEVELS}
                    allowDeselect={false}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    {...form.getInputProps(`urgency_map.${p}`)}
                    aria-label={`Urgency for ${PRIORITY_LABELS[p]}`}
                    data={SERVICENOW_LEVELS}
                    allowDeselect={false}
                    size="xs"
                  />
                </Table.Td>
              </>
            ) : (
              <Table.Td>
                <TextInput
                  {...form.getInputProps(`priority_map.${p}`)}
                  aria-label={`${label} priority for ${PRIORITY_LABELS[p]}`}
                  placeholder={tracker === 'jira' ? 'Default of the project' : 'Default of TOPdesk'}
                  size="xs"
                  autoComplete="off"
                />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function TrackerMappingFields({ tracker, form }: { tracker: Tracker; form: UseFormReturnType<TrackerValues> }) {
  const label = trackerLabel(tracker);
  const statusError = form.errors.status_map;
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        Priority
      </Title>
      <PriorityTable tracker={tracker} form={form} />
      <Title order={3} size="h5">
        Status
      </Title>
      <Text size="sm" c="dimmed">
        {tracker === 'jira'
          ? `Bulwark moves an issue with the first transition that leads to a status of the chosen category, whatever your workflow calls it. An issue moved to a Done status in ${label} sets its ticket to Solution applied, which starts a re-test: only the re-test makes it Fixed.`
          : `An issue moved to a status of category Done in ${label} sets its ticket to Solution applied, which starts a re-test: only the re-test makes it Fixed.`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="group" aria-label="Status category for each ticket status">
        {TRACKER_STATUS_KEYS.map((k) => (
          <Select
            key={k}
            {...form.getInputProps(`status_map.${k}`)}
            label={TICKET_STATUS_LABELS[TICKET_STATUS[k]]}
            data={CATEGORY_OPTIONS}
            allowDeselect={false}
          />
        ))}
      </SimpleGrid>
      {statusError && (
        <Text size="sm" c="red" role="alert">
          {statusError}
        </Text>
      )}
      {tracker !== 'jira' && (
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          role="group"
          aria-label={`${label} ${tracker === 'servicenow' ? 'state' : 'processing status'} for each category`}
        >
          {STATUS_CATEGORIES.map((c) => (
            <TextInput
              key={c}
              {...form.getInputProps(`state_map.${c}`)}
              label={`${tracker === 'servicenow' ? 'State' : 'Processing status'} for ${STATUS_CATEGORY_LABELS[c]}`}
              description={
                tracker === 'servicenow' ? 'The state value (incident: 1 New, 2 In Progress, 6 Resolved).' : 'As TOPdesk names it.'
              }
              autoComplete="off"
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
