// Findings of a run by severity as horizontal bars (a small chart without a chart library), readable as a list.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { severityBars } from './result-format.ts';

export function SeverityBars({ counts }: { counts: readonly number[] }) {
  const bars = severityBars(counts);
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Findings by severity">
      {bars.map((bar) => (
        <Group key={bar.severity} component="li" gap="xs" wrap="nowrap" data-severity={bar.severity}>
          <Text size="sm" w={64}>
            {bar.label}
          </Text>
          <Progress value={bar.percent} color={bar.color} size="lg" style={{ flex: 1 }} aria-hidden />
          <Text size="sm" fw={500} w={40} ta="right">
            {bar.count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
