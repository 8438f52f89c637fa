// Benchmark: Bulwark's native TCP connect scan vs `nmap -sT -T4` on 16 loopback addresses, ports 1-10000, same run.
// Prints both times, checks both found the same open ports, and prints the ratio Bulwark / nmap (target ≤ 1.0).
// Run: npx tsx bench/scan-vs-nmap.ts  (BENCH_THREADS=N sets the worker threads; BENCH_CONCURRENCY / BENCH_PER_HOST the limits)
import net from 'node:net';
import { runNmap, scanNetwork } from '../packages/scanner/src/index.ts';

const HOSTS = Array.from({ length: 16 }, (_, i) => `127.0.1.${i + 1}`);
const PORTS = Array.from({ length: 10_000 }, (_, i) => i + 1);
const servers: net.Server[] = [];
const expected = new Map<string, number[]>();

for (const [i, host] of HOSTS.entries()) {
  const ports = [22, 80, 443, 1000 + i * 37, 5000 + i * 101, 9000 + i].filter((p) => p <= 10_000);
  expected.set(
    host,
    ports.sort((a, b) => a - b),
  );
  for (const port of ports) {
    const server = net.createServer((s) => {
      s.on('error', () => {});
      s.end();
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
    servers.push(server);
  }
}

const openPorts = (hosts: { address: string; ports: { port: number; state: string }[] }[]) =>
  new Map(
    hosts.map((h) => [
      h.address,
      h.ports
        .filter((p) => p.state === 'open')
        .map((p) => p.port)
        .sort((a, b) => a - b),
    ]),
  );

// Services of this machine that listen on every address show up too: both engines must agree, and find ours.
const hasOurs = (found: Map<string, number[]>) => HOSTS.every((h) => (expected.get(h) ?? []).every((p) => found.get(h)?.includes(p)));
const key = (found: Map<string, number[]>) => JSON.stringify(HOSTS.map((h) => found.get(h) ?? []));

let t = performance.now();
const nmap = await runNmap({ targets: HOSTS, tcpPorts: PORTS, discovery: 'none', timing: 4 });
const nmapMs = performance.now() - t;

t = performance.now();
const tuning = process.env.BENCH_CONCURRENCY
  ? { concurrency: Number(process.env.BENCH_CONCURRENCY), perHostConcurrency: Number(process.env.BENCH_PER_HOST ?? 64) }
  : {}; // the engine's defaults (256 in flight, 64 per host)
const threads = process.env.BENCH_THREADS ? { threads: Number(process.env.BENCH_THREADS) } : {}; // default: one per core, up to 4
const ours = await scanNetwork({ targets: HOSTS, tcpPorts: PORTS, discovery: 'none', ...tuning, ...threads });
const oursMs = performance.now() - t;

for (const s of servers) s.close();
const nmapFound = openPorts(nmap.hosts);
const oursFound = openPorts(ours.hosts);
const agree = key(nmapFound) === key(oursFound);
const nmapOk = hasOurs(nmapFound);
const oursOk = hasOurs(oursFound);
console.log(`hosts ${HOSTS.length}, ports 1-10000 each, ${[...expected.values()].flat().length} open`);
console.log(`nmap -sT -T4: ${(nmapMs / 1000).toFixed(2)} s, found the expected open ports: ${nmapOk}`);
console.log(`bulwark native: ${(oursMs / 1000).toFixed(2)} s, found the expected open ports: ${oursOk}`);
console.log(`both engines found the same open ports: ${agree}`);
console.log(`ratio bulwark / nmap: ${(oursMs / nmapMs).toFixed(2)}`);
process.exitCode = nmapOk && oursOk && agree ? 0 : 1;
