// Benchmark: phishing assessments at scale, through the real app and its API (app.inject, a signed-in session).
// 1. An assessment of 10,000 recipients created and started (POST fra/assessments/ with start: true: checks, one
//    target per recipient with its own token, send times spread at the rate), against a reference taken in the same
//    run: a plain INSERT … SELECT of 10,000 rows with a random token each.
// 2. 100,000 tracking events over the 10,000 targets (people and bots), then the result calls — the assessment's
//    results page, the same filtered and ordered, its timeline, the results across assessments — p95 of 50 calls each,
//    against a reference: `select count(*)` of the assessment's targets, p95 of 50.
// Prints times and ratios; asserts only that the calls answer 200 and the counts are right, never a time.
// Run: npx tsx bench/phishing.ts  (BENCH_BACKEND=pglite|postgres, default both when PostgreSQL answers)
import { sql } from 'drizzle-orm';
import { allChecksPassed, check, postgresReachable, type Backend } from './lib/bench-db.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';
import { fraDomains, fraPhishingTemplates, tags } from '../packages/server/src/db/schema/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../packages/server/test/helpers/app.ts';

const N = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CALLS = 50;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

async function seed(t: TestApp): Promise<{ tag: number; template: number; domain: number }> {
  const db = t.ctx.db;
  const [tag] = await db.insert(tags).values({ customerId: 1, name: 'Everyone' }).returning();
  await db.execute(sql`
    insert into assets (customer_id, kind, type, value, name, email_address)
    select 1, 'recipient', 5, 'person' || g || '@corp.example', 'Person ' || g, 'person' || g || '@corp.example'
    from generate_series(1, ${N}) g`);
  await db.execute(sql`
    insert into fra_recipients (customer_id, asset_id, email, first_name, last_name, department)
    select 1, a.id, a.value, 'Person', split_part(a.name, ' ', 2), case when a.id % 3 = 0 then 'Finance' else 'Sales' end
    from assets a where a.kind = 'recipient'`);
  await db.execute(
    sql`insert into asset_tags (customer_id, asset_id, tag_id) select 1, a.id, ${tag!.id} from assets a where a.kind = 'recipient'`,
  );
  const [template] = await db
    .insert(fraPhishingTemplates)
    .values({
      customerId: 1,
      name: 'Mailbox full',
      templateType: 'email',
      emailSubject: 'Mailbox full',
      emailBody: '<a href="{{link}}">Fix it</a>',
    })
    .returning();
  const [domain] = await db.insert(fraDomains).values({ customerId: 1, name: 'mail.bench.example', purpose: 'both' }).returning();
  return { tag: tag!.id, template: template!.id, domain: domain!.id };
}

/** 100,000 events: every target sent and mostly scanned by a gateway; people open, click and submit in a funnel. */
async function trackingEvents(t: TestApp, assessmentId: number): Promise<void> {
  const db = t.ctx.db;
  await db.execute(sql`
    update fra_targets set state = 'sent', sent_at = now() - interval '2 hours', delivered_at = now() - interval '2 hours',
      opened_at = case when id % 10 < 6 then now() - interval '90 minutes' end,
      clicked_at = case when id % 10 < 3 then now() - interval '80 minutes' end,
      submitted_at = case when id % 10 < 1 then now() - interval '79 minutes' end,
      reported_at = case when id % 10 = 9 then now() - interval '60 minutes' end,
      severity = case when id % 10 < 1 then 3 when id % 10 < 3 then 2 when id % 10 < 6 then 1 else 0 end,
      bot_events = 4
    where assessment_id = ${assessmentId}`);
  const kinds = ['opened', 'clicked', 'clicked', 'opened', 'clicked', 'submitted', 'opened', 'clicked', 'reported', 'opened'];
  await db.execute(sql`
    insert into fra_events (customer_id, assessment_id, target_id, kind, at, human, bot_reasons, ip, user_agent, details)
    select 1, t.assessment_id, t.id, (${`{${kinds.join(',')}}`}::text[])[1 + g % 10],
           now() - interval '2 hours' + (g % 10) * interval '7 minutes',
           g % 10 >= 4, case when g % 10 < 4 then '["too_soon","no_script"]'::jsonb else '[]'::jsonb end,
           '127.31.5.' || (g % 200), 'Mozilla/5.0', '{}'::jsonb
    from fra_targets t cross join generate_series(0, ${Math.max(1, Math.round(EVENTS / N)) - 1}) g
    where t.assessment_id = ${assessmentId}`);
}

async function run(backend: Backend): Promise<void> {
  console.log(`\n${backend}: ${N.toLocaleString('en-US')} recipients, ${EVENTS.toLocaleString('en-US')} events`);
  const t = await startTestApp(backend, { BULWARK_JOBS: 'off' });
  try {
    const admin = t.client();
    const login = await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    check('sign-in', login.status === 200);
    const f = await seed(t);

    // 1. Queue: the reference INSERT, then the API's create-and-start.
    await t.ctx.db.execute(sql`create table bench_reference (id int, token text, send_at timestamptz)`);
    const [, reference] = await timed(() =>
      t.ctx.db.execute(
        sql`insert into bench_reference select g, md5(random()::text), now() + g * interval '100 ms' from generate_series(1, ${N}) g`,
      ),
    );
    const [created, queue] = await timed(() =>
      admin.post<{ uuid: string; id: number }>('/api/fra/assessments/', {
        name: 'Bench',
        phishing_templates: [f.template],
        recipients: { recipients: [], tags: [f.tag], departments: [] },
        sender_domain: f.domain,
        rate_per_minute: 600,
        start: true,
      }),
    );
    check(`create and start answers 201 (got ${created.status}: ${JSON.stringify(created.body).slice(0, 200)})`, created.status === 201);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from fra_targets`);
    check(`one target per recipient (${n})`, Number(n) === N);
    console.log(
      `  queue ${N} recipients via the API: ${ms(queue)}  reference INSERT of ${N} rows: ${ms(reference)}  ratio ${(queue / reference).toFixed(2)}x`,
    );

    // 2. Results of 100,000 events.
    const [{ id: assessmentId } = { id: 0 }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from fra_assessments where uuid = ${created.body.uuid}::uuid`,
    );
    await trackingEvents(t, Number(assessmentId));
    const [{ e } = { e: 0 }] = await queryRows<{ e: number }>(t.ctx.db, sql`select count(*)::int as e from fra_events`);
    console.log(`  ${Number(e).toLocaleString('en-US')} tracking events`);
    await t.ctx.db.execute(sql`analyze`);
    const refTimes: number[] = [];
    for (let i = 0; i < CALLS; i++)
      refTimes.push(
        (await timed(() => t.ctx.db.execute(sql`select count(*) from fra_targets where assessment_id = ${Number(assessmentId)}`)))[1],
      );
    const ref = p95(refTimes);
    console.log(`  reference select count(*) of the targets: p95 ${ms(ref)}`);
    const base = `/api/fra/assessments/${created.body.uuid}`;
    const calls: [string, string][] = [
      ['results, first page', `${base}/results/`],
      ['results, clicked, by severity', `${base}/results/?reached=clicked&ordering=-severity&department=Finance`],
      ['results, search', `${base}/results/?search=person99`],
      ['timeline (hours)', `${base}/timeline/?bucket=hour`],
      ['recipient results, all', '/api/fra/recipient-results/'],
    ];
    for (const [label, url] of calls) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < CALLS; i++) {
        const [res, took] = await timed(() => admin.get(url));
        status = res.status;
        times.push(took);
      }
      check(`${label} answers 200 (got ${status})`, status === 200);
      console.log(`  ${label.padEnd(32)} p95 ${ms(p95(times)).padStart(9)}  ratio ${(p95(times) / ref).toFixed(1)}x`);
    }
  } finally {
    await t.close();
  }
}

const backends: Backend[] = process.env.BENCH_BACKEND
  ? [process.env.BENCH_BACKEND as Backend]
  : (await postgresReachable())
    ? ['pglite', 'postgres']
    : ['pglite'];
for (const b of backends) await run(b);
console.log(allChecksPassed() ? '\nAll checks passed.' : '\nSome checks FAILED.');
process.exit(allChecksPassed() ? 0 : 1);
