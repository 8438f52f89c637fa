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
  type NotificationConfig,
  type Severity,
  type TicketGrouping,
  type Tracker,
  type VulnerabilitySource,
} from '@bulwark/core';
import { hasChannels, validateEmails, type ChannelValues } from '../schedules/schedule-form.ts';
import { splitEmails } from '../schedules/schedule-format.ts';
import {
  DEFAULT_DUE_DAYS,
  type RemediationRule,
  type RemediationRuleInput,
  type RuleActionsInput,
  type RuleConditionsInput,
} from './rule-schema.ts';

/** Severities a ticket's due date is set for, most severe first. */
export const DUE_SEVERITIES = ['4', '3', '2', '1', '0'] as const;
export type DueSeverity = (typeof DUE_SEVERITIES)[number];
/** Days before the due date a reminder goes out, for a new rule. */
export const DEFAULT_REMIND_DAYS = 2;

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
  /** Only findings known exploited (CISA KEV). */
  kev: boolean;
  /** Only findings known used by ransomware. */
  ransomware: boolean;
  sources: string[];
  detection: string[];
  confidence: string[];
  /** Tag ids as strings. */
  tags_any: string[];
  tags_all: string[];
  tags_minus: string[];
  /** Lowest business criticality ('1' Low … '4' Critical); '' any. */
  asset_criticality_min: string;
  /** CVE ids and issue numbers, separated by commas, spaces or new lines. */
  issues: string;
  first_seen_days: number | string;
  open_ticket: boolean;
  grouping: TicketGrouping;
  /** 'user:12', 'team:3' or '' for nobody. */
  assignee: string;
  due_days: Record<DueSeverity, number | string>;
  remind_days_before: number | string;
  notify: boolean;
  /** Who hears of the tickets: e-mail addresses (and copies) as typed, and the chat and webhook channels. */
  channels: ChannelValues;
  push: boolean;
  tracker: Tracker | '';
}

/** Server field → form field: the server's errors of conditions and actions are shown on their sections. */
export const RULE_ERROR_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  description: 'description',
  enabled: 'enabled',
  conditions: 'conditions',
  actions: 'actions',
};

const NO_CHANNELS: ChannelValues = { email: '', cc: '', slack: false, teams: false, webhooks: false };

export function newRuleValues(): RuleValues {
  return {
    name: '',
    description: '',
    enabled: true,
    severities: ['4', '3'],
    risk_score_min: '',
    risk_score_max: '',
    epss_min: '',
    kev: false,
    ransomware: false,
    sources: [],
    detection: [],
    confidence: [],
    tags_any: [],
    tags_all: [],
    tags_minus: [],
    asset_criticality_min: '',
    issues: '',
    first_seen_days: '',
    open_ticket: true,
    grouping: 'by_asset',
    assignee: '',
    due_days: { ...DEFAULT_DUE_DAYS, 0: '' },
    remind_days_before: DEFAULT_REMIND_DAYS,
    notify: false,
    channels: { ...NO_CHANNELS },
    push: false,
    tracker: '',
  };
}

const strings = (values: readonly (number | string)[] | undefined): string[] => (values ?? []).map(String);
const numberOrEmpty = (value: number | null | undefined): number | string => (value === null || value === undefined ? '' : value);

function severitiesOf(c: RemediationRule['conditions']): string[] {
  if (c.severities.length > 0) return strings([...c.severities].sort((a, b) => b - a));
  if (c.severity_min !== null) {
    const min = c.severity_min;
    return ['4', '3', '2', '1', '0'].filter((s) => Number(s) >= min);
  }
  return [];
}

function channelValues(c: NotificationConfig): ChannelValues {
  return { email: c.email.join('\n'), cc: c.cc.join('\n'), slack: c.slack, teams: c.teams, webhooks: c.webhooks };
}

export function ruleValues(rule: RemediationRule): RuleValues {
  const c = rule.conditions;
  const open = rule.actions.open_ticket;
  const due: Record<DueSeverity, number | string> = { 4: '', 3: '', 2: '', 1: '', 0: '' };
  for (const s of DUE_SEVERITIES) due[s] = numberOrEmpty(open?.due_days[s]);
  const assignee =
    open?.assignee_user != null ? `user:${open.assignee_user}` : open?.assignee_team != null ? `team:${open.assignee_team}` : '';
  return {
    name: rule.name,
    description: rule.description,
    enabled: rule.enabled,
    severities: severitiesOf(c),
    risk_score_min: numberOrEmpty(c.risk_score_min),
    risk_score_max: numberOrEmpty(c.risk_score_max),
    epss_min: c.epss_min === null ? '' : Math.round(c.epss_min * 10000) / 100,
    kev: c.kev,
    ransomware: c.ransomware,
    sources: strings(c.sources),
    detection: strings(c.detection),
    confidence: strings(c.confidence),
    tags_any: strings(c.tags_any),
    tags_all: strings(c.tags_all),
    tags_minus: strings(c.tags_minus),
    asset_criticality_min: c.asset_criticality_min === null ? '' : String(c.asset_criticality_min),
    issues: [...c.cves, ...strings(c.issues)].join(', '),
    first_seen_days: numberOrEmpty(c.first_seen_days),
    open_ticket: open !== null,
    grouping: open?.grouping ?? 'by_asset',
    assignee,
    due_days: open ? due : { ...DEFAULT_DUE_DAYS, 0: '' },
    remind_days_before: open ? open.remind_days_before : DEFAULT_REMIND_DAYS,
    notify: rule.actions.notify !== null,
    channels: rule.actions.notify ? channelValues(rule.actions.notify) : { ...NO_CHANNELS },
    push: rule.actions.push_to !== null,
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
    else if (/^\d+$/.test(word) && Number(word) > 0) issueIds.push(Number(word));
    else invalid.push(word);
  }
  return { cves: [...new Set(cves)], issueIds: [...new Set(issueIds)], invalid };
}

const ids = (values: string[]): number[] => values.map(Number);

/** The conditions as sent: only those given (a missing key is "any"). */
export function conditionsOf(v: RuleValues): RuleConditionsInput {
  const c: RuleConditionsInput = {};
  if (v.severities.length > 0) c.severities = ids(v.severities).sort((a, b) => b - a);
  const riskMin = numberOf(v.risk_score_min);
  const riskMax = numberOf(v.risk_score_max);
  if (riskMin !== null) c.risk_score_min = riskMin;
  if (riskMax !== null) c.risk_score_max = riskMax;
  const epss = numberOf(v.epss_min);
  if (epss !== null) c.epss_min = Math.round(epss * 100) / 10000;
  if (v.kev) c.kev = true;
  if (v.ransomware) c.ransomware = true;
  if (v.sources.length > 0) c.sources = [...v.sources] as RuleConditionsInput['sources'];
  if (v.detection.length > 0) c.detection = [...v.detection] as RuleConditionsInput['detection'];
  if (v.confidence.length > 0) c.confidence = [...v.confidence] as RuleConditionsInput['confidence'];
  if (v.tags_any.length > 0) c.tags_any = ids(v.tags_any);
  if (v.tags_all.length > 0) c.tags_all = ids(v.tags_all);
  if (v.tags_minus.length > 0) c.tags_minus = ids(v.tags_minus);
  if (v.asset_criticality_min !== '') c.asset_criticality_min = Number(v.asset_criticality_min);
  const { cves, issueIds } = parseIssues(v.issues);
  if (cves.length > 0) c.cves = cves;
  if (issueIds.length > 0) c.issues = issueIds;
  const age = numberOf(v.first_seen_days);
  if (age !== null) c.first_seen_days = age;
  return c;
}

/** The actions as sent: each one on, or null. */
export function actionsOf(v: RuleValues): RuleActionsInput {
  const a: RuleActionsInput = { open_ticket: null, notify: null, push_to: null };
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
      remind_days_before: numberOf(v.remind_days_before) ?? 0,
    };
  }
  if (v.notify) {
    const c = v.channels;
    a.notify = { email: splitEmails(c.email), cc: splitEmails(c.cc), slack: c.slack, teams: c.teams, webhooks: c.webhooks };
  }
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
  if (v.description.trim().length > 2000) errors.description = 'Ensure this field has no more than 2000 characters.';
  if (badNumber(v.risk_score_min, 0, 100)) errors.risk_score_min = 'Enter a risk score from 0 to 100.';
  if (badNumber(v.risk_score_max, 0, 100)) errors.risk_score_max = 'Enter a risk score from 0 to 100.';
  const lo = numberOf(v.risk_score_min);
  const hi = numberOf(v.risk_score_max);
  if (!errors.risk_score_min && !errors.risk_score_max && lo !== null && hi !== null && lo > hi)
    errors.risk_score_max = 'The highest risk score must not be below the lowest.';
  if (badNumber(v.epss_min, 0, 100)) errors.epss_min = 'Enter an EPSS percentage from 0 to 100.';
  const age = numberOf(v.first_seen_days);
  if (age !== null && (!Number.isInteger(age) || age < 0 || age > 3650))
    errors.first_seen_days = 'Enter a whole number of days from 0 to 3650.';
  const { invalid } = parseIssues(v.issues);
  if (invalid.length > 0)
    errors.issues = `Not a CVE id or issue number: ${invalid.slice(0, 3).join(', ')}. Write CVE ids as CVE-2024-3094.`;
  if (Object.keys(conditionsOf(v)).length === 0)
    errors.severities = 'Choose at least one condition: a rule without any would ticket every finding.';
  if (!v.open_ticket && !v.notify) errors.actions = 'Choose at least one action: open a ticket or notify.';
  if (v.open_ticket) {
    for (const s of DUE_SEVERITIES) {
      const days = numberOf(v.due_days[s]);
      if (days !== null && (!Number.isInteger(days) || days < 1 || days > 3650))
        errors[`due_days.${s}`] = 'Enter whole days from 1 to 3650.';
    }
    const remind = numberOf(v.remind_days_before);
    if (remind !== null && (!Number.isInteger(remind) || remind < 0 || remind > 365))
      errors.remind_days_before = 'Enter whole days from 0 to 365.';
  }
  if (v.notify) {
    const email = validateEmails(v.channels.email);
    const cc = validateEmails(v.channels.cc);
    if (email) errors['channels.email'] = email;
    if (cc) errors['channels.cc'] = cc;
    if (!email && !cc && !hasChannels(v.channels)) errors['channels.email'] = 'Give an address or choose a channel to notify.';
  }
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
const named = (map: ReadonlyMap<number, string>, list: readonly number[]): string[] => list.map((id) => map.get(id) ?? `#${id}`);
const label = <K extends string | number>(labels: Record<K, string>, key: string | number): string =>
  (labels as Record<string | number, string>)[key] ?? String(key);

/** The conditions in words, one short phrase each (empty when the rule has none). */
export function conditionPhrases(c: RemediationRule['conditions'], names: RuleNames): string[] {
  const out: string[] = [];
  if (c.severities.length > 0)
    out.push(`Severity ${join([...c.severities].sort((a, b) => b - a).map((s) => SEVERITY_LABELS[s as Severity] ?? String(s)))}`);
  else if (c.severity_min !== null) out.push(`Severity ${SEVERITY_LABELS[c.severity_min as Severity]} or above`);
  const lo = c.risk_score_min;
  const hi = c.risk_score_max;
  if (lo !== null && hi !== null) out.push(`Risk score ${lo}–${hi}`);
  else if (lo !== null) out.push(`Risk score ≥ ${lo}`);
  else if (hi !== null) out.push(`Risk score ≤ ${hi}`);
  if (c.epss_min !== null) out.push(`EPSS ≥ ${Math.round(c.epss_min * 10000) / 100}%`);
  if (c.kev) out.push('Known exploited (KEV)');
  if (c.ransomware) out.push('Used by ransomware');
  if (c.sources.length) out.push(`Source ${join(c.sources.map((s) => label(VULNERABILITY_SOURCE_LABELS, s as VulnerabilitySource)))}`);
  if (c.detection.length) out.push(`Detected by ${join(c.detection.map((d) => label(DETECTION_LABELS, d as DetectionMethod)))}`);
  if (c.confidence.length)
    out.push(`Confidence ${join(c.confidence.map((d) => label(FINDING_CONFIDENCE_LABELS, d as FindingConfidence)))}`);
  if (c.tags_any.length) out.push(`Tagged ${join(named(names.tags, c.tags_any))}`);
  if (c.tags_all.length) out.push(`Tagged ${join(named(names.tags, c.tags_all), 'and')}`);
  if (c.tags_minus.length) out.push(`Not tagged ${join(named(names.tags, c.tags_minus))}`);
  if (c.asset_criticality_min !== null)
    out.push(
      `Asset criticality ${label(BUSINESS_CRITICALITY_LABELS, c.asset_criticality_min as BusinessCriticality)}${c.asset_criticality_min < 4 ? ' or above' : ''}`,
    );
  const issues = [...c.cves, ...c.issues.map((i) => `issue ${i}`)];
  if (issues.length) out.push(issues.length > 3 ? `${issues.length} chosen issues` : join(issues));
  if (c.first_seen_days !== null) out.push(`First seen ${c.first_seen_days}+ days ago`);
  return out;
}

/** The actions in words. */
export function actionPhrases(a: RemediationRule['actions'], names: RuleNames): string[] {
  const out: string[] = [];
  const open = a.open_ticket;
  if (open) {
    let text = `Open tickets ${open.grouping === 'individual' ? 'one per finding' : TICKET_GROUPING_LABELS[open.grouping].toLowerCase()}`;
    if (open.assignee_user !== null) text += `, assigned to ${names.users.get(open.assignee_user) ?? `user #${open.assignee_user}`}`;
    else if (open.assignee_team !== null) text += `, assigned to ${names.teams.get(open.assignee_team) ?? `team #${open.assignee_team}`}`;
    const due = DUE_SEVERITIES.filter((s) => open.due_days[s] !== undefined).map(
      (s) => `${SEVERITY_LABELS[Number(s) as Severity]} ${open.due_days[s]} d`,
    );
    if (due.length) text += ` (due: ${due.join(', ')})`;
    out.push(text);
  }
  if (a.notify) {
    const n = a.notify;
    const to = [
      ...(n.email.length ? [n.email.length === 1 ? (n.email[0] ?? '') : `${n.email.length} addresses`] : []),
      ...(n.slack ? [INTEGRATION_TYPE_LABELS.slack] : []),
      ...(n.teams ? [INTEGRATION_TYPE_LABELS.teams] : []),
      ...(n.webhooks ? [INTEGRATION_TYPE_LABELS.webhooks] : []),
    ];
    if (to.length) out.push(`Notify ${join(to, 'and')}`);
  }
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

/** What the preview adds under its count: how many assets and issues the findings are spread over. */
export function spreadText(p: { findings: number; assets?: number; issues?: number }): string | null {
  if (p.findings === 0 || p.assets === undefined || p.issues === undefined) return null;
  return `On ${p.assets} ${p.assets === 1 ? 'asset' : 'assets'}, ${p.issues} ${p.issues === 1 ? 'issue' : 'issues'}.`;
}
