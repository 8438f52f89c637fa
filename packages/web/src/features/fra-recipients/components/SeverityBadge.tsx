// A recipient's phishing severity as a badge with its word (Neutral … Critical), the colour only an aid.
import { Badge } from '@mantine/core';
import { SEVERITY_COLORS, severityLabel } from '../format.ts';

export function PhishingSeverityBadge({ severity }: { severity: number }) {
  return (
    <Badge color={SEVERITY_COLORS[severity] ?? 'gray'} variant="light" data-severity={severity}>
      {severityLabel(severity)}
    </Badge>
  );
}
