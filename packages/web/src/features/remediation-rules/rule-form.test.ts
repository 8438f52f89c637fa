// The rule editor's pure rules: values from a saved rule and back (only the conditions given are sent; EPSS as 0–1;
// assignee as a user or a team), the checks by field, the issues field, the first conditions error of a refused save,
// and the sentences the list and preview say.
import { describe, expect, it } from 'vitest';
import {
  actionPhrases,
  conditionPhrases,
  firstConditionsError,
  newRuleValues,
  parseIssues,
  previewText,
  spreadText,
  ruleInput,
  ruleValues,
  validateRule,
  type RuleNames,
} from './rule-form.ts';
import { remediationRule, type RemediationRule } from './rule-schema.ts';

const NAMES: RuleNames = {
  tags: new Map([
    [1, 'Production'],
    [2, 'PCI'],
  ]),
  users: new Map([[5, 'Ada Lovelace']]),
  teams: new Map([[3, 'Linux ops']]),
};

/** A rule as the server answers it (core's schema fills the defaults). */
const aRule = (overrides: { conditions?: object; actions?: object } = {}): RemediationRule =>
  remediationRule.parse({
    id: 9,
    name: 'KEV criticals',
    description: '',
    enabled: true,
    position: 0,
    conditions: { severities: [4], kev: true, epss_min: 0.15, tags_any: [1], tags_minus: [2], cves: ['CVE-2024-3094'], first_seen_days: 2 },
    actions: {
      open_ticket: { grouping: 'by_asset', assignee_team: 3, assignee_user: null, due_days: { 4: 7 }, remind_days_before: 1 },
      push_to: { tracker: 'jira' },
    },
    open_tickets: 0,
    created_by: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    last_evaluated_at: null,
    ...overrides,
  });

describe('values and body', () => {
  it('a new rule proposes Critical and High, a ticket by asset and the usual due days, and sends only what is given', () => {
    const v = { ...newRuleValues(), name: '  Criticals  ' };
    expect(validateRule(v)).toEqual({});
    expect(ruleInput(v)).toEqual({
      name: 'Criticals',
      description: '',
      enabled: true,
      conditions: { severities: [4, 3] },
      actions: {
        open_ticket: {
          grouping: 'by_asset',
          assignee_user: null,
          assignee_team: null,
          due_days: { 4: 7, 3: 30, 2: 90, 1: 180 },
          remind_days_before: 2,
        },
        notify: null,
        push_to: null,
      },
    });
  });

  it('round-trips a saved rule: EPSS shown in percent and sent as 0–1, the team assignee, tags, CVEs, the tracker', () => {
    const v = ruleValues(aRule());
    expect(v.epss_min).toBe(15);
    expect(v.assignee).toBe('team:3');
    expect(v.kev).toBe(true);
    expect(v.issues).toBe('CVE-2024-3094');
    expect(v.due_days).toEqual({ 4: 7, 3: '', 2: '', 1: '', 0: '' });
    const input = ruleInput(v);
    expect(input.conditions).toEqual({
      severities: [4],
      kev: true,
      epss_min: 0.15,
      tags_any: [1],
      tags_minus: [2],
      cves: ['CVE-2024-3094'],
      first_seen_days: 2,
    });
    expect(input.actions).toEqual({
      open_ticket: { grouping: 'by_asset', assignee_user: null, assignee_team: 3, due_days: { 4: 7 }, remind_days_before: 1 },
      notify: null,
      push_to: { tracker: 'jira' },
    });
    // What the form sends, the server's schema reads back as the same rule.
    expect(remediationRule.parse({ ...aRule(), ...input }).conditions).toEqual(aRule().conditions);
  });

  it('reads a minimum severity as the severities from it up', () => {
    expect(ruleValues(aRule({ conditions: { severity_min: 3 } })).severities).toEqual(['4', '3']);
  });

  it('KEV is sent only when asked for', () => {
    expect(ruleInput({ ...newRuleValues(), name: 'x', kev: true }).conditions.kev).toBe(true);
    expect('kev' in ruleInput({ ...newRuleValues(), name: 'x' }).conditions).toBe(false);
  });

  it('notifies the addresses typed and the channels ticked', () => {
    const v = {
      ...newRuleValues(),
      name: 'x',
      notify: true,
      channels: { email: 'a@example.com\nb@example.com', cc: '', slack: true, teams: false, webhooks: false },
    };
    expect(ruleInput(v).actions.notify).toEqual({
      email: ['a@example.com', 'b@example.com'],
      cc: [],
      slack: true,
      teams: false,
      webhooks: false,
    });
  });
});

describe('checks', () => {
  it('names the field of each problem', () => {
    const errors = validateRule({
      ...newRuleValues(),
      severities: [],
      risk_score_min: 80,
      risk_score_max: 20,
      epss_min: 150,
      issues: 'log4shell',
      due_days: { 4: 0, 3: 30, 2: 90, 1: 1.5, 0: '' },
      notify: true,
      channels: { email: 'bob@', cc: '', slack: false, teams: false, webhooks: false },
      push: true,
    });
    expect(errors).toEqual({
      name: 'Give the rule a name.',
      risk_score_max: 'The highest risk score must not be below the lowest.',
      epss_min: 'Enter an EPSS percentage from 0 to 100.',
      issues: 'Not a CVE id or issue number: log4shell. Write CVE ids as CVE-2024-3094.',
      'due_days.4': 'Enter whole days from 1 to 3650.',
      'due_days.1': 'Enter whole days from 1 to 3650.',
      'channels.email': 'bob@: Enter a valid email address.',
      tracker: 'Choose the tracker the tickets are pushed to.',
    });
  });

  it('refuses a rule without conditions (it would ticket everything) and one without actions', () => {
    const errors = validateRule({ ...newRuleValues(), name: 'x', severities: [], open_ticket: false });
    expect(errors.severities).toMatch(/at least one condition/);
    expect(errors.actions).toMatch(/at least one action/);
  });

  it('pushing needs tickets to push', () => {
    expect(validateRule({ ...newRuleValues(), name: 'x', open_ticket: false, push: true, tracker: 'jira' }).tracker).toMatch(
      /Open a ticket/,
    );
  });
});

describe('issues field', () => {
  it('splits CVE ids (upper-cased, once) from issue numbers', () => {
    expect(parseIssues('cve-2021-44228, CVE-2021-44228\n42 x')).toEqual({ cves: ['CVE-2021-44228'], issueIds: [42], invalid: ['x'] });
  });
});

describe('a refused save', () => {
  it('finds the first conditions error however the server nests it', () => {
    expect(firstConditionsError({ conditions: ['Choose at least one condition.'] })).toBe('Choose at least one condition.');
    expect(firstConditionsError({ conditions: { epss_min: ['Enter a number from 0 to 1.'] } })).toBe('Enter a number from 0 to 1.');
    expect(firstConditionsError({ name: ['taken'] })).toBeNull();
    expect(firstConditionsError(null)).toBeNull();
  });
});

describe('in words', () => {
  it('says the conditions and actions with names for ids', () => {
    expect(conditionPhrases(aRule().conditions, NAMES)).toEqual([
      'Severity Critical',
      'EPSS ≥ 15%',
      'Known exploited (KEV)',
      'Tagged Production',
      'Not tagged PCI',
      'CVE-2024-3094',
      'First seen 2+ days ago',
    ]);
    expect(actionPhrases(aRule().actions, NAMES)).toEqual([
      'Open tickets by asset, assigned to Linux ops (due: Critical 7 d)',
      'Push to Jira',
    ]);
    expect(conditionPhrases(aRule({ conditions: { severities: [3, 4], risk_score_min: 70 } }).conditions, NAMES)).toEqual([
      'Severity Critical or High',
      'Risk score ≥ 70',
    ]);
  });

  it('counts what a rule would do, and did', () => {
    expect(previewText({ findings: 12, tickets: 3 })).toBe('Would open 3 tickets for 12 findings.');
    expect(previewText({ findings: 1, tickets: 1 }, true)).toBe('Opened 1 ticket for 1 finding.');
    expect(previewText({ findings: 0, tickets: 0 })).toMatch(/No open finding/);
    expect(spreadText({ findings: 12, assets: 3, issues: 1 })).toBe('On 3 assets, 1 issue.');
    expect(spreadText({ findings: 0, assets: 0, issues: 0 })).toBeNull();
  });
});
