// The record counts of one import: read, added, updated, unchanged, skipped (a small description list).
import { Group, Stack, Text } from '@mantine/core';
import type { FeedImport } from '@bulwark/core';
import { formatCount } from '../intel-format.ts';

const FIELDS: { key: keyof FeedImport['counts']; label: string }[] = [
  { key: 'read', label: 'Read' },
  { key: 'added', label: 'Added' },
  { key: 'updated', label: 'Updated' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'skipped', label: 'Skipped' },
];

export function ImportCounts({ counts }: { counts: FeedImport['counts'] }) {
  return (
    <Stack gap={0} component="dl" m={0}>
      {FIELDS.map(({ key, label }) => (
        <Group key={key} gap={6} wrap="nowrap" component="div">
          <Text component="dt" size="xs" c="dimmed" w={70}>
            {label}
          </Text>
          <Text component="dd" size="xs" m={0} data-count={key}>
            {formatCount(counts[key])}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
