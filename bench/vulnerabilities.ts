// Benchmark: unified vulnerabilities at 1,000,000 findings over 100,000 assets and 20,000 issues (BENCH_FINDINGS,
// BENCH_ASSETS, BENCH_ISSUES). Each measurement against a reference taken in the same run on the same database:
// 1. the first page of the finding list with the common filters (severity High or Critical, counting — not ignored —,
//    a tag included, risk ≥ 50, by risk) as the API answers it (listFindings: the page and its count), against the
//    best hand-written indexed SQL for the same answer (the page, and the count exact up to FINDING_EXACT_COUNT, then
//    the planner's estimate, as the list answers it); median
//    and p95 of 30 runs each;
// 2. the count by OPTIONS (countFindings) on the same filter, p95;
// 3. ignoring 12,000 findings by filter in one transaction (ignoreFindings), with the issues' and assets'
//    scores refreshed.
// Run: npx tsx bench/vulnerabilities.ts  (BENCH_BACKEND=postgres|pglite, default postgres when it answers)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import { seedFindings } from './lib/seed-findings.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';
import { customers, users } from '../packages/server/src/db/schema/index.ts';
import { vulnerabilityListQuery } from '../packages/server/src/modules/vulnerabilities/filters.ts';
import { countFindings, FINDING_EXACT_COUNT, listFindings } from '../packages/server/src/modules/vulnerabilities/repo.ts';
import { ignoreFindings } from '../packages/server/src/modules/vulnerabilities/service.ts';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 1_000_000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const ISSUES = Number(process.env.BENCH_ISSUES ?? 20_000);
const RUNS = 30;
const scope = { customerId: 1, limitedToTags: null };

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

async function bench(backend: Backend): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-vulns-'));
  const { database, drop } = await openBench(backend, dir);
  try {
    await database.migrate();
    const { db } = database;
    await db.insert(customers).values({ id: 1, name: 'Bench' });
    const [user] = await db.insert(users).values({ customerId: 1, email: 'bench@example.com', isSuperuser: true }).returning();
    console.log(`\n${backend}: ${int(FINDINGS)} findings over ${int(ASSETS)} assets and ${int(ISSUES)} issues`);

    const [, seedMs] = await timed(() => seedFindings(db, { findings: FINDINGS, assets: ASSETS, issues: ISSUES }));
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from findings`)) as [{ n: number }];
    console.log(`  seeded ${int(n)} findings in ${(seedMs / 1000).toFixed(1)} s`);
    const [tag] = await queryRows<{ id: number }>(db, sql`select id from tags where name = 'Tag 3'`);
    const tagId = Number(tag!.id);

    // 1. The first page with the common filters, ours (as the API answers) against hand-written SQL.
    const query = vulnerabilityListQuery.parse({
      severity: ['3', '4'],
      state: 'active',
      include_tags: String(tagId),
      risk_score_min: '50',
      ordering: '-risk_score',
      page_size: '50',
    });
    const { page, page_size, ordering, ...filter } = query;
    const where = sql`f.customer_id = 1 and f.state <> 3 and f.ignore_kind is null and not f.test_ignored and f.severity >= 3
      and f.risk_score >= 50 and exists (select 1 from asset_tags t where t.asset_id = f.host_id and t.tag_id = ${tagId})`;
    const ours: number[] = [];
    const reference: number[] = [];
    let ourIds: number[] = [];
    let refIds: number[] = [];
    let ourCount = 0;
    let refCount = 0;
    for (let i = 0; i < RUNS; i++) {
      const [answer, oursMs] = await timed(() => listFindings(db, scope, filter, { page, pageSize: page_size, ordering }, new Date()));
      ours.push(oursMs);
      ourIds = answer.rows.map((r) => r.id);
      ourCount = answer.count;
      const [ref, refMs] = await timed(async () => {
        const [rows, [capped]] = await Promise.all([
          queryRows<{ id: number }>(
            db,
            sql`select f.*, a.value, a.name as asset_name from findings f join assets a on a.id = f.host_id where ${where}
                order by f.risk_score desc, f.id desc limit 50`,
          ),
          queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from (select 1 from findings f where ${where} limit ${FINDING_EXACT_COUNT + 1}) c`,
          ),
        ]);
        let count = Number(capped!.n);
        if (count > FINDING_EXACT_COUNT) {
          const [plan] = await queryRows<Record<string, unknown>>(
            db,
            sql`explain (format json) select f.id from findings f where ${where}`,
          );
          const json = Object.values(plan!)[0];
          const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
          count = Math.max(count, Math.round(parsed[0]!.Plan['Plan Rows']));
        }
        return { ids: rows.map((r) => Number(r.id)), count };
      });
      reference.push(refMs);
      refIds = ref.ids;
      refCount = ref.count;
    }
    check('the same first page as the hand-written SQL', JSON.stringify(ourIds) === JSON.stringify(refIds));
    // Above FINDING_EXACT_COUNT both are the planner's estimates, of differently written queries.
    check(
      `the same count (${ourCount} and ${refCount})`,
      ourCount === refCount || (ourCount > FINDING_EXACT_COUNT && refCount > FINDING_EXACT_COUNT),
    );
    const o = quantile(ours, 0.5);
    const r = quantile(reference, 0.5);
    const p95 = quantile(ours, 0.95);
    console.log(
      `  first page, severity ≥ High, counting, tag, risk ≥ 50, by risk: ${int(ourCount)} findings; ours ${ms(o)} (p95 ${ms(p95)}), ` +
        `hand-written SQL ${ms(r)} (p95 ${ms(quantile(reference, 0.95))}); ours / SQL ${(o / r).toFixed(2)} (target ≤ 2; p95 under 100 ms: ${p95 < 100 ? 'yes' : 'no'})`,
    );

    // 2. The count by OPTIONS.
    const counts: number[] = [];
    for (let i = 0; i < RUNS; i++) counts.push((await timed(() => countFindings(db, scope, filter, new Date())))[1]);
    const c95 = quantile(counts, 0.95);
    console.log(`  count by OPTIONS: median ${ms(quantile(counts, 0.5))}, p95 ${ms(c95)} (target under 50 ms: ${c95 < 50 ? 'yes' : 'no'})`);

    // 3. Ignoring by filter in one transaction.
    const byFilter = { port: '8443' };
    const [expected] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from findings f where f.port = 8443 and f.state <> 3 and f.ignore_kind is null and not f.test_ignored`,
    );
    const [result, ignoreMs] = await timed(() =>
      ignoreFindings(db, scope, user!.id, { ignore_kind: 1, reason: 2, comment: 'Bench', expires_at: null, filter: byFilter }, new Date()),
    );
    check(`every matching finding ignored (${result.ignored} of ${expected!.n})`, result.ignored === Number(expected!.n));
    console.log(
      `  ignoring ${int(result.ignored)} findings by filter in one transaction: ${(ignoreMs / 1000).toFixed(2)} s (target under 5 s: ${ignoreMs < 5000 ? 'yes' : 'no'})`,
    );
  } finally {
    // BENCH_KEEP=1 leaves the PostgreSQL database for a look at the plans.
    if (process.env.BENCH_KEEP === '1') await database.close();
    else await drop();
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
