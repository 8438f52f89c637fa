// Benchmark: a wide sweep (default 127.6.0.0/16 × the Discovery profile's 12 TCP ports) four ways in one run — nmap
// (the reference), the engine in-process, the built-in probe through the server's API as a user starts it, and a
// `bulwark probe` process. Every address of 127.0.0.0/8 answers here, so every host must be found up. Prints the
// ratios, hosts up, peak RSS (server, its scan process, the remote probe) and the API latency during the scan.
// Run: npx tsx bench/wide-sweep.ts   (BENCH_NET=127.6.0.0/20 for a quick run; BENCH_SKIP=nmap,engine,builtin,remote;
// BENCH_BACKEND=postgres runs the server on a fresh database of the PostgreSQL at 127.0.0.1:5432)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { scanNetwork } from '../packages/scanner/src/index.ts';
import { type ApiClient, Proc, RssSampler, rssMb, startServer } from './lib/bench-server.ts';

const NET = process.env.BENCH_NET ?? '127.6.0.0/16';
const PORTS = '21-23,25,53,80,110,143,443,445,3389,8080';
const TCP = [21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 3389, 8080];
/** The server's database: embedded PGlite (what `npm start` runs) or a fresh PostgreSQL database (BENCH_BACKEND=postgres). */
const BACKEND = process.env.BENCH_BACKEND === 'postgres' ? 'postgres' : 'pglite';
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const run = promisify(execFile);

interface Paged<T> {
  count: number;
  results: T[];
}
interface RunRow {
  id: number;
  status: number;
  state: number;
  progress: number;
  hosts_up: number;
  hosts_total: number;
  children: { state: number; hosts_done: number; hosts_total: number; started: string | null; finished: string | null }[];
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};

async function nmap(): Promise<{ ms: number; up: number }> {
  const t = performance.now();
  const { stdout } = await run('nmap', ['-sT', '-T4', '-n', '-Pn', '-p', PORTS, NET, '-oG', '-'], { maxBuffer: 256 * 1024 * 1024 });
  const up = new Set(stdout.split('\n').flatMap((l) => (/^Host: (\S+) .*Ports:/.exec(l) ? [l.split(' ')[1]] : []))).size;
  return { ms: performance.now() - t, up };
}

async function engine(): Promise<{ ms: number; up: number; total: number }> {
  const t = performance.now();
  const r = await scanNetwork({ targets: [NET], tcpPorts: TCP, discovery: 'tcp' });
  return { ms: performance.now() - t, up: r.stats.hostsUp, total: r.stats.hostsTotal };
}

interface ServerRun {
  scanMs: number;
  totalMs: number;
  up: number;
  latencies: number[];
  /** The slowest API call while the results were processed. */
  processingMax: number;
  /** How the tasks went: when the first started, the mean time a task ran, when the last delivered. */
  tasks: string;
}

function taskTimes(r: RunRow, startedAt: number): string {
  const spans = r.children
    .filter((c) => c.started && c.finished)
    .map((c) => [Date.parse(c.started!) - startedAt, Date.parse(c.finished!) - startedAt] as const);
  if (spans.length === 0) return '';
  const first = Math.min(...spans.map((s) => s[0]));
  const last = Math.max(...spans.map((s) => s[1]));
  const mean = spans.reduce((n, s) => n + s[1] - s[0], 0) / spans.length;
  return `${spans.length} tasks: first started after ${secs(first)}, each ran ${secs(mean)} on average, the last delivered after ${secs(last)}`;
}

/** Starts a scan through the API (on `node`, or the built-in probe) and follows it as the web app does, every 250 ms. */
async function scanThroughApi(api: ApiClient, profile: number, name: string, node?: number): Promise<ServerRun> {
  const created = await api.post<{ id: number }>('/api/scan/nscans/', { name, targets: [NET], profile, ...(node ? { node } : {}) });
  if (created.status !== 201) throw new Error(`creating the scan failed: ${JSON.stringify(created.body)}`);
  const t = performance.now();
  const startedAt = Date.now();
  const first = await api.get<Paged<RunRow>>(`/api/scan/nruns/?scan=${created.body.id}`);
  const runId = first.body.results[0].id;
  const calls: { at: number; ms: number }[] = [];
  for (;;) {
    const at = Date.now();
    const list = await api.get<Paged<RunRow>>('/api/scan/nruns/?page_size=10');
    const one = await api.get<RunRow>(`/api/scan/nruns/${runId}/`);
    calls.push({ at, ms: list.ms }, { at: at + list.ms, ms: one.ms });
    const r = one.body;
    if (r.status === 2 || r.status === 3) {
      // Scanning ends when the last task delivered its hosts (the server's own timestamps); processing follows.
      const delivered = Math.max(...r.children.map((c) => (c.finished ? Date.parse(c.finished) : startedAt)));
      return {
        scanMs: delivered - startedAt,
        totalMs: performance.now() - t,
        up: r.hosts_up,
        latencies: calls.filter((c) => c.at < delivered).map((c) => c.ms),
        processingMax: Math.max(0, ...calls.filter((c) => c.at >= delivered).map((c) => c.ms)),
        tasks: taskTimes(r, startedAt),
      };
    }
    await new Promise((res) => setTimeout(res, 250));
  }
}

const lines: string[] = [];
let failed = false;
const nm = SKIP.has('nmap') ? null : await nmap();
if (nm) console.log(`nmap: ${secs(nm.ms)}, ${nm.up} hosts up`);
const en = SKIP.has('engine') ? null : await engine();
if (en) console.log(`engine: ${secs(en.ms)}, ${en.up} of ${en.total} hosts up`);
const expected = en?.total ?? 0;

let engineAgain: { ms: number; up: number; total: number } | null = null;
let builtin: (ServerRun & { serverIdle: number; serverPeak: number; scanPeak: number }) | null = null;
let remote: (ServerRun & { probeIdle: number; probePeak: number }) | null = null;
if (!SKIP.has('builtin') || !SKIP.has('remote')) {
  const server = await startServer({}, BACKEND);
  const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-bench-probe-'));
  let probe: Proc | null = null;
  try {
    const profiles = await server.api.get<Paged<{ id: number; name: string }>>('/api/scan/nprofiles/?search=Discovery');
    const discovery = profiles.body.results.find((p) => p.name === 'Discovery');
    if (!discovery) throw new Error('no Discovery profile');
    if (!SKIP.has('builtin')) {
      const serverIdle = rssMb(server.proc.pid);
      const sampler = new RssSampler(server.proc.pid);
      const r = await scanThroughApi(server.api, discovery.id, 'Wide sweep (built-in)');
      sampler.stop();
      builtin = { ...r, serverIdle, serverPeak: sampler.peak, scanPeak: sampler.childPeak };
      console.log(`built-in probe: scanned in ${secs(r.scanMs)}, finished in ${secs(r.totalMs)}, ${r.up} hosts up`);
    }
    if (!SKIP.has('remote')) {
      const created = await server.api.post<{ id: number; registration: { token: string } }>('/api/probe/probes/', { name: 'Bench probe' });
      probe = new Proc(
        ['probe', '--server', server.base, '--token', created.body.registration.token, '--state', path.join(dir, 'probe.json')],
        {},
      );
      await probe.waitFor(/is online at/);
      const probeIdle = rssMb(probe.pid);
      const sampler = new RssSampler(probe.pid);
      const r = await scanThroughApi(server.api, discovery.id, 'Wide sweep (remote)', created.body.id);
      sampler.stop();
      remote = { ...r, probeIdle, probePeak: sampler.peak };
      // The machine's speed drifts over minutes (shared hosts): the engine again, next to the remote probe's run.
      if (!SKIP.has('engine')) engineAgain = await engine();
      console.log(`remote probe: scanned in ${secs(r.scanMs)}, finished in ${secs(r.totalMs)}, ${r.up} hosts up`);
    }
  } finally {
    await probe?.stop();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

lines.push(`wide sweep ${NET} x ${TCP.length} ports (${expected.toLocaleString('en')} hosts), server on ${BACKEND}`);
if (nm) lines.push(`nmap -sT -T4 -n -Pn   ${secs(nm.ms).padStart(9)}   ${nm.up} hosts up (network and broadcast addresses included)`);
if (en) {
  lines.push(`engine                ${secs(en.ms).padStart(9)}   ${en.up} up${nm ? `   engine/nmap ${(en.ms / nm.ms).toFixed(2)}` : ''}`);
  if (en.up < expected) failed = true;
}
if (builtin) {
  lines.push(
    `built-in probe (API)  ${secs(builtin.scanMs).padStart(9)}   ${builtin.up} up${en ? `   built-in/engine ${(builtin.scanMs / en.ms).toFixed(2)}` : ''}` +
      `${nm ? `   built-in/nmap ${(builtin.scanMs / nm.ms).toFixed(2)}` : ''}   processed after ${secs(builtin.totalMs)}`,
  );
  lines.push(`  ${builtin.tasks}`);
  lines.push(
    `  peak RSS: server ${builtin.serverPeak.toFixed(0)} MB (${builtin.serverIdle.toFixed(0)} MB idle before the scan), its scan process ${builtin.scanPeak.toFixed(0)} MB`,
  );
  const l = builtin.latencies;
  lines.push(
    `  API during the scan (scan list and run): ${l.length} calls, p50 ${pct(l, 50).toFixed(0)} ms, p95 ${pct(l, 95).toFixed(0)} ms, max ${Math.max(...l).toFixed(0)} ms; slowest while processing ${builtin.processingMax.toFixed(0)} ms`,
  );
  if (expected && builtin.up < expected) failed = true;
}
if (remote) {
  lines.push(
    `remote probe          ${secs(remote.scanMs).padStart(9)}   ${remote.up} up${en ? `   remote/engine ${(remote.scanMs / (engineAgain ?? en).ms).toFixed(2)}` : ''}` +
      `   processed after ${secs(remote.totalMs)}`,
  );
  if (engineAgain) lines.push(`  engine again right after it: ${secs(engineAgain.ms)}, ${engineAgain.up} up (the ratio's reference)`);
  lines.push(`  ${remote.tasks}`);
  lines.push(`  peak RSS: probe ${remote.probePeak.toFixed(0)} MB (${remote.probeIdle.toFixed(0)} MB idle before the scan)`);
  if (expected && remote.up < expected) failed = true;
  if (engineAgain && engineAgain.up < expected) failed = true;
}
console.log(`\n${lines.join('\n')}`);
if (failed) {
  console.log('FAILED: a Bulwark method found fewer hosts up than answered.');
  process.exit(1);
}
process.exit(0);
