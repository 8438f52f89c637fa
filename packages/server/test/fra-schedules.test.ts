// Assessment schedules through the API (fra/schedules/): create 201 with the next run from the one recurrence (in its
// time zone), the field messages of bad input, the list (paging, search, active filter), PATCH and PUT (a paused
// schedule has no next run), delete 204; the guards (401, 403, another customer 404, a LIMITED member reads but may not
// write); and the due pass: at the next run (injected clock) an assessment "<schedule> — <date>" is created with the
// schedule's settings and a window of its hours, started, and the next run moves on; a run that finds nobody is not
// counted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assessment, AssessmentSchedule } from '@bulwark/core';
import { fraAssessments, fraTargets } from '../src/db/schema/index.ts';
import { runDueSchedules } from '../src/modules/fra/schedules/run.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous } from './helpers/sessions.ts';
import { phishingCallers, type Fixtures } from './fra-assessments-fixtures.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
const NOW = new Date('2026-07-06T06:00:00Z'); // a Monday
const URL = '/api/fra/schedules/';

describe.each(BACKENDS)('assessment schedules on %s', (backend) => {
  let t: TestApp;
  let now = NOW;
  let admin: Client;
  let reader: Client;
  let limited: Client;
  let rival: Client;
  let f: Fixtures;

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_JOBS: 'off', BULWARK_BUILTIN_PROBE: 'off' });
    t.ctx.clock = () => now;
    ({ admin, reader, limited, rival, f } = await phishingCallers(t));
  });
  afterAll(() => t.close());

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Monthly phish',
    start_date: '2026-07-06',
    time: '09:00',
    time_zone: 'Europe/Copenhagen',
    repeat: 'weekly',
    weekdays: [1, 3],
    window_hours: 2,
    phishing_templates: [f.template],
    recipients: { recipients: [], tags: [f.tag], departments: [] },
    sender_domain: f.sender,
    landing_domain: f.landing,
    rate_per_minute: 30,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await admin.post<AssessmentSchedule>(URL, body(extra));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('creates a schedule with its next run in its time zone', async () => {
    const s = await create();
    expect(s).toMatchObject({
      name: 'Monthly phish',
      active: true,
      repeat: 'weekly',
      weekdays: [1, 3],
      window_hours: 2,
      phishing_templates: [{ id: f.template, name: 'Mailbox full' }],
      sender_domain: { id: f.sender, name: 'mail.corp-security.example' },
      // 09:00 in Copenhagen (summer time) is 07:00 UTC, later this Monday.
      next_run: '2026-07-06T07:00:00.000Z',
      last_run: null,
      runs: 0,
    });
    const one = await admin.get<AssessmentSchedule>(`${URL}${s.id}/`);
    expect(one.body).toEqual(s);
  });

  it('answers 400 keyed by field', async () => {
    const bad = await admin.post(URL, { ...body(), time: '25:00', repeat: 'hourly' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['repeat', 'time']);
    const nobody = await admin.post(URL, body({ recipients: { recipients: [], tags: [], departments: [] } }));
    expect(nobody.body).toEqual({ recipients: ['Choose recipients, tags or departments.'] });
    const refs = await admin.post(URL, body({ phishing_templates: [f.archived], sender_domain: f.rival.domain }));
    expect(refs.body).toEqual({
      phishing_templates: [`Phishing template ${f.archived} is archived: restore it or choose another.`],
      sender_domain: [`No domain with id ${f.rival.domain}.`],
    });
  });

  it('lists, changes (a paused schedule has no next run) and deletes', async () => {
    const s = await create({ name: 'Quarterly', repeat: 'monthly', interval: 3, weekdays: [] });
    const list = await admin.get<Page<AssessmentSchedule>>(`${URL}?search=quart`);
    expect(list.body.results.map((x) => x.name)).toEqual(['Quarterly']);
    const paused = await admin.patch<AssessmentSchedule>(`${URL}${s.id}/`, { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ active: false, next_run: null, interval: 3 });
    expect((await admin.get<Page<AssessmentSchedule>>(`${URL}?active=false`)).body.results.map((x) => x.id)).toContain(s.id);
    const put = await admin.request<AssessmentSchedule>('PUT', `${URL}${s.id}/`, body({ name: 'Quarterly', time: '10:30' }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ active: true, time: '10:30', repeat: 'weekly', next_run: '2026-07-06T08:30:00.000Z' });
    expect((await admin.patch(`${URL}${s.id}/`, { window_hours: -1 })).status).toBe(400);
    expect((await admin.request('DELETE', `${URL}${s.id}/`)).status).toBe(204);
    expect((await admin.get(`${URL}${s.id}/`)).status).toBe(404);
  });

  it('guards: 401, 403 without the permission, 404 for another customer, LIMITED members read only', async () => {
    const s = await create({ name: 'Guarded' });
    const anon = await anonymous(t);
    expect((await anon.get(URL)).status).toBe(401);
    expect((await reader.get(`${URL}${s.id}/`)).status).toBe(200);
    expect((await reader.post(URL, body())).status).toBe(403);
    expect((await reader.patch(`${URL}${s.id}/`, { name: 'x' })).status).toBe(403);
    expect((await reader.request('DELETE', `${URL}${s.id}/`)).status).toBe(403);
    expect((await rival.get(`${URL}${s.id}/`)).status).toBe(404);
    expect((await rival.patch(`${URL}${s.id}/`, { name: 'x' })).status).toBe(404);
    expect((await rival.request('DELETE', `${URL}${s.id}/`)).status).toBe(404);
    expect((await rival.get<Page<AssessmentSchedule>>(URL)).body.count).toBe(0);
    expect((await limited.get(`${URL}${s.id}/`)).status).toBe(200);
    for (const res of [
      await limited.post(URL, body()),
      await limited.patch(`${URL}${s.id}/`, { name: 'x' }),
      await limited.request('DELETE', `${URL}${s.id}/`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'Phishing assessments reach people across the organisation: a member of a team limited to some assets cannot change them.',
      });
    }
    await admin.request('DELETE', `${URL}${s.id}/`);
  });

  it('starts an assessment when due and moves the next run on; a run that finds nobody does not count', async () => {
    const list = await admin.get<Page<AssessmentSchedule>>(`${URL}?page_size=100`);
    for (const s of list.body.results) await admin.request('DELETE', `${URL}${s.id}/`);
    const s = await create({ name: 'Weekly drill' });
    const empty = await create({ name: 'Nobody', recipients: { recipients: [], tags: [f.otherTag], departments: [] } });

    now = new Date('2026-07-06T06:59:00Z');
    expect(await runDueSchedules(t.ctx, now)).toEqual([]);
    now = new Date('2026-07-06T07:00:30Z');
    const started = await runDueSchedules(t.ctx, now);
    expect(started.length).toBe(1);
    const a = (await admin.get<Assessment>(`/api/fra/assessments/${started[0]}/`)).body;
    expect(a).toMatchObject({
      name: 'Weekly drill — 2026-07-06',
      schedule: s.id,
      state: 'sending',
      phishing_templates: [{ id: f.template }],
      rate_per_minute: 30,
      started: now.toISOString(),
      stats: { targets: 2 },
    });
    const [row] = await t.ctx.db.select().from(fraAssessments).where(eq(fraAssessments.uuid, a.uuid));
    const targets = await t.ctx.db.select().from(fraTargets).where(eq(fraTargets.assessmentId, row!.id));
    // Two recipients over a two-hour window: the first now, the second at its end.
    expect(targets.map((x) => x.sendAt!.toISOString()).sort()).toEqual([now.toISOString(), '2026-07-06T09:00:30.000Z']);

    const after = (await admin.get<AssessmentSchedule>(`${URL}${s.id}/`)).body;
    expect(after).toMatchObject({ runs: 1, last_run: now.toISOString(), next_run: '2026-07-08T07:00:00.000Z' });
    const nobody = (await admin.get<AssessmentSchedule>(`${URL}${empty.id}/`)).body;
    expect(nobody).toMatchObject({ runs: 0, next_run: '2026-07-08T07:00:00.000Z' });
    // Not due again the same day.
    expect(await runDueSchedules(t.ctx, new Date('2026-07-06T08:00:00Z'))).toEqual([]);
  });
});
