// Benchmark: results processing (findings/s) for BENCH_HOSTS hosts × 20 findings (default 10,000 hosts: 200,000
// findings) delivered by 16 tasks, through processRun into a fresh database: the first run (every finding New) and a
// second run of the same results (every finding seen again: Active). Reference, same run and database: a plain bulk
// INSERT of the same 200,000 finding rows (multi-row INSERT ... VALUES of 1,000 rows, no conflict handling) into a
// copy of the findings table with the same indexes. Prints both throughputs and the ratio (time ours / time reference).
// Each host has 5 open ports with services and 20 check findings, 5 of which name a CVE of the sample feeds (the
// intel facts are read once per distinct CVE; CPE matching is measured by bench/intel.ts).
// Run: npx tsx bench/results-processing.ts  (BENCH_BACKEND=pglite|postgres, default both when PostgreSQL answers at
// 127.0.0.1:5432; BENCH_HOSTS=N; BENCH_PG_URL=postgres://... admin URL of another server)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import type { ScanResult } from '../packages/scanner/src/types.ts';
import type { Database } from '../packages/server/src/db/client.ts';
import { customers, scanRuns, scanTasks, scans } from '../packages/server/src/db/schema/index.ts';
import type { NetworkProfileFields } from '../packages/server/src/db/schema/scans.ts';
import { importSources } from '../packages/server/src/modules/intel/import.ts';
import { hostFindings } from '../packages/server/src/modules/results/findings.ts';
import { cveFacts } from '../packages/server/src/modules/results/intel-facts.ts';
import { processRun } from '../packages/server/src/modules/results/process.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';

const HOSTS = Number(process.env.BENCH_HOSTS ?? 10_000);
const PER_HOST = 20;
const TASKS = 16;
const CHUNK = 1_000;
const FIXTURES = path.resolve(import.meta.dirname, '../packages/intel/test/fixtures/feeds');
const CVES = ['CVE-2017-0144', 'CVE-2023-48795', 'CVE-2024-6387', 'CVE-2021-41773', 'CVE-2019-10149'];
const PORTS = [22, 80, 443, 3306, 8080];

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const rate = (n: number, ms: number): string => `${int(n)} findings in ${secs(ms)} = ${int(n / (ms / 1000))} findings/s`;

const PROFILE: NetworkProfileFields = {
  ...DEFAULT_NETWORK_PROFILE,
  standard_scan: false,
  custom_tcp_range: PORTS.join(','),
};

/** The hosts 10.x.y.z with their ports and 20 findings each, split over the tasks. */
function results(): ScanResult[] {
  const out: ScanResult[] = Array.from({ length: TASKS }, () => ({
    hosts: [],
    errors: [],
    stats: { hostsTotal: 0, hostsUp: 0, portsProbed: 0, openPorts: 0, startedAt: '' },
  }));
  for (let i = 0; i < HOSTS; i++) {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    out[i % TASKS].hosts.push({
      address,
      hostnames: [`host-${i}.bench`],
      alive: true,
      ports: PORTS.map((port) => ({
        port,
        protocol: 'tcp' as const,
        state: 'open' as const,
        service: { name: `svc-${port}`, product: 'Bench', version: '1.0', cpe: [], banner: `Bench service on ${port}` },
      })),
      findings: Array.from({ length: PER_HOST }, (_, k) => ({
        check: `bench-check-${k}`,
        name: `Bench finding ${k}`,
        severity: (k % 5) as 0 | 1 | 2 | 3 | 4,
        confidence: 'confirmed' as const,
        port: PORTS[k % PORTS.length],
        protocol: 'tcp' as const,
        evidence: `Seen on ${address} by check ${k}`,
        cve: k < CVES.length ? [CVES[k]] : [],
      })),
    });
  }
  return out;
}

/** A run whose tasks delivered the results, as the probes leave it. */
async function deliveredRun(database: Database, customerId: number, scanId: number, delivered: ScanResult[]): Promise<number> {
  const db = database.db;
  const [run] = await db
    .insert(scanRuns)
    .values({ customerId, scanId, name: 'Bench', targets: ['10.0.0.0/16'], profile: PROFILE, state: 5, status: 4 })
    .returning();
  const now = new Date();
  for (const r of delivered) {
    await db.insert(scanTasks).values({
      customerId,
      runId: run.id,
      state: 5,
      targets: ['10.0.0.0/16'],
      result: r,
      progress: 100,
      hostsTotal: r.hosts.length,
      hostsDone: r.hosts.length,
      finishedAt: now,
    });
  }
  return run.id;
}

const COLUMNS = [
  'customer_id',
  'host_id',
  'key',
  'check_id',
  'cve',
  'cves',
  'port',
  'protocol',
  'name',
  'severity',
  'confidence',
  'state',
  'cvss',
  'epss',
  'exploit_known',
  'ransomware_known',
  'risk_score',
  'evidence',
  'matched_by',
  'first_seen',
  'last_seen',
  'last_run_id',
];

/** The reference: the same finding rows through plain multi-row INSERTs into a copy of the findings table. */
async function bulkInsert(
  database: Database,
  customerId: number,
  runId: number,
  delivered: ScanResult[],
): Promise<{ ms: number; rows: number }> {
  const db = database.db;
  await db.execute(sql.raw('create table bench_findings (like findings including defaults including indexes)'));
  const ids = new Map(
    (await queryRows<{ id: number; address: string }>(db, sql`select id, address from assets where customer_id = ${customerId}`)).map(
      (r) => [r.address, Number(r.id)],
    ),
  );
  const facts = await cveFacts(db, CVES);
  const seen = new Date().toISOString();
  const started = performance.now();
  let batch: unknown[][] = [];
  let n = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values: unknown[] = [];
    const tuples = batch.map((row) => `(${row.map((v) => `$${values.push(v)}`).join(', ')})`);
    await database.sql.executeSql(`insert into bench_findings (${COLUMNS.join(', ')}) values ${tuples.join(', ')}`, values);
    n += batch.length;
    batch = [];
  };
  for (const r of delivered) {
    for (const h of r.hosts) {
      for (const f of hostFindings(h, new Map(), facts)) {
        batch.push([
          customerId,
          ids.get(h.address),
          f.key,
          f.checkId,
          f.cve,
          JSON.stringify(f.cves),
          f.port,
          f.protocol,
          f.name,
          f.severity,
          f.confidence,
          0,
          f.cvss,
          f.epss,
          f.exploitKnown,
          f.ransomwareKnown,
          f.riskScore,
          f.evidence,
          f.matchedBy,
          seen,
          seen,
          runId,
        ]);
        if (batch.length === CHUNK) await flush();
      }
    }
  }
  await flush();
  return { ms: performance.now() - started, rows: n };
}

async function runBackend(backend: Backend, dataDir: string, delivered: ScanResult[]): Promise<void> {
  console.log(`\n== ${backend}: ${int(HOSTS)} hosts × ${PER_HOST} findings (${TASKS} tasks)`);
  const { database, drop } = await openBench(backend, dataDir);
  try {
    await database.migrate();
    const db = database.db;
    await importSources(
      db,
      ['nvd', 'kev', 'epss'].map((d) => path.join(FIXTURES, d)),
    );
    const [customer] = await db.insert(customers).values({ name: 'Bench' }).returning();
    const [scan] = await db.insert(scans).values({ customerId: customer.id, name: 'Bench' }).returning();
    const total = HOSTS * PER_HOST;
    const count = async (where: string): Promise<number> =>
      Number((await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from findings where ${where}`)))[0]?.n ?? 0);

    const first = await deliveredRun(database, customer.id, scan.id, delivered);
    let t = performance.now();
    await processRun(db, first);
    const firstMs = performance.now() - t;
    check(`first run: ${total} New findings`, (await count('state = 0')) === total);
    console.log(`processRun, first run (all New):      ${rate(total, firstMs)}`);

    const second = await deliveredRun(database, customer.id, scan.id, delivered);
    t = performance.now();
    await processRun(db, second);
    const secondMs = performance.now() - t;
    check(`second run: ${total} Active findings`, (await count('state = 1')) === total);
    const [run] = await db.select().from(scanRuns).where(eq(scanRuns.id, second));
    check(`second run: ${HOSTS} hosts up`, run.hostsUp === HOSTS);
    console.log(`processRun, second run (all Active):  ${rate(total, secondMs)}`);

    const reference = await bulkInsert(database, customer.id, second, delivered);
    check(`bulk INSERT: ${total} rows`, reference.rows === total);
    console.log(`plain bulk INSERT of the same rows:   ${rate(reference.rows, reference.ms)}`);
    console.log(
      `ratio (time ours / time of the plain INSERT): first run ${(firstMs / reference.ms).toFixed(2)}, second run ${(secondMs / reference.ms).toFixed(2)}`,
    );
  } finally {
    await drop();
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-results-'));
try {
  const delivered = results();
  const wanted = process.env.BENCH_BACKEND;
  const backends: Backend[] =
    wanted === 'pglite' || wanted === 'postgres' ? [wanted] : (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  for (const backend of backends) await runBackend(backend, dataDir, delivered);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
process.exitCode = allChecksPassed() ? 0 : 1;
