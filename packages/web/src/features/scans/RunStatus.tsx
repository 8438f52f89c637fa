// A run's status: its §4 label as a badge and, while it moves, a progress bar with the percentage (and, while it
// scans, the hosts done and up so far).
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { SCAN_RUN_STATUS, type ScanRunRow } from '@bulwark/core';
import { isRunMoving, progressText, runStatusText, statusColor } from './scan-format.ts';

export function RunStatus({ run }: { run: ScanRunRow }) {
  const text = runStatusText(run);
  const moving = isRunMoving(run);
  return (
    <Stack gap={4} miw={120}>
      <Badge color={statusColor(text)} variant="light" data-testid="run-status">
        {text}
      </Badge>
      {moving && (
        <Group gap={6} wrap="nowrap">
          <Progress value={run.progress} animated size="sm" style={{ flex: 1 }} aria-label={`Progress of ${run.name}`} />
          <Text size="xs" c="dimmed" w={34} ta="right">
            {progressText(run.progress)}
          </Text>
        </Group>
      )}
      {moving && run.status === SCAN_RUN_STATUS.in_progress && (
        <Text size="xs" c="dimmed" data-testid="run-hosts-live">
          {run.hosts_done}/{run.hosts_total} hosts · {run.hosts_up} up
        </Text>
      )}
    </Stack>
  );
}
