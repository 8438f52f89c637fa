// Payload schemas of the remediation rules (feature-areas §3 Rule, §7 remediation/rules/, "policies" in the routes):
// conditions over findings, actions (open a ticket with grouping, assignee and due dates by severity; notify; push to a
// ticketing integration), the preview count and the result of a run. Shared by the server's routes and the web app.
// Every message inside `conditions` and `actions` names its condition, because §8 shows the first item of the
// conditions error alone ("Could not create policy." followed by it).
import { z } from 'zod';
import { TICKET_GROUPINGS } from '../codes/remediation.ts';
import { DETECTION_METHODS, FINDING_CONFIDENCE, VULNERABILITY_SOURCES } from '../codes/vulnerabilities.ts';
import { blank, ID_MAX } from './fields.ts';
import { notificationConfig } from './schedules.ts';
import { TRACKERS } from './trackers.ts';

const CVE_ID = /^CVE-\d{4}-\d{4,}$/i;

const severity = (what: string) =>
  z
    .number({ error: `${what}: choose a severity from 0 (Info) to 4 (Critical).` })
    .int(`${what}: choose a severity from 0 (Info) to 4 (Critical).`)
    .min(0, `${what}: choose a severity from 0 (Info) to 4 (Critical).`)
    .max(4, `${what}: choose a severity from 0 (Info) to 4 (Critical).`);
const score = (what: string) =>
  z
    .number({ error: `${what}: enter a risk score from 0 to 100.` })
    .min(0, `${what}: enter a risk score from 0 to 100.`)
    .max(100, `${what}: enter a risk score from 0 to 100.`);
const ids = (what: string) =>
  z
    .array(
      z
        .number({ error: `${what}: give ids.` })
        .int(`${what}: give ids.`)
        .positive(`${what}: give ids.`)
        .max(ID_MAX, `${what}: no such id.`),
      {
        error: `${what}: give a list of ids.`,
      },
    )
    .max(1000, `${what}: at most 1000.`);
const choices = <T extends readonly [string, ...string[]]>(what: string, values: T) =>
  z
    .array(z.enum(values, { error: `${what}: choose from ${values.join(', ')}.` }), { error: `${what}: give a list.` })
    .max(values.length * 2, `${what}: too many values.`);

/** Conditions over findings; all given ones must hold (an empty list or null means "any"). */
export const ruleConditions = z
  .object(
    {
      /** Lowest severity (0 Info … 4 Critical). */
      severity_min: severity('Lowest severity').nullable().default(null),
      /** Exactly these severities. */
      severities: z.array(severity('Severities')).max(5, 'Severities: at most 5.').default([]),
      risk_score_min: score('Lowest risk score').nullable().default(null),
      risk_score_max: score('Highest risk score').nullable().default(null),
      /** Lowest EPSS probability (0–1). */
      epss_min: z
        .number({ error: 'Lowest EPSS: enter a probability from 0 to 1.' })
        .min(0, 'Lowest EPSS: enter a probability from 0 to 1.')
        .max(1, 'Lowest EPSS: enter a probability from 0 to 1.')
        .nullable()
        .default(null),
      /** Only findings known exploited (CISA KEV). */
      kev: z.boolean({ error: 'Known exploited: true or false.' }).default(false),
      /** Only findings known used in ransomware campaigns. */
      ransomware: z.boolean({ error: 'Ransomware: true or false.' }).default(false),
      sources: choices('Source', VULNERABILITY_SOURCES).default([]),
      detection: choices('Detection', DETECTION_METHODS).default([]),
      confidence: choices('Confidence', FINDING_CONFIDENCE).default([]),
      /** The asset carries at least one of these tags. */
      tags_any: ids('Any of the tags').default([]),
      /** The asset carries every one of these tags. */
      tags_all: ids('All of the tags').default([]),
      /** The asset carries none of these tags. */
      tags_minus: ids('None of the tags').default([]),
      /** Lowest business criticality of the asset (1 Low … 4 Critical). */
      asset_criticality_min: z
        .number({ error: 'Asset criticality: choose 1 (Low) to 4 (Critical).' })
        .int('Asset criticality: choose 1 (Low) to 4 (Critical).')
        .min(1, 'Asset criticality: choose 1 (Low) to 4 (Critical).')
        .max(4, 'Asset criticality: choose 1 (Low) to 4 (Critical).')
        .nullable()
        .default(null),
      /** Issues (ids of the vulnerability list). */
      issues: ids('Issues').default([]),
      /** CVE ids (a finding naming any of them). */
      cves: z
        .array(
          z
            .string({ error: 'CVE: give CVE ids such as CVE-2024-6387.' })
            .trim()
            .regex(CVE_ID, 'CVE: give CVE ids such as CVE-2024-6387.')
            .transform((c) => c.toUpperCase()),
          { error: 'CVE: give a list of CVE ids.' },
        )
        .max(1000, 'CVE: at most 1000.')
        .default([]),
      /** First seen at least this many days ago (findings left open that long). */
      first_seen_days: z
        .number({ error: 'Age: enter a number of days from 0 to 3650.' })
        .int('Age: enter a number of days from 0 to 3650.')
        .min(0, 'Age: enter a number of days from 0 to 3650.')
        .max(3650, 'Age: enter a number of days from 0 to 3650.')
        .nullable()
        .default(null),
    },
    { error: 'Give the conditions as an object.' },
  )
  .strict()
  .superRefine((c, ctx) => {
    if (c.risk_score_min !== null && c.risk_score_max !== null && c.risk_score_min > c.risk_score_max)
      ctx.addIssue({ code: 'custom', path: ['risk_score_max'], message: 'Risk score: the highest is below the lowest.' });
    const any =
      c.severity_min !== null ||
      c.severities.length > 0 ||
      c.risk_score_min !== null ||
      c.risk_score_max !== null ||
      c.epss_min !== null ||
      c.kev ||
      c.ransomware ||
      c.sources.length > 0 ||
      c.detection.length > 0 ||
      c.confidence.length > 0 ||
      c.tags_any.length > 0 ||
      c.tags_all.length > 0 ||
      c.tags_minus.length > 0 ||
      c.asset_criticality_min !== null ||
      c.issues.length > 0 ||
      c.cves.length > 0 ||
      c.first_seen_days !== null;
    // A rule without conditions would ticket every finding of the organisation: say so rather than do it.
    if (!any) ctx.addIssue({ code: 'custom', message: 'Give at least one condition (a rule without any would ticket every finding).' });
  });
export type RuleConditions = z.output<typeof ruleConditions>;
export type RuleConditionsInput = z.input<typeof ruleConditions>;

const dueDays = (label: string) =>
  z
    .number({ error: `Due date (${label}): enter a number of days from 1 to 3650.` })
    .int(`Due date (${label}): enter a number of days from 1 to 3650.`)
    .min(1, `Due date (${label}): enter a number of days from 1 to 3650.`)
    .max(3650, `Due date (${label}): enter a number of days from 1 to 3650.`)
    .optional();

/** Days from a ticket's creation to its due date, by severity (the ticket's highest): Critical 7, High 30, … */
export const DEFAULT_DUE_DAYS: Readonly<Record<'1' | '2' | '3' | '4', number>> = { 4: 7, 3: 30, 2: 90, 1: 180 };

export const ruleOpenTicket = z
  .object(
    {
      grouping: z.enum(TICKET_GROUPINGS, { error: `Grouping: choose ${TICKET_GROUPINGS.join(', ')}.` }).default('individual'),
      assignee_user: z
        .number({ error: 'Assignee: give a user id.' })
        .int('Assignee: give a user id.')
        .positive('Assignee: give a user id.')
        .max(ID_MAX, 'Assignee: no such user.')
        .nullable()
        .default(null),
      assignee_team: z
        .number({ error: 'Assignee team: give a team id.' })
        .int('Assignee team: give a team id.')
        .positive('Assignee team: give a team id.')
        .max(ID_MAX, 'Assignee team: no such team.')
        .nullable()
        .default(null),
      /** Days to the due date by severity ("4": Critical … "0": Info); a severity not named gets no due date. */
      due_days: z
        .object(
          { 0: dueDays('Info'), 1: dueDays('Low'), 2: dueDays('Medium'), 3: dueDays('High'), 4: dueDays('Critical') },
          { error: 'Due dates: give days by severity, such as {"4": 7, "3": 30}.' },
        )
        .strict()
        .default({ ...DEFAULT_DUE_DAYS }),
      /** Days before the due date a reminder goes out (0: none). */
      remind_days_before: z
        .number({ error: 'Reminder: enter a number of days from 0 to 365.' })
        .int('Reminder: enter a number of days from 0 to 365.')
        .min(0, 'Reminder: enter a number of days from 0 to 365.')
        .max(365, 'Reminder: enter a number of days from 0 to 365.')
        .default(2),
    },
    { error: 'Open a ticket: give its settings as an object.' },
  )
  .strict();
export type RuleOpenTicket = z.output<typeof ruleOpenTicket>;

export const ruleActions = z
  .object(
    {
      open_ticket: ruleOpenTicket.nullable().default(null),
      /** Who hears of the tickets a rule opens, and of their reminders and overdue notices. */
      notify: notificationConfig.nullable().default(null),
      push_to: z
        .object(
          { tracker: z.enum(TRACKERS, { error: `Push to: choose ${TRACKERS.join(', ')}.` }) },
          { error: 'Push to: choose a tracker.' },
        )
        .strict()
        .nullable()
        .default(null),
    },
    { error: 'Give the actions as an object.' },
  )
  .strict()
  .superRefine((a, ctx) => {
    if (!a.open_ticket && !a.notify) ctx.addIssue({ code: 'custom', message: 'Choose at least one action: open a ticket or notify.' });
    if (a.push_to && !a.open_ticket)
      ctx.addIssue({ code: 'custom', path: ['push_to'], message: 'Push to a tracker needs the rule to open a ticket.' });
  });
export type RuleActions = z.output<typeof ruleActions>;
export type RuleActionsInput = z.input<typeof ruleActions>;

export const remediationRuleInput = z.object({
  name: z.string({ error: 'This field is required.' }).trim().min(1, blank).max(200, 'Ensure this field has no more than 200 characters.'),
  description: z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default(''),
  enabled: z.boolean().default(true),
  /** Order of evaluation (lower first: the first rule that tickets a finding wins); null puts it last. */
  position: z.number().int().min(0, 'Ensure this value is greater than or equal to 0.').max(100_000).nullable().default(null),
  conditions: ruleConditions,
  actions: ruleActions,
});
export type RemediationRuleInput = z.input<typeof remediationRuleInput>;
export type RemediationRuleValues = z.output<typeof remediationRuleInput>;

export const remediationRule = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  position: z.number().int(),
  conditions: ruleConditions,
  actions: ruleActions,
  /** Tickets it opened that are still open. */
  open_tickets: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_evaluated_at: z.string().nullable(),
});
export type RemediationRule = z.infer<typeof remediationRule>;

/** POST remediation/rules/preview/: what a rule would ticket now, before it is saved. */
export const remediationRulePreviewInput = z.object({
  conditions: ruleConditions,
  actions: ruleActions.optional(),
});
export type RemediationRulePreviewInput = z.input<typeof remediationRulePreviewInput>;

export const remediationRulePreview = z.object({
  /** Findings it would put on tickets (not ignored, not closed, not already on an open ticket, not excepted). */
  findings: z.number().int(),
  /** Tickets it would open with the grouping given (individual: one per finding). */
  tickets: z.number().int(),
  assets: z.number().int(),
  issues: z.number().int(),
});
export type RemediationRulePreview = z.infer<typeof remediationRulePreview>;

/** POST remediation/rules/{id}/run/: what one evaluation opened. */
export const remediationRuleRun = z.object({
  findings: z.number().int(),
  tickets: z.number().int(),
});
export type RemediationRuleRun = z.infer<typeof remediationRuleRun>;
