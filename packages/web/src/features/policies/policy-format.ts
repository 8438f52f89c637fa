// Pure rules of the policy screens: rule results and severities (labels, colours), scores, counts, the rules filter,
// and where the policy pages are.
import {
  POLICY_RULE_RESULT_LABELS,
  POLICY_SCAN_KIND,
  scanProfileEditPath,
  scanProfilesPath,
  POLICY_RULE_RESULTS,
  RULE_SEVERITIES,
  type PolicyCounts,
  type PolicyRuleResult,
  type RuleSeverityName,
} from '@bulwark/core';
import type { FilterDef, FilterOption } from '../../components/filter-bar/index.ts';
import { parseProfileId } from '../profiles/profile-form.ts';

export const RESULT_COLORS: Record<PolicyRuleResult, string> = {
  pass: 'green',
  fail: 'red',
  error: 'orange',
  unknown: 'yellow',
  notapplicable: 'gray',
  notchecked: 'gray',
};

export function resultLabel(result: PolicyRuleResult): string {
  return POLICY_RULE_RESULT_LABELS[result];
}

export const SEVERITY_LABELS: Record<RuleSeverityName, string> = {
  unknown: 'Unknown',
  info: 'Info',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

const SEVERITY_COLORS: Record<RuleSeverityName, string> = { unknown: 'gray', info: 'blue', low: 'yellow', medium: 'orange', high: 'red' };

export function ruleSeverityColor(severity: RuleSeverityName): string {
  return SEVERITY_COLORS[severity];
}

/** Severities from the most to the least severe, as the filter lists them. */
export const SEVERITIES_DESC: readonly RuleSeverityName[] = [...RULE_SEVERITIES].reverse();

/** A score 0-100 as text: '72.4%', '50%'; '–' when nothing could be scored. */
export function scoreText(score: number | null): string {
  if (score === null) return '–';
  const rounded = Math.round(Math.min(100, Math.max(0, score)) * 10) / 10;
  return `${rounded}%`;
}

/** Green from 80, yellow from 50, red below; gray without a score. */
export function scoreColor(score: number | null): string {
  if (score === null) return 'gray';
  if (score >= 80) return 'green';
  return score >= 50 ? 'yellow' : 'red';
}

/** The counts a summary shows, in this order: pass, fail, error, then the rest; with their labels and colours. */
export const COUNT_ORDER: readonly PolicyRuleResult[] = ['pass', 'fail', 'error', 'unknown', 'notapplicable', 'notchecked'];

export interface CountItem {
  result: PolicyRuleResult;
  label: string;
  count: number;
  color: string;
}

/** The counts of a host as items; unknown and not checked only when there are any (they are rare). */
export function countItems(counts: PolicyCounts): CountItem[] {
  return COUNT_ORDER.filter((r) => counts[r] > 0 || (r !== 'unknown' && r !== 'notchecked')).map((result) => ({
    result,
    label: resultLabel(result),
    count: counts[result],
    color: RESULT_COLORS[result],
  }));
}

/** Rules evaluated: every result but not applicable and not checked. */
export function evaluatedCount(counts: PolicyCounts): number {
  return counts.pass + counts.fail + counts.error + counts.unknown;
}

// ---------------------------------------------------------------------------------------------------------------
// The rules list.

/** Failures first, as the server orders by default. */
export const DEFAULT_RULE_ORDERING = 'result';

/** Result and severity (repeated parameters), host (one), text. No result chosen: every result. */
export function ruleFilters(hosts: readonly FilterOption[]): FilterDef[] {
  return [
    { kind: 'text', name: 'search', label: 'Search', placeholder: 'Rule title or id', width: 220 },
    {
      kind: 'multi-select',
      name: 'result',
      label: 'Result',
      placeholder: 'Any result',
      options: POLICY_RULE_RESULTS.map((r) => ({ value: r, label: resultLabel(r) })),
      width: 260,
    },
    {
      kind: 'multi-select',
      name: 'severity',
      label: 'Severity',
      placeholder: 'Any severity',
      options: SEVERITIES_DESC.map((s) => ({ value: s, label: SEVERITY_LABELS[s] })),
      width: 240,
    },
    { kind: 'select', name: 'host', label: 'Host', placeholder: 'Any host', options: hosts, width: 200 },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Routes.

export const SCAN_PROFILES_PATH = '/scans/scan-profiles';
/** The scan profiles page on its policy tab. */
export const POLICY_PROFILES_PATH = scanProfilesPath(POLICY_SCAN_KIND);

export function policyProfileEditPath(id: number | 'new'): string {
  return scanProfileEditPath(POLICY_SCAN_KIND, id);
}

/** The id of edit/oprofile/{id}: a number, 'new', or null for anything else (the same rule as every profile page's). */
export const parsePolicyProfileId = parseProfileId;

/** '44 rules', '1 rule'. */
export function rulesText(count: number): string {
  return `${count} rule${count === 1 ? '' : 's'}`;
}

/** The counts of several hosts added up (a run's totals). */
export function sumCounts(all: readonly PolicyCounts[]): PolicyCounts {
  const total: PolicyCounts = { pass: 0, fail: 0, error: 0, unknown: 0, notapplicable: 0, notchecked: 0 };
  for (const counts of all) for (const r of COUNT_ORDER) total[r] += counts[r];
  return total;
}

/** Hosts read at once for the run summary and the rules' host filter (the server's largest page). */
export const ALL_HOSTS_QUERY = { page_size: 1000 } as const;
