// Dashboards on every test database: the default dashboard a user's first look makes, dashboards and widgets CRUD with
// field errors (a kind drawn only as it suits, a widget inside the 12 columns), each widget kind's figures checked
// against SQL over a processed run, trends from the daily snapshots (and live for a LIMITED member), the industry
// benchmark only with five other customers, previews, and the guards: 401, another user's and customer's 404.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, TrendPoint, Widget, WidgetData, WidgetWithData } from '@bulwark/core';
import { assets, assetTags, exposureSnapshots, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { queryRows } from '../src/db/rows.ts';
import { takeSnapshots } from '../src/modules/dashboards/snapshots.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };
const ssh = { name: 'ssh', product: 'OpenSSH', version: '9.2p1', banner: null, cpe: [] };
const finding = (check: string, severity: number) => ({
  check,
  name: check,
  severity,
  confidence: 'confirmed',
  port: 22,
  protocol: 'tcp',
  cve: [],
});
const host = (address: string, findings: unknown[]) => ({
  address,
  alive: true,
  ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }],
  findings,
});

describe.each(BACKENDS)('dashboards on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let other: Client;
  let mine: Dashboard;
  let widgets: Widget[];

  const data = async (c: Client, id: number) => {
    const res = await c.get<WidgetWithData>(`/api/dashboard/widgets/${id}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const widgetOf = (kind: string) => widgets.find((w) => w.kind === kind)!;
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<Record<string, unknown>>(t.ctx.db, query))[0] as T;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = await smallProfile(t, 1, '22');
    const runId = await deliveredRun(
      t,
      admin,
      { name: 'Sweep', profile, probeId },
      {
        hosts: [
          host('127.0.0.1', [finding('ssh-weak-kex', 3), finding('ssh-terrapin', 2), finding('ssh-weak-macs', 4)]),
          host('127.0.0.2', [finding('ssh-terrapin', 2)]),
        ],
      },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    const m = await t.user({ email: 'member@example.com' });
    member = await signedIn(t, 'member@example.com');
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Second' }).returning();
    const [second] = await t.ctx.db.select().from(assets).where(eq(assets.address, '127.0.0.2'));
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: second!.id, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    const o = await t.otherCustomer();
    other = await signedIn(t, o.adminEmail);
  });
  afterAll(() => t.close());

  it('makes a useful default dashboard on the first look, once', async () => {
    const [first, again] = await Promise.all([
      admin.get<Dashboard[]>('/api/dashboard/dashboards/'),
      admin.get<Dashboard[]>('/api/dashboard/dashboards/'),
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1);
    expect(again.body.map((d) => d.id)).toEqual(first.body.map((d) => d.id));
    mine = first.body[0]!;
    expect(mine).toMatchObject({ name: 'My dashboard', scope: 'dashboard', is_default: true });
    const list = await admin.get<Page<Widget>>(`/api/dashboard/widgets/?dashboard=${mine.id}`);
    widgets = list.body.results;
    expect(widgets.map((w) => [w.kind, w.slot, w.width])).toEqual([
      ['customer_average_risk_score', 0, 4],
      ['vulnerability_trend', 4, 8],
      ['detected_vs_fixed', 300, 6],
      ['mean_time_to_resolution', 306, 6],
      ['asset_inventory', 600, 4],
      ['news_feed', 604, 4],
      ['industry_benchmark', 608, 4],
    ]);
    expect((await admin.get(`/api/dashboard/widgets/?dashboard=${mine.id}&page_size=101`)).status).toBe(400);
  });

  it('answers each kind with figures that match the database', async () => {
    const risk = (await data(admin, widgetOf('customer_average_risk_score').id)) as Extract<
      WidgetData,
      { kind: 'customer_average_risk_score' }
    >;
    const avg = await one<{ a: number }>(sql`select avg(risk_score) as a from assets where last_seen is not null and customer_id = 1`);
    expect(risk.value).toBeCloseTo(Number(avg.a), 1);
    expect(risk.assets).toBe(2);
    expect(risk.value).toBeGreaterThan(0);

    const trend = (await data(admin, widgetOf('vulnerability_trend').id)) as Extract<WidgetData, { kind: 'vulnerability_trend' }>;
    const today = trend.points.at(-1)!;
    expect(today).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      critical: 1,
      high: 1,
      medium: 2,
      low: 0,
      total: 4,
      detected: 4,
      fixed: 0,
    });

    const inventory = (await data(admin, widgetOf('asset_inventory').id)) as Extract<WidgetData, { kind: 'asset_inventory' }>;
    expect(inventory.segments.find((s) => s.key === 'host')).toMatchObject({ count: 2, link: '/assets/unified-assets?kind=host' });
    expect(inventory).toMatchObject({ total: 2, with_open_findings: 2 });

    const owasp = await admin.post<WidgetData>('/api/dashboard/widgets/preview/', { kind: 'owasp_top_10' });
    expect(owasp.body).toMatchObject({ kind: 'owasp_top_10', total: 0, uncategorised: 0 });

    await admin.post('/api/platform/announcements/', { title: 'Welcome to Bulwark' });
    const news = (await data(admin, widgetOf('news_feed').id)) as Extract<WidgetData, { kind: 'news_feed' }>;
    expect(news.items.map((n) => n.title)).toEqual(['Welcome to Bulwark']);
  });

  it('draws trends from the daily snapshots, written by housekeeping', async () => {
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db.insert(exposureSnapshots).values([
      {
        customerId: 1,
        day: day(2),
        critical: 3,
        high: 2,
        medium: 1,
        low: 0,
        info: 0,
        averageRisk: 60,
        detected: 6,
        fixed: 0,
        takenAt: new Date(),
      },
      {
        customerId: 1,
        day: day(40),
        critical: 9,
        high: 9,
        medium: 9,
        low: 9,
        info: 9,
        averageRisk: 90,
        detected: 0,
        fixed: 0,
        takenAt: new Date(),
      },
    ]);
    const week = await admin.get<TrendPoint[]>('/api/dashboard/stats/vulnsovertime/?days=7');
    expect(week.body.map((p) => [p.day, p.critical, p.total])).toEqual([
      [day(2), 3, 6],
      [day(0), 1, 4],
    ]);
    expect((await admin.get<TrendPoint[]>('/api/dashboard/stats/vulnsovertime/?days=90')).body).toHaveLength(3);
    expect((await admin.get('/api/dashboard/stats/vulnsovertime/?days=5')).body).toEqual({ days: ['Choose 7, 30, 90 or 365 days.'] });
    // Housekeeping's snapshot of today agrees with the findings.
    expect(await t.ctx.db.transaction((tx) => takeSnapshots(tx, new Date()))).toBe(2);
    const [row] = await t.ctx.db
      .select()
      .from(exposureSnapshots)
      .where(sql`customer_id = 1 and day = ${day(0)}::date`);
    expect(row).toMatchObject({ critical: 1, high: 1, medium: 2, low: 0, detected: 4 });
  });

  it('works a LIMITED member’s figures out from their own assets', async () => {
    const dashboards = await member.get<Dashboard[]>('/api/dashboard/dashboards/');
    const list = await member.get<Page<Widget>>(`/api/dashboard/widgets/?dashboard=${dashboards.body[0]!.id}`);
    const byKind = (k: string) => list.body.results.find((w) => w.kind === k)!.id;
    const trend = (await data(member, byKind('vulnerability_trend'))) as Extract<WidgetData, { kind: 'vulnerability_trend' }>;
    expect(trend.points.at(-1)).toMatchObject({ critical: 0, high: 0, medium: 1, total: 1, detected: 1 });
    expect(trend.points).toHaveLength(30);
    const risk = (await data(member, byKind('customer_average_risk_score'))) as Extract<
      WidgetData,
      { kind: 'customer_average_risk_score' }
    >;
    expect(risk.assets).toBe(1);
    const inventory = (await data(member, byKind('asset_inventory'))) as Extract<WidgetData, { kind: 'asset_inventory' }>;
    expect(inventory.total).toBe(1);
  });

  it('shows the industry benchmark only when five other customers contribute', async () => {
    const id = widgetOf('industry_benchmark').id;
    const alone = (await data(admin, id)) as Extract<WidgetData, { kind: 'industry_benchmark' }>;
    expect(alone).toMatchObject({ available: false, industry: null });
    expect(alone.mine.open_per_asset).toBe(2);
    const risks = [10, 20, 30, 40, 50];
    for (const [i, risk] of risks.entries()) {
      const o = await t.otherCustomer(`Peer ${i}`);
      await t.ctx.db.insert(assets).values({
        customerId: o.customerId,
        kind: 'host',
        type: 2,
        value: `10.9.${i}.1`,
        address: `10.9.${i}.1`,
        riskScore: risk,
        lastSeen: new Date(),
        firstSeen: new Date(),
      });
    }
    const compared = (await data(admin, id)) as Extract<WidgetData, { kind: 'industry_benchmark' }>;
    expect(compared).toMatchObject({ available: true, contributors: 5, industry: { average_risk: 30, open_per_asset: 0 } });
  });

  it('adds, moves, reconfigures and removes widgets, with field errors', async () => {
    const bad = await admin.post('/api/dashboard/widgets/', {
      dashboard: mine.id,
      kind: 'news_feed',
      display_type: 2,
      slot: 910,
      width: 4,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ display_type: ['This kind cannot be drawn that way.'], width: ['The widget would reach past column 12.'] });
    expect((await admin.post('/api/dashboard/widgets/', { dashboard: mine.id, kind: 'pie chart' })).status).toBe(400);
    const made = await admin.post<Widget>('/api/dashboard/widgets/', {
      dashboard: mine.id,
      kind: 'vulnerability_trend',
      title: 'Quarter',
      display_type: 7,
      config: { days: 90, series: [1, 2], layout: 1 },
      slot: 900,
      width: 12,
      height: 4,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ kind: 'vulnerability_trend', display_type: 7, config: { days: 90, series: [1, 2], layout: 1 } });
    const moved = await admin.patch<Widget>(`/api/dashboard/widgets/${made.body.id}/`, { slot: 902, width: 6 });
    expect(moved.body).toMatchObject({ slot: 902, width: 6, title: 'Quarter', display_type: 7 });
    expect((await admin.patch(`/api/dashboard/widgets/${made.body.id}/`, { config: { days: 12 } })).status).toBe(400);
    const defaulted = await admin.post<Widget>('/api/dashboard/widgets/', { dashboard: mine.id, kind: 'asset_inventory', slot: 1200 });
    expect(defaulted.body).toMatchObject({ display_type: 1, width: 4, height: 3 });
    // Another user and another customer see none of it.
    expect((await member.get(`/api/dashboard/widgets/${made.body.id}/`)).status).toBe(404);
    expect((await other.patch(`/api/dashboard/widgets/${made.body.id}/`, { slot: 0 })).status).toBe(404);
    expect((await other.get(`/api/dashboard/widgets/?dashboard=${mine.id}`)).status).toBe(404);
    expect((await other.post('/api/dashboard/widgets/', { dashboard: mine.id, kind: 'news_feed' })).body).toEqual({
      dashboard: ['No such dashboard.'],
    });
    expect((await admin.request('DELETE', `/api/dashboard/widgets/${made.body.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/dashboard/widgets/${made.body.id}/`)).status).toBe(404);
    const preview = await admin.post<WidgetData>('/api/dashboard/widgets/preview/', { kind: 'detected_vs_fixed', config: { days: 7 } });
    expect(preview.body.kind).toBe('detected_vs_fixed');
  });

  it('keeps dashboards per user: create, rename, scope checks, a new default, delete', async () => {
    expect((await admin.post('/api/dashboard/dashboards/', { name: ' ' })).body).toEqual({ name: ['This field may not be blank.'] });
    expect((await admin.post('/api/dashboard/dashboards/', { name: 'Team view', scope: 'team' })).body).toEqual({
      team: ['Choose the team this dashboard is for.'],
    });
    const made = await admin.post<Dashboard>('/api/dashboard/dashboards/', { name: 'Board' });
    expect(made.status).toBe(201);
    expect((await admin.patch<Dashboard>(`/api/dashboard/dashboards/${made.body.id}/`, { name: 'For the board' })).body.name).toBe(
      'For the board',
    );
    expect((await member.get(`/api/dashboard/dashboards/${made.body.id}/`)).status).toBe(404);
    const fresh = await admin.post<Dashboard>('/api/dashboard-create/', {});
    expect(fresh.status).toBe(201);
    const all = (await admin.get<Dashboard[]>('/api/dashboard/dashboards/')).body;
    expect(all[0]).toMatchObject({ id: fresh.body.id, is_default: true });
    expect(all.filter((d) => d.is_default)).toHaveLength(1);
    expect((await admin.request('DELETE', `/api/dashboard/dashboards/${made.body.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/dashboard/dashboards/${made.body.id}/`)).status).toBe(404);
    const anon = await anonymous(t);
    expect((await anon.get('/api/dashboard/dashboards/')).status).toBe(401);
    expect((await anon.get('/api/dashboard/stats/vulnsovertime/')).status).toBe(401);
    expect((await t.ctx.db.select().from(users)).length).toBeGreaterThan(2);
  });
});
