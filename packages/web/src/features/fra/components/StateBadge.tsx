// An assessment's state and a recipient's phishing severity as badges: the word is always written, the colour only
// repeats it.
import { Badge } from '@mantine/core';
import type { AssessmentState } from '@bulwark/core';
import { STATE_COLORS, severityColor, severityLabel, stateLabel } from '../assessment-format.ts';

export function StateBadge({ state }: { state: AssessmentState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-state={state}>
      {stateLabel(state)}
    </Badge>
  );
}

export function SeverityBadge({ severity }: { severity: number }) {
  return (
    <Badge color={severityColor(severity)} variant="light" data-severity={severity}>
      {severityLabel(severity)}
    </Badge>
  );
}
