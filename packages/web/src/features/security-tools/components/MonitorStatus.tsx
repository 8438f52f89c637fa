// A monitor's last run state as a badge with its word, and a check's verdict as a sign and a word (never colour alone).
import { Badge, Group, Text } from '@mantine/core';
import type { MonitorCheckStatus, MonitorRunStatus } from '@bulwark/core';
import {
  CHECK_STATUS_COLORS,
  CHECK_STATUS_LABELS,
  CHECK_STATUS_SIGNS,
  NOT_RUN,
  RUN_STATUS_COLORS,
  RUN_STATUS_LABELS,
} from '../monitor-format.ts';

export function RunStatusBadge({ status }: { status: MonitorRunStatus | null }) {
  if (status === null)
    return (
      <Badge color="gray" variant="light">
        {NOT_RUN}
      </Badge>
    );
  return (
    <Badge color={RUN_STATUS_COLORS[status]} variant="light" data-status={status}>
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}

export function CheckStatus({ status }: { status: MonitorCheckStatus }) {
  return (
    <Group gap={6} wrap="nowrap" data-check-status={status}>
      <Text component="span" size="sm" fw={700} c={CHECK_STATUS_COLORS[status]} aria-hidden>
        {CHECK_STATUS_SIGNS[status]}
      </Text>
      <Text component="span" size="sm">
        {CHECK_STATUS_LABELS[status]}
      </Text>
    </Group>
  );
}
