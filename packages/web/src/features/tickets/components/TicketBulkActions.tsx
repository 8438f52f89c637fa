// Actions on the tickets selected in the list: set one status for all (each ticket through its own transition rules:
// those that may not take it say so), or delete them. One call per ticket; the toast counts what changed.
import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, type Ticket, type TicketStatus } from '@bulwark/core';
import { isApiError, messageOf } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { toastError, toastSuccess } from '../../../components/toasts.tsx';
import { deleteTicket, TICKET_KEYS, updateTicket } from '../api/tickets-api.ts';
import { STATUS_OPTIONS, plural } from '../ticket-format.ts';

const MESSAGES = crudMessages('ticket');

/** The server's reason: its message, else its first field error (a refused status says why on `status`). */
function reasonOf(error: unknown, fallback: string): string {
  if (isApiError(error) && !error.hasServerMessage) {
    const field = Object.values(error.fieldErrors)[0];
    if (field) return field;
  }
  return messageOf(error, fallback);
}

/** Runs `call` for every ticket; answers how many succeeded and the first failure's message. */
async function each(tickets: readonly Ticket[], call: (t: Ticket) => Promise<unknown>, fallback: string) {
  const results = await Promise.allSettled(tickets.map(call));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  return { done: results.length - failed.length, failed: failed.length, reason: failed[0] ? reasonOf(failed[0].reason, fallback) : null };
}

export function TicketBulkActions({
  selected,
  onDone,
  canUpdate,
  canDelete,
}: {
  selected: readonly Ticket[];
  onDone(): void;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  function report(outcome: Awaited<ReturnType<typeof each>>, verb: string) {
    if (outcome.done > 0) toastSuccess(`${plural(outcome.done, 'ticket', 'tickets')} ${verb}.`);
    if (outcome.failed > 0) toastError(`${plural(outcome.failed, 'ticket', 'tickets')} not ${verb}: ${outcome.reason ?? ''}`.trim());
  }

  async function apply() {
    if (status === null) return;
    setBusy(true);
    const outcome = await each(selected, (t) => updateTicket(t.uuid, { status: Number(status) as TicketStatus }), MESSAGES.updateFailed);
    setBusy(false);
    report(outcome, 'updated');
    await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
    onDone();
  }

  async function remove() {
    const outcome = await each(selected, (t) => deleteTicket(t.uuid), MESSAGES.deleteFailed);
    setDeleting(false);
    report(outcome, 'deleted');
    await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.all });
    onDone();
  }

  return (
    <Group gap="xs">
      {canUpdate && (
        <>
          <Select
            size="xs"
            aria-label="New status of the selected tickets"
            placeholder="Set status…"
            data={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
            w={180}
          />
          <Button size="xs" variant="light" disabled={status === null} loading={busy} onClick={() => void apply()}>
            Apply
          </Button>
        </>
      )}
      {canDelete && (
        <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
          Delete tickets
        </Button>
      )}
      <ConfirmDialog opened={deleting} title="Delete tickets" confirmLabel="Delete" onConfirm={remove} onClose={() => setDeleting(false)}>
        {`${plural(selected.length, 'ticket', 'tickets')} and their history will be deleted. Their findings stay, and may be ticketed again.`}
      </ConfirmDialog>
    </Group>
  );
}
