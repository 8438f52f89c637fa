// The columns of the feed-sync table: each source with its state (and progress while it syncs), last success, records
// and last error.
import { Badge, Progress, Stack, Text } from '@mantine/core';
import { formatDateTime, type FeedSyncSource } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { formatCount, SYNC_STATE_COLORS, syncProgressText, syncStateLabel } from '../intel-format.ts';

function SyncState({ item }: { item: FeedSyncSource }) {
  return (
    <Stack gap={4} miw={160}>
      <Badge color={SYNC_STATE_COLORS[item.state]} variant="light" miw="max-content">
        {syncStateLabel(item.state)}
      </Badge>
      {item.progress && (
        <>
          {item.progress.phase !== 'waiting' && (
            <Progress
              value={item.progress.percent ?? 100}
              animated
              striped={item.progress.percent === null}
              aria-label={`${item.label} progress`}
              aria-valuetext={syncProgressText(item.progress)}
            />
          )}
          <Text size="xs" c={item.progress.phase === 'waiting' ? 'orange' : 'dimmed'} maw={320}>
            {syncProgressText(item.progress)}
          </Text>
        </>
      )}
    </Stack>
  );
}

export const FEED_SYNC_COLUMNS: readonly DataColumn<FeedSyncSource>[] = [
  {
    key: 'source',
    header: 'Source',
    cell: (item) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {item.label}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {item.source}
        </Text>
      </Stack>
    ),
  },
  { key: 'state', header: 'State', cell: (item) => <SyncState item={item} /> },
  {
    key: 'last_success_at',
    header: 'Last success',
    cell: (item) => <Text size="sm">{item.last_success_at ? formatDateTime(item.last_success_at) : '–'}</Text>,
  },
  {
    key: 'records',
    header: 'Records',
    cell: (item) => (
      <Text size="sm" data-records={item.records}>
        {item.last_success_at === null ? '–' : item.unchanged ? 'Unchanged' : formatCount(item.records)}
      </Text>
    ),
  },
  {
    key: 'last_error',
    header: 'Last error',
    cellProps: { maw: 380 },
    cell: (item) =>
      item.last_error ? (
        <Stack gap={0}>
          <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
            {item.last_error}
          </Text>
          {item.last_error_at && (
            <Text size="xs" c="dimmed">
              {formatDateTime(item.last_error_at)}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm">–</Text>
      ),
  },
];
