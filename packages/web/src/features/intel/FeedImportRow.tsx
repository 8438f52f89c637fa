// One row of the imports table: sources, status, a progress bar, counts, times and problems of one import.
import { Group, Progress, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, type FeedImport } from '@bulwark/core';
import { ImportCounts } from './ImportCounts.tsx';
import { ImportProblems } from './ImportProblems.tsx';
import { ImportStatusBadge } from './ImportStatusBadge.tsx';
import { formatPercent, IMPORT_STATUS_COLORS, isImportActive } from './intel-format.ts';

function when(value: string | null): string {
  return value ? formatDateTime(value) : '–';
}

export function FeedImportRow({ item }: { item: FeedImport }) {
  return (
    <Table.Tr data-import-id={item.id}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.id}
        </Text>
      </Table.Td>
      <Table.Td maw={320}>
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
      </Table.Td>
      <Table.Td>
        <ImportStatusBadge status={item.status} />
      </Table.Td>
      <Table.Td miw={140}>
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
      </Table.Td>
      <Table.Td>
        <ImportCounts counts={item.counts} />
      </Table.Td>
      <Table.Td>
        <Text size="xs">{when(item.started_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{when(item.finished_at)}</Text>
      </Table.Td>
      <Table.Td maw={320}>
        <ImportProblems item={item} />
      </Table.Td>
    </Table.Tr>
  );
}
