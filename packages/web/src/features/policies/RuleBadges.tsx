// A rule's result (Pass green, Fail red, Error orange, Not applicable gray …) and its severity as badges.
import { Badge } from '@mantine/core';
import type { PolicyRuleResult, RuleSeverityName } from '@bulwark/core';
import { RESULT_COLORS, resultLabel, ruleSeverityColor, SEVERITY_LABELS } from './policy-format.ts';

export function RuleResultBadge({ result, label }: { result: PolicyRuleResult; label?: string }) {
  return (
    <Badge color={RESULT_COLORS[result]} variant={result === 'pass' || result === 'fail' ? 'filled' : 'light'} data-result={result}>
      {label || resultLabel(result)}
    </Badge>
  );
}

export function RuleSeverityBadge({ severity }: { severity: RuleSeverityName }) {
  return (
    <Badge color={ruleSeverityColor(severity)} variant="light" data-severity={severity}>
      {SEVERITY_LABELS[severity]}
    </Badge>
  );
}
