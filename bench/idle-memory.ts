// Benchmark: the resident memory of an idle server, as `npm start` runs it (`bulwark serve`, embedded PGlite under the
// data directory), against the same server on PostgreSQL, in one run. PGlite is measured twice: on its first start
// (a new data directory, which PGlite must initialise) and started again on that directory (every later start).
// Each server is started, waited for until it answers, signed in to, then left idle until its RSS settles.
// Run: npx tsx bench/idle-memory.ts   (BENCH_LIMIT_MB=400: exits 1 when an idle PGlite server holds more;
// BENCH_SKIP=postgres when no PostgreSQL is at 127.0.0.1:5432)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresReachable, type Backend } from './lib/bench-db.ts';
import { rssMb, startServer } from './lib/bench-server.ts';

const LIMIT_MB = Number(process.env.BENCH_LIMIT_MB ?? 400);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** Idle means: no feed sync either (it would download and import the feeds, which is work, not idle). */
const IDLE_ENV = { BULWARK_FEEDS_SYNC: 'off' };
const SETTLE_MS = 15_000;

interface Measure {
  label: string;
  /** RSS right after the first signed-in answer. */
  ready: number;
  /** RSS once idle: the median of the last samples of the settling time. */
  idle: number;
  peak: number;
  startMs: number;
}

/** Samples the server's RSS every 500 ms while it sits idle; the figure is the median of the last five samples. */
async function settle(pid: number): Promise<{ idle: number; peak: number }> {
  const samples: number[] = [];
  for (let waited = 0; waited < SETTLE_MS; waited += 500) {
    samples.push(rssMb(pid));
    await new Promise((r) => setTimeout(r, 500));
  }
  const last = samples.slice(-5).sort((a, b) => a - b);
  return { idle: last[Math.floor(last.length / 2)]!, peak: Math.max(...samples) };
}

async function measure(label: string, backend: Backend, env: Record<string, string>): Promise<Measure> {
  const started = performance.now();
  const server = await startServer({ ...IDLE_ENV, ...env }, backend);
  const startMs = performance.now() - started;
  try {
    const ready = rssMb(server.proc.pid);
    const { idle, peak } = await settle(server.proc.pid);
    const m = { label, ready, idle, peak, startMs };
    console.log(
      `${label}: ready after ${(startMs / 1000).toFixed(1)} s at ${ready.toFixed(0)} MB, idle ${idle.toFixed(0)} MB (peak ${peak.toFixed(0)} MB)`,
    );
    return m;
  } finally {
    await server.close();
  }
}

const results: Measure[] = [];
// One data directory for both PGlite starts: the second start finds the database the first one made.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bulwark-bench-idle-'));
try {
  results.push(await measure('PGlite, first start', 'pglite', { BULWARK_DATA_DIR: dataDir }));
  results.push(await measure('PGlite, started again', 'pglite', { BULWARK_DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const pg = !SKIP.has('postgres') && (await postgresReachable()) ? await measure('PostgreSQL', 'postgres', {}) : null;
if (pg) results.push(pg);

console.log('\nidle server RSS (MB)          ready   idle   peak   start');
for (const m of results) {
  const ratio = pg && m !== pg ? `   ${(m.idle / pg.idle).toFixed(2)}x PostgreSQL` : '';
  console.log(
    `${m.label.padEnd(28)} ${m.ready.toFixed(0).padStart(6)} ${m.idle.toFixed(0).padStart(6)} ${m.peak.toFixed(0).padStart(6)} ${(m.startMs / 1000).toFixed(1).padStart(6)} s${ratio}`,
  );
}
const over = results.filter((m) => m !== pg && m.idle > LIMIT_MB);
if (over.length > 0) {
  console.log(`FAILED: ${over.map((m) => m.label).join(', ')} above ${LIMIT_MB} MB idle.`);
  process.exit(1);
}
process.exit(0);
