// Scan schedules: the recurrence rules over several years and zones on a fake clock (a skipped and a repeated hour, the
// 31st in shorter months, "the first Monday" and "the last Friday", every other week on two weekdays, end dates and run
// limits); then on every test database the calls (CRUD with PUT and PATCH, field errors, 409, the preview, by scan),
// who sees what (owner, shared teams, administrators, another customer, no permission, signed out), and the scheduler
// on an injected clock: a normal run with `scheduled` set, targets by tag resolved at the start, a missed schedule
// starting once, a run limit ending it, and a start that cannot happen saying why.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule, ScanRunRow } from '@bulwark/core';
import { assetTags, scanRuns, scans, scanSchedules, tags, teamMembers, teams, users } from '../src/db/schema/index.ts';
import { nextFullHour, nextStarts, type Timing } from '../src/modules/scans/schedule-recurrence.ts';
import { runDueScanSchedules } from '../src/modules/scans/schedules.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { savedTarget, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };
const base: Timing = {
  start_date: '2026-01-01',
  time: '09:00',
  time_zone: 'UTC',
  end_date: null,
  repeat: 'never',
  interval: 1,
  weekdays: [],
  monthly_mode: 'day_of_month',
  max_run_cnt: 0,
};
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const local = (d: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);

describe('recurrence', () => {
  it('starts once for "never", and nothing after it', () => {
    expect(iso(nextStarts({ ...base, start_date: '2026-12-01' }, new Date('2026-11-25T00:00:00Z')))).toEqual(['2026-12-01T09:00:00.000Z']);
    expect(nextStarts({ ...base, start_date: '2026-12-01' }, new Date('2026-12-01T09:00:00Z'))).toEqual([]);
  });

  it('moves a time the clock skips to the next hour, and starts a repeated time once, at its first passing', () => {
    const stockholm = { ...base, time: '02:30', time_zone: 'Europe/Stockholm', repeat: 'daily' as const };
    // 29 March 2026 has no 02:30 in Stockholm: 03:30 CEST that day.
    expect(iso(nextStarts({ ...stockholm, start_date: '2026-03-28' }, new Date('2026-03-27T00:00:00Z'), 3))).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    // 25 October 2026 has 02:30 twice: the first (CEST, 00:30 UTC), once.
    expect(iso(nextStarts({ ...stockholm, start_date: '2026-10-24' }, new Date('2026-10-23T00:00:00Z'), 3))).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
    // New York over five years: always 01:30 local, the first passing on the November change.
    const ny = nextStarts(
      { ...base, start_date: '2026-01-01', time: '01:30', time_zone: 'America/New_York', repeat: 'daily' },
      new Date('2025-12-31T00:00:00Z'),
      5 * 366,
    );
    expect(ny.every((d) => local(d, 'America/New_York').endsWith('01:30'))).toBe(true);
    const nov = ny.find((d) => d.toISOString().startsWith('2026-11-01'))!;
    expect(nov.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('runs on the last day of months shorter than the start day, across leap years', () => {
    const starts = nextStarts({ ...base, start_date: '2027-01-31', repeat: 'monthly' }, new Date('2027-01-01T00:00:00Z'), 14);
    expect(starts.map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
    ]);
  });

  it('keeps "the first Monday" and "the last Friday" in every month, in the zone', () => {
    const first = nextStarts(
      {
        ...base,
        start_date: '2026-12-07',
        time: '08:00',
        time_zone: 'Australia/Sydney',
        repeat: 'monthly',
        monthly_mode: 'weekday_of_month',
      },
      new Date('2026-12-01T00:00:00Z'),
      24,
    );
    for (const d of first) {
      const [weekday, day] = local(d, 'Australia/Sydney').split(/[ ,/]+/);
      expect(weekday).toBe('Mon');
      expect(Number(day)).toBeLessThanOrEqual(7);
    }
    // 30 January 2026 is the last Friday of January.
    const last = nextStarts(
      { ...base, start_date: '2026-01-30', repeat: 'monthly', monthly_mode: 'weekday_of_month', interval: 3 },
      new Date('2026-01-01T00:00:00Z'),
      4,
    );
    expect(last.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-01-30', '2026-04-24', '2026-07-31', '2026-10-30']);
  });

  it('repeats every other week on the chosen weekdays, from the start date on', () => {
    const starts = nextStarts(
      { ...base, start_date: '2026-12-01', time: '08:00', repeat: 'weekly', weekdays: [4, 1], interval: 2 },
      new Date('2026-11-01T00:00:00Z'),
      5,
    );
    expect(starts.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-12-03', '2026-12-14', '2026-12-17', '2026-12-28', '2026-12-31']);
  });

  it('stops at the end date (a local day) and after the number of runs', () => {
    const daily = { ...base, repeat: 'daily' as const, start_date: '2026-12-01', time: '23:30', time_zone: 'Asia/Tokyo' };
    expect(nextStarts({ ...daily, end_date: '2026-12-03' }, new Date('2026-11-01T00:00:00Z'), 10)).toHaveLength(3);
    expect(nextStarts({ ...daily, max_run_cnt: 4 }, new Date('2026-11-01T00:00:00Z'), 10)).toHaveLength(4);
    expect(nextStarts({ ...daily, max_run_cnt: 4 }, new Date('2026-11-01T00:00:00Z'), 10, 3)).toHaveLength(1);
    expect(nextStarts({ ...daily, max_run_cnt: 4 }, new Date('2026-11-01T00:00:00Z'), 10, 4)).toHaveLength(0);
  });

  it('gives a missed schedule its next start after now, not the missed ones', () => {
    const daily = { ...base, repeat: 'daily' as const, start_date: '2020-01-01' };
    expect(iso(nextStarts(daily, new Date('2026-11-25T10:00:00Z'), 1))).toEqual(['2026-11-26T09:00:00.000Z']);
  });

  it('defaults a new start to the next full hour in the zone', () => {
    expect(nextFullHour(new Date('2026-11-25T23:20:00Z'), 'UTC')).toEqual({ start_date: '2026-11-26', time: '00:00' });
    expect(nextFullHour(new Date('2026-11-25T23:20:00Z'), 'Asia/Kolkata')).toEqual({ start_date: '2026-11-26', time: '05:00' });
  });
});

describe.each(BACKENDS)('scan schedules on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let planner: Client;
  let colleague: Client;
  let stranger: Client;
  let noAccess: Client;
  let other: Client;
  let profile: number;
  let probeId: number;
  let tagId: number;
  let plannerId: number;
  let teamId: number;
  let weekly: Schedule;

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Nightly office',
    profile,
    start_date: '2026-12-01',
    time: '02:30',
    time_zone: 'Europe/Stockholm',
    repeat: 'weekly',
    weekdays: [1, 4],
    unified_tags_set: { inclusion_tags: [tagId], exclusion_tags: [], inclusion_tags_mode_all: false, exclusion_tags_mode_all: false },
    node: probeId,
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    profile = await smallProfile(t, 1, '22');
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Office' }).returning();
    tagId = tag!.id;
    const first = await savedTarget(t, 1, 'host', '127.0.0.11');
    await t.ctx.db.insert(assetTags).values({ customerId: 1, assetId: first, tagId });
    const grant = { schedules: ['read', 'create', 'update', 'delete'], net_scans: ['read'] };
    plannerId = (await t.user({ email: 'planner@example.com' })).id;
    const colleagueId = (await t.user({ email: 'colleague@example.com' })).id;
    await t.user({ email: 'stranger@example.com' });
    await t.user({ email: 'nobody@example.com' });
    for (const email of ['planner@example.com', 'colleague@example.com', 'stranger@example.com'])
      await t.ctx.db.update(users).set({ permissions: grant }).where(eq(users.email, email));
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Night shift' }).returning();
    teamId = team!.id;
    await t.ctx.db.insert(teamMembers).values({ teamId, userId: colleagueId });
    planner = await signedIn(t, 'planner@example.com');
    colleague = await signedIn(t, 'colleague@example.com');
    stranger = await signedIn(t, 'stranger@example.com');
    noAccess = await signedIn(t, 'nobody@example.com');
    other = await signedIn(t, (await t.otherCustomer()).adminEmail);
  });
  afterAll(() => t.close());

  it('creates a schedule with its scan, its next starts and its end type, and refuses a name in use', async () => {
    const res = await planner.post<Schedule>('/api/scan/schedules/', body({ shared_access_teams: [teamId], max_run_cnt: 10 }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    weekly = res.body;
    expect(weekly).toMatchObject({
      name: 'Nightly office',
      repeat: 'weekly',
      weekdays: [1, 4],
      time_zone: 'Europe/Stockholm',
      schedule_is_active: true,
      end_type: 'ran_x_times',
      run_count: 0,
      source: 1,
      node: { id: probeId, name: 'Quiet probe' },
      user: { id: plannerId },
      shared_access_teams: [teamId],
      profile: { id: profile },
    });
    expect(weekly.upcoming).toHaveLength(5);
    for (const at of weekly.upcoming) expect(local(new Date(at), 'Europe/Stockholm')).toMatch(/^(Mon|Thu), .* 02:30$/);
    expect(weekly.next_run_at).toBe(weekly.upcoming[0]);
    const [scan] = await t.ctx.db.select().from(scans).where(eq(scans.id, weekly.scan));
    expect(scan).toMatchObject({ name: 'Nightly office', scheduled: true, probeId });
    expect((await planner.post('/api/scan/schedules/', body({ name: 'NIGHTLY office' }))).body).toEqual({
      name: ['A schedule with this name already exists.'],
    });
  });

  it('says what is wrong, field by field, and writes nothing', async () => {
    const before = await t.ctx.db.$count(scans);
    const bad = await planner.post<Record<string, string[]>>('/api/scan/schedules/', {
      name: 'Broken',
      profile,
      start_date: '2026-13-40',
      time: '25:00',
      time_zone: 'Mars/Olympus',
      repeat: 'hourly',
      weekdays: [8],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['repeat', 'start_date', 'time', 'time_zone', 'weekdays']);
    expect(bad.body.start_date).toEqual(['Enter a real date as YYYY-MM-DD.']);
    expect(
      (await planner.post<Record<string, string[]>>('/api/scan/schedules/', body({ name: 'Nowhere', unified_tags_set: null }))).body,
    ).toEqual({
      assets: ['Choose at least one target.'],
    });
    expect(bad.body.time).toEqual(['Enter a time as HH:mm.']);
    expect(
      (await planner.post<Record<string, string[]>>('/api/scan/schedules/', body({ name: 'Late', end_date: '2026-11-01' }))).body,
    ).toEqual({
      end_date: ['The end date must not be before the start date.'],
    });
    const [foreignTeam] = await t.ctx.db
      .insert(teams)
      .values({ customerId: (await t.otherCustomer('Team owner')).customerId, name: 'Theirs' })
      .returning();
    const refs = await planner.post<Record<string, string[]>>(
      '/api/scan/schedules/',
      body({ name: 'Refs', profile: 999999, user: 999999, shared_access_teams: [foreignTeam!.id] }),
    );
    expect(Object.keys(refs.body).sort()).toEqual(['profile', 'shared_access_teams', 'user']);
    expect(await t.ctx.db.$count(scans)).toBe(before);
  });

  it('previews the next starts of a timing before it is saved', async () => {
    const res = await planner.post<{ upcoming: string[]; end_type: string }>('/api/scan/schedules/preview/', {
      start_date: '2099-01-31',
      time: '09:00',
      repeat: 'monthly',
      end_date: '2099-04-30',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      upcoming: ['2099-01-31T09:00:00.000Z', '2099-02-28T09:00:00.000Z', '2099-03-31T09:00:00.000Z', '2099-04-30T09:00:00.000Z'],
      blackout_starts: [],
      end_type: 'end_date_reached',
    });
    expect((await planner.post('/api/scan/schedules/preview/', { start_date: 'soon', time: '09:00' })).status).toBe(400);
  });

  it('shows a schedule to its owner, its teams and the administrators only', async () => {
    for (const c of [planner, colleague, admin]) {
      const list = await c.get<Page<Schedule>>('/api/scan/schedules/');
      expect(list.body.results.map((s) => s.id)).toContain(weekly.id);
      expect((await c.get<Schedule>(`/api/scan/schedules/by-scan/${weekly.scan}/`)).body.id).toBe(weekly.id);
    }
    expect((await stranger.get<Page<Schedule>>('/api/scan/schedules/')).body.count).toBe(0);
    expect((await stranger.get(`/api/scan/schedules/${weekly.id}/`)).status).toBe(404);
    expect((await stranger.patch(`/api/scan/schedules/${weekly.id}/`, { schedule_is_active: false })).status).toBe(404);
    expect((await other.get(`/api/scan/schedules/${weekly.id}/`)).status).toBe(404);
    expect((await other.request('DELETE', `/api/scan/schedules/${weekly.id}/`)).status).toBe(404);
    expect((await noAccess.get('/api/scan/schedules/')).status).toBe(403);
    expect((await noAccess.post('/api/scan/schedules/', {})).status).toBe(403);
    expect((await (await anonymous(t)).get('/api/scan/schedules/')).status).toBe(401);
  });

  it('filters and orders the list', async () => {
    const once = await admin.post<Schedule>(
      '/api/scan/schedules/',
      body({ name: 'Audit once', repeat: 'never', weekdays: [], start_date: '2099-06-01' }),
    );
    expect(once.status, JSON.stringify(once.body)).toBe(201);
    expect(once.body.end_type).toBe('manually_cancelled');
    const byRepeat = await admin.get<Page<Schedule>>('/api/scan/schedules/?repeat=never');
    expect(byRepeat.body.results.map((s) => s.name)).toEqual(['Audit once']);
    expect((await admin.get<Page<Schedule>>('/api/scan/schedules/?search=night')).body.results.map((s) => s.name)).toEqual([
      'Nightly office',
    ]);
    expect((await admin.get<Page<Schedule>>('/api/scan/schedules/?ordering=-name')).body.results.map((s) => s.name)).toEqual([
      'Nightly office',
      'Audit once',
    ]);
    expect((await admin.get('/api/scan/schedules/?repeat=hourly')).status).toBe(400);
    expect((await admin.request('DELETE', `/api/scan/schedules/${once.body.id}/`)).status).toBe(204);
    const [kept] = await t.ctx.db.select().from(scans).where(eq(scans.id, once.body.scan));
    expect(kept).toMatchObject({ name: 'Audit once', scheduled: false });
    expect((await admin.get(`/api/scan/schedules/${once.body.id}/`)).status).toBe(404);
  });

  it('starts a due schedule once on the injected clock, as a scheduled run of the assets in its tag then', async () => {
    // An asset tagged after the schedule was made is scanned too: tags are resolved when the run starts.
    const later = await savedTarget(t, 1, 'host', '127.0.0.12');
    await t.ctx.db.insert(assetTags).values({ customerId: 1, assetId: later, tagId });
    const due = new Date(weekly.next_run_at!);
    const threeDaysLate = new Date(due.getTime() + 3 * 86_400_000);
    const started = await runDueScanSchedules(t.ctx.db, t.ctx, threeDaysLate, t.ctx.log);
    expect(started).toHaveLength(1);
    expect(await runDueScanSchedules(t.ctx.db, t.ctx, threeDaysLate, t.ctx.log)).toEqual([]);
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, started[0]!));
    expect(run).toMatchObject({ scheduled: true, scanId: weekly.scan, userId: plannerId });
    expect([...run!.targets].sort()).toEqual(['127.0.0.11', '127.0.0.12']);
    const after = (await planner.get<Schedule>(`/api/scan/schedules/${weekly.id}/`)).body;
    expect(after.run_count).toBe(1);
    expect(after.last_run?.id).toBe(started[0]);
    expect(new Date(after.next_run_at!).getTime()).toBeGreaterThan(threeDaysLate.getTime());
    const listed = await admin.get<Page<ScanRunRow>>('/api/scan/nruns/?scheduled=true');
    expect(listed.body.results.map((r) => r.id)).toEqual([started[0]]);
    expect((await admin.get<Page<ScanRunRow>>('/api/scan/nruns/?scheduled=false')).body.results.map((r) => r.id)).not.toContain(started[0]);
  });

  it('ends after its number of runs, says why a start failed, and stops when deactivated', async () => {
    const once = await admin.post<Schedule>(
      '/api/scan/schedules/',
      body({ name: 'Twice only', repeat: 'daily', weekdays: [], max_run_cnt: 1 }),
    );
    const at = new Date(once.body.next_run_at!);
    expect(await runDueScanSchedules(t.ctx.db, t.ctx, at, t.ctx.log)).toHaveLength(1);
    const done = (await admin.get<Schedule>(`/api/scan/schedules/${once.body.id}/`)).body;
    expect(done).toMatchObject({ run_count: 1, next_run_at: null, upcoming: [], end_type: 'ran_x_times' });

    const [empty] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Empty' }).returning();
    const hollow = await admin.post<Schedule>(
      '/api/scan/schedules/',
      body({
        name: 'Hollow',
        repeat: 'daily',
        weekdays: [],
        unified_tags_set: {
          inclusion_tags: [empty!.id],
          exclusion_tags: [],
          inclusion_tags_mode_all: false,
          exclusion_tags_mode_all: false,
        },
      }),
    );
    const hollowAt = new Date(hollow.body.next_run_at!);
    expect(await runDueScanSchedules(t.ctx.db, t.ctx, hollowAt, t.ctx.log)).toEqual([]);
    const failed = (await admin.get<Schedule>(`/api/scan/schedules/${hollow.body.id}/`)).body;
    expect(failed).toMatchObject({ run_count: 0, last_error: 'The scan has no targets.' });
    expect(new Date(failed.next_run_at!).getTime()).toBeGreaterThan(hollowAt.getTime());

    const off = await admin.patch<Schedule>(`/api/scan/schedules/${hollow.body.id}/`, { schedule_is_active: false });
    expect(off.body).toMatchObject({ schedule_is_active: false, next_run_at: null, upcoming: [] });
    expect(await runDueScanSchedules(t.ctx.db, t.ctx, new Date(hollowAt.getTime() + 30 * 86_400_000), t.ctx.log)).not.toContain(
      hollow.body.id,
    );
    const [row] = await t.ctx.db.select().from(scanSchedules).where(eq(scanSchedules.id, hollow.body.id));
    expect(row!.runCount).toBe(0);
  });

  it("takes the data layer's tags / minus_tags for the tag set, and keeps vhosts", async () => {
    const res = await admin.post<Schedule>(
      '/api/scan/schedules/',
      body({ name: 'By tags', unified_tags_set: undefined, tags: [tagId], minus_tags: [], vhosts: ['intranet.example.test'] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.unified_tags_set).toMatchObject({ inclusion_tags: [tagId], exclusion_tags: [] });
    expect(res.body.vhosts).toEqual(['intranet.example.test']);
    expect((await admin.post<Record<string, string[]>>('/api/scan/schedules/', body({ name: 'Bad vhost', vhosts: [''] }))).status).toBe(
      400,
    );
    expect((await admin.request('DELETE', `/api/scan/schedules/${res.body.id}/`)).status).toBe(204);
  });

  it('changes a schedule by PUT, keeping its scan in step', async () => {
    const before = (await planner.get<Schedule>(`/api/scan/schedules/${weekly.id}/`)).body;
    const put = await planner.request<Schedule>(
      'PUT',
      `/api/scan/schedules/${weekly.id}/`,
      body({ name: 'Nightly office v2', repeat: 'daily', weekdays: [], time: '03:00' }),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ name: 'Nightly office v2', repeat: 'daily', time: '03:00', run_count: before.run_count });
    const [scan] = await t.ctx.db.select().from(scans).where(eq(scans.id, weekly.scan));
    expect(scan!.name).toBe('Nightly office v2');
  });
});
