// A run's result (Pass, Warn, Fail, Unknown) as a coloured badge with its number of vulnerabilities (findings of
// severity Low or above, the figure the result is decided on); a dash before it has one.
import { Badge, Group, Text } from '@mantine/core';
import type { ScanRunRow } from '@bulwark/core';
import { foundText, resultBadge, vulnerabilitiesText } from './scan-format.ts';

export function RunResult({ run }: { run: ScanRunRow }) {
  const badge = resultBadge(run);
  if (!badge) {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={badge.color} data-testid="run-result">
        {badge.label}
      </Badge>
      <Text size="xs" c="dimmed" title={foundText(run)}>
        {vulnerabilitiesText(run.cnt_vulns)}
      </Text>
    </Group>
  );
}
