// Payload schemas of phishing assessments, their schedules and results (§7 `fra/`): an assessment sends phishing
// templates to recipients with a landing page and an optional training; its results are what each person did, machine
// requests apart (docs/phishing.md). Shared by server and web app.
import { z } from 'zod';
import { ASSESSMENT_STATES, BOT_REASONS, TARGET_STATES, TRACKING_EVENTS, TRAINING_TRIGGERS, type TrainingTrigger } from './fra.ts';
import { at, id, ids, language } from './fra-fields.ts';
import { scheduleTiming } from './schedules.ts';
import { name } from './fields.ts';

// ——— Assessments ———

/** Who an assessment goes to: listed recipients, recipients with any of the tags, or of the departments (union). */
export const recipientSelection = z.object({
  recipients: ids('Recipients', 100_000).default([]),
  tags: ids('Tags', 100).default([]),
  departments: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
});
export type RecipientSelection = z.output<typeof recipientSelection>;

const assessmentSettings = z.object({
  name,
  /** One or more phishing templates; each recipient gets one of them (spread evenly, in their language when there is one). */
  phishing_templates: ids('Phishing templates', 50).min(1, 'Choose at least one phishing template.'),
  recipients: recipientSelection.default({ recipients: [], tags: [], departments: [] }),
  sender_domain: id,
  /** The landing pages' domain; the sender domain when not given. */
  landing_domain: id.nullable().default(null),
  training_template: id.nullable().default(null),
  training_trigger: z.enum(TRAINING_TRIGGERS).default('none'),
  /** Messages per minute at most (the installation may set a lower ceiling). */
  rate_per_minute: z.number().int().min(1, 'At least 1 message a minute.').max(6000, 'At most 6,000 messages a minute.').default(60),
  /** How long after the last message clicks and submissions are still counted. */
  tracking_days: z.number().int().min(1, 'At least one day.').max(90, 'At most 90 days.').default(14),
});

const selectionRule = (v: { recipients: RecipientSelection }, c: z.RefinementCtx) => {
  if (v.recipients.recipients.length + v.recipients.tags.length + v.recipients.departments.length === 0)
    c.addIssue({ code: 'custom', path: ['recipients'], message: 'Choose recipients, tags or departments.' });
};
const trainingRule = (v: { training_template: number | null; training_trigger: TrainingTrigger }, c: z.RefinementCtx) => {
  if (v.training_trigger !== 'none' && v.training_template === null)
    c.addIssue({ code: 'custom', path: ['training_template'], message: 'Choose the training that follows.' });
};

export const assessmentInput = assessmentSettings
  .extend({
    /** The sending window: messages are spread evenly between these instants (now and at once when not given). */
    send_start: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).nullable().default(null),
    send_end: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).nullable().default(null),
  })
  .superRefine((v, c) => {
    selectionRule(v, c);
    trainingRule(v, c);
    if (v.send_start && v.send_end && new Date(v.send_end) <= new Date(v.send_start))
      c.addIssue({ code: 'custom', path: ['send_end'], message: 'The window must end after it starts.' });
  });
export type AssessmentInput = z.input<typeof assessmentInput>;

/** Counts of people, bots apart: a recipient counts once per event kind, only for what a person did. */
export const assessmentStats = z.object({
  targets: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  submitted: z.number().int(),
  reported: z.number().int(),
  training_started: z.number().int(),
  training_completed: z.number().int(),
  /** Requests judged a machine's, not counted above. */
  bot_events: z.number().int(),
});
export type AssessmentStats = z.output<typeof assessmentStats>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const assessment = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  state: z.enum(ASSESSMENT_STATES),
  phishing_templates: z.array(ref),
  recipients: recipientSelection,
  sender_domain: ref.nullable(),
  landing_domain: ref.nullable(),
  training_template: ref.nullable(),
  training_trigger: z.enum(TRAINING_TRIGGERS),
  rate_per_minute: z.number().int(),
  tracking_days: z.number().int(),
  send_start: at,
  send_end: at,
  schedule: z.number().int().nullable(),
  stats: assessmentStats,
  progress: z.number(),
  created: z.string(),
  created_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  started: at,
  finished: at,
});
export type Assessment = z.output<typeof assessment>;

/** Assessment schedules: the same settings, started on the one recurrence (platform-core §3 Schedule timing). */
export const assessmentScheduleInput = scheduleTiming
  .extend(assessmentSettings.shape)
  .extend({
    active: z.boolean().default(true),
    /** Hours over which each run's messages are spread (0: at once). */
    window_hours: z
      .number()
      .int()
      .min(0)
      .max(24 * 14)
      .default(4),
  })
  .superRefine((v, c) => {
    selectionRule(v, c);
    trainingRule(v, c);
  });
export type AssessmentScheduleInput = z.input<typeof assessmentScheduleInput>;

export const assessmentSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  start_date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  end_date: z.string().nullable(),
  repeat: z.string(),
  interval: z.number().int(),
  weekdays: z.array(z.number().int()),
  monthly_mode: z.string(),
  max_run_cnt: z.number().int(),
  window_hours: z.number().int(),
  phishing_templates: z.array(ref),
  recipients: recipientSelection,
  sender_domain: ref.nullable(),
  landing_domain: ref.nullable(),
  training_template: ref.nullable(),
  training_trigger: z.enum(TRAINING_TRIGGERS),
  rate_per_minute: z.number().int(),
  tracking_days: z.number().int(),
  next_run: at,
  last_run: at,
  runs: z.number().int(),
  created: z.string(),
});
export type AssessmentSchedule = z.output<typeof assessmentSchedule>;

// ——— Results ———

export const trackingEvent = z.object({
  id: z.number().int(),
  kind: z.enum(TRACKING_EVENTS),
  at: z.string(),
  /** False: a machine's request, shown apart and not counted; `bot_reasons` says why. */
  human: z.boolean(),
  bot_reasons: z.array(z.enum(BOT_REASONS)),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** e.g. submitted: the names of the fields filled (never a value); training_completed: score. */
  details: z.record(z.string(), z.unknown()),
});
export type TrackingEventRow = z.output<typeof trackingEvent>;

/** One recipient in one assessment (recipient-results, the assessment's result table). */
export const recipientResult = z.object({
  id: z.number().int(),
  assessment: z.object({ id: z.number().int(), uuid: z.string(), name: z.string() }),
  recipient: z.object({ id: z.number().int(), email: z.string(), name: z.string(), department: z.string() }),
  template: ref.nullable(),
  language: language,
  state: z.enum(TARGET_STATES),
  send_at: at,
  sent_at: at,
  delivered_at: at,
  bounced_at: at,
  opened_at: at,
  clicked_at: at,
  submitted_at: at,
  reported_at: at,
  training_started_at: at,
  training_completed_at: at,
  /** Percentage of questions answered right, once the training is completed. */
  training_score: z.number().int().nullable(),
  severity: z.number().int(),
  bot_events: z.number().int(),
  /** Why the message could not be sent (failed) or was refused (bounced): the mail server's answer. */
  error: z.string().nullable().optional(),
});
export type RecipientResult = z.output<typeof recipientResult>;
