// The shipped starter library: what it holds (six lures in English and more in Swedish and German, two web trainings
// with 4-6 steps mixing question types with a video and an image, two invitation e-mails), that every entry passes
// core's input schemas and is self-contained HTML (no scripts, no external resources, credential pages with a password
// field), and importing it through the API (fra/phishing-templates/import/, fra/session-templates/import/): every
// entry imports (201) and round-trips core's schema, the list then says imported, a second import is refused (409),
// an unknown key is a field error, and another customer's library is untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  placeholdersIn,
  phishingTemplateInput,
  sessionTemplateInput,
  type ImportableTemplate,
  type PhishingTemplate,
  type SessionTemplate,
} from '@bulwark/core';
import { PHISHING_LIBRARY, SESSION_LIBRARY } from '../src/modules/fra-templates/library/index.ts';
import { phishingInputOf } from '../src/modules/fra-templates/phishing-templates.ts';
import { sessionInputOf } from '../src/modules/fra-templates/session-templates.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

const PT = '/api/fra/phishing-templates/';
const ST = '/api/fra/session-templates/';
const SCENARIOS = ['password-expiry', 'shared-document', 'parcel-delivery', 'invoice', 'mfa-reset', 'hr-policy'];
const CREDENTIALS = ['password-expiry', 'shared-document', 'mfa-reset', 'hr-policy'];

/** Anything that would load from elsewhere or run: scripts, external stylesheets, images, frames, CSS urls. */
const EXTERNAL = /<script|<link|<img|<iframe|src\s*=|url\(|@import/i;

describe('the shipped library', () => {
  it('holds the six lures in English and more in Swedish and German, each passing core’s schema', () => {
    const pks = PHISHING_LIBRARY.map((e) => e.pk);
    expect(new Set(pks).size).toBe(pks.length);
    for (const s of SCENARIOS) expect(pks, s).toContain(`${s}-en`);
    const languages = new Set(PHISHING_LIBRARY.map((e) => e.template.language));
    expect([...languages].sort()).toEqual(['english', 'german', 'swedish']);
    for (const lang of ['swedish', 'german'])
      expect(PHISHING_LIBRARY.filter((e) => e.template.language === lang).length).toBeGreaterThanOrEqual(4);
    const types = new Set(PHISHING_LIBRARY.map((e) => e.template.template_type));
    expect([...types].sort()).toEqual(['email', 'website']);
    for (const e of PHISHING_LIBRARY) {
      const parsed = phishingTemplateInput.safeParse(e.template);
      expect(parsed.success, `${e.pk}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(e.description.length, e.pk).toBeGreaterThan(20);
    }
  });

  it('is self-contained HTML: no scripts or external resources, known placeholders only, credential pages ask a password', () => {
    for (const e of PHISHING_LIBRARY) {
      const t = e.template;
      const html = [t.email_body, t.website_main_template ?? '-', t.website_response_template ?? '-'];
      for (const part of html) expect(part, e.pk).not.toMatch(EXTERNAL);
      const all = [t.email_subject, ...html].join('\n');
      const written = [...all.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map((m) => m[1]);
      expect(new Set(written), e.pk).toEqual(new Set(placeholdersIn(all)));
      if (t.template_type === 'website') {
        expect(t.email_body, e.pk).toContain('href="{{link}}"');
        expect(t.website_main_template, e.pk).toMatch(/<form method="post" action="">/);
      }
      if (CREDENTIALS.some((c) => e.pk.startsWith(`${c}-`))) expect(t.website_main_template, e.pk).toMatch(/type="password"/);
    }
  });

  it('holds two English web trainings of 4-6 steps (every question type, a video, an image) and two invitations', () => {
    const trainings = SESSION_LIBRARY.filter((e) => e.template.session_type === 'website');
    const english = trainings.filter((e) => e.template.language === 'english');
    expect(english.map((e) => e.template.name)).toEqual(['Spotting phishing', 'What to do after a click']);
    for (const e of trainings) {
      const steps = sessionTemplateInput.parse(e.template).training_steps;
      expect(steps.length, e.pk).toBeGreaterThanOrEqual(4);
      expect(steps.length, e.pk).toBeLessThanOrEqual(6);
      expect(new Set(steps.map((s) => s.question_type)), e.pk).toEqual(new Set(['no_content', 'single_choice', 'multiple_choice']));
      const media = steps.map((s) => s.media?.type).filter(Boolean);
      expect(media, e.pk).toContain('video');
      expect(media, e.pk).toContain('image');
      for (const s of steps.filter((x) => x.question_type !== 'no_content')) {
        expect(s.correct_message, `${e.pk} ${s.title}`).not.toBe('');
        expect(s.incorrect_message, `${e.pk} ${s.title}`).not.toBe('');
      }
    }
    const invitations = SESSION_LIBRARY.filter((e) => e.template.session_type === 'email');
    expect(invitations.length).toBeGreaterThanOrEqual(2);
    for (const e of invitations) {
      const v = sessionTemplateInput.parse(e.template);
      expect(v.section).toBe('content');
      expect(v.components.button, e.pk).toBeTruthy();
      expect(v.components.subject, e.pk).toBeTruthy();
    }
  });
});

describe.each(BACKENDS)('importing the library on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let rival: Client;

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
  });
  afterAll(() => t.close());

  it('imports every phishing template once; each round-trips core’s input schema', async () => {
    const before = (await admin.get<ImportableTemplate[]>(`${PT}import/`)).body;
    expect(before.map((e) => e.pk)).toEqual(PHISHING_LIBRARY.map((e) => e.pk));
    expect(before.every((e) => !e.imported)).toBe(true);
    expect(before.find((e) => e.pk === 'invoice-de')).toMatchObject({ name: 'Überfällige Rechnung', language: 'german', kind: 'email' });
    for (const e of PHISHING_LIBRARY) {
      const res = await admin.post<PhishingTemplate>(`${PT}import/`, { pk: e.pk });
      expect(res.status, `${e.pk}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({ name: e.template.name, library_key: e.pk, archived: false });
      expect(phishingTemplateInput.safeParse(phishingInputOf(res.body)).success, e.pk).toBe(true);
    }
    const after = (await admin.get<ImportableTemplate[]>(`${PT}import/`)).body;
    expect(after.every((e) => e.imported)).toBe(true);
    const again = await admin.post<Record<string, string[]>>(`${PT}import/`, { pk: 'invoice-en' });
    expect(again.status).toBe(409);
    expect(again.body.pk![0]).toMatch(/^Already imported as “Overdue invoice” \(id \d+\): copy it to have another\.$/);
    // An archived import is pointed to its restore.
    const invoice = (await admin.get<{ results: PhishingTemplate[] }>(`${PT}?search=Overdue`)).body.results[0]!;
    await admin.request('DELETE', `${PT}${invoice.id}/`);
    expect((await admin.post<Record<string, string[]>>(`${PT}import/`, { pk: 'invoice-en' })).body.pk![0]).toContain('restore it instead');
    expect((await admin.post(`${PT}import/`, { pk: 'no-such-entry' })).body).toEqual({ pk: ['No template with that key in the library.'] });
    expect((await admin.post(`${PT}import/`, {})).body).toEqual({ pk: ['Choose a template to import.'] });
    // The other customer's library is untouched.
    expect((await rival.get<ImportableTemplate[]>(`${PT}import/`)).body.every((e) => !e.imported)).toBe(true);
  });

  it('imports every training and invitation once, steps in order; filtered by session_type', async () => {
    const web = (await admin.get<ImportableTemplate[]>(`${ST}import/?session_type=website`)).body;
    expect(web.every((e) => e.kind === 'website')).toBe(true);
    expect(web.length).toBe(SESSION_LIBRARY.filter((e) => e.template.session_type === 'website').length);
    for (const e of SESSION_LIBRARY) {
      const res = await admin.post<SessionTemplate>(`${ST}import/`, { pk: e.pk });
      expect(res.status, `${e.pk}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.library_key).toBe(e.pk);
      expect(res.body.training_steps.map((s) => s.position)).toEqual(res.body.training_steps.map((_, i) => i + 1));
      expect(sessionTemplateInput.safeParse(sessionInputOf(res.body)).success, e.pk).toBe(true);
      if (e.template.session_type === 'website') expect(res.body.training_steps.length).toBe(e.template.training_steps!.length);
    }
    expect((await admin.get<ImportableTemplate[]>(`${ST}import/`)).body.every((e) => e.imported)).toBe(true);
    expect((await admin.post(`${ST}import/`, { pk: 'training-spotting-phishing-en' })).status).toBe(409);
    expect((await admin.post(`${ST}import/`, { pk: 'invoice-en' })).body).toEqual({ pk: ['No template with that key in the library.'] });
    expect((await rival.get<ImportableTemplate[]>(`${ST}import/`)).body.every((e) => !e.imported)).toBe(true);
  });
});
