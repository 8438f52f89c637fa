// Where a ticket is mirrored in a tracker (Jira, ServiceNow, TOPdesk): the issue there, the sync state (feature-areas
// §4: Error, Inactive, In sync, Syncing) with its last error and when it last synced, and "Send to …" for each enabled
// tracker that does not have it yet (its issue is created there, then both sides follow each other).
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  TRACKER_LABELS,
  TRACKER_SYNC_STATE_LABELS,
  type TicketSyncLink,
  type Tracker,
  type TrackerSyncState,
} from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { fetchSync, fetchTrackers, sendToTracker, TICKET_KEYS } from '../api/tickets-api.ts';

const STATE_COLORS: Record<TrackerSyncState, string> = { error: 'red', inactive: 'gray', in_sync: 'green', syncing: 'blue' };

export function SyncStateBadge({ state }: { state: TrackerSyncState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {TRACKER_SYNC_STATE_LABELS[state]}
    </Badge>
  );
}

function SyncRow({ link }: { link: TicketSyncLink }) {
  return (
    <Stack gap={2} data-tracker={link.tracker}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {TRACKER_LABELS[link.tracker]}
        </Text>
        {link.external_key &&
          (link.external_url ? (
            <Anchor href={link.external_url} target="_blank" rel="noreferrer" size="sm">
              {link.external_key}
            </Anchor>
          ) : (
            <Text size="sm">{link.external_key}</Text>
          ))}
        <SyncStateBadge state={link.sync_state} />
      </Group>
      {link.last_synced_at && (
        <Text size="xs" c="dimmed">
          Last synced {formatDateTime(link.last_synced_at)}
          {link.pushed_version < link.ticket_version ? ' · a change is on its way' : ''}
        </Text>
      )}
      {link.sync_state === 'error' && link.last_error && (
        <Text size="sm" c="red" role="alert">
          {link.last_error}
        </Text>
      )}
    </Stack>
  );
}

export function TicketSync({ ticketRef, canUpdate }: { ticketRef: string; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Tracker | null>(null);
  const links = useQuery({
    queryKey: TICKET_KEYS.sync(ticketRef),
    queryFn: ({ signal }) => fetchSync(ticketRef, signal),
    // While a push is under way the state moves on its own (Syncing → In sync or Error).
    refetchInterval: (q) => (q.state.data?.some((l) => l.sync_state === 'syncing') ? 3_000 : false),
  });
  const trackers = useQuery({ queryKey: TICKET_KEYS.trackers, queryFn: ({ signal }) => fetchTrackers(signal), enabled: canUpdate });
  const linked = new Set((links.data ?? []).map((l) => l.tracker));
  const offered = (trackers.data ?? []).filter((t) => t.enabled && !linked.has(t.tracker));

  async function send(tracker: Tracker) {
    setSending(tracker);
    try {
      const answer = await sendToTracker(ticketRef, tracker);
      queryClient.setQueryData(TICKET_KEYS.sync(ticketRef), answer);
      toastSuccess(`Sent to ${TRACKER_LABELS[tracker]}.`);
      await queryClient.invalidateQueries({ queryKey: TICKET_KEYS.history(ticketRef) });
    } catch (failure) {
      toastFailure(failure, `Cannot send the ticket to ${TRACKER_LABELS[tracker]}.`);
    } finally {
      setSending(null);
    }
  }

  if (links.error)
    return (
      <Text size="sm" c="red">
        The sync state could not be loaded.
      </Text>
    );
  if (!links.data) return null;
  return (
    <Stack gap="sm">
      {links.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {offered.length > 0
            ? 'Not in a ticketing system yet.'
            : 'Not in a ticketing system. Connect Jira, ServiceNow or TOPdesk under Integrations to mirror tickets there.'}
        </Text>
      )}
      {links.data.map((link) => (
        <SyncRow key={link.tracker} link={link} />
      ))}
      {canUpdate && offered.length > 0 && (
        <Group gap="xs">
          {offered.map((t) => (
            <Button
              key={t.tracker}
              size="xs"
              variant="default"
              loading={sending === t.tracker}
              disabled={sending !== null && sending !== t.tracker}
              onClick={() => void send(t.tracker)}
            >
              Send to {TRACKER_LABELS[t.tracker]}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
