// Benchmark: reports over 50,000 findings (BENCH_FINDINGS) made as the report job makes them (prepared figures, the
// finding rows by key, the file streamed into the database in chunks): a CSV and a PDF, each timed with the peak heap
// and RSS above the start, against the reference of the same run: a plain `COPY (…) TO STDOUT` of the same rows on
// PostgreSQL (a SELECT of them on PGlite). The peak is sampled every 20 ms while the report is made.
// Run: npx tsx bench/reports.ts  (BENCH_BACKEND=postgres|pglite, default postgres when it answers)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';
import { customers, reports, users } from '../packages/server/src/db/schema/index.ts';
import { Mailer } from '../packages/server/src/mail/mailer.ts';
import { SecretBox } from '../packages/server/src/lib/secrets.ts';
import { generateReport } from '../packages/server/src/modules/reports/service.ts';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 50_000);
const ASSETS = Math.max(1, Math.round(FINDINGS / 10));
const ISSUES = 2_000;
const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `fn` and samples heap and RSS every 20 ms: time and the peaks above the start. */
async function measured(fn: () => Promise<void>): Promise<{ ms: number; heap: number; rss: number }> {
  global.gc?.();
  const start = process.memoryUsage();
  let heap = start.heapUsed;
  let rss = start.rss;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  }, 20);
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  clearInterval(timer);
  return { ms, heap: heap - start.heapUsed, rss: rss - start.rss };
}

async function bench(backend: Backend): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-reports-'));
  const { database, drop, url } = await openBench(backend, dir);
  const log = pino({ level: 'silent' });
  try {
    await database.migrate();
    const { db } = database;
    await db.insert(customers).values({ id: 1, name: 'Bench' });
    const [user] = await db.insert(users).values({ customerId: 1, email: 'bench@example.com', isSuperuser: true }).returning();
    console.log(`\n${backend}: ${int(FINDINGS)} open findings over ${int(ASSETS)} assets and ${int(ISSUES)} issues`);
    await db.execute(sql`
      insert into assets (customer_id, kind, type, value, address, name, first_seen, last_seen, risk_score)
      select 1, 'host', 2, a, a, 'host-' || i || '.bench.example', now() - interval '90 days', now(), (i % 100)
      from (select i, '10.' || (i >> 16) || '.' || ((i >> 8) & 255) || '.' || (i & 255) as a from generate_series(0, ${ASSETS - 1}) i) x`);
    await db.execute(sql`
      insert into issues (customer_id, hid, source, kind, check_id, name, severity, cvss, epss, exploit_known, first_seen, last_seen)
      select 1, 'nvt-bench-' || i, 'network', 2, 'bench-' || i, 'Bench weakness number ' || i, i % 5, (i % 100) / 10.0,
             (i % 1000) / 1000.0, i % 50 = 0, now() - interval '60 days', now()
      from generate_series(1, ${ISSUES}) i`);
    await db.execute(sql`
      insert into findings (customer_id, host_id, key, source, check_id, cves, port, protocol, name, severity, confidence, state,
                            cvss, epss, exploit_known, risk_score, first_seen, last_seen, issue_id, kind)
      select 1, a.id, 'check:bench-' || i.id || '@22/tcp', 'network', i.check_id, '[]'::jsonb, 22, 6, i.name, i.severity,
             'confirmed', (a.id + k) % 3, i.cvss, i.epss, i.exploit_known, least(100, i.severity * 20 + ((a.id * 31 + k * 17) % 25)),
             now() - interval '30 days', now(), i.id, 2
      from assets a cross join generate_series(0, 9) k
      join issues i on i.id = ((a.id * 7919 + k * 104729) % ${ISSUES}) + 1
      on conflict do nothing`);
    await db.execute(sql`analyze`);
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from findings where state <> 3`)) as [{ n: number }];

    // The reference: the same rows and columns, in the same order, straight out of the database.
    const rowsSql = `select coalesce(nullif(a.name, ''), a.value), a.address, f.port, i.hid, f.name, f.severity, f.risk_score,
        f.cvss, f.epss, f.exploit_known, f.state, f.first_seen, f.last_seen
      from findings f join assets a on a.id = f.host_id join issues i on i.id = f.issue_id
      where f.customer_id = 1 and f.state <> 3 and f.ignore_kind is null and not f.test_ignored
      order by f.risk_score desc, f.id desc`;
    let referenceBytes = 0;
    const reference = await measured(async () => {
      if (url) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await pipeline(
            client.query(copyTo(`COPY (${rowsSql}) TO STDOUT WITH (FORMAT csv, HEADER)`)),
            new Writable({
              write(chunk: Buffer, _e, done) {
                referenceBytes += chunk.length;
                done();
              },
            }),
          );
        } finally {
          await client.end();
        }
      } else {
        const rows = await database.sql.executeSql(rowsSql);
        referenceBytes = JSON.stringify(rows).length;
      }
    });
    console.log(
      `  reference (${url ? 'COPY … TO STDOUT' : 'SELECT'} of the same ${int(n)} rows): ${(reference.ms / 1000).toFixed(2)} s, ${mb(referenceBytes)}`,
    );

    const deps = {
      db,
      log,
      config: { reportRetentionDays: 30, publicUrl: 'http://bench.example' },
      secrets: new SecretBox('bench'),
      mailer: new Mailer(db, undefined, 'bench@example.com', log),
    };
    for (const format of ['csv', 'pdf'] as const) {
      const [row] = await db
        .insert(reports)
        .values({
          customerId: 1,
          name: `Bench ${format}`,
          format,
          scopeKind: 'unified_vulns',
          scope: { filters: {}, scan: null },
          createdBy: user!.id,
        })
        .returning();
      const m = await measured(() => generateReport(deps, row!.id));
      const [done] = await queryRows<{ state: string; file_size: number; error: string | null }>(
        db,
        sql`select state, file_size, error from reports where id = ${row!.id}`,
      );
      check(`the ${format.toUpperCase()} report finished (${done!.error ?? 'no error'})`, done!.state === 'finished');
      console.log(
        `  ${format.toUpperCase()} of ${int(n)} findings: ${(m.ms / 1000).toFixed(2)} s (${(m.ms / reference.ms).toFixed(1)}× the reference), ` +
          `${mb(Number(done!.file_size))}; peak heap +${mb(m.heap)}, peak RSS +${mb(m.rss)}`,
      );
    }
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
