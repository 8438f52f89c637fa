// Phishing assessments through the API (fra/assessments/): create a draft 201 and the field messages of bad input
// (templates archived or another customer's, a landing-only domain as sender, a training that is an e-mail template,
// no recipients, a window that ends before it starts); the list's paging, search, state filter and ordering; PATCH
// (a draft; a running one 409); start (one queued target per recipient, unique 22-character tokens, the template in
// the recipient's language, send_at spread over the window and never faster than the rate; a second start 409);
// create with start: true; cancel; delete (409 while under way); the audit log; and the guards: 401, 403 without the
// permission, another customer's assessment 404, a LIMITED member reads but may not write.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assessment } from '@bulwark/core';
import { auditEvents, fraAssessments, fraTargets } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous } from './helpers/sessions.ts';
import { addRecipients, phishingCallers, type Fixtures } from './fra-assessments-fixtures.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
const NOW = new Date('2026-05-04T08:00:00Z');
const URL = '/api/fra/assessments/';

describe.each(BACKENDS)('phishing assessments on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  let f: Fixtures;

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_JOBS: 'off', BULWARK_BUILTIN_PROBE: 'off', BULWARK_PHISHING_MAX_RATE: '600' });
    t.ctx.clock = () => NOW;
    ({ admin, reader, nobody, limited, rival, f } = await phishingCallers(t));
  });
  afterAll(() => t.close());

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Spring phishing test',
    phishing_templates: [f.template, f.germanTemplate],
    recipients: { recipients: [], tags: [f.tag], departments: ['Finance'] },
    sender_domain: f.sender,
    landing_domain: f.landing,
    training_template: f.training,
    training_trigger: 'click',
    rate_per_minute: 60,
    tracking_days: 7,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, c = admin) => {
    const res = await c.post<Assessment>(URL, body(extra));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const targetsOf = async (uuid: string) => {
    const [a] = await t.ctx.db.select().from(fraAssessments).where(eq(fraAssessments.uuid, uuid));
    return t.ctx.db.select().from(fraTargets).where(eq(fraTargets.assessmentId, a!.id)).orderBy(fraTargets.sendAt);
  };

  it('creates a draft with its references named and empty counts', async () => {
    const a = await create();
    expect(a).toMatchObject({
      name: 'Spring phishing test',
      state: 'draft',
      phishing_templates: [
        { id: f.template, name: 'Mailbox full' },
        { id: f.germanTemplate, name: 'Postfach voll' },
      ],
      sender_domain: { id: f.sender, name: 'mail.corp-security.example' },
      landing_domain: { id: f.landing, name: 'login.corp-security.example' },
      training_template: { id: f.training, name: 'Spot the phish' },
      training_trigger: 'click',
      recipients: { recipients: [], tags: [f.tag], departments: ['Finance'] },
      schedule: null,
      progress: 0,
      started: null,
      created: NOW.toISOString(),
      created_by: { email: ADMIN_EMAIL },
    });
    expect(a.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.stats.targets).toBe(0);
    expect((await targetsOf(a.uuid)).length).toBe(0);
    const audit = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'phishing'), eq(auditEvents.action, 'create')));
    expect(audit.some((e) => e.route === URL)).toBe(true);
  });

  it('answers 400 keyed by field with a message a person can act on', async () => {
    const bad = await admin.post(URL, {
      name: '',
      phishing_templates: [],
      recipients: { recipients: [], tags: [], departments: [] },
      rate_per_minute: 0,
      training_trigger: 'submit',
      send_start: '2026-05-05T10:00:00Z',
      send_end: '2026-05-05T09:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(
      expect.arrayContaining(['name', 'phishing_templates', 'rate_per_minute', 'sender_domain']),
    );
    expect(bad.body.phishing_templates).toEqual(['Choose at least one phishing template.']);
    expect(bad.body.rate_per_minute).toEqual(['At least 1 message a minute.']);

    const refs = await admin.post(URL, {
      ...body(),
      phishing_templates: [f.archived, f.rival.template],
      sender_domain: f.landingOnly,
      landing_domain: f.rival.domain,
      training_template: f.emailTemplate,
      recipients: { recipients: [f.rival.recipient], tags: [f.rival.tag], departments: [] },
    });
    expect(refs.status).toBe(400);
    expect(refs.body).toEqual({
      phishing_templates: [
        `No phishing template with id ${f.rival.template}.`,
        `Phishing template ${f.archived} is archived: restore it or choose another.`,
      ],
      sender_domain: ['This domain is for landing pages only: choose a domain meant for sending.'],
      landing_domain: [`No domain with id ${f.rival.domain}.`],
      training_template: ['Choose a web training template (an e-mail template cannot follow a click).'],
      recipients: [`No recipient with id ${f.rival.recipient}.`, `No tag with id ${f.rival.tag}.`],
    });
    const window = await admin.post(URL, body({ send_start: '2026-05-05T10:00:00Z', send_end: '2026-05-05T09:00:00Z' }));
    expect(window.body).toEqual({ send_end: ['The window must end after it starts.'] });
    const start = await admin.post(URL, body({ start: 'yes' }));
    expect(start.body).toEqual({ start: ['Must be true or false.'] });
  });

  it('starts: one queued target per recipient, unique tokens, the recipient’s language, spread over the window at the rate', async () => {
    const a = await create({ send_start: '2026-05-04T09:00:00Z', send_end: '2026-05-04T09:01:00Z', rate_per_minute: 2 });
    const res = await admin.post<Assessment>(`${URL}${a.uuid}/start/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ state: 'scheduled', started: NOW.toISOString(), send_start: '2026-05-04T09:00:00.000Z' });
    expect(res.body.stats.targets).toBe(3); // tagged 1 and 2, Finance 2 and 4 (the German speaker)
    const targets = await targetsOf(a.uuid);
    expect(targets.map((x) => x.recipientId).sort()).toEqual([f.recipients[0], f.recipients[1], f.recipients[3]].sort());
    for (const x of targets) expect(x.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(targets.map((x) => x.token)).size).toBe(3);
    expect(targets.every((x) => x.state === 'queued')).toBe(true);
    const german = targets.find((x) => x.recipientId === f.german)!;
    expect(german).toMatchObject({ templateId: f.germanTemplate, language: 'german' });
    expect(targets.filter((x) => x.recipientId !== f.german).every((x) => x.templateId === f.template)).toBe(true);
    // A one-minute window, but 2 a minute: 30 s apart, so the window stretches to a minute for three messages.
    expect(targets.map((x) => x.sendAt!.toISOString())).toEqual([
      '2026-05-04T09:00:00.000Z',
      '2026-05-04T09:00:30.000Z',
      '2026-05-04T09:01:00.000Z',
    ]);
    expect(res.body.send_end).toBe('2026-05-04T09:01:00.000Z');

    const again = await admin.post(`${URL}${a.uuid}/start/`, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ state: ['This assessment has already been started.'] });
  });

  it('spreads evenly over a wide window and starts at once without one', async () => {
    const wide = await create({ recipients: { recipients: f.recipients, tags: [], departments: [] }, send_end: '2026-05-04T12:00:00Z' });
    const res = await admin.post<Assessment>(`${URL}${wide.uuid}/start/`, {});
    expect(res.body.state).toBe('sending');
    const times = (await targetsOf(wide.uuid)).map((x) => x.sendAt!.toISOString());
    expect(times).toEqual(['2026-05-04T08:00:00.000Z', '2026-05-04T09:20:00.000Z', '2026-05-04T10:40:00.000Z', '2026-05-04T12:00:00.000Z']);

    const now = await admin.post<Assessment>(
      URL,
      body({ start: true, recipients: { recipients: [f.recipients[0]], tags: [], departments: [] } }),
    );
    expect(now.status).toBe(201);
    expect(now.body).toMatchObject({ state: 'sending', stats: { targets: 1 } });
  });

  it('queues 2,000 recipients in one statement, each with its own token', async () => {
    const many = await addRecipients(t, 1, 2000, 'bulk', f.otherTag, 2000);
    expect(many.length).toBe(2000);
    const a = await create({
      recipients: { recipients: [], tags: [f.otherTag], departments: [] },
      phishing_templates: [f.template],
      rate_per_minute: 6000,
    });
    const res = await admin.post<Assessment>(`${URL}${a.uuid}/start/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const targets = await targetsOf(a.uuid);
    expect(targets.length).toBe(2000);
    expect(new Set(targets.map((x) => x.token)).size).toBe(2000);
    // The installation's ceiling (600 a minute) wins over the assessment's 6,000: 100 ms apart.
    expect(targets[1]!.sendAt!.getTime() - targets[0]!.sendAt!.getTime()).toBe(100);
  });

  it('a start that finds nobody answers 400 and a create with start: true leaves no draft', async () => {
    const before = (await admin.get<Page<Assessment>>(`${URL}?page_size=100`)).body.count;
    const res = await admin.post(URL, body({ start: true, recipients: { recipients: [], tags: [], departments: ['Nowhere'] } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ recipients: ['No active recipient matches this selection.'] });
    expect((await admin.get<Page<Assessment>>(`${URL}?page_size=100`)).body.count).toBe(before);
  });

  it('lists with paging, search, state filter and ordering', async () => {
    await create({ name: 'Zebra drill' });
    const all = await admin.get<Page<Assessment>>(`${URL}?page_size=2&ordering=name`);
    expect(all.status).toBe(200);
    expect(all.body.results.length).toBe(2);
    expect(all.body.next).toContain('page=2');
    const search = await admin.get<Page<Assessment>>(`${URL}?search=zebra`);
    expect(search.body.results.map((a) => a.name)).toEqual(['Zebra drill']);
    const drafts = await admin.get<Page<Assessment>>(`${URL}?state=draft&state=scheduled`);
    expect(drafts.body.results.every((a) => ['draft', 'scheduled'].includes(a.state))).toBe(true);
    expect(drafts.body.results.some((a) => a.state === 'scheduled')).toBe(true);
    const byName = await admin.get<Page<Assessment>>(`${URL}?ordering=-name&page_size=1`);
    expect(byName.body.results[0]!.name).toBe('Zebra drill');
    const bad = await admin.get(`${URL}?state=lost&ordering=colour`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['ordering', 'state']);
  });

  it('changes a draft and plans a scheduled one again; one under way answers 409', async () => {
    const a = await create();
    const res = await admin.patch<Assessment>(`${URL}${a.uuid}/`, { name: 'Renamed', rate_per_minute: 30 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', rate_per_minute: 30, training_template: { id: f.training } });
    const bad = await admin.patch(`${URL}${a.uuid}/`, { tracking_days: 0 });
    expect(bad.body).toEqual({ tracking_days: ['At least one day.'] });

    const later = await create({ send_start: '2026-05-05T08:00:00Z' });
    await admin.post(`${URL}${later.uuid}/start/`, {});
    const moved = await admin.patch<Assessment>(`${URL}${later.uuid}/`, {
      recipients: { recipients: [f.recipients[0]], tags: [], departments: [] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ state: 'scheduled', stats: { targets: 1 } });

    const going = await create({ start: true });
    const locked = await admin.patch(`${URL}${going.uuid}/`, { name: 'Too late' });
    expect(locked.status).toBe(409);
    expect(locked.body).toEqual({ state: ['Only a draft or a scheduled assessment can be changed: this one has started sending.'] });
  });

  it('cancels what is queued, deletes only what is not under way', async () => {
    const a = await create({ start: true });
    const busy = await admin.request('DELETE', `${URL}${a.uuid}/`);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ state: ['This assessment is under way: cancel it first, then delete it.'] });
    const cancelled = await admin.post<Assessment>(`${URL}${a.uuid}/cancel/`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', finished: NOW.toISOString(), progress: 0 });
    expect((await targetsOf(a.uuid)).every((x) => x.state === 'cancelled')).toBe(true);
    expect((await admin.post(`${URL}${a.uuid}/cancel/`, {})).status).toBe(409);
    expect((await admin.request('DELETE', `${URL}${a.uuid}/`)).status).toBe(204);
    expect((await admin.get(`${URL}${a.uuid}/`)).status).toBe(404);
    const draft = await create();
    expect((await admin.request('DELETE', `${URL}${draft.uuid}/`)).status).toBe(204);
  });

  it('guards: 401 signed out, 403 without the permission, 404 for another customer or a bad uuid', async () => {
    const a = await create();
    const anon = await anonymous(t);
    expect((await anon.get(URL)).status).toBe(401);
    expect((await anon.post(URL, body())).status).toBe(401);
    expect((await nobody.get(URL)).status).toBe(403);
    expect((await reader.get(`${URL}${a.uuid}/`)).status).toBe(200);
    expect((await reader.post(URL, body())).status).toBe(403);
    expect((await reader.patch(`${URL}${a.uuid}/`, { name: 'x' })).status).toBe(403);
    expect((await reader.request('DELETE', `${URL}${a.uuid}/`)).status).toBe(403);
    expect((await reader.post(`${URL}${a.uuid}/start/`, {})).status).toBe(403);
    expect((await reader.post(`${URL}${a.uuid}/cancel/`, {})).status).toBe(403);
    expect((await rival.get(`${URL}${a.uuid}/`)).status).toBe(404);
    expect((await rival.patch(`${URL}${a.uuid}/`, { name: 'x' })).status).toBe(404);
    expect((await rival.post(`${URL}${a.uuid}/start/`, {})).status).toBe(404);
    expect((await rival.request('DELETE', `${URL}${a.uuid}/`)).status).toBe(404);
    expect((await rival.get<Page<Assessment>>(URL)).body.count).toBe(0);
    expect((await admin.get(`${URL}not-a-uuid/`)).status).toBe(404);
  });

  it('a LIMITED team member reads assessments but may not create, change, start, cancel or delete them', async () => {
    const a = await create();
    expect((await limited.get(`${URL}${a.uuid}/`)).status).toBe(200);
    const message =
      'Phishing assessments reach people across the organisation: a member of a team limited to some assets cannot change them.';
    for (const res of [
      await limited.post(URL, body()),
      await limited.patch(`${URL}${a.uuid}/`, { name: 'x' }),
      await limited.post(`${URL}${a.uuid}/start/`, {}),
      await limited.post(`${URL}${a.uuid}/cancel/`, {}),
      await limited.request('DELETE', `${URL}${a.uuid}/`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: message });
    }
  });
});
