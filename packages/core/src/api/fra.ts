// Payload schemas of phishing assessments and awareness training (platform-core §2, feature-areas §3 and §7 `fra/`):
// phishing templates (archived on delete, restorable), web training and e-mail templates with their steps and
// questions, domains and their categories, recipients, assessments (a send of phishing templates to recipients, with a
// landing page and an optional training) and their schedules, and what each recipient did (a timeline of tracking
// events, bot and scanner requests told apart). Assessment, schedule, recipient and domain fields are not in the spec:
// they are Bulwark's design (docs/phishing.md). Shared by server and web app.
import { z } from 'zod';
import {
  EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER,
  LANGUAGES,
  MEDIA_TYPES,
  QUESTION_TYPES,
  SESSION_TYPES,
  TEMPLATE_SECTIONS,
} from '../codes/training.ts';
import { validateImageLinkSyntax, validateVideoLink } from '../validators/media.ts';
import { scheduleTiming } from './schedules.ts';
import { blank, ID_MAX, name } from './fields.ts';

// ——— Vocabulary ———

/** A website template links to a landing page (main, then response after a submission); an e-mail one is the message alone. */
export const PHISHING_TEMPLATE_TYPES = ['website', 'email'] as const;
export type PhishingTemplateType = (typeof PHISHING_TEMPLATE_TYPES)[number];
export const PHISHING_TEMPLATE_TYPE_LABELS: Record<PhishingTemplateType, string> = {
  website: 'E-mail with landing page',
  email: 'E-mail only',
};

/** How hard a lure is to spot: 1 easy (obvious signs) … 3 hard (well made, plausible sender). */
export const PHISHING_DIFFICULTIES = [1, 2, 3] as const;
export const PHISHING_DIFFICULTY_LABELS: Record<number, string> = { 1: 'Easy', 2: 'Medium', 3: 'Hard' };

/** Placeholders a template's subject, body and pages may hold; {{link}} is the recipient's own tracked link. */
export const TEMPLATE_PLACEHOLDERS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'department',
  'job_title',
  'link',
  'sender_name',
  'date',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** The parts of a training invitation e-mail template ("components by subkind"). */
export const EMAIL_COMPONENT_SUBKINDS = ['subject', 'heading', 'body', 'button', 'footer'] as const;
export type EmailComponentSubkind = (typeof EMAIL_COMPONENT_SUBKINDS)[number];

/** What a recipient can do, in the order of a timeline. */
export const TRACKING_EVENTS = [
  'sent',
  'delivered',
  'bounced',
  'opened',
  'clicked',
  'submitted',
  'reported',
  'training_started',
  'training_completed',
] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];
export const TRACKING_EVENT_LABELS: Record<TrackingEvent, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  bounced: 'Bounced',
  opened: 'Opened',
  clicked: 'Clicked',
  submitted: 'Submitted data',
  reported: 'Reported',
  training_started: 'Training started',
  training_completed: 'Training completed',
};

/** Why a request was judged a machine's (a mail gateway, a link scanner), not the recipient's; each is kept as evidence. */
export const BOT_REASONS = ['too_soon', 'scanner_agent', 'scanner_address', 'head_request', 'prefetch', 'no_script'] as const;
export type BotReason = (typeof BOT_REASONS)[number];
export const BOT_REASON_LABELS: Record<BotReason, string> = {
  too_soon: 'Came too soon after delivery',
  scanner_agent: 'A scanner’s user agent',
  scanner_address: 'From a scanner’s address range',
  head_request: 'HEAD request',
  prefetch: 'Prefetch or preview request',
  no_script: 'The page’s script never ran',
};

export const ASSESSMENT_STATES = ['draft', 'scheduled', 'sending', 'running', 'finished', 'cancelled'] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];
export const ASSESSMENT_STATE_LABELS: Record<AssessmentState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/** When the training follows: never, after a click, or after submitted data. */
export const TRAINING_TRIGGERS = ['none', 'click', 'submit'] as const;
export type TrainingTrigger = (typeof TRAINING_TRIGGERS)[number];

/** A recipient's delivery in an assessment. */
export const TARGET_STATES = ['queued', 'sent', 'bounced', 'failed', 'cancelled'] as const;
export type TargetState = (typeof TARGET_STATES)[number];

export const RECIPIENT_SOURCES = ['manual', 'import', 'azure_ad'] as const;
export type RecipientSource = (typeof RECIPIENT_SOURCES)[number];

export const DOMAIN_PURPOSES = ['sender', 'landing', 'both'] as const;
export type DomainPurpose = (typeof DOMAIN_PURPOSES)[number];
/** The result of a domain's DNS check: pass, fail (present but wrong), missing (no record). */
export const DNS_CHECK_RESULTS = ['pass', 'fail', 'missing'] as const;
export type DnsCheckResult = (typeof DNS_CHECK_RESULTS)[number];

/** Why a member of a team limited to some assets may read but not change recipients, assessments and schedules. */
export const LIMITED_PHISHING_WRITES =
  'Phishing assessments reach people across the organisation: a member of a team limited to some assets cannot change them.';

// ——— Shared fields ———

const id = z.number({ error: 'Give an id.' }).int('Give an id.').positive('Give an id.').max(ID_MAX, 'No such id.');
const ids = (what: string, max = 10_000) => z.array(id, { error: `${what}: give a list of ids.` }).max(max, `${what}: at most ${max}.`);
const text = (max: number) => z.string().max(max, `Ensure this field has no more than ${max} characters.`);
const language = z.enum(LANGUAGES, { error: `Choose one of: ${LANGUAGES.join(', ')}.` });
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');
const at = z.string().nullable();

/** A media link (feature-areas §5): a YouTube or Vimeo video, or an image link; empty means none. */
export const media = z.object({ type: z.enum(MEDIA_TYPES), url: text(2000).default('') }).superRefine((m, c) => {
  const err = m.type === 'video' ? validateVideoLink(m.url) : validateImageLinkSyntax(m.url);
  if (err) c.addIssue({ code: 'custom', path: ['url'], message: err });
});
export type Media = z.output<typeof media>;

const optionalUrl = text(2000)
  .nullable()
  .default(null)
  .refine((v) => v === null || v === '' || validateImageLinkSyntax(v) === null, 'Enter a valid image link.');

// ——— Phishing templates ———

export const phishingTemplateInput = z
  .object({
    name,
    template_type: z.enum(PHISHING_TEMPLATE_TYPES, { error: 'Choose website or email.' }),
    language: language.default('english'),
    difficulty: z.number().int().min(1, 'Difficulty is 1 to 3.').max(3, 'Difficulty is 1 to 3.').default(2),
    /** The sender's display name and the local part of its address (the assessment gives the domain). */
    sender_name: text(200).trim().default(''),
    sender_local_part: z
      .string()
      .trim()
      .max(64, 'At most 64 characters.')
      .regex(/^[A-Za-z0-9._+-]*$/, 'Use letters, digits, dots, plus, minus or underscores.')
      .default('no-reply'),
    email_subject: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, blank)
      .max(300, 'Ensure this field has no more than 300 characters.'),
    /** HTML of the message; a website template must link with {{link}}. */
    email_body: z
      .string({ error: 'This field is required.' })
      .min(1, blank)
      .max(200_000, 'The message is too long (200,000 characters at most).'),
    /** HTML of the landing page and of the page after a submission; "-" for an e-mail template (§5). */
    website_main_template: text(200_000).default(EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER),
    website_response_template: text(200_000).default(EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER),
  })
  .superRefine((v, c) => {
    if (v.template_type === 'website') {
      if (!v.email_body.includes('{{link}}'))
        c.addIssue({
          code: 'custom',
          path: ['email_body'],
          message: 'A website template’s message must link to the landing page with {{link}}.',
        });
      for (const f of ['website_main_template', 'website_response_template'] as const)
        if (v[f].trim() === '' || v[f] === EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER)
          c.addIssue({ code: 'custom', path: [f], message: 'A website template needs its landing pages.' });
    } else {
      for (const f of ['website_main_template', 'website_response_template'] as const)
        if (v[f] !== EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER)
          c.addIssue({
            code: 'custom',
            path: [f],
            message: `An e-mail template has no landing page: send "${EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER}".`,
          });
    }
  });
export type PhishingTemplateInput = z.input<typeof phishingTemplateInput>;

export const phishingTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  template_type: z.enum(PHISHING_TEMPLATE_TYPES),
  language: language,
  difficulty: z.number().int(),
  sender_name: z.string(),
  sender_local_part: z.string(),
  email_subject: z.string(),
  email_body: z.string(),
  website_main_template: z.string(),
  website_response_template: z.string(),
  archived: z.boolean(),
  /** The shipped library entry it was imported from, if any. */
  library_key: z.string().nullable(),
  created: z.string(),
  modified: z.string(),
});
export type PhishingTemplate = z.output<typeof phishingTemplate>;

/** PATCH fra/phishing-templates/{id}/restore/ body (§7: "PATCH restore with archived"). */
export const phishingTemplateRestore = z.object({ archived: z.literal(false, { error: 'Send archived: false to restore.' }) });

/** One entry of a shipped library (GET …/import/): what can be imported, and whether it already was. */
export const importableTemplate = z.object({
  pk: z.string(),
  name: z.string(),
  language: language,
  kind: z.string(),
  description: z.string(),
  imported: z.boolean(),
});
export type ImportableTemplate = z.output<typeof importableTemplate>;
export const importTemplateInput = z.object({
  pk: z.string({ error: 'Choose a template to import.' }).min(1, 'Choose a template to import.').max(200),
});

// ——— Web training and e-mail templates (session templates) ———

export const questionOptionInput = z.object({
  id: id.optional(),
  text: z.string({ error: 'This field is required.' }).trim().min(1, blank).max(500, 'Ensure this field has no more than 500 characters.'),
  correct: z.boolean().default(false),
});
export const questionOption = z.object({ id: z.number().int(), text: z.string(), correct: z.boolean() });

/** A step's question (steps/{step}/questions/): no_content has none (its options are skipped, §5). */
export const questionInput = z
  .object({
    question_type: z.enum(QUESTION_TYPES, { error: `Choose one of: ${QUESTION_TYPES.join(', ')}.` }),
    question_options: z.array(questionOptionInput).max(20, 'At most 20 options.').default([]),
  })
  .superRefine((v, c) => {
    if (v.question_type === 'no_content') return;
    if (v.question_options.length < 2)
      c.addIssue({ code: 'custom', path: ['question_options'], message: 'A question needs at least two options.' });
    const right = v.question_options.filter((o) => o.correct).length;
    if (right === 0) c.addIssue({ code: 'custom', path: ['question_options'], message: 'Mark the correct option.' });
    if (v.question_type === 'single_choice' && right > 1)
      c.addIssue({ code: 'custom', path: ['question_options'], message: 'A single-choice question has exactly one correct option.' });
  });

export const trainingStepInput = z
  .object({
    id: id.optional(),
    title: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, blank)
      .max(300, 'Ensure this field has no more than 300 characters.'),
    description: text(20_000).default(''),
    media: media.nullable().default(null),
    question_type: z.enum(QUESTION_TYPES).default('no_content'),
    question_options: z.array(questionOptionInput).max(20).default([]),
    correct_message: text(2000).default(''),
    correct_media: media.nullable().default(null),
    incorrect_message: text(2000).default(''),
    incorrect_media: media.nullable().default(null),
  })
  .superRefine((v, c) => {
    const q = questionInput.safeParse({ question_type: v.question_type, question_options: v.question_options });
    if (!q.success) for (const i of q.error.issues) c.addIssue({ code: 'custom', path: i.path, message: i.message });
  });
export type TrainingStepInput = z.input<typeof trainingStepInput>;

export const trainingStep = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  media: media.nullable(),
  question_type: z.enum(QUESTION_TYPES),
  question_options: z.array(questionOption),
  correct_message: z.string(),
  correct_media: media.nullable(),
  incorrect_message: z.string(),
  incorrect_media: media.nullable(),
});
export type TrainingStep = z.output<typeof trainingStep>;

/** A web training template (session_type website, section training) or a training e-mail template (email, content). */
export const sessionTemplateInput = z
  .object({
    name,
    accent_color: hexColor.default('#1c7ed6'),
    color_scheme: z.enum(COLOR_SCHEMES).default('light'),
    logo_url: optionalUrl,
    session_type: z.enum(SESSION_TYPES, { error: 'Choose website or email.' }),
    section: z.enum(TEMPLATE_SECTIONS, { error: 'Choose training or content.' }),
    language: language.default('english'),
    /** Web training templates: the steps in order. */
    training_steps: z.array(trainingStepInput).max(50, 'At most 50 steps.').default([]),
    /** E-mail templates: text per subkind ({{link}} in body or button is the training link). */
    components: z.partialRecord(z.enum(EMAIL_COMPONENT_SUBKINDS), text(20_000)).default({}),
  })
  .superRefine((v, c) => {
    if (v.session_type === 'website' && v.training_steps.length === 0)
      c.addIssue({ code: 'custom', path: ['training_steps'], message: 'A training needs at least one step.' });
    if (v.session_type === 'email' && !(v.components.subject ?? '').trim())
      c.addIssue({ code: 'custom', path: ['components', 'subject'], message: 'An e-mail template needs a subject.' });
  });
export type SessionTemplateInput = z.input<typeof sessionTemplateInput>;

export const sessionTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  accent_color: z.string(),
  color_scheme: z.enum(COLOR_SCHEMES),
  logo_url: z.string().nullable(),
  session_type: z.enum(SESSION_TYPES),
  section: z.enum(TEMPLATE_SECTIONS),
  language: language,
  training_steps: z.array(trainingStep),
  components: z.partialRecord(z.enum(EMAIL_COMPONENT_SUBKINDS), z.string()),
  library_key: z.string().nullable(),
  created: z.string(),
  modified: z.string(),
});
export type SessionTemplate = z.output<typeof sessionTemplate>;

/** The video thumbnail lookup (feature-areas §7 "Other"): the provider's embed information. */
export const videoThumbnail = z.object({
  provider: z.enum(['youtube', 'vimeo']),
  video_id: z.string(),
  title: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});

// ——— Domains ———

export const domainCategoryInput = z.object({ name });
export const domainCategory = z.object({ id: z.number().int(), name: z.string(), domains: z.number().int() });

const hostname = z
  .string({ error: 'This field is required.' })
  .trim()
  .toLowerCase()
  .min(1, blank)
  .max(253, 'A domain name has at most 253 characters.')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'Enter a domain name such as mail.example.com.');

export const domainInput = z.object({
  name: hostname,
  category: id.nullable().default(null),
  purpose: z.enum(DOMAIN_PURPOSES).default('both'),
  /** The DKIM selector the sending service signs with, to check its key. */
  dkim_selector: z
    .string()
    .trim()
    .max(63)
    .regex(/^[A-Za-z0-9._-]*$/, 'A selector is letters, digits, dots, minus and underscores.')
    .default(''),
});
export type DomainInput = z.input<typeof domainInput>;

export const domainDnsCheck = z.object({
  checked_at: z.string(),
  spf: z.enum(DNS_CHECK_RESULTS),
  dkim: z.enum(DNS_CHECK_RESULTS),
  dmarc: z.enum(DNS_CHECK_RESULTS),
  mx: z.enum(DNS_CHECK_RESULTS),
  /** Person-readable findings ("SPF does not allow 192.0.2.7, which sends for Bulwark"). */
  messages: z.array(z.string()),
  /** Whether mail from this domain is expected to be delivered. */
  deliverable: z.boolean(),
});
export type DomainDnsCheck = z.output<typeof domainDnsCheck>;

export const domain = z.object({
  id: z.number().int(),
  name: z.string(),
  category: domainCategory.pick({ id: true, name: true }).nullable(),
  purpose: z.enum(DOMAIN_PURPOSES),
  dkim_selector: z.string(),
  dns: domainDnsCheck.nullable(),
  created: z.string(),
});
export type Domain = z.output<typeof domain>;

// ——— Recipients ———

const tagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

export const recipientInput = z.object({
  email: z.email('Enter a valid email address.').max(254).toLowerCase(),
  first_name: text(100).trim().default(''),
  last_name: text(100).trim().default(''),
  department: text(200).trim().default(''),
  job_title: text(200).trim().default(''),
  language: language.default('english'),
  /** Tag ids (the recipient asset's tags; /fra/pat-unified-tags). */
  tags: ids('Tags', 100).default([]),
  active: z.boolean().default(true),
});
export type RecipientInput = z.input<typeof recipientInput>;

export const recipient = z.object({
  id: z.number().int(),
  /** The recipient asset (category recipients) its findings are on. */
  asset_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  department: z.string(),
  job_title: z.string(),
  language: language,
  tags: z.array(tagRef),
  active: z.boolean(),
  source: z.enum(RECIPIENT_SOURCES),
  external_id: z.string().nullable(),
  /** Phishing severity 0 neutral … 4 critical, from the recipient's behaviour (docs/phishing.md). */
  severity: z.number().int(),
  assessments: z.number().int(),
  last_assessed: at,
  created: z.string(),
  modified: z.string(),
});
export type Recipient = z.output<typeof recipient>;

/** The columns a recipient CSV may have (header row, any order; email required). */
export const RECIPIENT_CSV_COLUMNS = ['email', 'first_name', 'last_name', 'department', 'job_title', 'language', 'tags'] as const;

/** POST fra/recipients/import/: a preview (dry_run) or the import itself; errors are per row, keyed by column. */
export const recipientImportResult = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
  /** The first rows as they would be stored (preview). */
  preview: z.array(recipientInput.omit({ tags: true }).extend({ tags: z.array(z.string()), row: z.number().int() })),
});
export type RecipientImportResult = z.output<typeof recipientImportResult>;

/** POST fra/recipients/sync/azure_ad/ answer. */
export const directorySyncResult = z.object({
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  pages: z.number().int(),
  throttled: z.number().int(),
  finished: z.string(),
});
export type DirectorySyncResult = z.output<typeof directorySyncResult>;

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
