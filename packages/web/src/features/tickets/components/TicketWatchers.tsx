// Who watches a ticket (hears of its changes), and the button to watch it or stop watching it oneself.
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { displayName } from '../../../components/display-name.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { fetchWatchers, TICKET_KEYS, unwatch, watch } from '../api/tickets-api.ts';

export function TicketWatchers({ ticketRef, me }: { ticketRef: string; me: number | null }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { data, error } = useQuery({
    queryKey: TICKET_KEYS.watchers(ticketRef),
    queryFn: ({ signal }) => fetchWatchers(ticketRef, signal),
  });
  const watching = me !== null && (data ?? []).some((w) => w.id === me);

  async function toggle() {
    setBusy(true);
    try {
      if (watching) await unwatch(ticketRef);
      else await watch(ticketRef);
      toastSuccess(watching ? 'You no longer watch this ticket.' : 'You watch this ticket.');
      await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.watchers(ticketRef) });
    } catch (failure) {
      toastFailure(failure, 'Cannot change who watches the ticket.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      {error ? (
        <Text size="sm" c="red">
          The watchers could not be loaded.
        </Text>
      ) : (
        <Text size="sm" data-testid="ticket-watchers">
          {data === undefined ? 'Loading…' : data.length === 0 ? 'Nobody watches this ticket.' : data.map(displayName).join(', ')}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="default" loading={busy} disabled={data === undefined} onClick={() => void toggle()}>
          {watching ? 'Stop watching' : 'Watch'}
        </Button>
      </Group>
    </Stack>
  );
}
