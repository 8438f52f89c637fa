// Where a ticket is mirrored in a tracker (Jira, ServiceNow, TOPdesk): the issue there, the sync state (feature-areas
// §4: Error, Inactive, In sync, Syncing) with its last error, and when it last synced. Nothing when no tracker has it.
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, TRACKER_SYNC_STATE_LABELS, type TrackerSyncState } from '@bulwark/core';
import { fetchSync, TICKET_KEYS, type TicketSync as Sync } from '../api/tickets-api.ts';

const TRACKER_NAMES: Record<string, string> = { jira: 'Jira', servicenow: 'ServiceNow', topdesk: 'TOPdesk' };
const STATE_COLORS: Record<TrackerSyncState, string> = { error: 'red', inactive: 'gray', in_sync: 'green', syncing: 'blue' };

export function SyncStateBadge({ state }: { state: string }) {
  const known = state in STATE_COLORS ? (state as TrackerSyncState) : null;
  return (
    <Badge color={known ? STATE_COLORS[known] : 'gray'} variant="light">
      {known ? TRACKER_SYNC_STATE_LABELS[known] : state}
    </Badge>
  );
}

function SyncRow({ link }: { link: Sync }) {
  const name = TRACKER_NAMES[link.tracker] ?? link.tracker;
  return (
    <Stack gap={2} data-tracker={link.tracker}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {link.key &&
          (link.url ? (
            <Anchor href={link.url} target="_blank" rel="noreferrer" size="sm">
              {link.key}
            </Anchor>
          ) : (
            <Text size="sm">{link.key}</Text>
          ))}
        <SyncStateBadge state={link.state} />
      </Group>
      {link.last_synced_at && (
        <Text size="xs" c="dimmed">
          Last synced {formatDateTime(link.last_synced_at)}
        </Text>
      )}
      {link.state === 'error' && link.last_error && (
        <Text size="sm" c="red" role="alert">
          {link.last_error}
        </Text>
      )}
    </Stack>
  );
}

export function TicketSync({ ticketRef }: { ticketRef: string }) {
  // A missing sync call (no tracker module) or a failure reads as "not in a tracker": the ticket page still works.
  const { data } = useQuery({
    queryKey: TICKET_KEYS.sync(ticketRef),
    queryFn: ({ signal }) => fetchSync(ticketRef, signal).catch(() => []),
  });
  if (!data) return null;
  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Not in a ticketing system. Connect Jira, ServiceNow or TOPdesk under Integrations to mirror tickets there.
      </Text>
    );
  return (
    <Stack gap="sm">
      {data.map((link) => (
        <SyncRow key={link.tracker} link={link} />
      ))}
    </Stack>
  );
}
