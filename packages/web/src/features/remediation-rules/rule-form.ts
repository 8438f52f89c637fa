// Pure rules of the remediation rule editor: the form's values from a saved rule (or a new one), the checks, the body of
// POST/PUT remediation/rules/, and the sentences the list and the preview say (conditions and actions in words).
import {
  BUSINESS_CRITICALITY_LABELS,
  DETECTION_LABELS,
  FINDING_CONFIDENCE_LABELS,
  INTEGRATION_TYPE_LABELS,
  SEVERITY_LABELS,
  TICKET_GROUPING_LABELS,
  VULNERABILITY_SOURCE_LABELS,
  type BusinessCriticality,
  type DetectionMethod,
  type FindingConfidence,
  type IntegrationType,
  type Severity,
  type TicketGrouping,
  type Tracker,
  type VulnerabilitySource,
} from '@bulwark/core';
import type { RemediationRule, RemediationRuleInput, RuleActions, RuleConditions } from './rule-schema.ts';

/** A yes/no condition: not asked, must hold, must not hold. */
export type Tristate = 'any' | 'yes' | 'no';
/** Severities a ticket's due date is set for, most severe first (Info findings get no due date). */
export const DUE_SEVERITIES = ['4', '3', '2', '1'] as const;
export type DueSeverity = (typeof DUE_SEVERITIES)[number];
/** The due days a new rule proposes: Critical 7, High 30, Medium 90, Low 180. */
export const DEFAULT_DUE_DAYS: Record<DueSeverity, number> = { 4: 7, 3: 30, 2: 90, 1: 180 };
/** The channels a rule may notify through (the notification integrations). */
export const NOTIFY_CHANNELS = ['email', 'slack', 'teams', 'webhooks'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface RuleValues {
  name: string;
  description: string;
  enabled: boolean;
  /** Severity codes as strings ('0' Info … '4' Critical); none means any. */
  severities: string[];
  risk_score_min: number | string;
  risk_score_max: number | string;
  /** EPSS as a percentage (0–100); sent as 0–1. */
  epss_min: number | string;
  kev: Tristate;
  ransomware: Tristate;
  sources: string[];
  detection: string[];
  confidence: string[];
  /** Tag ids as strings. */
  tags_any: string[];
  tags_all: string[];
  tags_exclude: string[];
  /** Business criticality codes as strings. */
  asset_criticality: string[];
  /** CVE ids and issue numbers, separated by commas, spaces or new lines. */
  issues: string;
  age_days_min: number | string;
  open_ticket: boolean;
  grouping: TicketGrouping;
  /** 'user:12', 'team:3' or '' for nobody. */
  assignee: string;
  due_days: Record<DueSeverity, number | string>;
  notify: boolean;
  channels: string[];
  push: boolean;
  tracker: Tracker | '';
}

/** Fields that receive the server's field errors. */
export const RULE_ERROR_FIELDS = ['name', 'description', 'enabled', 'conditions', 'actions'] as const;

export function newRuleValues(): RuleValues {
  return {
    name: '',
    description: '',
    enabled: true,
    severities: ['4', '3'],
    risk_score_min: '',
    risk_score_max: '',
    epss_min: '',
    kev: 'any',
    ransomware: 'any',
    sources: [],
    detection: [],
    confidence: [],
    tags_any: [],
    tags_all: [],
    tags_exclude: [],
    asset_criticality: [],
    issues: '',
    age_days_min: '',
    open_ticket: true,
    grouping: 'by_asset',
    assignee: '',
    due_days: { ...DEFAULT_DUE_DAYS },
    notify: false,
    channels: [],
    push: false,
    tracker: '',
  };
}

const strings = (values: readonly (number | string)[] | undefined): string[] => (values ?? []).map(String);
const numberOrEmpty = (value: number | null | undefined): number | string => (value === null || value === undefined ? '' : value);
const tristate = (value: boolean | null | undefined): Tristate => (value === true ? 'yes' : value === false ? 'no' : 'any');

function severitiesOf(c: RuleConditions): string[] {
  if (c.severities && c.severities.length > 0) return strings(c.severities);
  if (c.severity_min !== null && c.severity_min !== undefined) {
    const min = c.severity_min;
    return ['4', '3', '2', '1', '0'].filter((s) => Number(s) >= min);
  }
  return [];
}

export function ruleValues(rule: RemediationRule): RuleValues {
  const c = rule.conditions;
  const open = rule.actions.open_ticket ?? null;
  const due: Record<DueSeverity, number | string> = { 4: '', 3: '', 2: '', 1: '' };
  for (const s of DUE_SEVERITIES) due[s] = numberOrEmpty(open?.due_days?.[s]);
  const assignee =
    open?.assignee_user !== null && open?.assignee_user !== undefined
      ? `user:${open.assignee_user}`
      : open?.assignee_team !== null && open?.assignee_team !== undefined
        ? `team:${open.assignee_team}`
        : '';
  return {
    name: rule.name,
    description: rule.description,
    enabled: rule.enabled,
    severities: severitiesOf(c),
    risk_score_min: numberOrEmpty(c.risk_score_min),
    risk_score_max: numberOrEmpty(c.risk_score_max),
    epss_min: c.epss_min === null || c.epss_min === undefined ? '' : Math.round(c.epss_min * 10000) / 100,
    kev: tristate(c.kev),
    ransomware: tristate(c.ransomware),
    sources: strings(c.sources),
    detection: strings(c.detection),
    confidence: strings(c.confidence),
    tags_any: strings(c.tags_any),
    tags_all: strings(c.tags_all),
    tags_exclude: strings(c.tags_exclude),
    asset_criticality: strings(c.asset_criticality),
    issues: [...(c.cves ?? []), ...strings(c.issue_ids)].join(', '),
    age_days_min: numberOrEmpty(c.age_days_min),
    open_ticket: open !== null,
    grouping: open?.grouping ?? 'by_asset',
    assignee,
    due_days: due,
    notify: Boolean(rule.actions.notify),
    channels: rule.actions.notify?.channels ?? [],
    push: Boolean(rule.actions.push_to),
    tracker: rule.actions.push_to?.tracker ?? '',
  };
}

/** A number field's value: null when empty, NaN for text that is no number. */
export function numberOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

const CVE = /^CVE-\d{4}-\d{4,}$/i;
/** The words of the issues field: CVE ids (upper-cased), issue numbers, and what is neither. */
export function parseIssues(text: string): { cves: string[]; issueIds: number[]; invalid: string[] } {
  const cves: string[] = [];
  const issueIds: number[] = [];
  const invalid: string[] = [];
  for (const word of text.split(/[\s,;]+/).filter((w) => w !== '')) {
    if (CVE.test(word)) cves.push(word.toUpperCase());
    else if (/^\d+$/.test(word)) issueIds.push(Number(word));
    else invalid.push(word);
  }
  return { cves: [...new Set(cves)], issueIds: [...new Set(issueIds)], invalid };
}

const tri = (value: Tristate): boolean | undefined => (value === 'any' ? undefined : value === 'yes');
const ids = (values: string[]): number[] => values.map(Number);

/** The conditions as sent: only those given (a missing key is "any"). */
export function conditionsOf(v: RuleValues): RuleConditions {
  const c: RuleConditions = {};
  if (v.severities.length > 0) c.severities = ids(v.severities).sort((a, b) => b - a);
  const riskMin = numberOf(v.risk_score_min);
  const riskMax = numberOf(v.risk_score_max);
  if (riskMin !== null) c.risk_score_min = riskMin;
  if (riskMax !== null) c.risk_score_max = riskMax;
  const epss = numberOf(v.epss_min);
  if (epss !== null) c.epss_min = Math.round(epss * 100) / 10000;
  const kev = tri(v.kev);
  if (kev !== undefined) c.kev = kev;
  const ransomware = tri(v.ransomware);
  if (ransomware !== undefined) c.ransomware = ransomware;
  if (v.sources.length > 0) c.sources = [...v.sources];
  if (v.detection.length > 0) c.detection = [...v.detection];
  if (v.confidence.length > 0) c.confidence = [...v.confidence];
  if (v.tags_any.length > 0) c.tags_any = ids(v.tags_any);
  if (v.tags_all.length > 0) c.tags_all = ids(v.tags_all);
  if (v.tags_exclude.length > 0) c.tags_exclude = ids(v.tags_exclude);
  if (v.asset_criticality.length > 0) c.asset_criticality = ids(v.asset_criticality);
  const { cves, issueIds } = parseIssues(v.issues);
  if (cves.length > 0) c.cves = cves;
  if (issueIds.length > 0) c.issue_ids = issueIds;
  const age = numberOf(v.age_days_min);
  if (age !== null) c.age_days_min = age;
  return c;
}

/** The actions as sent: each one on, or left out. */
export function actionsOf(v: RuleValues): RuleActions {
  const a: RuleActions = {};
  if (v.open_ticket) {
    const due: Record<string, number> = {};
    for (const s of DUE_SEVERITIES) {
      const days = numberOf(v.due_days[s]);
      if (days !== null) due[s] = days;
    }
    const [kind, id] = v.assignee.split(':');
    a.open_ticket = {
      grouping: v.grouping,
      assignee_user: kind === 'user' ? Number(id) : null,
      assignee_team: kind === 'team' ? Number(id) : null,
      due_days: due,
    };
  }
  if (v.notify) a.notify = { channels: [...v.channels] };
  if (v.push && v.tracker !== '') a.push_to = { tracker: v.tracker };
  return a;
}

export function ruleInput(v: RuleValues): RemediationRuleInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    enabled: v.enabled,
    conditions: conditionsOf(v),
    actions: actionsOf(v),
  };
}

const badNumber = (value: number | string, min: number, max: number): boolean => {
  const n = numberOf(value);
  return n !== null && (!Number.isFinite(n) || n < min || n > max);
};

/** The form's checks, keyed by field (the condition fields by their own names, so each shows its own message). */
export function validateRule(v: RuleValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.name.trim() === '') errors.name = 'Give the rule a name.';
  else if (v.name.trim().length > 200) errors.name = 'Ensure this field has no more than 200 characters.';
  if (badNumber(v.risk_score_min, 0, 100)) errors.risk_score_min = 'Enter a risk score from 0 to 100.';
  if (badNumber(v.risk_score_max, 0, 100)) errors.risk_score_max = 'Enter a risk score from 0 to 100.';
  const lo = numberOf(v.risk_score_min);
  const hi = numberOf(v.risk_score_max);
  if (!errors.risk_score_min && !errors.risk_score_max && lo !== null && hi !== null && lo > hi)
    errors.risk_score_max = 'The highest risk score must not be below the lowest.';
  if (badNumber(v.epss_min, 0, 100)) errors.epss_min = 'Enter an EPSS percentage from 0 to 100.';
  const age = numberOf(v.age_days_min);
  if (age !== null && (!Number.isInteger(age) || age < 0 || age > 36500)) errors.age_days_min = 'Enter a whole number of days, 0 or more.';
  const { invalid } = parseIssues(v.issues);
  if (invalid.length > 0)
    errors.issues = `Not a CVE id or issue number: ${invalid.slice(0, 3).join(', ')}. Write CVE ids as CVE-2024-3094.`;
  if (Object.keys(conditionsOf(v)).length === 0)
    errors.severities = 'Choose at least one condition: a rule without any would ticket every finding.';
  if (!v.open_ticket && !v.notify && !v.push) errors.actions = 'Choose at least one action: open a ticket, notify, or push to a tracker.';
  if (v.open_ticket) {
    for (const s of DUE_SEVERITIES) {
      const days = numberOf(v.due_days[s]);
      if (days !== null && (!Number.isInteger(days) || days < 0 || days > 3650))
        errors[`due_days.${s}`] = 'Enter whole days from 0 to 3650.';
    }
  }
  if (v.notify && v.channels.length === 0) errors.channels = 'Choose at least one channel to notify.';
  if (v.push && v.tracker === '') errors.tracker = 'Choose the tracker the tickets are pushed to.';
  if (v.push && !v.open_ticket) errors.tracker ??= 'Pushing to a tracker pushes the tickets the rule opens: turn on “Open a ticket” too.';
  return errors;
}

/**
 * The first message of the server's `conditions` error (§8 "Could not create policy." shows it): a list of strings, a
 * string, or an object of field → messages.
 */
export function firstConditionsError(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const conditions = (data as Record<string, unknown>).conditions;
  const first = (value: unknown): string | null => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = first(item);
        if (found) return found;
      }
      return null;
    }
    if (typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) {
        const found = first(item);
        if (found) return found;
      }
    }
    return null;
  };
  return first(conditions);
}

/** Names the list and preview give things it only knows by id. */
export interface RuleNames {
  tags: ReadonlyMap<number, string>;
  users: ReadonlyMap<number, string>;
  teams: ReadonlyMap<number, string>;
}

const join = (parts: string[], word = 'or'): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} ${word} ${parts[parts.length - 1]}`;
const named = (map: ReadonlyMap<number, string>, ids: number[] | undefined): string[] => (ids ?? []).map((id) => map.get(id) ?? `#${id}`);
const label = <K extends string | number>(labels: Record<K, string>, key: string | number): string =>
  (labels as Record<string | number, string>)[key] ?? String(key);

/** The conditions in words, one short phrase each (empty when the rule has none). */
export function conditionPhrases(c: RuleConditions, names: RuleNames): string[] {
  const out: string[] = [];
  const sev = c.severities && c.severities.length > 0 ? c.severities : null;
  if (sev) out.push(`Severity ${join(sev.map((s) => SEVERITY_LABELS[s as Severity] ?? String(s)))}`);
  else if (c.severity_min !== null && c.severity_min !== undefined)
    out.push(`Severity ${SEVERITY_LABELS[c.severity_min as Severity]} or above`);
  const lo = c.risk_score_min ?? null;
  const hi = c.risk_score_max ?? null;
  if (lo !== null && hi !== null) out.push(`Risk score ${lo}–${hi}`);
  else if (lo !== null) out.push(`Risk score ≥ ${lo}`);
  else if (hi !== null) out.push(`Risk score ≤ ${hi}`);
  if (c.epss_min !== null && c.epss_min !== undefined) out.push(`EPSS ≥ ${Math.round(c.epss_min * 10000) / 100}%`);
  if (c.kev === true) out.push('Known exploited (KEV)');
  if (c.kev === false) out.push('Not in KEV');
  if (c.ransomware === true) out.push('Used by ransomware');
  if (c.ransomware === false) out.push('Not used by ransomware');
  if (c.sources?.length) out.push(`Source ${join(c.sources.map((s) => label(VULNERABILITY_SOURCE_LABELS, s as VulnerabilitySource)))}`);
  if (c.detection?.length) out.push(`Detected by ${join(c.detection.map((d) => label(DETECTION_LABELS, d as DetectionMethod)))}`);
  if (c.confidence?.length)
    out.push(`Confidence ${join(c.confidence.map((d) => label(FINDING_CONFIDENCE_LABELS, d as FindingConfidence)))}`);
  if (c.tags_any?.length) out.push(`Tagged ${join(named(names.tags, c.tags_any))}`);
  if (c.tags_all?.length) out.push(`Tagged ${join(named(names.tags, c.tags_all), 'and')}`);
  if (c.tags_exclude?.length) out.push(`Not tagged ${join(named(names.tags, c.tags_exclude))}`);
  if (c.asset_criticality?.length)
    out.push(`Asset criticality ${join(c.asset_criticality.map((a) => label(BUSINESS_CRITICALITY_LABELS, a as BusinessCriticality)))}`);
  const issues = [...(c.cves ?? []), ...(c.issue_ids ?? []).map((i) => `issue ${i}`)];
  if (issues.length) out.push(issues.length > 3 ? `${issues.length} chosen issues` : join(issues));
  if (c.age_days_min !== null && c.age_days_min !== undefined) out.push(`First seen ${c.age_days_min}+ days ago`);
  return out;
}

/** The actions in words. */
export function actionPhrases(a: RuleActions, names: RuleNames): string[] {
  const out: string[] = [];
  const open = a.open_ticket;
  if (open) {
    let text = `Open tickets ${open.grouping === 'individual' ? 'one per finding' : TICKET_GROUPING_LABELS[open.grouping].toLowerCase()}`;
    if (open.assignee_user !== null && open.assignee_user !== undefined)
      text += `, assigned to ${names.users.get(open.assignee_user) ?? `user #${open.assignee_user}`}`;
    else if (open.assignee_team !== null && open.assignee_team !== undefined)
      text += `, assigned to ${names.teams.get(open.assignee_team) ?? `team #${open.assignee_team}`}`;
    const due = DUE_SEVERITIES.filter((s) => open.due_days?.[s] !== undefined).map(
      (s) => `${SEVERITY_LABELS[Number(s) as Severity]} ${open.due_days?.[s]} d`,
    );
    if (due.length) text += ` (due: ${due.join(', ')})`;
    out.push(text);
  }
  if (a.notify && a.notify.channels.length)
    out.push(
      `Notify by ${join(
        a.notify.channels.map((c) => label(INTEGRATION_TYPE_LABELS, c as IntegrationType)),
        'and',
      )}`,
    );
  if (a.push_to) out.push(`Push to ${label(INTEGRATION_TYPE_LABELS, a.push_to.tracker)}`);
  return out;
}

/** "Would open 3 tickets for 12 findings." */
export function previewText(p: { findings: number; tickets: number }, done = false): string {
  const tickets = `${p.tickets} ${p.tickets === 1 ? 'ticket' : 'tickets'}`;
  const findings = `${p.findings} ${p.findings === 1 ? 'finding' : 'findings'}`;
  if (p.findings === 0)
    return done
      ? 'Nothing to ticket: no open finding without a ticket matches.'
      : 'No open finding without a ticket matches these conditions now.';
  return done ? `Opened ${tickets} for ${findings}.` : `Would open ${tickets} for ${findings}.`;
}
