// Phishing templates, web training and e-mail templates through the API (fra/phishing-templates/, fra/session-
// templates/ with steps and questions): create 201, the field messages of bad input (§5: "-" for an e-mail template's
// pages, {{link}} in a website template, a single-choice question with two right answers, a video link to another
// site), the list's paging, search and filters, PUT/PATCH, archive on delete → not listed → listed with archived=true →
// restore, copy (ids stripped), PUT keeping a step's id, questions (no_content stores no options), the audit log, and
// the guards: 401, 403 without the permission, another customer 404, a LIMITED team member decided by permission alone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_IMAGE_LINK, INVALID_VIDEO_LINK, type PhishingTemplate, type SessionTemplate } from '@bulwark/core';
import { auditEvents, fraAssessments, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
const NOW = new Date('2026-11-02T09:00:00Z');
const PT = '/api/fra/phishing-templates/';
const ST = '/api/fra/session-templates/';
const ALL = ['read', 'create', 'update', 'delete', 'execute'];

const website = (extra: Record<string, unknown> = {}) => ({
  name: 'Password expiry',
  template_type: 'website',
  language: 'english',
  sender_name: 'IT Service Desk',
  email_subject: 'Your password expires, {{first_name}}',
  email_body: '<p>Hello {{first_name}}, <a href="{{link}}">keep it</a></p>',
  website_main_template: '<form method="post"><input name="password" type="password"></form>',
  website_response_template: '<p>Thanks</p>',
  ...extra,
});
const emailOnly = (extra: Record<string, unknown> = {}) => ({
  name: 'Overdue invoice',
  template_type: 'email',
  email_subject: 'Invoice overdue',
  email_body: '<p>Please pay.</p>',
  ...extra,
});
const training = (extra: Record<string, unknown> = {}) => ({
  name: 'Spotting phishing',
  session_type: 'website',
  section: 'training',
  accent_color: '#e8590c',
  training_steps: [
    { title: 'Welcome', description: 'It was an exercise.', media: { type: 'video', url: 'https://youtu.be/wygwHXYj_TI' } },
    {
      title: 'Who sent it?',
      question_type: 'single_choice',
      question_options: [
        { text: 'A look-alike domain', correct: true },
        { text: 'Your own company', correct: false },
      ],
      correct_message: 'Right',
      incorrect_message: 'Look again',
      incorrect_media: { type: 'image', url: 'https://example.com/sign.png' },
    },
  ],
  ...extra,
});

describe.each(BACKENDS)('phishing and training templates on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off' });
    t.ctx.clock = () => NOW;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const set = async (email: string, permissions: Record<string, string[]>) => {
      const u = await t.user({ email });
      await t.ctx.db.update(users).set({ permissions }).where(eq(users.id, u.id));
      return u.id;
    };
    await set('reader@example.com', { phishing: ['read'] });
    reader = await signedIn(t, 'reader@example.com');
    await set('nobody@example.com', { assets: ALL });
    nobody = await signedIn(t, 'nobody@example.com');
    const l = await set('limited@example.com', { phishing: ALL });
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Sales' }).returning();
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Sales team', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    id.rivalCustomer = other.customerId;
    rival = await signedIn(t, other.adminEmail);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, url = PT, c = admin) => {
    const res = await c.post<PhishingTemplate & SessionTemplate>(url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const bad = async (body: Record<string, unknown>, url = PT) => {
    const res = await admin.post<Record<string, string[]>>(url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body;
  };

  it('creates website and e-mail phishing templates; an e-mail one stores "-" for its pages', async () => {
    const w = await create(website());
    expect(w).toMatchObject({
      name: 'Password expiry',
      template_type: 'website',
      language: 'english',
      difficulty: 2,
      sender_local_part: 'no-reply',
      archived: false,
      library_key: null,
      created: NOW.toISOString(),
    });
    id.website = w.id;
    const e = await create(emailOnly({ language: 'swedish', difficulty: 3 }));
    expect(e).toMatchObject({ template_type: 'email', website_main_template: '-', website_response_template: '-' });
    id.email = e.id;
    expect((await admin.get(`${PT}${w.id}/`)).body).toEqual(w);
  });

  it('refuses bad phishing templates with a message keyed by its field', async () => {
    expect(await bad(website({ email_body: '<p>No link here</p>' }))).toEqual({
      email_body: ['A website template’s message must link to the landing page with {{link}}.'],
    });
    expect(await bad(website({ website_main_template: '-' }))).toEqual({
      website_main_template: ['A website template needs its landing pages.'],
    });
    expect(await bad(emailOnly({ website_main_template: '<p>landing</p>' }))).toEqual({
      website_main_template: ['An e-mail template has no landing page: send "-".'],
    });
    expect(await bad(website({ template_type: 'sms' }))).toEqual({ template_type: ['Choose website or email.'] });
    expect((await bad(website({ language: 'klingon' }))).language![0]).toMatch(/^Choose one of: danish/);
    expect(await bad(website({ name: '  ' }))).toHaveProperty('name');
    expect(await bad(website({ sender_local_part: 'no reply' }))).toEqual({
      sender_local_part: ['Use letters, digits, dots, plus, minus or underscores.'],
    });
    expect((await admin.get<Page<PhishingTemplate>>(PT)).body.count).toBe(2);
  });

  it('lists phishing templates paged, searched, by type and language, in order', async () => {
    await create(website({ name: 'Shared document', language: 'german' }));
    const names = async (q: string) => (await admin.get<Page<PhishingTemplate>>(`${PT}${q}`)).body.results.map((p) => p.name);
    expect(await names('')).toEqual(['Overdue invoice', 'Password expiry', 'Shared document']);
    expect(await names('?ordering=-name')).toEqual(['Shared document', 'Password expiry', 'Overdue invoice']);
    expect(await names('?template_type=website')).toEqual(['Password expiry', 'Shared document']);
    expect(await names('?language=swedish')).toEqual(['Overdue invoice']);
    expect(await names('?search=DOCUMENT')).toEqual(['Shared document']);
    // The subject is searched too.
    expect(await names('?search=expires,')).toEqual(['Password expiry', 'Shared document']);
    const page = await admin.get<Page<PhishingTemplate>>(`${PT}?page_size=2`);
    expect(page.body.count).toBe(3);
    expect(page.body.next).toContain('page=2');
    const wrong = await admin.get<Record<string, string[]>>(`${PT}?template_type=sms&ordering=colour`);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body).sort()).toEqual(['ordering', 'template_type']);
  });

  it('changes a phishing template with PUT and PATCH', async () => {
    const put = await admin.request<PhishingTemplate>(
      'PUT',
      `${PT}${id.website}/`,
      website({ name: 'Password expires today', difficulty: 1 }),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ name: 'Password expires today', difficulty: 1 });
    const patch = await admin.patch<PhishingTemplate>(`${PT}${id.website}/`, { email_subject: 'Expiring today' });
    expect(patch.body).toMatchObject({ name: 'Password expires today', email_subject: 'Expiring today' });
    const wrong = await admin.patch<Record<string, string[]>>(`${PT}${id.website}/`, { email_body: 'no link' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toHaveProperty('email_body');
    // Switching to an e-mail template without sending "-" for the pages says so.
    const switched = await admin.patch<Record<string, string[]>>(`${PT}${id.website}/`, { template_type: 'email' });
    expect(Object.keys(switched.body).sort()).toEqual(['website_main_template', 'website_response_template']);
  });

  it('archives on delete, lists it with archived=true, restores it; a running assessment keeps its template', async () => {
    const [a] = await t.ctx.db
      .insert(fraAssessments)
      .values({
        customerId: 1,
        name: 'Q4 exercise',
        phishingTemplateIds: [id.website!],
        selection: { recipients: [], tags: [], departments: [] },
        state: 'running',
      })
      .returning();
    const del = await admin.request('DELETE', `${PT}${id.website}/`);
    expect(del.status).toBe(204);
    const listed = async (q = '') => (await admin.get<Page<PhishingTemplate>>(`${PT}${q}`)).body.results.map((p) => p.id);
    expect(await listed()).not.toContain(id.website);
    expect(await listed('?archived=true')).toEqual([id.website]);
    expect((await admin.get<PhishingTemplate>(`${PT}${id.website}/`)).body.archived).toBe(true);
    const [kept] = await t.ctx.db.select().from(fraAssessments).where(eq(fraAssessments.id, a!.id));
    expect(kept!.phishingTemplateIds).toEqual([id.website]);

    expect((await admin.patch(`${PT}${id.website}/restore/`, { archived: true })).body).toEqual({
      archived: ['Send archived: false to restore.'],
    });
    const restored = await admin.patch<PhishingTemplate>(`${PT}${id.website}/restore/`, { archived: false });
    expect(restored.status).toBe(200);
    expect(restored.body.archived).toBe(false);
    expect(await listed('?archived=true')).toEqual([]);
    // PATCH {archived:false} on the template itself restores too.
    await admin.request('DELETE', `${PT}${id.website}/`);
    expect((await admin.patch<PhishingTemplate>(`${PT}${id.website}/`, { archived: false })).body.archived).toBe(false);
    expect((await admin.patch(`${PT}${id.website}/`, { archived: 'no' })).body).toEqual({ archived: ['Must be true or false.'] });
  });

  it('copies a phishing template as "Copy of …", a new active one', async () => {
    await admin.request('DELETE', `${PT}${id.email}/`);
    const copy = await admin.post<PhishingTemplate>(`${PT}${id.email}/copy/`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Copy of Overdue invoice', archived: false, template_type: 'email', language: 'swedish' });
    expect(copy.body.id).not.toBe(id.email);
    await admin.patch(`${PT}${id.email}/restore/`, { archived: false });
  });

  it('creates a web training with its steps in order, media validated (§5)', async () => {
    const tr = await create(training(), ST);
    expect(tr).toMatchObject({
      name: 'Spotting phishing',
      session_type: 'website',
      section: 'training',
      color_scheme: 'light',
      components: {},
    });
    expect(tr.training_steps.map((s) => [s.position, s.title, s.question_type])).toEqual([
      [1, 'Welcome', 'no_content'],
      [2, 'Who sent it?', 'single_choice'],
    ]);
    expect(tr.training_steps[1]!.question_options).toEqual([
      { id: 1, text: 'A look-alike domain', correct: true },
      { id: 2, text: 'Your own company', correct: false },
    ]);
    id.training = tr.id;
    id.step1 = tr.training_steps[0]!.id;
    id.step2 = tr.training_steps[1]!.id;
    const mail = await create(
      {
        name: 'Invitation',
        session_type: 'email',
        section: 'content',
        components: { subject: 'Training for {{first_name}}', body: 'Start: {{link}}' },
      },
      ST,
    );
    expect(mail.components).toEqual({ subject: 'Training for {{first_name}}', body: 'Start: {{link}}' });
    expect(mail.training_steps).toEqual([]);
    id.mail = mail.id;
  });

  it('refuses bad trainings: two right answers to a single choice, a video elsewhere, a bad image, no steps', async () => {
    const two = training({
      training_steps: [
        {
          title: 'Pick one',
          question_type: 'single_choice',
          question_options: [
            { text: 'a', correct: true },
            { text: 'b', correct: true },
          ],
        },
      ],
    });
    expect(await bad(two, ST)).toEqual({ training_steps: ['Step 1: A single-choice question has exactly one correct option.'] });
    const video = training({ training_steps: [{ title: 'Watch', media: { type: 'video', url: 'https://dailymotion.com/video/x8' } }] });
    expect(await bad(video, ST)).toEqual({ training_steps: [`Step 1: ${INVALID_VIDEO_LINK}`] });
    expect(await bad(training({ logo_url: 'not a link' }), ST)).toEqual({ logo_url: ['Enter a valid image link.'] });
    const image = training({ training_steps: [{ title: 'Look', correct_media: { type: 'image', url: 'ftp://x.example/a.png' } }] });
    expect(await bad(image, ST)).toEqual({ training_steps: [`Step 1: ${INVALID_IMAGE_LINK}`] });
    expect(await bad(training({ training_steps: [] }), ST)).toEqual({ training_steps: ['A training needs at least one step.'] });
    expect(await bad({ name: 'Mail', session_type: 'email', section: 'content', components: {} }, ST)).toEqual({
      components: ['An e-mail template needs a subject.'],
    });
    expect(await bad(training({ accent_color: 'orange' }), ST)).toEqual({ accent_color: ['Enter a colour as #rrggbb.'] });
  });

  it('replaces the steps with PUT: a step sent with its id keeps it, the others are new, the missing ones go', async () => {
    const cur = (await admin.get<SessionTemplate>(`${ST}${id.training}/`)).body;
    const body = {
      ...training(),
      training_steps: [
        { title: 'New first step', question_type: 'no_content' },
        { ...cur.training_steps[1], title: 'Who really sent it?' },
      ],
    };
    const put = await admin.request<SessionTemplate>('PUT', `${ST}${id.training}/`, body);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.training_steps.map((s) => [s.position, s.title])).toEqual([
      [1, 'New first step'],
      [2, 'Who really sent it?'],
    ]);
    expect(put.body.training_steps[1]!.id).toBe(id.step2);
    expect(put.body.training_steps[0]!.id).not.toBe(id.step1);
    // A step id of another template is refused.
    const foreign = await admin.request<Record<string, string[]>>('PUT', `${ST}${id.training}/`, {
      ...training(),
      training_steps: [{ id: 999_999, title: 'x' }],
    });
    expect(foreign.body).toEqual({ training_steps: ['Step 1: no step with id 999999 in this template.'] });
    const patch = await admin.patch<SessionTemplate>(`${ST}${id.training}/`, { color_scheme: 'dark' });
    expect(patch.body).toMatchObject({ color_scheme: 'dark', name: 'Spotting phishing' });
    expect(patch.body.training_steps.map((s) => s.id)).toEqual(put.body.training_steps.map((s) => s.id));
  });

  it("reads and sets a step's question; a no_content question stores no options", async () => {
    const url = `${ST}${id.training}/steps/${id.step2}/questions/`;
    expect((await admin.get(url)).body).toEqual({
      question_type: 'single_choice',
      question_options: [
        { id: 1, text: 'A look-alike domain', correct: true },
        { id: 2, text: 'Your own company', correct: false },
      ],
    });
    const multi = await admin.request('PUT', url, {
      question_type: 'multiple_choice',
      question_options: [
        { text: 'Urgency', correct: true },
        { text: 'Password request', correct: true },
        { text: 'A meeting you booked', correct: false },
      ],
    });
    expect(multi.status).toBe(200);
    expect((multi.body as { question_options: unknown[] }).question_options).toHaveLength(3);
    const none = await admin.post(url, { question_type: 'no_content', question_options: [{ text: 'ignored', correct: true }] });
    expect(none.status).toBe(201);
    expect(none.body).toEqual({ question_type: 'no_content', question_options: [] });
    const wrong = await admin.request<Record<string, string[]>>('PUT', url, {
      question_type: 'single_choice',
      question_options: [
        { text: 'a', correct: true },
        { text: 'b', correct: true },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ question_options: ['A single-choice question has exactly one correct option.'] });
    expect((await admin.get(`${ST}${id.training}/steps/999999/questions/`)).status).toBe(404);
    expect((await admin.get(`${ST}${id.mail}/steps/${id.step2}/questions/`)).status).toBe(404);
  });

  it('lists session templates by session_type; copy strips ids', async () => {
    const names = async (q: string) => (await admin.get<Page<SessionTemplate>>(`${ST}${q}`)).body.results.map((s) => s.name);
    expect(await names('?session_type=website')).toEqual(['Spotting phishing']);
    expect(await names('?session_type=email')).toEqual(['Invitation']);
    expect((await admin.get(`${ST}?session_type=sms`)).status).toBe(400);
    const original = (await admin.get<SessionTemplate>(`${ST}${id.training}/`)).body;
    const copy = await admin.post<SessionTemplate>(`${ST}${id.training}/copy/`);
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe('Copy of Spotting phishing');
    expect(copy.body.id).not.toBe(id.training);
    const originalIds = new Set(original.training_steps.map((s) => s.id));
    expect(copy.body.training_steps.every((s) => !originalIds.has(s.id))).toBe(true);
    expect(copy.body.training_steps.map((s) => s.title)).toEqual(original.training_steps.map((s) => s.title));
    expect((await admin.request('DELETE', `${ST}${copy.body.id}/`)).status).toBe(204);
    expect((await admin.get(`${ST}${copy.body.id}/`)).status).toBe(404);
  });

  it('refuses to delete a training that an unfinished assessment follows clicks with', async () => {
    const [a] = await t.ctx.db
      .insert(fraAssessments)
      .values({
        customerId: 1,
        name: 'November drill',
        trainingTemplateId: id.training,
        selection: { recipients: [], tags: [], departments: [] },
        state: 'scheduled',
      })
      .returning();
    const res = await admin.request<Record<string, string[]>>('DELETE', `${ST}${id.training}/`);
    expect(res.status).toBe(409);
    expect(res.body.non_field_errors![0]).toContain('“November drill”');
    await t.ctx.db.update(fraAssessments).set({ state: 'finished' }).where(eq(fraAssessments.id, a!.id));
    const copy = await admin.post<SessionTemplate>(`${ST}${id.training}/copy/`);
    expect((await admin.request('DELETE', `${ST}${copy.body.id}/`)).status).toBe(204);
  });

  it('writes an audit event for each change, none for reads', async () => {
    const rows = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'phishing'), eq(auditEvents.objectId, String(id.website))));
    expect(rows.filter((r) => r.route.startsWith(PT)).map((r) => [r.action, r.method, r.route.slice(PT.length), r.status])).toEqual([
      ['create', 'POST', '', 201],
      ['update', 'PUT', ':id/', 200],
      ['update', 'PATCH', ':id/', 200],
      ['delete', 'DELETE', ':id/', 204],
      ['update', 'PATCH', ':id/restore/', 200],
      ['delete', 'DELETE', ':id/', 204],
      ['update', 'PATCH', ':id/', 200],
    ]);
    expect(rows[0]!.summary).toMatchObject({ name: 'Password expiry', template_type: 'website' });
    const reads = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'phishing'), eq(auditEvents.method, 'GET')));
    expect(reads).toEqual([]);
  });

  it('guards every call: 401 anonymous, 403 without the permission, reads only for a reader', async () => {
    const anon = await anonymous(t);
    const step = `${ST}${id.training}/steps/${id.step2}/questions/`;
    const calls: [string, string, unknown?][] = [
      ['GET', PT],
      ['POST', PT, website()],
      ['GET', `${PT}${id.website}/`],
      ['PUT', `${PT}${id.website}/`, website()],
      ['PATCH', `${PT}${id.website}/`, { name: 'x' }],
      ['DELETE', `${PT}${id.website}/`],
      ['PATCH', `${PT}${id.website}/restore/`, { archived: false }],
      ['POST', `${PT}${id.website}/copy/`],
      ['GET', `${PT}import/`],
      ['POST', `${PT}import/`, { pk: 'invoice-en' }],
      ['GET', ST],
      ['POST', ST, training()],
      ['GET', `${ST}${id.training}/`],
      ['PUT', `${ST}${id.training}/`, training()],
      ['PATCH', `${ST}${id.training}/`, { name: 'x' }],
      ['DELETE', `${ST}${id.mail}/`],
      ['POST', `${ST}${id.training}/copy/`],
      ['GET', `${ST}import/`],
      ['POST', `${ST}import/`, { pk: 'invitation-training-en' }],
      ['GET', step],
      ['POST', step, { question_type: 'no_content' }],
      ['PUT', step, { question_type: 'no_content' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await anon.request(method, url, body)).status, `anonymous ${method} ${url}`).toBe(401);
      expect((await nobody.request(method, url, body)).status, `nobody ${method} ${url}`).toBe(403);
      expect((await reader.request(method, url, body)).status, `reader ${method} ${url}`).toBe(method === 'GET' ? 200 : 403);
    }
  });

  it("keeps each customer to its own templates: another customer's id is not found", async () => {
    expect((await rival.get<Page<PhishingTemplate>>(PT)).body.count).toBe(0);
    expect((await rival.get<Page<SessionTemplate>>(ST)).body.count).toBe(0);
    const step = `${ST}${id.training}/steps/${id.step2}/questions/`;
    const replies = [
      await rival.get(`${PT}${id.website}/`),
      await rival.request('PUT', `${PT}${id.website}/`, website()),
      await rival.patch(`${PT}${id.website}/`, { name: 'mine' }),
      await rival.request('DELETE', `${PT}${id.website}/`),
      await rival.patch(`${PT}${id.website}/restore/`, { archived: false }),
      await rival.post(`${PT}${id.website}/copy/`),
      await rival.get(`${ST}${id.training}/`),
      await rival.request('PUT', `${ST}${id.training}/`, training()),
      await rival.patch(`${ST}${id.training}/`, { name: 'mine' }),
      await rival.request('DELETE', `${ST}${id.mail}/`),
      await rival.post(`${ST}${id.training}/copy/`),
      await rival.get(step),
      await rival.request('PUT', step, { question_type: 'no_content' }),
    ];
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 404));
    expect((await admin.get<PhishingTemplate>(`${PT}${id.website}/`)).body.archived).toBe(false);
    expect((await admin.get(`${ST}${id.mail}/`)).status).toBe(200);
  });

  it('lets a LIMITED team member with the permission manage templates: they are not assets', async () => {
    const mine = await create(website({ name: 'Team lure' }), PT, limited);
    expect((await limited.request('DELETE', `${PT}${mine.id}/`)).status).toBe(204);
    expect((await limited.get<Page<SessionTemplate>>(ST)).body.count).toBeGreaterThan(0);
    expect((await limited.patch(`${ST}${id.training}/`, { name: 'Spotting phishing' })).status).toBe(200);
  });
});
