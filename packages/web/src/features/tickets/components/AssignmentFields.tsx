// The fields a new and an edited ticket share: assignee (a user, a team, or both), due date and priority. Values are
// form strings ('' for none); `assignmentInput` turns them into the API's fields.
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { fetchAssigneeChoices, TICKET_KEYS } from '../api/tickets-api.ts';
import { PRIORITY_OPTIONS } from '../ticket-format.ts';

export interface AssignmentValues {
  assignee_user: string;
  assignee_team: string;
  due_date: string;
  /** '' keeps the priority of the worst finding (new tickets). */
  priority: string;
}

export const ASSIGNMENT_FIELDS = ['assignee_user', 'assignee_team', 'due_date', 'priority'] as const;

export function validateDueDate(value: string): string | null {
  if (value === '') return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : 'Enter a date as YYYY-MM-DD.';
}

export function assignmentInput(v: AssignmentValues) {
  return {
    assignee_user: v.assignee_user === '' ? null : Number(v.assignee_user),
    assignee_team: v.assignee_team === '' ? null : Number(v.assignee_team),
    due_date: v.due_date === '' ? null : v.due_date,
    ...(v.priority === '' ? {} : { priority: Number(v.priority) }),
  };
}

export function AssignmentFields<V extends AssignmentValues>({
  form,
  priorityOptional,
}: {
  form: UseFormReturnType<V>;
  priorityOptional?: boolean;
}) {
  const choices = useQuery({ queryKey: TICKET_KEYS.assignees, queryFn: ({ signal }) => fetchAssigneeChoices(signal) });
  const users = (choices.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.label }));
  const teams = (choices.data?.teams ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  // Mantine's Select gives null when cleared; the form keeps '' for "none".
  const select = (path: keyof AssignmentValues) => {
    const props = form.getInputProps(path as string);
    return {
      ...props,
      value: (props.value as string) || null,
      onChange: (v: string | null) => form.setFieldValue(path as never, (v ?? '') as never),
    };
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        {...select('assignee_user')}
        label="Assignee"
        placeholder={choices.isPending ? 'Loading…' : 'Nobody'}
        data={users}
        searchable
        clearable
        nothingFoundMessage="No such user"
      />
      <Select
        {...select('assignee_team')}
        label="Team"
        placeholder={choices.isPending ? 'Loading…' : 'No team'}
        data={teams}
        searchable
        clearable
        nothingFoundMessage="No such team"
      />
      <TextInput {...form.getInputProps('due_date')} label="Due date" type="date" description="Overdue from the next day on." />
      <Select
        {...select('priority')}
        label="Priority"
        data={PRIORITY_OPTIONS}
        clearable={priorityOptional}
        allowDeselect={priorityOptional}
        placeholder={priorityOptional ? 'From the worst finding' : undefined}
      />
    </SimpleGrid>
  );
}
