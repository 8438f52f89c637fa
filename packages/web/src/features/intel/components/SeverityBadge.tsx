// A CVE's severity (core's labels, Info to Critical) as a coloured badge; a dash when it has no score yet.
import { Badge, Text } from '@mantine/core';
import { severityBadge } from '../intel-format.ts';

export function SeverityBadge({ severity }: { severity: number | null }) {
  const badge = severityBadge(severity);
  if (!badge) return <Text size="sm">–</Text>;
  return (
    <Badge color={badge.color} variant="light" miw="max-content">
      {badge.label}
    </Badge>
  );
}
