// Creating tickets from what the user points at — findings (one or a selection), an issue (on all its assets), several
// issues, everything the vulnerability list's filter matches, or an asset — grouped individually (a ticket per finding),
// by asset or by vulnerability, with an optional title, assignee, due date and priority. Findings already on an open
// ticket are skipped, and the answer says how many.
import { Button, Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  crudMessages,
  LEGACY_TICKET_TYPE,
  TICKET_GROUPING_LABELS,
  TICKET_GROUPINGS,
  type Ticket,
  type TicketCreateInput,
  type TicketGrouping,
} from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastInfo, toastSuccess } from '../../../components/toasts.tsx';
import { createTickets, TICKET_KEYS } from '../api/tickets-api.ts';
import { plural } from '../ticket-format.ts';
import { ASSIGNMENT_FIELDS, AssignmentFields, assignmentInput, validateDueDate, type AssignmentValues } from './AssignmentFields.tsx';

export type TicketSource =
  | { kind: 'findings'; ids: readonly number[] }
  | { kind: 'issue'; hid: string; name?: string }
  | { kind: 'issues'; hids: readonly string[] }
  | { kind: 'filter'; filter: Record<string, string | string[]>; count: number }
  | { kind: 'asset'; id: number; name: string };

const MESSAGES = crudMessages('ticket');
const FIELDS = ['title', 'description', 'grouping', ...ASSIGNMENT_FIELDS];

const GROUPING_HINTS: Record<TicketGrouping, string> = {
  individual: 'A ticket for each finding.',
  by_asset: 'An asset ticket for each asset, with its findings as subtasks.',
  by_vulnerability: 'A vulnerability ticket for each vulnerability, with the assets it is on as subtasks.',
};

/** What the tickets will be made of, in a sentence. */
export function sourceText(source: TicketSource): string {
  switch (source.kind) {
    case 'findings':
      return `${plural(source.ids.length, 'finding', 'findings')}.`;
    case 'issue':
      return `${source.name ? `${source.name} (${source.hid})` : source.hid} on all the assets it is open on.`;
    case 'issues':
      return `${plural(source.hids.length, 'vulnerability', 'vulnerabilities')}, on all the assets they are open on.`;
    case 'filter':
      return `Every finding the current filters match (${source.count} now).`;
    case 'asset':
      return `The open findings of ${source.name}.`;
  }
}

export function defaultGrouping(source: TicketSource): TicketGrouping {
  if (source.kind === 'asset') return 'by_asset';
  if (source.kind === 'findings' && source.ids.length === 1) return 'individual';
  return 'by_vulnerability';
}

/** The create calls of a source: one, except for several issues (one per issue, as the list's filter takes one hid). */
function inputsOf(source: TicketSource): Omit<TicketCreateInput, 'grouping'>[] {
  switch (source.kind) {
    case 'findings':
      return [{ finding_ids: [...source.ids] }];
    case 'issue':
      return [{ filter: { hid: source.hid } }];
    case 'issues':
      return source.hids.map((hid) => ({ filter: { hid } }));
    case 'filter':
      return [{ filter: source.filter }];
    case 'asset':
      return [{ asset_id: source.id }];
  }
}

interface CreateValues extends AssignmentValues {
  grouping: TicketGrouping;
  title: string;
  description: string;
}

export function CreateTicketForm({
  source,
  legacy = false,
  onCreated,
  onCancel,
}: {
  source: TicketSource;
  /** unified-remediation off: the tickets are legacy tickets (type "ticket") for the legacy screens. */
  legacy?: boolean;
  /** The tickets made (empty when every finding was already on an open ticket). */
  onCreated(created: Ticket[]): void;
  onCancel(): void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<CreateValues>({
    initialValues: {
      grouping: defaultGrouping(source),
      title: '',
      description: '',
      assignee_user: '',
      assignee_team: '',
      due_date: '',
      priority: '',
    },
    validate: { due_date: validateDueDate, title: (v) => (v.length > 300 ? 'Ensure this field has no more than 300 characters.' : null) },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: FIELDS, failed: MESSAGES.createFailed, toast: false });

  async function save(v: CreateValues) {
    const common = {
      grouping: v.grouping,
      ...(legacy ? { legacy_type: LEGACY_TICKET_TYPE.ticket } : {}),
      ...(v.title.trim() ? { title: v.title.trim() } : {}),
      ...(v.description.trim() ? { description: v.description } : {}),
      ...assignmentInput(v),
    };
    const created: Ticket[] = [];
    let skipped = 0;
    for (const input of inputsOf(source)) {
      const answer = await createTickets({ ...input, ...common });
      created.push(...answer.created);
      skipped += answer.skipped;
    }
    const skippedText = skipped > 0 ? ` ${plural(skipped, 'finding was', 'findings were')} already on an open ticket.` : '';
    if (created.length === 0) toastInfo(`No ticket created: every finding is already on an open ticket.`);
    else if (created.length === 1) toastSuccess(`${MESSAGES.created}${skippedText}`);
    else toastSuccess(`${plural(created.length, 'ticket', 'tickets')} created.${skippedText}`);
    await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
    onCreated(created);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Create ticket">
      <Stack gap="md">
        <Text size="sm">
          <Text span fw={600}>
            From:{' '}
          </Text>
          {sourceText(source)}
        </Text>
        <FormError message={error} />
        <Radio.Group {...form.getInputProps('grouping')} label="Grouping" description={GROUPING_HINTS[form.values.grouping]}>
          <Group mt={6}>
            {TICKET_GROUPINGS.map((g) => (
              <Radio key={g} value={g} label={TICKET_GROUPING_LABELS[g]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          {...form.getInputProps('title')}
          label="Title"
          description="Left empty, each ticket is named after its vulnerability or asset."
          maxLength={300}
        />
        <Textarea {...form.getInputProps('description')} label="Description" autosize minRows={2} />
        <AssignmentFields form={form} priorityOptional />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Create ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
