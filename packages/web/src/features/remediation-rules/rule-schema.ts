// The shapes of a remediation rule as the web app reads and sends them. core/api/remediation-rules.ts owns the server's
// schemas; this file is the one place the rule screens import them from, so the screens follow core in one edit.
import type { TicketGrouping, Tracker } from '@bulwark/core';
import type { AnswerSchema } from '../../api/client.ts';

/** Conditions over findings: every one given must hold (a list means any of its items). */
export interface RuleConditions {
  severities?: number[];
  severity_min?: number | null;
  risk_score_min?: number | null;
  risk_score_max?: number | null;
  epss_min?: number | null;
  kev?: boolean | null;
  ransomware?: boolean | null;
  sources?: string[];
  detection?: string[];
  confidence?: string[];
  tags_any?: number[];
  tags_all?: number[];
  tags_exclude?: number[];
  asset_criticality?: number[];
  issue_ids?: number[];
  cves?: string[];
  age_days_min?: number | null;
}

export interface OpenTicketAction {
  grouping: TicketGrouping;
  assignee_user?: number | null;
  assignee_team?: number | null;
  /** Days to the due date by severity ('4' Critical … '1' Low). */
  due_days?: Record<string, number>;
}

export interface RuleActions {
  open_ticket?: OpenTicketAction | null;
  notify?: { channels: string[] } | null;
  push_to?: { tracker: Tracker } | null;
}

export interface RemediationRule {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  position: number;
  conditions: RuleConditions;
  actions: RuleActions;
  last_evaluated_at: string | null;
}

export interface RemediationRuleInput {
  name: string;
  description: string;
  enabled: boolean;
  position?: number;
  conditions: RuleConditions;
  actions: RuleActions;
}

/** POST …/preview/ and …/{id}/run/: how many findings match and how many tickets they open. */
export interface RulePreview {
  findings: number;
  tickets: number;
}

const record = (data: unknown): Record<string, unknown> => {
  if (typeof data !== 'object' || data === null) throw new Error('not an object');
  return data as Record<string, unknown>;
};

export const remediationRule: AnswerSchema<RemediationRule> = {
  parse(data) {
    const r = record(data);
    if (typeof r.id !== 'number' || typeof r.name !== 'string') throw new Error('rule expected');
    return {
      id: r.id,
      name: r.name,
      description: typeof r.description === 'string' ? r.description : '',
      enabled: r.enabled !== false,
      position: typeof r.position === 'number' ? r.position : 0,
      conditions: (r.conditions ?? {}) as RuleConditions,
      actions: (r.actions ?? {}) as RuleActions,
      last_evaluated_at: typeof r.last_evaluated_at === 'string' ? r.last_evaluated_at : null,
    };
  },
};

export const rulePreview: AnswerSchema<RulePreview> = {
  parse(data) {
    const r = record(data);
    const findings = Number(r.findings ?? 0);
    const tickets = Number(r.tickets ?? 0);
    return { findings, tickets };
  },
};
