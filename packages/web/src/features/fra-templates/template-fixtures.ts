// Phishing, web training and e-mail templates as the API answers them, for the template screens' tests.
import {
  phishingTemplate,
  sessionTemplate,
  type ImportableTemplate,
  type PhishingTemplate,
  type SessionTemplate,
  type TrainingStep,
} from '@bulwark/core';

export function aPhishingTemplate(overrides: Partial<PhishingTemplate> = {}): PhishingTemplate {
  return phishingTemplate.parse({
    id: 11,
    name: 'Parcel held at depot',
    template_type: 'website',
    language: 'english',
    difficulty: 2,
    sender_name: 'Parcel Service',
    sender_local_part: 'tracking',
    email_subject: 'Your parcel is waiting, {{first_name}}',
    email_body: '<p>Hello {{first_name}}, <a href="{{link}}">confirm the delivery</a>.</p>',
    website_main_template: '<form method="post"><input name="email"><input type="password" name="password"></form>',
    website_response_template: '<p>Thank you.</p>',
    archived: false,
    library_key: null,
    created: '2026-11-20T10:00:00.000Z',
    modified: '2026-11-21T09:30:00.000Z',
    ...overrides,
  });
}

export function aStep(overrides: Partial<TrainingStep> = {}): TrainingStep {
  return {
    id: 101,
    position: 0,
    title: 'Check the sender',
    description: 'A real parcel service writes from its own domain.',
    media: { type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    question_type: 'single_choice',
    question_options: [
      { id: 1, text: 'parcels@parcel-service.example', correct: true },
      { id: 2, text: 'parcel-service@free-mail.example', correct: false },
    ],
    correct_message: 'Right: the domain matches.',
    correct_media: null,
    incorrect_message: 'Look at the domain after the @.',
    incorrect_media: null,
    ...overrides,
  };
}

export function aWebTemplate(overrides: Partial<SessionTemplate> = {}): SessionTemplate {
  return sessionTemplate.parse({
    id: 21,
    name: 'Spotting a phish',
    accent_color: '#1c7ed6',
    color_scheme: 'light',
    logo_url: null,
    session_type: 'website',
    section: 'training',
    language: 'english',
    training_steps: [
      aStep(),
      aStep({
        id: 102,
        position: 1,
        title: 'Well done',
        description: 'That is all.',
        media: null,
        question_type: 'no_content',
        question_options: [],
      }),
    ],
    components: {},
    library_key: null,
    created: '2026-11-20T10:00:00.000Z',
    modified: '2026-11-21T09:30:00.000Z',
    ...overrides,
  });
}

export function anEmailTemplate(overrides: Partial<SessionTemplate> = {}): SessionTemplate {
  return sessionTemplate.parse({
    id: 31,
    name: 'Training invitation',
    accent_color: '#1c7ed6',
    color_scheme: 'light',
    logo_url: null,
    session_type: 'email',
    section: 'content',
    language: 'english',
    training_steps: [],
    components: {
      subject: 'A short training for you, {{first_name}}',
      heading: 'Ten minutes that protect us all',
      body: 'Please take the training.',
      button: 'Start the training',
      footer: 'Sent by the security team',
    },
    library_key: null,
    created: '2026-11-20T10:00:00.000Z',
    modified: '2026-11-21T09:30:00.000Z',
    ...overrides,
  });
}

export function anImportable(overrides: Partial<ImportableTemplate> = {}): ImportableTemplate {
  return {
    pk: 'parcel-en',
    name: 'Parcel held at depot',
    language: 'english',
    kind: 'website',
    description: 'A delivery notice asking to confirm an address.',
    imported: false,
    ...overrides,
  };
}
