// /remediation/unified-tickets/edit/{uuid}: a ticket's form — title, description, assignee (user or team), due date,
// priority and custom fields of the spec's types — saved with PATCH; the server's field errors land on their fields.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages, type Ticket } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastSuccess } from '../../components/toasts.tsx';
import { fetchTicket, TICKET_KEYS, updateTicket } from './api/tickets-api.ts';
import {
  ASSIGNMENT_FIELDS,
  AssignmentFields,
  assignmentInput,
  validateDueDate,
  type AssignmentValues,
} from './components/AssignmentFields.tsx';
import { CustomFieldsEditor, customFieldErrors, fieldsOf, rowsOf, type CustomFieldRow } from './components/CustomFieldsEditor.tsx';
import { TICKETS_PATH, ticketViewPath } from './ticket-format.ts';

const MESSAGES = crudMessages('ticket');
const FIELDS = ['title', 'description', ...ASSIGNMENT_FIELDS, 'custom_fields'];

interface TicketFormValues extends AssignmentValues {
  title: string;
  description: string;
  custom_fields: CustomFieldRow[];
}

export function TicketForm({ ticket, onSaved, onCancel }: { ticket: Ticket; onSaved(t: Ticket): void; onCancel(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<TicketFormValues>({
    initialValues: {
      title: ticket.title,
      description: ticket.description,
      assignee_user: ticket.assignee_user ? String(ticket.assignee_user.id) : '',
      assignee_team: ticket.assignee_team ? String(ticket.assignee_team.id) : '',
      due_date: ticket.due_date ?? '',
      priority: String(ticket.priority),
      custom_fields: rowsOf(ticket.custom_fields),
    },
    validate: {
      title: (v) =>
        v.trim() === '' ? 'Give the ticket a title.' : v.length > 300 ? 'Ensure this field has no more than 300 characters.' : null,
      due_date: validateDueDate,
      custom_fields: (rows) => (Object.keys(customFieldErrors(rows)).length > 0 ? 'Correct the custom fields.' : null),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: FIELDS, failed: MESSAGES.updateFailed, toast: false });

  async function save(v: TicketFormValues) {
    const saved = await updateTicket(ticket.uuid, {
      title: v.title.trim(),
      description: v.description,
      ...assignmentInput(v),
      custom_fields: fieldsOf(v.custom_fields),
    });
    toastSuccess(MESSAGES.updated);
    await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
    onSaved(saved);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Edit ticket">
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('title')} label="Title" required maxLength={300} data-autofocus />
        <Textarea {...form.getInputProps('description')} label="Description" autosize minRows={4} />
        <AssignmentFields form={form} />
        <CustomFieldsEditor
          rows={form.values.custom_fields}
          // Each row says what is wrong once a save was tried (the form's error on custom_fields).
          errors={form.errors.custom_fields ? customFieldErrors(form.values.custom_fields) : {}}
          serverError={
            typeof form.errors.custom_fields === 'string' && form.errors.custom_fields !== 'Correct the custom fields.'
              ? form.errors.custom_fields
              : null
          }
          onChange={(rows) => {
            form.setFieldValue('custom_fields', rows);
            if (form.errors.custom_fields) form.validateField('custom_fields');
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function TicketEditPage() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const { data: ticket, error } = useQuery({ queryKey: TICKET_KEYS.one(uuid), queryFn: ({ signal }) => fetchTicket(uuid, signal) });
  const back = (
    <Anchor component={Link} to={ticket ? ticketViewPath(ticket.uuid) : TICKETS_PATH} size="sm">
      {ticket ? `← Ticket #${ticket.number}` : '← Tickets'}
    </Anchor>
  );
  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <PageHeader title="Edit ticket" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
          {missing
            ? 'There is no such ticket, or it is about assets you may not see.'
            : messageOf(error, 'The ticket could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!ticket) return <PageLoader />;
  return (
    <Stack gap="md">
      {back}
      <PageHeader title={`Edit ticket #${ticket.number}`} />
      <Card withBorder padding="lg" maw={900}>
        <TicketForm
          ticket={ticket}
          onSaved={(t) => void navigate(ticketViewPath(t.uuid))}
          onCancel={() => void navigate(ticketViewPath(ticket.uuid))}
        />
      </Card>
    </Stack>
  );
}
