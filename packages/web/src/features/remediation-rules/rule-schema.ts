// The shapes of a remediation rule as the web app reads and sends them, from core/api/remediation-rules.ts (the server's
// own schemas): the one place the rule screens import them from.
export {
  DEFAULT_DUE_DAYS,
  remediationRule,
  remediationRulePreview as rulePreview,
  remediationRuleRun as ruleRun,
  type RemediationRule,
  type RemediationRuleInput,
  type RemediationRulePreview as RulePreview,
  type RemediationRuleRun as RuleRun,
  type RuleActions,
  type RuleActionsInput,
  type RuleConditions,
  type RuleConditionsInput,
} from '@bulwark/core';
