// The status buttons of a ticket: In progress, Solution applied (which starts a re-test), Will not fix (asks for a
// reason, kept in the history) and Reopen — only those the ticket's status allows (core's TICKET_TRANSITIONS).
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, TICKET_STATUS, TICKET_TRANSITIONS, type Ticket, type TicketStatus } from '@bulwark/core';
import { toastFailure, toastInfo, toastSuccess } from '../../../components/toasts.tsx';
import { TICKET_KEYS, updateTicket } from '../api/tickets-api.ts';

const MESSAGES = crudMessages('ticket');

interface StatusAction {
  to: TicketStatus;
  label: string;
  color: string;
  /** Asks for a comment before changing (a reason for Will not fix). */
  asks?: string;
}

const ACTIONS: StatusAction[] = [
  { to: TICKET_STATUS.in_progress, label: 'In progress', color: 'blue' },
  { to: TICKET_STATUS.solution_applied, label: 'Solution applied', color: 'violet' },
  { to: TICKET_STATUS.will_not_fix, label: 'Will not fix', color: 'gray', asks: 'Why will it not be fixed?' },
];
const REOPEN: StatusAction = { to: TICKET_STATUS.open, label: 'Reopen', color: 'orange' };

export function statusActions(status: number): StatusAction[] {
  const allowed = TICKET_TRANSITIONS[status as TicketStatus] ?? [];
  const closed = status === TICKET_STATUS.fixed || status === TICKET_STATUS.will_not_fix;
  return [...ACTIONS.filter((a) => allowed.includes(a.to) && a.to !== status), ...(closed && allowed.includes(REOPEN.to) ? [REOPEN] : [])];
}

export function TicketStatusActions({ ticket, ticketRef }: { ticket: Ticket; ticketRef: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<TicketStatus | null>(null);
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);

  async function change(action: StatusAction, withComment?: string) {
    setBusy(action.to);
    try {
      const saved = await updateTicket(ticketRef, { status: action.to, ...(withComment ? { comment: withComment } : {}) });
      if (action.to !== TICKET_STATUS.solution_applied) toastSuccess(MESSAGES.updated);
      else if (saved.retest_run_id !== null) toastSuccess(`${MESSAGES.updated} A re-test checks the fix.`);
      // The change stands; the history says why no re-test could start (e.g. the runs that found the findings are gone).
      else toastInfo(`${MESSAGES.updated} No re-test could start: the history says why.`);
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
    } catch (failure) {
      toastFailure(failure, MESSAGES.updateFailed);
    } finally {
      setBusy(null);
    }
  }

  const actions = statusActions(ticket.status);
  if (actions.length === 0) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label="Change status">
        {actions.map((a) => (
          <Button
            key={a.to}
            size="sm"
            variant="light"
            color={a.color}
            loading={busy === a.to}
            disabled={busy !== null && busy !== a.to}
            onClick={() => {
              if (a.asks) {
                setComment('');
                setCommentError(null);
                setAsking(a);
              } else void change(a);
            }}
          >
            {a.label}
          </Button>
        ))}
      </Group>
      <Modal opened={asking !== null} onClose={() => busy === null && setAsking(null)} title={asking?.label ?? ''}>
        <form
          aria-label={asking?.label}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!asking) return;
            if (comment.trim() === '') {
              setCommentError('Give a reason: it stays in the ticket’s history.');
              return;
            }
            void change(asking, comment.trim());
          }}
        >
          <Stack gap="md">
            <Text size="sm">The ticket is closed and its findings may be ticketed again later.</Text>
            <Textarea
              label={asking?.asks}
              required
              autosize
              minRows={3}
              value={comment}
              error={commentError}
              onChange={(e) => setComment(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)} disabled={busy !== null}>
                Cancel
              </Button>
              <Button type="submit" color={asking?.color} loading={busy !== null}>
                {asking?.label}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
