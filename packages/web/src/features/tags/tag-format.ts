// Pure rules of the tag screens: a rule in words, the value a new rule of a field starts with, and how a typed value
// becomes the rule's value (numbers for ports, types and levels; yes/no for flags).
import {
  ASSET_TYPE_LABELS,
  BUSINESS_CRITICALITY_LABELS,
  SEVERITY_LABELS,
  TAG_RULE_FIELD_LABELS,
  TAG_RULE_OPERATOR_LABELS,
  TAG_RULE_OPERATORS,
  type AssetType,
  type BusinessCriticality,
  type Severity,
  type TagRule,
  type TagRuleField,
} from '@bulwark/core';

export const BOOLEAN_FIELDS: readonly TagRuleField[] = ['is_server', 'internet_facing', 'pci'];
export const NUMBER_FIELDS: readonly TagRuleField[] = ['open_port', 'asset_type', 'criticality', 'max_severity'];

/** The choices of a field whose values are a short list (type, criticality, severity). */
export function valueChoices(field: TagRuleField): { value: string; label: string }[] | null {
  if (field === 'asset_type') return ([1, 2, 3] as AssetType[]).map((v) => ({ value: String(v), label: ASSET_TYPE_LABELS[v] }));
  if (field === 'criticality')
    return ([1, 2, 3, 4] as BusinessCriticality[]).map((v) => ({ value: String(v), label: BUSINESS_CRITICALITY_LABELS[v] }));
  if (field === 'max_severity') return ([0, 1, 2, 3, 4] as Severity[]).map((v) => ({ value: String(v), label: SEVERITY_LABELS[v] }));
  if (BOOLEAN_FIELDS.includes(field))
    return [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ];
  return null;
}

/** A new rule of `field`: its first operator and a starting value. */
export function newRule(field: TagRuleField): TagRule {
  const operator = TAG_RULE_OPERATORS[field][0]!;
  if (BOOLEAN_FIELDS.includes(field)) return { field, operator, value: true };
  if (field === 'asset_type') return { field, operator, value: 2 };
  if (field === 'criticality') return { field, operator: 'gte', value: 3 };
  if (field === 'max_severity') return { field, operator: 'gte', value: 3 };
  if (field === 'open_port') return { field, operator, value: 22 };
  return { field, operator, value: '' };
}

/** The rule's value from what the user typed or chose. */
export function ruleValue(field: TagRuleField, text: string): TagRule['value'] {
  if (BOOLEAN_FIELDS.includes(field)) return text === 'true';
  if (NUMBER_FIELDS.includes(field)) return /^-?[0-9]+$/.test(text.trim()) ? Number(text.trim()) : text;
  return text;
}

/** 'Address is in 10.0.0.0/8', 'Open port is 22', 'Criticality is at least High'. */
export function ruleText(rule: TagRule): string {
  const choices = valueChoices(rule.field);
  const value = choices?.find((c) => c.value === String(rule.value))?.label ?? String(rule.value);
  return `${TAG_RULE_FIELD_LABELS[rule.field]} ${TAG_RULE_OPERATOR_LABELS[rule.operator] ?? rule.operator} ${value}`;
}
