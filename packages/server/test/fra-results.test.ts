// The result calls of phishing assessments through the API: an assessment's per-recipient results (paged, filtered by
// state, event reached, severity, department and search, ordered), its timeline (people's first times per hour,
// machine requests apart), the results across assessments, a recipient's timeline and a target's tracking requests
// (bots included with their reasons); the field messages of bad input; and the guards: 401, 403 without the phishing
// permission, another customer's assessment, recipient or target 404, a LIMITED member sees only tagged recipients.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentTimeline, RecipientResult, RecipientTimeline, TrackingEventRow } from '@bulwark/core';
import {
  assets,
  assetTags,
  fraAssessments,
  fraEvents,
  fraRecipients,
  fraTargets,
  tags,
  teamMembers,
  teams,
  teamTags,
  users,
} from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
const NOW = new Date('2026-05-04T12:00:00Z');
const START = new Date('2026-05-04T08:00:00Z');
const min = (m: number) => new Date(START.getTime() + m * 60_000);

describe.each(BACKENDS)('phishing results on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  const id: Record<string, number> = {};
  let uuid = '';
  let rivalUuid = '';

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    const db = t.ctx.db;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await db
      .update(users)
      .set({ permissions: { phishing: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await db
      .update(users)
      .set({ permissions: { phishing: ['read'] } })
      .where(eq(users.id, l.id));
    const [sales] = await db.insert(tags).values({ customerId: 1, name: 'Sales team' }).returning();
    const [team] = await db.insert(teams).values({ customerId: 1, name: 'Sales', assetPermissions: 'LIMITED' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await db.insert(teamTags).values({ teamId: team!.id, tagId: sales!.id, role: 'permission' });
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rival = await signedIn(t, other.adminEmail);

    const people = [
      { email: 'ann@example.com', firstName: 'Ann', lastName: 'Archer', department: 'Sales', tag: true },
      { email: 'bob@example.com', firstName: 'Bob', lastName: 'Baker', department: 'Finance', tag: false },
      { email: 'cy@example.com', firstName: 'Cy', lastName: 'Cole', department: 'Finance', tag: false },
    ];
    const [a] = await db
      .insert(fraAssessments)
      .values({
        customerId: 1,
        name: 'May invoices',
        selection: { recipients: [], tags: [], departments: [] },
        state: 'running',
        startedAt: START,
      })
      .returning();
    uuid = a!.uuid;
    id.assessment = a!.id;
    const times = [
      // Ann: opened, clicked and submitted (a scanner clicked first); Bob: opened and reported; Cy: bounced.
      { state: 'sent' as const, sentAt: min(0), openedAt: min(70), clickedAt: min(75), submittedAt: min(76), severity: 3, botEvents: 2 },
      { state: 'sent' as const, sentAt: min(1), openedAt: min(130), reportedAt: min(131), severity: 0, botEvents: 0 },
      { state: 'bounced' as const, sentAt: min(2), bouncedAt: min(3), severity: 0, botEvents: 0 },
    ];
    for (const [i, p] of people.entries()) {
      const [asset] = await db
        .insert(assets)
        .values({ customerId: 1, kind: 'recipient', type: 5, value: p.email, name: `${p.firstName} ${p.lastName}`, emailAddress: p.email })
        .returning();
      if (p.tag) await db.insert(assetTags).values({ customerId: 1, assetId: asset!.id, tagId: sales!.id });
      const [rec] = await db
        .insert(fraRecipients)
        .values({
          customerId: 1,
          assetId: asset!.id,
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          department: p.department,
        })
        .returning();
      id[p.firstName] = rec!.id;
      const [target] = await db
        .insert(fraTargets)
        .values({ customerId: 1, assessmentId: a!.id, recipientId: rec!.id, token: randomBytes(16).toString('base64url'), ...times[i]! })
        .returning();
      id[`${p.firstName}Target`] = target!.id;
    }
    const ev = (kind: 'opened' | 'clicked' | 'submitted', at: Date, human: boolean, extra = {}) => ({
      customerId: 1,
      assessmentId: a!.id,
      targetId: id.AnnTarget!,
      kind,
      at,
      human,
      botReasons: human ? [] : (['too_soon', 'head_request'] as const).slice(),
      userAgent: human ? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124' : 'Mimecast-LinkScanner/1.0',
      ip: human ? '127.31.5.10' : '127.31.5.200',
      ...extra,
    });
    await db
      .insert(fraEvents)
      .values([
        ev('clicked', min(0.2), false),
        ev('clicked', min(0.3), false),
        ev('opened', min(70), true),
        ev('clicked', min(75), true),
        ev('submitted', min(76), true, { details: { fields: ['username', 'password'] } }),
      ]);

    const [ra] = await db
      .insert(fraAssessments)
      .values({ customerId: other.customerId, name: 'Rival', selection: { recipients: [], tags: [], departments: [] } })
      .returning();
    rivalUuid = ra!.uuid;
    const [rasset] = await db
      .insert(assets)
      .values({ customerId: other.customerId, kind: 'recipient', type: 5, value: 'x@rival.example' })
      .returning();
    const [rrec] = await db
      .insert(fraRecipients)
      .values({ customerId: other.customerId, assetId: rasset!.id, email: 'x@rival.example' })
      .returning();
    id.rivalRecipient = rrec!.id;
    const [rt] = await db
      .insert(fraTargets)
      .values({ customerId: other.customerId, assessmentId: ra!.id, recipientId: rrec!.id, token: randomBytes(16).toString('base64url') })
      .returning();
    id.rivalTarget = rt!.id;
  });
  afterAll(async () => t?.close());

  const results = (c: Client, q = '') => c.get<Page<RecipientResult>>(`/api/fra/assessments/${uuid}/results/${q}`);
  const emails = (p: Page<RecipientResult>) => p.results.map((r) => r.recipient.email);

  it('lists an assessment’s results with the first time of each thing a person did', async () => {
    const res = await results(admin);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(emails(res.body)).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);
    const ann = res.body.results[0]!;
    expect(ann).toMatchObject({
      assessment: { uuid, name: 'May invoices' },
      recipient: { name: 'Ann Archer', department: 'Sales' },
      state: 'sent',
      clicked_at: min(75).toISOString(),
      submitted_at: min(76).toISOString(),
      severity: 3,
      bot_events: 2,
      training_score: null,
    });
  });

  it('filters by event reached, state, severity, department and search, and orders', async () => {
    expect(emails((await results(admin, '?reached=clicked')).body)).toEqual(['ann@example.com']);
    expect(emails((await results(admin, '?reached=opened&reached=reported')).body)).toEqual(['bob@example.com']);
    expect(emails((await results(admin, '?state=bounced')).body)).toEqual(['cy@example.com']);
    expect(emails((await results(admin, '?severity=0&ordering=-email')).body)).toEqual(['cy@example.com', 'bob@example.com']);
    expect(emails((await results(admin, '?department=finance')).body)).toEqual(['bob@example.com', 'cy@example.com']);
    expect(emails((await results(admin, '?search=arch')).body)).toEqual(['ann@example.com']);
    expect(emails((await results(admin, '?ordering=-severity')).body)[0]).toBe('ann@example.com');
    const paged = await results(admin, '?page_size=2&page=2');
    expect(paged.body.count).toBe(3);
    expect(emails(paged.body)).toEqual(['cy@example.com']);
  });

  it('answers 400 by field for bad filters', async () => {
    const bad = await results(admin, '?reached=liked&severity=7&ordering=colour');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['ordering', 'reached', 'severity']);
    expect(JSON.stringify(bad.body)).toContain('Severity is 0 to 4.');
    const across = await admin.get('/api/fra/recipient-results/?assessment=nope&recipient=x');
    expect(across.status).toBe(400);
    expect(across.body).toMatchObject({ assessment: ['Enter a valid assessment id (a UUID).'] });
    expect(await admin.get(`/api/fra/assessments/${uuid}/timeline/?bucket=week`)).toMatchObject({
      status: 400,
      body: { bucket: ['Choose hour or day.'] },
    });
    expect((await admin.get(`/api/fra/targets/${id.AnnTarget}/events/?human=maybe`)).status).toBe(400);
  });

  it('draws the timeline: people’s first times per hour, machine requests apart', async () => {
    const res = await admin.get<AssessmentTimeline>(`/api/fra/assessments/${uuid}/timeline/`);
    expect(res.status).toBe(200);
    expect(res.body.bucket).toBe('hour');
    expect(res.body.totals.human).toMatchObject({ sent: 3, opened: 2, clicked: 1, submitted: 1, reported: 1, bounced: 1 });
    expect(res.body.totals.bots).toMatchObject({ clicked: 2, opened: 0 });
    const first = res.body.points[0]!;
    expect(first).toMatchObject({ at: '2026-05-04T08:00:00.000Z', bots: 2 });
    expect(first.human.sent).toBe(3);
    const nine = res.body.points.find((p) => p.at === '2026-05-04T09:00:00.000Z')!;
    expect(nine.human).toMatchObject({ opened: 1, clicked: 1, submitted: 1 });
    const days = await admin.get<AssessmentTimeline>(`/api/fra/assessments/${uuid}/timeline/?bucket=day`);
    expect(days.body.points).toHaveLength(1);
  });

  it('lists results across assessments, by assessment and by recipient', async () => {
    const all = await admin.get<Page<RecipientResult>>('/api/fra/recipient-results/');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect((await admin.get<Page<RecipientResult>>(`/api/fra/recipient-results/?assessment=${uuid}&reached=submitted`)).body.count).toBe(1);
    expect(
      (await admin.get<Page<RecipientResult>>(`/api/fra/recipient-results/?recipient=${id.Bob}`)).body.results[0]!.recipient.email,
    ).toBe('bob@example.com');
    // Another customer's assessment named: nothing of it.
    expect((await admin.get<Page<RecipientResult>>(`/api/fra/recipient-results/?assessment=${rivalUuid}`)).body.count).toBe(0);
  });

  it("shows a recipient's timeline and a target's requests, bots marked with their reasons, no typed values", async () => {
    const tl = await admin.get<RecipientTimeline>(`/api/fra/recipients/${id.Ann}/timeline/`);
    expect(tl.status).toBe(200);
    expect(tl.body.recipient).toMatchObject({ email: 'ann@example.com', name: 'Ann Archer' });
    expect(tl.body.assessments).toHaveLength(1);
    expect(tl.body.assessments[0]!.events.map((e) => [e.kind, e.human])).toEqual([
      ['clicked', false],
      ['clicked', false],
      ['opened', true],
      ['clicked', true],
      ['submitted', true],
    ]);
    const ev = await admin.get<Page<TrackingEventRow>>(`/api/fra/targets/${id.AnnTarget}/events/?human=false`);
    expect(ev.status).toBe(200);
    expect(ev.body.count).toBe(2);
    expect(ev.body.results[0]).toMatchObject({
      human: false,
      bot_reasons: ['too_soon', 'head_request'],
      user_agent: 'Mimecast-LinkScanner/1.0',
    });
    const submitted = (await admin.get<Page<TrackingEventRow>>(`/api/fra/targets/${id.AnnTarget}/events/`)).body.results.find(
      (e) => e.kind === 'submitted',
    );
    expect(submitted!.details).toEqual({ fields: ['username', 'password'] });
  });

  it('guards every call: 401, 403 without the permission, another customer 404, a reader reads', async () => {
    const urls = [
      `/api/fra/assessments/${uuid}/results/`,
      `/api/fra/assessments/${uuid}/timeline/`,
      '/api/fra/recipient-results/',
      `/api/fra/recipients/${id.Ann}/timeline/`,
      `/api/fra/targets/${id.AnnTarget}/events/`,
    ];
    const anon = await anonymous(t);
    for (const url of urls) {
      expect((await anon.get(url)).status, url).toBe(401);
      expect((await nobody.get(url)).status, url).toBe(403);
      expect((await reader.get(url)).status, url).toBe(200);
    }
    for (const url of [
      `/api/fra/assessments/${uuid}/results/`,
      `/api/fra/assessments/${uuid}/timeline/`,
      `/api/fra/recipients/${id.Ann}/timeline/`,
      `/api/fra/targets/${id.AnnTarget}/events/`,
    ])
      expect((await rival.get(url)).status, url).toBe(404);
    expect((await admin.get(`/api/fra/assessments/${rivalUuid}/results/`)).status).toBe(404);
    expect((await admin.get('/api/fra/assessments/not-a-uuid/results/')).status).toBe(404);
    expect((await admin.get(`/api/fra/recipients/${id.rivalRecipient}/timeline/`)).status).toBe(404);
    expect((await admin.get(`/api/fra/targets/${id.rivalTarget}/events/`)).status).toBe(404);
  });

  it('a LIMITED member sees only recipients whose asset carries one of the team’s tags', async () => {
    const res = await results(limited);
    expect(res.status).toBe(200);
    expect(emails(res.body)).toEqual(['ann@example.com']);
    expect((await limited.get<Page<RecipientResult>>('/api/fra/recipient-results/')).body.count).toBe(1);
    const tl = await limited.get<AssessmentTimeline>(`/api/fra/assessments/${uuid}/timeline/`);
    expect(tl.body.totals.human.sent).toBe(1);
    expect(tl.body.totals.bots.clicked).toBe(2);
    expect((await limited.get(`/api/fra/recipients/${id.Bob}/timeline/`)).status).toBe(404);
    expect((await limited.get(`/api/fra/targets/${id.BobTarget}/events/`)).status).toBe(404);
    expect((await limited.get(`/api/fra/targets/${id.AnnTarget}/events/`)).status).toBe(200);
  });
});
