// The phishing and training payload rules of feature-areas §3-§5: e-mail templates send "-" for their website
// templates, a no_content question has no options, media links follow the video and image rules, recipients and
// assessments validate their fields; placeholders are filled and escaped.
import { describe, expect, it } from 'vitest';
import {
  assessmentInput,
  domainInput,
  fillPlaceholders,
  INVALID_IMAGE_LINK,
  INVALID_VIDEO_LINK,
  phishingTemplateInput,
  placeholdersIn,
  questionInput,
  recipientInput,
  sessionTemplateInput,
  trainingStepInput,
} from '../src/index.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const website = {
  name: 'Password expiry',
  template_type: 'website',
  email_subject: 'Your password expires today',
  email_body: '<p>Hello {{first_name}}, <a href="{{link}}">keep your password</a></p>',
  website_main_template: '<form><input name="user"><input type="password" name="pass"></form>',
  website_response_template: '<p>Thank you</p>',
};

describe('phishing templates', () => {
  it('accepts a website template and defaults its sender and language', () => {
    const t = phishingTemplateInput.parse(website);
    expect(t.language).toBe('english');
    expect(t.sender_local_part).toBe('no-reply');
    expect(t.difficulty).toBe(2);
  });
  it('needs {{link}} and the landing pages in a website template', () => {
    const r = phishingTemplateInput.safeParse({ ...website, email_body: '<p>no link</p>', website_main_template: '-' });
    expect(messages(r)).toEqual({
      email_body: 'A website template’s message must link to the landing page with {{link}}.',
      website_main_template: 'A website template needs its landing pages.',
    });
  });
  it('sends "-" for the website templates of an e-mail template (§5) and refuses a landing page', () => {
    const e = phishingTemplateInput.parse({
      ...website,
      template_type: 'email',
      website_main_template: undefined,
      website_response_template: undefined,
    });
    expect([e.website_main_template, e.website_response_template]).toEqual(['-', '-']);
    const r = phishingTemplateInput.safeParse({ ...website, template_type: 'email' });
    expect(messages(r).website_main_template).toBe('An e-mail template has no landing page: send "-".');
  });
  it('refuses a sender local part that is not an address part', () => {
    expect(messages(phishingTemplateInput.safeParse({ ...website, sender_local_part: 'it desk' })).sender_local_part).toMatch(
      /letters, digits/,
    );
  });
});

describe('training steps and questions', () => {
  it('stores no options for a no_content question (§5: skipped)', () => {
    expect(questionInput.parse({ question_type: 'no_content' }).question_options).toEqual([]);
  });
  it('needs two options and a correct one; a single choice has exactly one', () => {
    expect(messages(questionInput.safeParse({ question_type: 'multiple_choice', question_options: [{ text: 'a' }] }))).toEqual({
      question_options: 'Mark the correct option.',
    });
    const two = [
      { text: 'a', correct: true },
      { text: 'b', correct: true },
    ];
    expect(messages(questionInput.safeParse({ question_type: 'single_choice', question_options: two }))).toEqual({
      question_options: 'A single-choice question has exactly one correct option.',
    });
    expect(questionInput.safeParse({ question_type: 'multiple_choice', question_options: two }).success).toBe(true);
  });
  it('checks media links with the spec messages and accepts empty', () => {
    const step = (media: unknown) => trainingStepInput.safeParse({ title: 'Look at the sender', media });
    expect(messages(step({ type: 'video', url: 'https://example.com/v/1' }))['media.url']).toBe(INVALID_VIDEO_LINK);
    expect(messages(step({ type: 'image', url: 'not a link' }))['media.url']).toBe(INVALID_IMAGE_LINK);
    expect(step({ type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }).success).toBe(true);
    expect(step({ type: 'video', url: '' }).success).toBe(true);
  });
  it('needs a step in a web training and a subject in an e-mail template', () => {
    expect(messages(sessionTemplateInput.safeParse({ name: 'T', session_type: 'website', section: 'training' }))).toEqual({
      training_steps: 'A training needs at least one step.',
    });
    expect(messages(sessionTemplateInput.safeParse({ name: 'E', session_type: 'email', section: 'content' }))).toEqual({
      'components.subject': 'An e-mail template needs a subject.',
    });
    expect(
      messages(
        sessionTemplateInput.safeParse({
          name: 'T',
          session_type: 'website',
          section: 'training',
          accent_color: 'blue',
          training_steps: [{ title: 'x' }],
        }),
      ),
    ).toEqual({
      accent_color: 'Enter a colour as #rrggbb.',
    });
  });
});

describe('recipients, domains and assessments', () => {
  it('lower-cases a recipient address and refuses an unknown language', () => {
    expect(recipientInput.parse({ email: 'Kim.Lee@Example.COM' }).email).toBe('kim.lee@example.com');
    expect(messages(recipientInput.safeParse({ email: 'kim@example.com', language: 'klingon' })).language).toMatch(
      /^Choose one of: danish/,
    );
  });
  it('takes a domain name only', () => {
    expect(domainInput.parse({ name: 'Login.Example-Phish.com' }).name).toBe('login.example-phish.com');
    expect(messages(domainInput.safeParse({ name: 'http://x' })).name).toBe('Enter a domain name such as mail.example.com.');
  });
  it('needs templates, recipients, a sender domain, and the training when one follows', () => {
    expect(
      messages(assessmentInput.safeParse({ name: 'Q4', phishing_templates: [], sender_domain: 1, training_trigger: 'click' })),
    ).toEqual({
      phishing_templates: 'Choose at least one phishing template.',
      recipients: 'Choose recipients, tags or departments.',
      training_template: 'Choose the training that follows.',
    });
    const window = { send_start: '2026-12-01T09:00:00Z', send_end: '2026-12-01T08:00:00Z' };
    expect(
      messages(
        assessmentInput.safeParse({
          name: 'Q4',
          phishing_templates: [1],
          sender_domain: 1,
          recipients: { departments: ['Finance'] },
          ...window,
        }),
      ).send_end,
    ).toBe('The window must end after it starts.');
  });
});

describe('placeholders', () => {
  it('fills known placeholders, escapes HTML values and leaves unknown ones', () => {
    const out = fillPlaceholders(
      'Hi {{ first_name }}, see {{link}} {{unknown}}',
      { first_name: '<b>Kim</b>', link: 'https://x/l/t' },
      true,
    );
    expect(out).toBe('Hi &lt;b&gt;Kim&lt;/b&gt;, see https://x/l/t {{unknown}}');
    expect(fillPlaceholders('{{first_name}}', { first_name: '<b>' }, false)).toBe('<b>');
  });
  it('lists the placeholders a text uses', () => {
    expect(placeholdersIn('{{link}} {{first_name}} {{link}} {{nope}}')).toEqual(['link', 'first_name']);
  });
});
