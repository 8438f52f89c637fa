// Vocabulary and template payloads of phishing assessments and awareness training (platform-core §2, feature-areas §3
// and §7 `fra/`): the event, bot-reason, state and trigger vocabularies; phishing templates (archived on delete,
// restorable); web training and e-mail templates with their steps and questions; media. Domains and recipients are in
// fra-people.ts; assessments, schedules and results in fra-assessments.ts. Shared by server and web app.
import { z } from 'zod';
import { EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER, MEDIA_TYPES, QUESTION_TYPES, SESSION_TYPES, TEMPLATE_SECTIONS } from '../codes/training.ts';
import { validateImageLinkSyntax, validateVideoLink } from '../validators/media.ts';
import { blank, name } from './fields.ts';
import { id, language, text } from './fra-fields.ts';

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

// ——— Shared fields (the id, text and language fields are in fra-fields.ts) ———

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');

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
