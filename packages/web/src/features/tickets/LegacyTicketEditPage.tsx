// /remediation/tickets/edit/{ticketId} (unified-remediation off): a legacy ticket's title, description and status
// (new or closed); closing marks it fixed, reopening opens it again.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages, LEGACY_TICKET_STATUS, LEGACY_TICKET_STATUS_LABELS, TICKET_STATUS, type Ticket } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastSuccess } from '../../components/toasts.tsx';
import { fetchTicket, TICKET_KEYS, updateTicket } from './api/tickets-api.ts';
import { legacyTypeLabel } from './LegacyTicketsPage.tsx';
import { LEGACY_TICKETS_PATH } from './ticket-format.ts';

const MESSAGES = crudMessages('ticket');

interface LegacyValues {
  title: string;
  description: string;
  legacy_status: string;
}

function LegacyTicketForm({ ticket, onDone }: { ticket: Ticket; onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<LegacyValues>({
    initialValues: { title: ticket.title, description: ticket.description, legacy_status: String(ticket.legacy_status) },
    validate: { title: (v) => (v.trim() === '' ? 'Give the ticket a title.' : null) },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(
    form,
    async (v) => {
      const closing = Number(v.legacy_status) === LEGACY_TICKET_STATUS.closed;
      const wasClosed = ticket.legacy_status === LEGACY_TICKET_STATUS.closed;
      await updateTicket(ticket.id, {
        title: v.title.trim(),
        description: v.description,
        // Only a change of the legacy status changes the status (closed = fixed, new = open).
        ...(closing !== wasClosed ? { status: closing ? TICKET_STATUS.fixed : TICKET_STATUS.open } : {}),
      });
      toastSuccess(MESSAGES.updated);
      await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
      onDone();
    },
    { fields: { title: 'title', description: 'description', status: 'legacy_status' }, failed: MESSAGES.updateFailed, toast: false },
  );
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Edit ticket">
      <Stack gap="md">
        <FormError message={error} />
        <Text size="sm">
          {legacyTypeLabel(ticket)} #{ticket.number}
        </Text>
        <TextInput {...form.getInputProps('title')} label="Title" required data-autofocus />
        <Textarea {...form.getInputProps('description')} label="Description" autosize minRows={4} />
        <Radio.Group {...form.getInputProps('legacy_status')} label="Status">
          <Group mt={6}>
            {Object.entries(LEGACY_TICKET_STATUS_LABELS).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={LEGACY_TICKETS_PATH}>
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

export default function LegacyTicketEditPage() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
  const { data: ticket, error } = useQuery({ queryKey: TICKET_KEYS.one(ticketId), queryFn: ({ signal }) => fetchTicket(ticketId, signal) });
  const back = (
    <Anchor component={Link} to={LEGACY_TICKETS_PATH} size="sm">
      ← Tickets
    </Anchor>
  );
  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <PageHeader title="Edit ticket" />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
          {missing ? 'There is no such ticket.' : messageOf(error, 'The ticket could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!ticket) return <PageLoader />;
  return (
    <Stack gap="md">
      {back}
      <PageHeader title={`Edit ticket #${ticket.number}`} />
      <Card withBorder padding="lg" maw={800}>
        <LegacyTicketForm ticket={ticket} onDone={() => void navigate(LEGACY_TICKETS_PATH)} />
      </Card>
    </Stack>
  );
}
