// Test rows of the recipients and domains screens, as the pinned fra/ API answers them.
import type { Domain, Recipient, RecipientResult, TrackingEventRow } from '@bulwark/core';

export function aRecipient(overrides: Partial<Recipient> = {}): Recipient {
  return {
    id: 7,
    asset_id: 70,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Byron',
    department: 'Finance',
    job_title: 'Controller',
    language: 'english',
    tags: [{ id: 3, name: 'Finance team', color: '#ff0000' }],
    active: true,
    source: 'import',
    external_id: null,
    severity: 3,
    assessments: 2,
    last_assessed: '2026-11-02T09:00:00Z',
    created: '2026-10-01T09:00:00Z',
    modified: '2026-11-02T09:00:00Z',
    ...overrides,
  };
}

export function aDomain(overrides: Partial<Domain> = {}): Domain {
  return {
    id: 2,
    name: 'mail.example-login.com',
    category: { id: 1, name: 'Cloud services' },
    purpose: 'both',
    dkim_selector: 's1',
    dns: null,
    created: '2026-10-01T09:00:00Z',
    ...overrides,
  };
}

export function anEvent(overrides: Partial<TrackingEventRow> = {}): TrackingEventRow {
  return {
    id: 1,
    kind: 'clicked',
    at: '2026-11-02T09:05:00Z',
    human: true,
    bot_reasons: [],
    ip: '198.51.100.7',
    user_agent: 'Mozilla/5.0',
    details: {},
    ...overrides,
  };
}

export function aResult(overrides: Partial<RecipientResult> = {}): RecipientResult {
  return {
    id: 11,
    assessment: { id: 1, uuid: 'a1b2c3', name: 'Q4 invoices' },
    recipient: { id: 7, email: 'ada@example.com', name: 'Ada Byron', department: 'Finance' },
    template: { id: 4, name: 'Overdue invoice' },
    language: 'english',
    state: 'sent',
    send_at: '2026-11-02T09:00:00Z',
    sent_at: '2026-11-02T09:00:00Z',
    delivered_at: '2026-11-02T09:00:01Z',
    bounced_at: null,
    opened_at: '2026-11-02T09:04:00Z',
    clicked_at: '2026-11-02T09:05:00Z',
    submitted_at: null,
    reported_at: null,
    training_started_at: null,
    training_completed_at: null,
    training_score: null,
    severity: 2,
    bot_events: 1,
    ...overrides,
  };
}
