// The run list (scan/nruns/): each §3 ordering key and filter field one by one, the status label filter with its two
// "also matches" rules, paging, and 400 on bad values. Runs are started through the API (no probe claims them); the
// fields a finished run would have are then written on the rows, as the probe and results processing would.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_TASK_LABELS, type NetworkScan, type ScanRunRow } from '@bulwark/core';
import { probes, scanRuns, assets, users } from '../src/db/schema/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { smallProfile } from './helpers/scans.ts';
import { signedIn } from './helpers/sessions.ts';

type Paged<T> = { count: number; next: string | null; previous: string | null; results: T[] };

describe('the run list', () => {
  let t: TestApp;
  let admin: Client;
  const ids: Record<string, number> = {};
  const scanIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp('pglite', { BULWARK_BUILTIN_PROBE: 'off' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const me = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!;
    await t.ctx.db.update(users).set({ firstName: 'Ada', lastName: 'Smith' }).where(eq(users.id, me.id));
    const adams = await t.user({ email: 'adams@example.com', firstName: 'Zoe', lastName: 'Adams' });
    const profile = await smallProfile(t, me.customerId, '1');
    const [far] = await t.ctx.db.insert(probes).values({ customerId: me.customerId, name: 'far' }).returning();
    ids.far = far!.id;
    const make = async (name: string, targets: string[], extra: Record<string, unknown> = {}) => {
      const res = await admin.post<NetworkScan>('/api/scan/nscans/', { name, targets, profile, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      scanIds[name] = res.body.id;
      const run = (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?scan=${res.body.id}`)).body.results[0]!;
      ids[name] = run.id;
    };
    const [asset] = await t.ctx.db
      .insert(assets)
      .values({ customerId: me.customerId, kind: 'host', value: '127.0.0.1', address: '127.0.0.1' })
      .returning();
    ids.asset = asset!.id;
    await make('Alpha', [], { assets: [asset!.id] });
    await make('bravo', ['10.1.0.1-10.1.0.4'], { node: far!.id });
    await make('Charlie', ['10.2.0.0/30']);
    await make('Delta', ['10.3.0.1-10.3.0.3']);
    await make('Echo', ['10.4.0.0/29']);
    await make('Foxtrot', ['10.5.0.1-10.5.0.5']);
    const set = (name: string, values: Partial<typeof scanRuns.$inferInsert>) =>
      t.ctx.db.update(scanRuns).set(values).where(eq(scanRuns.id, ids[name]!));
    await set('Alpha', { createdAt: new Date('2024-01-01T10:00:00Z'), cntVulns: 5 });
    await set('Charlie', { state: -3, userId: adams.id });
    await set('Delta', { state: -5, cntVulns: 1 });
    await set('Echo', {
      state: 4,
      status: 2,
      scheduled: true,
      cntVulns: 9,
      startedAt: new Date('2024-05-10T08:00:00Z'),
      finishedAt: new Date('2024-05-10T09:00:00Z'),
    });
    await set('Foxtrot', { state: 2, startedAt: new Date('2024-03-01T08:00:00Z') });
  });
  afterAll(() => t.close());

  const names = async (query: string): Promise<string[]> => {
    const res = await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?page_size=100&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results.map((r) => r.name);
  };
  const sorted = async (query: string) => (await names(query)).sort();

  it('orders by each §3 key, ascending and with "-" descending, newest first by default', async () => {
    expect(await names('')).toEqual(['Foxtrot', 'Echo', 'Delta', 'Charlie', 'bravo', 'Alpha']);
    expect(await names('ordering=name')).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
    expect(await names('ordering=-name')).toEqual(['Foxtrot', 'Echo', 'Delta', 'Charlie', 'bravo', 'Alpha']);
    expect(await names('ordering=scan_id')).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
    // scanned_items: 1, 4, 2 (a /30 without network and broadcast), 3, 6, 5.
    expect(await names('ordering=scanned_items')).toEqual(['Alpha', 'Charlie', 'Delta', 'bravo', 'Foxtrot', 'Echo']);
    expect((await names('ordering=-cnt_vulns')).slice(0, 3)).toEqual(['Echo', 'Alpha', 'Delta']);
    expect((await names('ordering=-status'))[0]).toBe('Echo');
    expect((await names('ordering=started')).slice(0, 2)).toEqual(['Foxtrot', 'Echo']);
    expect((await names('ordering=-started')).slice(0, 2)).toEqual(['Echo', 'Foxtrot']);
    expect((await names('ordering=finished'))[0]).toBe('Echo');
    expect((await names('ordering=user'))[0]).toBe('Charlie');
    expect((await names('ordering=-user')).at(-1)).toBe('Charlie');
    const bad = await admin.get('/api/scan/nruns/?ordering=colour');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ordering: [expect.stringContaining('Order by one of: name, scan_id, user, scanned_items, status')] });
  });

  it('filters by status label, Requested also matching new and created start, Queued also delayed node assignment', async () => {
    expect(await sorted('status=Requested')).toEqual(['Alpha', 'Charlie', 'Delta']);
    expect(await sorted('status=New')).toEqual(['Charlie']);
    expect(await sorted('status=Queued')).toEqual(['bravo']);
    expect(await sorted('status=Paused')).toEqual(['Foxtrot']);
    expect(await sorted('status=Requested&status=Finished')).toEqual(['Alpha', 'Charlie', 'Delta', 'Echo']);
    expect(await sorted('status=Running')).toEqual([]);
    const bad = await admin.get('/api/scan/nruns/?status=Bogus');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: [`"Bogus" is not a valid status. Choose from ${SCAN_TASK_LABELS.join(', ')}.`] });
  });

  it('filters by node (-1 = external), scheduled, scan and name search', async () => {
    expect(await sorted('node=-1')).toEqual(['Alpha', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
    expect(await sorted(`node=${ids.far}`)).toEqual(['bravo']);
    const row = (await admin.get<Paged<ScanRunRow>>(`/api/scan/nruns/?node=-1&page_size=1`)).body.results[0]!;
    expect(row.is_external).toBe(true);
    expect(await sorted('scheduled=true')).toEqual(['Echo']);
    expect(await sorted('scheduled=false')).toHaveLength(5);
    expect(await sorted(`scan=${scanIds.Delta}`)).toEqual(['Delta']);
    expect(await sorted('search=ECH')).toEqual(['Echo']);
    expect(await sorted('search=%25')).toEqual([]);
    expect((await admin.get('/api/scan/nruns/?scheduled=maybe')).body).toEqual({ scheduled: ['Must be true or false.'] });
    expect((await admin.get('/api/scan/nruns/?node=abc')).status).toBe(400);
  });

  it("filters by scan target (asset), is_external, and core's finished_from / finished_to names", async () => {
    expect(await sorted(`asset=${ids.asset}`)).toEqual(['Alpha']);
    expect(await sorted(`asset=${ids.asset! + 1000}`)).toEqual([]);
    expect(await sorted('is_external=false')).toEqual(['bravo']);
    expect(await sorted('is_external=true')).toHaveLength(5);
    expect(await sorted('finished_from=2024-05-01&finished_to=2024-05-10')).toEqual(['Echo']);
    expect(await sorted('finished_to=2024-05-09')).toEqual([]);
    expect((await admin.get('/api/scan/nruns/?asset=x')).body).toEqual({ asset: ['A valid integer is required.'] });
  });

  it('filters by finished, created, last started and last finished assessment bounds', async () => {
    expect(await sorted('finished_after=2024-05-01')).toEqual(['Echo']);
    expect(await sorted('finished_before=2024-05-09')).toEqual([]);
    // A day as the upper bound includes that whole day.
    expect(await sorted('finished_before=2024-05-10')).toEqual(['Echo']);
    expect(await sorted('last_finished_assessment_after=2024-05-10T09:30:00Z')).toEqual([]);
    expect(await sorted('last_finished_assessment_before=2024-06-01')).toEqual(['Echo']);
    expect(await sorted('created_before=2024-01-02')).toEqual(['Alpha']);
    expect(await sorted('created_after=2024-01-02')).toEqual(['Charlie', 'Delta', 'Echo', 'Foxtrot', 'bravo']);
    expect(await sorted('last_started_assessment_after=2024-04-01')).toEqual(['Echo']);
    expect(await sorted('last_started_assessment_before=2024-04-01')).toEqual(['Foxtrot']);
    const bad = await admin.get('/api/scan/nruns/?created_after=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ created_after: ['Enter a valid date or date and time (YYYY-MM-DD or ISO 8601).'] });
  });

  it('pages with next and previous links', async () => {
    const first = await admin.get<Paged<ScanRunRow>>('/api/scan/nruns/?page_size=4&ordering=name');
    expect(first.body.count).toBe(6);
    expect(first.body.results.map((r) => r.name)).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta']);
    expect(first.body.previous).toBeNull();
    const second = await admin.get<Paged<ScanRunRow>>(first.body.next!);
    expect(second.body.results.map((r) => r.name)).toEqual(['Echo', 'Foxtrot']);
    expect(second.body.next).toBeNull();
    // Each row carries its tasks and the actions they allow.
    const alpha = first.body.results[0]!;
    expect(alpha).toMatchObject({ state_label: 'Requested', status_label: 'Pending', actions: ['pause', 'cancel', 'force_cancel'] });
    expect(alpha.children).toHaveLength(1);
    expect(alpha.children[0]).toMatchObject({ state: 0, state_label: 'Requested', targets: ['127.0.0.1'], probe: null });
  });
});
