// Calls of the remediation rules (feature-areas §7 remediation/rules/): the list (ordered by position), one rule,
// create (201), update (200), delete (204), the preview count of conditions before saving, and "Run now" over what
// exists. Rules need the unified-remediation flag and the remediation_rules permission; the server checks both.
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';
import {
  remediationRule,
  rulePreview,
  ruleRun,
  type RemediationRule,
  type RemediationRuleInput,
  type RuleActionsInput,
  type RuleConditionsInput,
  type RulePreview,
  type RuleRun,
} from './rule-schema.ts';

const BASE = 'remediation/rules/';
const rulePage = pagedAnswer(remediationRule);

export const RULE_KEYS = {
  all: ['remediation-rules'] as const,
  list: (query: QueryParams) => ['remediation-rules', 'list', query] as const,
  one: (id: number) => ['remediation-rules', 'one', id] as const,
};

export function fetchRules(query: QueryParams, signal?: AbortSignal): Promise<Paged<RemediationRule>> {
  return api.get(BASE, { query, signal, schema: rulePage });
}

export function fetchRule(id: number, signal?: AbortSignal): Promise<RemediationRule> {
  return api.get(`${BASE}${id}/`, { signal, schema: remediationRule });
}

export function createRule(input: RemediationRuleInput): Promise<RemediationRule> {
  return api.post(BASE, input, { schema: remediationRule });
}

export function updateRule(id: number, input: RemediationRuleInput): Promise<RemediationRule> {
  return api.put(`${BASE}${id}/`, input, { schema: remediationRule });
}

/** PATCH: changes only the fields given (on/off, position), so the list never overwrites an edit made meanwhile. */
export function patchRule(id: number, change: Partial<Pick<RemediationRuleInput, 'enabled' | 'position'>>): Promise<RemediationRule> {
  return api.patch(`${BASE}${id}/`, change, { schema: remediationRule });
}

export function deleteRule(id: number): Promise<void> {
  return api.delete(`${BASE}${id}/`);
}

/** How many findings the conditions match now and how many tickets the rule would open for them (nothing is saved). */
export function previewRule(conditions: RuleConditionsInput, actions: RuleActionsInput, signal?: AbortSignal): Promise<RulePreview> {
  return api.post(`${BASE}preview/`, { conditions, actions }, { schema: rulePreview, signal });
}

/** Evaluates a saved rule over the findings that exist now; answers what it opened. */
export function runRule(id: number): Promise<RuleRun> {
  return api.post(`${BASE}${id}/run/`, {}, { schema: ruleRun });
}
