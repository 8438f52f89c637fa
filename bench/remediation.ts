// Benchmark: remediation at 1,000,000 findings over 100,000 assets and 20,000 issues (BENCH_FINDINGS, BENCH_ASSETS,
// BENCH_ISSUES). Two measurements, each against a reference taken in the same run on the same fresh database:
// 1. a remediation rule (High or Critical, one ticket per asset, due dates by severity) opening its tickets through
//    runRule — its conditions as one SQL condition handed to openTicketsForFindings, the per-customer numbering lock,
//    a subtask per finding, a 'created' history row per ticket — against the equivalent hand-written INSERT … SELECT
//    (the same tickets, subtasks and history rows from the same findings); the tickets are removed between rounds and
//    the two alternate, 3 rounds, medians (target: the rule ≤ 2× the hand-written SQL);
// 2. the first page of the ticket list over the rule's ~100,000 tickets with common filters (Open or In progress,
//    priority High or Critical, highest issue threat first) as the API answers it (listTickets: the page of 50 and its
//    count), p95 of 30 runs (target < 100 ms).
// Run: npx tsx bench/remediation.ts  (BENCH_BACKEND=postgres|pglite, default postgres when it answers)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ruleActions, ruleConditions, type RemediationRule } from '@bulwark/core';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import { seedFindings } from './lib/seed-findings.ts';
import type { AppContext } from '../packages/server/src/context.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';
import { customers, users } from '../packages/server/src/db/schema/index.ts';
import { runRule } from '../packages/server/src/modules/remediation-rules/index.ts';
import { listTickets, ticketListQuery } from '../packages/server/src/modules/tickets/read-model.ts';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 1_000_000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const ISSUES = Number(process.env.BENCH_ISSUES ?? 20_000);
const ROUNDS = 3;
const RUNS = 30;
const NOW = new Date('2026-11-29T08:00:00Z');
const DUE_DAYS = { 4: 7, 3: 30, 2: 90, 1: 180 };
const scope = { customerId: 1, limitedToTags: null };

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (x: number): string => `${(x / 1000).toFixed(2)} s`;
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

/**
 * The hand-written equivalent: one statement making the same tickets (one per asset with open, counted High or Critical
 * findings at or above the minimum QoD, not ticketed, on assets not archived), their subtasks and 'created' rows.
 */
const REFERENCE = sql`
  with cand as materialized (
    select f.id, f.host_id, f.issue_id, f.severity, f.risk_score, f.name
    from findings f join assets a on a.id = f.host_id
    where f.customer_id = 1 and f.state <> 3 and f.ignore_kind is null and not f.test_ignored and f.severity >= 3
      and f.qod >= (select min_qod from customers where id = 1) and a.archived_at is null
      and not exists (select 1 from ticket_subtasks s where s.finding_id = f.id and s.open)
      and not exists (select 1 from exclusions e where e.customer_id = 1)
  ),
  g as (
    select c.host_id, row_number() over (order by max(c.risk_score) desc, c.host_id) as rn, max(c.severity)::int as severity,
           count(*)::int as n, count(distinct c.issue_id) as issues, min(c.issue_id) as issue_id, max(c.risk_score) as risk
    from cand c group by c.host_id
  ),
  ins as (
    insert into tickets (customer_id, number, type, grouping, title, status, priority, issue_id, asset_id, due_date, rule_id,
                         asset_risk_score, issue_threat_score, open_findings, created_at, updated_at)
    select 1, (select coalesce(max(number), 0) from tickets where customer_id = 1) + g.rn, 2, 'by_asset', a.value, 0, g.severity,
           case when g.issues = 1 then g.issue_id end, g.host_id,
           (${NOW.toISOString()}::timestamptz at time zone 'UTC')::date + (${JSON.stringify(DUE_DAYS)}::jsonb ->> g.severity::text)::int,
           null, a.risk_score, g.risk, g.n, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz
    from g join assets a on a.id = g.host_id
    returning id, asset_id
  ),
  sub as (
    insert into ticket_subtasks (customer_id, ticket_id, finding_id, status, open, created_at, updated_at)
    select 1, ins.id, c.id, 0, true, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz
    from ins join cand c on c.host_id = ins.asset_id
  ),
  ev as (
    insert into ticket_events (customer_id, ticket_id, at, kind, source, changes, version)
    select 1, ins.id, ${NOW.toISOString()}::timestamptz, 'created', 'rule', '{}'::jsonb, 1 from ins
  )
  select count(*)::int as n from ins`;

async function counts(db: AppContext['db']): Promise<{ tickets: number; subtasks: number; events: number }> {
  const [row] = await queryRows<{ tickets: number; subtasks: number; events: number }>(
    db,
    sql`select (select count(*)::int from tickets) as tickets, (select count(*)::int from ticket_subtasks) as subtasks,
               (select count(*)::int from ticket_events) as events`,
  );
  return { tickets: Number(row!.tickets), subtasks: Number(row!.subtasks), events: Number(row!.events) };
}

async function bench(backend: Backend): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-remediation-'));
  const { database, drop } = await openBench(backend, dir);
  try {
    await database.migrate();
    const { db } = database;
    await db.insert(customers).values({ id: 1, name: 'Bench', featureFlags: ['unified-remediation'] });
    const [user] = await db.insert(users).values({ customerId: 1, email: 'bench@example.com', isSuperuser: true }).returning();
    console.log(`\n${backend}: ${int(FINDINGS)} findings over ${int(ASSETS)} assets and ${int(ISSUES)} issues`);
    const [, seedMs] = await timed(() => seedFindings(db, { findings: FINDINGS, assets: ASSETS, issues: ISSUES }));
    console.log(`  seeded in ${secs(seedMs)}`);

    // The rule as the API stores it (parsed by core, defaults filled).
    const conditions = ruleConditions.parse({ severity_min: 3 });
    const actions = ruleActions.parse({ open_ticket: { grouping: 'by_asset', due_days: DUE_DAYS } });
    const [saved] = await queryRows<{ id: number }>(
      db,
      sql`insert into remediation_rules (customer_id, name, conditions, actions, created_by)
          values (1, 'High and critical by asset', ${JSON.stringify(conditions)}::jsonb, ${JSON.stringify(actions)}::jsonb, ${user!.id})
          returning id`,
    );
    const rule: RemediationRule = {
      id: Number(saved!.id),
      name: 'High and critical by asset',
      description: '',
      enabled: true,
      position: 0,
      conditions,
      actions,
      open_tickets: 0,
      created_by: user!.id,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      last_evaluated_at: null,
    };
    // What runRule reads of the context: the database, the clock, the public address; no job queue (no push, no notify).
    const ctx = { db, clock: () => NOW, config: { publicUrl: 'http://bench.test' }, jobs: undefined } as unknown as AppContext;
    const reset = async () => {
      await db.execute(sql`delete from tickets`);
      await db.execute(sql`vacuum analyze tickets, ticket_subtasks, ticket_events`);
    };

    // 1. The rule against the hand-written INSERT … SELECT, alternating, the tickets removed between rounds.
    const ours: number[] = [];
    const reference: number[] = [];
    let ourCounts = { tickets: 0, subtasks: 0, events: 0 };
    let refCounts = { tickets: 0, subtasks: 0, events: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const runReference = async () => {
        const [, t] = await timed(() => db.transaction(async (tx) => queryRows(tx, REFERENCE)));
        reference.push(t);
        refCounts = await counts(db);
        await reset();
      };
      const runOurs = async () => {
        const [opened, t] = await timed(() => runRule(ctx, 1, rule));
        ours.push(t);
        ourCounts = await counts(db);
        check('the rule reports what it opened', opened.tickets === ourCounts.tickets && opened.findings === ourCounts.subtasks);
        // Idempotent: a second evaluation opens nothing.
        if (round === 0) check('a second evaluation opens nothing', (await runRule(ctx, 1, rule)).tickets === 0);
        if (round < ROUNDS - 1) await reset();
      };
      if (round % 2 === 0) {
        await runReference();
        await runOurs();
      } else {
        await reset();
        await runOurs();
        await reset();
        await runReference();
      }
    }
    // The last round leaves the rule's tickets for the list.
    if ((await counts(db)).tickets === 0) await runRule(ctx, 1, rule);
    check('the rule and the SQL make the same tickets, subtasks and history rows', JSON.stringify(ourCounts) === JSON.stringify(refCounts));
    const ratio = quantile(ours, 0.5) / quantile(reference, 0.5);
    console.log(
      `  rule: ${int(ourCounts.tickets)} tickets, ${int(ourCounts.subtasks)} subtasks in ${secs(quantile(ours, 0.5))} (median of ${ROUNDS}: ` +
        `${ours.map(secs).join(', ')}); hand-written INSERT … SELECT ${secs(quantile(reference, 0.5))} (${reference.map(secs).join(', ')}) ` +
        `→ ratio ${ratio.toFixed(2)} (target ≤ 2)`,
    );
    check('rule ≤ 2× the hand-written SQL', ratio <= 2);

    // 2. The ticket list's first page with common filters, as the API answers it.
    await db.execute(sql`analyze`);
    const q = ticketListQuery.parse({ status: ['0', '4'], priority: ['3', '4'], ordering: '-issue_threat_score', page_size: '50' });
    const times: number[] = [];
    let page = { count: 0, results: [] as unknown[] };
    for (let i = 0; i < RUNS; i++) {
      const [answer, t] = await timed(() => listTickets(db, scope, q, user!.id, NOW));
      times.push(t);
      page = answer;
    }
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from tickets`)) as [{ n: number }];
    console.log(
      `  ticket list over ${int(n)} tickets (Open or In progress, High or Critical, by issue threat): ${page.results.length} rows of ` +
        `${int(page.count)}, median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (target < 100 ms)`,
    );
    check('ticket list first page p95 < 100 ms', quantile(times, 0.95) < 100);
  } finally {
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const requested = process.env.BENCH_BACKEND as Backend | undefined;
const backends: Backend[] = requested ? [requested] : (await postgresReachable()) ? ['postgres'] : ['pglite'];
for (const b of backends) await bench(b);
if (!allChecksPassed()) process.exitCode = 1;
