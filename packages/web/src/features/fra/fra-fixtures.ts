// Test data of the assessment screens, checked by core's schemas: an assessment, a schedule, a recipient's result, a
// tracking event, and the form's choices (templates, domains, recipients, tags, departments, trainings).
import {
  assessment,
  assessmentSchedule,
  domain,
  phishingTemplate,
  recipient,
  recipientResult,
  sessionTemplate,
  trackingEvent,
  type Assessment,
  type AssessmentSchedule,
  type Domain,
  type PhishingTemplate,
  type Recipient,
  type RecipientResult,
  type TrackingEventRow,
} from '@bulwark/core';

const STATS = {
  targets: 40,
  sent: 40,
  delivered: 38,
  bounced: 2,
  opened: 20,
  clicked: 10,
  submitted: 4,
  reported: 6,
  training_started: 5,
  training_completed: 3,
  bot_events: 17,
};

export function anAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return assessment.parse({
    id: 1,
    uuid: 'a1b2c3d4-0000-4000-8000-000000000001',
    name: 'Q4 invoice lure',
    state: 'running',
    phishing_templates: [{ id: 3, name: 'Unpaid invoice' }],
    recipients: { recipients: [], tags: [], departments: ['Finance'] },
    sender_domain: { id: 5, name: 'billing-example.com' },
    landing_domain: null,
    training_template: { id: 8, name: 'Spot the lure' },
    training_trigger: 'click',
    rate_per_minute: 60,
    tracking_days: 14,
    send_start: null,
    send_end: null,
    schedule: null,
    stats: STATS,
    progress: 1,
    created: '2026-11-20T09:00:00.000Z',
    created_by: { id: 1, email: 'admin@example.com' },
    started: '2026-11-20T10:00:00.000Z',
    finished: null,
    ...overrides,
  });
}

export const ZERO_STATS = Object.fromEntries(Object.keys(STATS).map((k) => [k, 0])) as typeof STATS;

export function aTemplate(overrides: Partial<PhishingTemplate> = {}): PhishingTemplate {
  return phishingTemplate.parse({
    id: 3,
    name: 'Unpaid invoice',
    template_type: 'website',
    language: 'english',
    difficulty: 2,
    sender_name: 'Billing',
    sender_local_part: 'billing',
    email_subject: 'Your invoice is overdue',
    email_body: '<p>Pay here: {{link}}</p>',
    website_main_template: '<form><input name="user"><input name="password" type="password"></form>',
    website_response_template: '<p>Thanks</p>',
    archived: false,
    library_key: null,
    created: '2026-11-01T00:00:00.000Z',
    modified: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
}

export function aDomain(overrides: Partial<Domain> = {}): Domain {
  return domain.parse({
    id: 5,
    name: 'billing-example.com',
    category: null,
    purpose: 'both',
    dkim_selector: '',
    dns: {
      checked_at: '2026-11-19T00:00:00.000Z',
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      mx: 'pass',
      messages: [],
      deliverable: true,
    },
    created: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
}

export function aRecipient(overrides: Partial<Recipient> = {}): Recipient {
  return recipient.parse({
    id: 21,
    asset_id: 121,
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    department: 'Finance',
    job_title: 'Controller',
    language: 'english',
    tags: [],
    active: true,
    source: 'manual',
    external_id: null,
    severity: 0,
    assessments: 0,
    last_assessed: null,
    created: '2026-11-01T00:00:00.000Z',
    modified: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
}

export function aTraining() {
  return sessionTemplate.parse({
    id: 8,
    name: 'Spot the lure',
    session_type: 'website',
    language: 'english',
    accent_color: '#1c7ed6',
    color_scheme: 'light',
    logo_url: null,
    section: 'training',
    training_steps: [],
    components: {},
    library_key: null,
    created: '2026-11-01T00:00:00.000Z',
    modified: '2026-11-01T00:00:00.000Z',
  });
}

export function aResult(overrides: Partial<RecipientResult> = {}): RecipientResult {
  return recipientResult.parse({
    id: 71,
    assessment: { id: 1, uuid: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Q4 invoice lure' },
    recipient: { id: 21, email: 'grace@example.com', name: 'Grace Hopper', department: 'Finance' },
    template: { id: 3, name: 'Unpaid invoice' },
    language: 'english',
    state: 'sent',
    send_at: '2026-11-20T10:00:00.000Z',
    sent_at: '2026-11-20T10:00:01.000Z',
    delivered_at: null,
    bounced_at: null,
    opened_at: '2026-11-20T10:05:00.000Z',
    clicked_at: '2026-11-20T10:06:00.000Z',
    submitted_at: null,
    reported_at: null,
    training_started_at: null,
    training_completed_at: null,
    training_score: null,
    severity: 3,
    bot_events: 2,
    ...overrides,
  });
}

export function anEvent(overrides: Partial<TrackingEventRow> = {}): TrackingEventRow {
  return trackingEvent.parse({
    id: 901,
    kind: 'clicked',
    at: '2026-11-20T10:06:00.000Z',
    human: true,
    bot_reasons: [],
    ip: '198.51.100.20',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
    details: {},
    ...overrides,
  });
}

export function aSchedule(overrides: Partial<AssessmentSchedule> = {}): AssessmentSchedule {
  return assessmentSchedule.parse({
    id: 4,
    name: 'Monthly finance check',
    active: true,
    start_date: '2026-12-01',
    time: '09:00',
    time_zone: 'UTC',
    end_date: null,
    repeat: 'monthly',
    interval: 1,
    weekdays: [],
    monthly_mode: 'day_of_month',
    max_run_cnt: 0,
    window_hours: 4,
    phishing_templates: [{ id: 3, name: 'Unpaid invoice' }],
    recipients: { recipients: [], tags: [], departments: ['Finance'] },
    sender_domain: { id: 5, name: 'billing-example.com' },
    landing_domain: null,
    training_template: null,
    training_trigger: 'none',
    rate_per_minute: 60,
    tracking_days: 14,
    next_run: '2026-12-01T09:00:00.000Z',
    last_run: null,
    runs: 0,
    created: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
}
