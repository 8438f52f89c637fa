// "Go to ticket": a ticket number checked with the §4 validity check ("Ticket is valid." / "Ticket is not valid.", §8)
// and, when valid, opened. A number that is not digits is refused on its field (§5: "{value} is not a valid ticket number.").
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, TextInput } from '@mantine/core';
import { toast, validateTicketNumber } from '@bulwark/core';
import { showToast, toastFailure } from '../../../components/toasts.tsx';
import { checkTicketNumber, fetchTickets } from '../api/tickets-api.ts';
import { ticketViewPath } from '../ticket-format.ts';

export function TicketNumberJump() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function go() {
    const number = value.trim();
    const invalid = validateTicketNumber(number);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const answer = await checkTicketNumber(number);
      showToast(toast(answer.validity === 'valid' ? 'success' : 'error', answer.message));
      if (answer.validity !== 'valid') return;
      const found = await fetchTickets({ number, page_size: 1 });
      const ticket = found.results[0];
      if (ticket) void navigate(ticketViewPath(ticket.uuid));
    } catch (failure) {
      toastFailure(failure, 'Cannot check the ticket number.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-label="Go to ticket"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void go();
      }}
    >
      <Group gap="xs" align="flex-start">
        <TextInput
          aria-label="Ticket number"
          placeholder="Ticket number"
          inputMode="numeric"
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          w={160}
        />
        <Button type="submit" variant="default" loading={busy}>
          Go to ticket
        </Button>
      </Group>
    </form>
  );
}
