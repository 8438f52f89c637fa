// A ticket's history as a timeline (who, when, what: every change, comment, re-test and tracker sync, newest first),
// and the comment box that adds to it.
import { Button, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type TicketEvent } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-table/index.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { addComment, fetchHistory, TICKET_KEYS } from '../api/tickets-api.ts';
import { actorOf, changeLines, eventText } from '../history-format.ts';

function HistoryItem({ event }: { event: TicketEvent }) {
  const lines = changeLines(event.changes);
  return (
    <Stack gap={2} data-event-kind={event.kind}>
      <Text size="sm">
        <Text span fw={600}>
          {actorOf(event)}
        </Text>{' '}
        {eventText(event)}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        {event.external_id ? ` · change ${event.external_id}` : ''}
      </Text>
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      {event.comment && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {event.comment}
        </Text>
      )}
    </Stack>
  );
}

export function CommentForm({ ticketRef, disabled }: { ticketRef: string; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { comment: '' },
    validate: { comment: (v) => (v.trim() === '' ? 'Write a comment first.' : null) },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(
    form,
    async (v) => {
      await addComment(ticketRef, v.comment.trim());
      toastSuccess('Comment added.');
      form.reset();
      await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.one(ticketRef) });
    },
    { fields: ['comment'], failed: 'Cannot add the comment.' },
  );
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Add a comment">
      <Stack gap="xs">
        <FormError message={error} />
        <Textarea {...form.getInputProps('comment')} label="Comment" autosize minRows={2} disabled={disabled} />
        <Button type="submit" loading={busy} disabled={disabled} size="sm" style={{ alignSelf: 'flex-start' }}>
          Add comment
        </Button>
      </Stack>
    </form>
  );
}

export function TicketHistory({ ticketRef }: { ticketRef: string }) {
  const { data, error, refetch } = useQuery({
    queryKey: TICKET_KEYS.history(ticketRef),
    queryFn: ({ signal }) => fetchHistory(ticketRef, signal),
  });
  if (error) return <ListError error={error} fallback="The history could not be loaded." onRetry={() => void refetch()} />;
  if (!data) return <ListLoading label="Loading the history…" />;
  if (data.length === 0) return <ListEmpty empty={{ title: 'Nothing has happened to this ticket yet.' }} />;
  const newestFirst = [...data].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="History">
      {newestFirst.map((event) => (
        <Timeline.Item key={event.id}>
          <HistoryItem event={event} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
