// How the sync with one tracker stands (GET trackers/): its state (Error, Inactive, In sync, Syncing — feature-areas §4)
// with the last error, when Bulwark last asked it for changes, and how many tickets it carries (and how many of those
// are in error). Asked again every few seconds while syncing.
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TRACKER_SYNC_STATE_LABELS, formatDateTime, type Tracker, type TrackerSyncState } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { Fact } from '../../../components/Fact.tsx';
import { TRACKER_KEYS, fetchTrackerStates } from '../api/trackers-api.ts';
import { trackerLabel } from '../tracker-form.ts';

export const SYNC_STATE_COLORS: Record<TrackerSyncState, string> = { error: 'red', inactive: 'gray', in_sync: 'teal', syncing: 'blue' };
const SYNCING_REFRESH_MS = 5_000;
const HEADING_ID = 'tracker-sync-heading';

export function TrackerSyncPanel({ tracker }: { tracker: Tracker }) {
  const label = trackerLabel(tracker);
  const states = useQuery({
    queryKey: TRACKER_KEYS.states,
    queryFn: ({ signal }) => fetchTrackerStates(signal),
    refetchInterval: (q) => (q.state.data?.some((s) => s.tracker === tracker && s.state === 'syncing') ? SYNCING_REFRESH_MS : false),
  });
  const mine = states.data?.find((s) => s.tracker === tracker);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id={HEADING_ID}>
            Sync
          </Title>
          {mine && (
            <Badge color={SYNC_STATE_COLORS[mine.state]} variant="light" size="lg" data-testid="sync-state" data-state={mine.state}>
              {TRACKER_SYNC_STATE_LABELS[mine.state]}
            </Badge>
          )}
        </Group>
        {states.isError ? (
          <Text size="sm" c="red" role="alert">
            {messageOf(states.error, 'The sync state could not be loaded.')}
          </Text>
        ) : !mine ? (
          <Text size="sm" c="dimmed">
            {states.isPending ? 'Loading the sync state…' : `${label} has not synced anything yet.`}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
              <Fact label="Last asked for changes">{mine.last_polled_at ? formatDateTime(mine.last_polled_at) : 'Never'}</Fact>
              <Fact label="Tickets linked">{mine.linked_tickets}</Fact>
              <Fact label="Tickets in error">{mine.tickets_in_error}</Fact>
            </SimpleGrid>
            {mine.state === 'inactive' && (
              <Text size="sm" c="dimmed">
                {mine.enabled ? 'Nothing to sync yet: no ticket is linked.' : `${label} is off: switch it on and save to start syncing.`}
              </Text>
            )}
            {mine.last_error && (
              <Alert color="red" variant="light" title="Last error" data-testid="sync-error">
                {mine.last_error}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
