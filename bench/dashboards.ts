// Benchmark: a dashboard of 12 widgets (every kind; trends over 30, 90 and 365 days) over 1,000,000 findings on 100,000
// assets (BENCH_FINDINGS, BENCH_ASSETS) with a year of daily snapshots: all its widget calls as the page makes them
// (at once), and one after another, against the reference of the same run: one indexed count of the open findings.
// Target: every widget answered within 1 s in total. Median of 5 runs.
// Run: npx tsx bench/dashboards.ts  (BENCH_BACKEND=postgres|pglite, default postgres when it answers)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { WidgetConfig, WidgetKind } from '@bulwark/core';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import { seedFindings } from './lib/seed-findings.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';
import { customers, users } from '../packages/server/src/db/schema/index.ts';
import { widgetDataOf } from '../packages/server/src/modules/dashboards/widget-data.ts';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 1_000_000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const RUNS = 5;
const WIDGETS: [WidgetKind, WidgetConfig][] = [
  ['customer_average_risk_score', { days: 30 }],
  ['customer_average_risk_score', { days: 365 }],
  ['vulnerability_trend', { days: 30 }],
  ['vulnerability_trend', { days: 365 }],
  ['detected_vs_fixed', { days: 90 }],
  ['detected_vs_fixed', { days: 365 }],
  ['mean_time_to_resolution', { days: 90 }],
  ['asset_inventory', {}],
  ['news_feed', {}],
  ['industry_benchmark', {}],
  ['owasp_top_10', {}],
  ['recipients_by_severity', {}],
];
const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function bench(backend: Backend): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-dashboards-'));
  const { database, drop } = await openBench(backend, dir);
  try {
    await database.migrate();
    const { db } = database;
    await db.insert(customers).values({ id: 1, name: 'Bench' });
    const [user] = await db.insert(users).values({ customerId: 1, email: 'bench@example.com', isSuperuser: true }).returning();
    await seedFindings(db, { findings: FINDINGS, assets: ASSETS, issues: 20_000 });
    await db.execute(sql`update findings set closed_at = last_seen where state = 3`);
    await db.execute(sql`
      insert into exposure_snapshots (customer_id, day, critical, high, medium, low, info, average_risk, detected, fixed, taken_at)
      select 1, (current_date - d)::date, 1000 + d, 2000, 3000, 4000, 500, 40 + (d % 10), d % 50, d % 40, now()
      from generate_series(1, 365) d`);
    await db.execute(sql`analyze`);
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from findings`)) as [{ n: number }];
    console.log(`\n${backend}: ${WIDGETS.length} widgets over ${int(n)} findings on ${int(ASSETS)} assets, 365 days of snapshots`);

    const c = { db, scope: { customerId: 1, limitedToTags: null }, userId: user!.id, now: new Date() };
    const reference: number[] = [];
    const together: number[] = [];
    const apart: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      reference.push(await timed(() => queryRows(db, sql`select count(*) from findings where customer_id = 1 and state <> 3`)));
      together.push(await timed(() => Promise.all(WIDGETS.map(([kind, config]) => widgetDataOf(c, kind, config)))));
      apart.push(
        await timed(async () => {
          for (const [kind, config] of WIDGETS) await widgetDataOf(c, kind, config);
        }),
      );
    }
    const trend = await widgetDataOf(c, 'vulnerability_trend', { days: 365 });
    check(
      'the year-long trend has a point a day (364 snapshots and today)',
      trend.kind === 'vulnerability_trend' && trend.points.length === 365,
    );
    const each: string[] = [];
    for (const [kind, config] of WIDGETS)
      each.push(`${kind}${config.days ? ` ${config.days}d` : ''} ${(await timed(() => widgetDataOf(c, kind, config))).toFixed(0)} ms`);
    console.log(`  each widget alone: ${each.join(', ')}`);
    const r = median(reference);
    const t = median(together);
    console.log(
      `  all ${WIDGETS.length} widget calls at once: ${t.toFixed(0)} ms (one after another ${median(apart).toFixed(0)} ms); ` +
        `one indexed count of the open findings ${r.toFixed(0)} ms; ratio ${(t / r).toFixed(1)} (target: all within 1 s: ${t < 1000 ? 'yes' : 'no'})`,
    );
  } finally {
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const backends: Backend[] = process.env.BENCH_BACKEND
  ? [process.env.BENCH_BACKEND as Backend]
  : (await postgresReachable())
    ? ['postgres']
    : ['pglite'];
for (const b of backends) await bench(b);
if (!allChecksPassed()) process.exit(1);
