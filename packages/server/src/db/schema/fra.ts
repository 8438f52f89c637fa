// Phishing assessments and awareness training (feature-areas §3 and §7 `fra/`): phishing templates (archived, not
// deleted), web training and e-mail templates with their steps, domains and categories, recipients (each with its
// recipient asset, where its `pat` findings live), assessments and their schedules, each recipient's delivery in an
// assessment (its own tracking token) and the tracking events (bot and scanner requests kept, marked apart).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BotReason, DomainDnsCheck, Media, RecipientSelection, TrackingEvent } from '@bulwark/core';
import { assets } from './assets.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const modified = () => timestamp('modified_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const fraPhishingTemplates = pgTable(
  'fra_phishing_templates',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    templateType: text('template_type').$type<'website' | 'email'>().notNull(),
    language: text('language').notNull().default('english'),
    difficulty: smallint('difficulty').notNull().default(2),
    senderName: text('sender_name').notNull().default(''),
    senderLocalPart: text('sender_local_part').notNull().default('no-reply'),
    emailSubject: text('email_subject').notNull(),
    emailBody: text('email_body').notNull(),
    websiteMainTemplate: text('website_main_template').notNull().default('-'),
    websiteResponseTemplate: text('website_response_template').notNull().default('-'),
    archived: boolean('archived').notNull().default(false),
    /** The shipped library entry it came from (import), so the list can say it is already imported. */
    libraryKey: text('library_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    modifiedAt: modified(),
  },
  (t) => [index('fra_phishing_templates_customer_idx').on(t.customerId, t.archived)],
);

/** Web training templates (website/training) and training e-mail templates (email/content). */
export const fraSessionTemplates = pgTable(
  'fra_session_templates',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    accentColor: text('accent_color').notNull().default('#1c7ed6'),
    colorScheme: text('color_scheme').$type<'light' | 'dark'>().notNull().default('light'),
    logoUrl: text('logo_url'),
    sessionType: text('session_type').$type<'website' | 'email'>().notNull(),
    section: text('section').$type<'training' | 'content'>().notNull(),
    language: text('language').notNull().default('english'),
    /** E-mail templates: text per subkind (subject, heading, body, button, footer). */
    components: jsonb('components').$type<Partial<Record<string, string>>>().notNull().default({}),
    libraryKey: text('library_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    modifiedAt: modified(),
  },
  (t) => [index('fra_session_templates_customer_idx').on(t.customerId, t.sessionType)],
);

export const fraTrainingSteps = pgTable(
  'fra_training_steps',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => fraSessionTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    media: jsonb('media').$type<Media | null>(),
    questionType: text('question_type').$type<'no_content' | 'multiple_choice' | 'single_choice'>().notNull().default('no_content'),
    /** [{id, text, correct}] — ids are unique within the step. */
    questionOptions: jsonb('question_options').$type<{ id: number; text: string; correct: boolean }[]>().notNull().default([]),
    correctMessage: text('correct_message').notNull().default(''),
    correctMedia: jsonb('correct_media').$type<Media | null>(),
    incorrectMessage: text('incorrect_message').notNull().default(''),
    incorrectMedia: jsonb('incorrect_media').$type<Media | null>(),
  },
  (t) => [index('fra_training_steps_template_idx').on(t.templateId, t.position)],
);

export const fraDomainCategories = pgTable(
  'fra_domain_categories',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('fra_domain_categories_name_idx').on(t.customerId, sql`lower(${t.name})`)],
);

export const fraDomains = pgTable(
  'fra_domains',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => fraDomainCategories.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<'sender' | 'landing' | 'both'>().notNull().default('both'),
    dkimSelector: text('dkim_selector').notNull().default(''),
    dns: jsonb('dns').$type<DomainDnsCheck | null>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('fra_domains_name_idx').on(t.customerId, t.name)],
);

export const fraRecipients = pgTable(
  'fra_recipients',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    /** The recipient asset (kind 'recipient', value = the e-mail address); its tags are the recipient's tags. */
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    department: text('department').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    language: text('language').notNull().default('english'),
    active: boolean('active').notNull().default(true),
    source: text('source').$type<'manual' | 'import' | 'azure_ad'>().notNull().default('manual'),
    /** The directory's object id (Azure AD), for sync. */
    externalId: text('external_id'),
    /** Phishing severity 0 neutral … 4 critical, kept by the results (docs/phishing.md). */
    severity: smallint('severity').notNull().default(0),
    createdAt: created(),
    modifiedAt: modified(),
  },
  (t) => [
    uniqueIndex('fra_recipients_email_idx').on(t.customerId, t.email),
    uniqueIndex('fra_recipients_asset_idx').on(t.assetId),
    index('fra_recipients_department_idx').on(t.customerId, t.department),
    uniqueIndex('fra_recipients_external_idx')
      .on(t.customerId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/** What an assessment (and a schedule's runs) sends, shared by both tables. */
const assessmentSettings = () => ({
  name: text('name').notNull(),
  phishingTemplateIds: jsonb('phishing_template_ids').$type<number[]>().notNull().default([]),
  selection: jsonb('selection').$type<RecipientSelection>().notNull(),
  senderDomainId: integer('sender_domain_id').references(() => fraDomains.id, { onDelete: 'set null' }),
  landingDomainId: integer('landing_domain_id').references(() => fraDomains.id, { onDelete: 'set null' }),
  trainingTemplateId: integer('training_template_id').references(() => fraSessionTemplates.id, { onDelete: 'set null' }),
  trainingTrigger: text('training_trigger').$type<'none' | 'click' | 'submit'>().notNull().default('none'),
  ratePerMinute: integer('rate_per_minute').notNull().default(60),
  trackingDays: integer('tracking_days').notNull().default(14),
});

export const fraSchedules = pgTable(
  'fra_schedules',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    ...assessmentSettings(),
    active: boolean('active').notNull().default(true),
    /** The recurrence (core's scheduleTiming, the one engine in schedules/recurrence.ts). */
    timing: jsonb('timing').$type<Record<string, unknown>>().notNull(),
    windowHours: integer('window_hours').notNull().default(4),
    nextRun: ts('next_run'),
    lastRun: ts('last_run'),
    runs: integer('runs').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    modifiedAt: modified(),
  },
  (t) => [
    index('fra_schedules_due_idx')
      .on(t.nextRun)
      .where(sql`${t.active}`),
  ],
);

export const fraAssessments = pgTable(
  'fra_assessments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    customerId: customerId(),
    ...assessmentSettings(),
    state: text('state').$type<'draft' | 'scheduled' | 'sending' | 'running' | 'finished' | 'cancelled'>().notNull().default('draft'),
    sendStart: ts('send_start'),
    sendEnd: ts('send_end'),
    scheduleId: integer('schedule_id').references(() => fraSchedules.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    modifiedAt: modified(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('fra_assessments_uuid_idx').on(t.uuid), index('fra_assessments_customer_idx').on(t.customerId, t.createdAt)],
);

/** One recipient in one assessment: its message, its token, and the first time of each thing a person did. */
export const fraTargets = pgTable(
  'fra_targets',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => fraAssessments.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => fraRecipients.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => fraPhishingTemplates.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('english'),
    /** The recipient's own link token (URL-safe, 128 bits): never guessable, never reused. */
    token: text('token').notNull(),
    state: text('state').$type<'queued' | 'sent' | 'bounced' | 'failed' | 'cancelled'>().notNull().default('queued'),
    sendAt: ts('send_at'),
    messageId: text('message_id'),
    error: text('error'),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    bouncedAt: ts('bounced_at'),
    openedAt: ts('opened_at'),
    clickedAt: ts('clicked_at'),
    submittedAt: ts('submitted_at'),
    reportedAt: ts('reported_at'),
    trainingStartedAt: ts('training_started_at'),
    trainingCompletedAt: ts('training_completed_at'),
    trainingScore: smallint('training_score'),
    /** The training's answers so far: {stepId: optionIds}. */
    trainingAnswers: jsonb('training_answers').$type<Record<string, number[]>>().notNull().default({}),
    severity: smallint('severity').notNull().default(0),
    botEvents: integer('bot_events').notNull().default(0),
  },
  (t) => [
    uniqueIndex('fra_targets_token_idx').on(t.token),
    uniqueIndex('fra_targets_recipient_idx').on(t.assessmentId, t.recipientId),
    index('fra_targets_due_idx')
      .on(t.sendAt)
      .where(sql`${t.state} = 'queued'`),
    index('fra_targets_recipient_at_idx').on(t.recipientId),
    index('fra_targets_customer_idx').on(t.customerId, t.assessmentId),
  ],
);

/** Every request the tracking listener saw for a token, a person's or a machine's (with why it was judged one). */
export const fraEvents = pgTable(
  'fra_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerId(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => fraAssessments.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => fraTargets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TrackingEvent>().notNull(),
    at: ts('at').notNull(),
    human: boolean('human').notNull(),
    botReasons: jsonb('bot_reasons').$type<BotReason[]>().notNull().default([]),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('fra_events_target_idx').on(t.targetId, t.at), index('fra_events_assessment_idx').on(t.assessmentId, t.kind, t.human)],
);
