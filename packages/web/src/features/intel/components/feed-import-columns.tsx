// The columns of the feed import history: id, sources, status, a progress bar, counts, times and problems of each import.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatDateTime, type FeedImport } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { ImportCounts } from './ImportCounts.tsx';
import { ImportProblems } from './ImportProblems.tsx';
import { ImportStatusBadge } from './ImportStatusBadge.tsx';
import { formatPercent, IMPORT_STATUS_COLORS, isImportActive } from '../intel-format.ts';

function when(value: string | null): string {
  return value ? formatDateTime(value) : '–';
}

function ImportProgress({ item }: { item: FeedImport }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={item.percent}
        color={IMPORT_STATUS_COLORS[item.status]}
        animated={isImportActive(item)}
        aria-label={`Import ${item.id} progress`}
        style={{ flex: 1 }}
      />
      <Text size="xs" w={44} ta="right">
        {formatPercent(item.percent)}
      </Text>
    </Group>
  );
}

export const FEED_IMPORT_COLUMNS: readonly DataColumn<FeedImport>[] = [
  {
    key: 'id',
    header: 'Import',
    cell: (item) => (
      <Text size="sm" fw={500}>
        {item.id}
      </Text>
    ),
  },
  {
    key: 'sources',
    header: 'Sources',
    cellProps: { maw: 320 },
    cell: (item) => (
      <Stack gap={2}>
        {item.sources.map((source) => (
          <Text key={source} size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {source}
          </Text>
        ))}
        {item.formats.length > 0 && (
          <Text size="xs" c="dimmed">
            {item.formats.join(', ')}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', cell: (item) => <ImportStatusBadge status={item.status} /> },
  { key: 'progress', header: 'Progress', cellProps: { miw: 140 }, cell: (item) => <ImportProgress item={item} /> },
  { key: 'counts', header: 'Counts', cell: (item) => <ImportCounts counts={item.counts} /> },
  { key: 'started', header: 'Started', cell: (item) => <Text size="xs">{when(item.started_at)}</Text> },
  { key: 'finished', header: 'Finished', cell: (item) => <Text size="xs">{when(item.finished_at)}</Text> },
  { key: 'problems', header: 'Problems', cellProps: { maw: 320 }, cell: (item) => <ImportProblems item={item} /> },
];
