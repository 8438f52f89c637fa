// The port-scanning machinery under the native engine: both socket kinds, worker-thread sweeps, filtered-port retries, IPv6.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Connector } from '../src/net/connector.ts';
import { DISCOVERY_PORTS, firstStagePorts, scanNetwork } from '../src/net/index.ts';
import type { TcpConnectOutcome } from '../src/net/tcp.ts';
import type { ScanResult } from '../src/types.ts';
import { Servers } from './net-helpers.ts';

const servers = new Servers();
const children: ChildProcess[] = [];
afterEach(async () => {
  await servers.close();
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const shape = (r: ScanResult): Array<[string, number[]]> => r.hosts.map((h) => [h.address, h.ports.map((p) => p.port)]);

/** Sockets this process holds open, workers included (they share the descriptor table). */
function openSockets(): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) n++;
    } catch {
      // closed while listing
    }
  }
  return n;
}

const connectOnce = (c: Connector, address: string, port: number, timeoutMs = 1000): Promise<TcpConnectOutcome> =>
  new Promise((resolve) => c.connect(address, port, timeoutMs, resolve));

/**
 * A port that drops connection attempts, like a firewall: a listener with a full accept queue that never
 * accepts. Linux then ignores further SYNs, so a connect neither succeeds nor is refused.
 */
async function blackhole(host: string, port: number): Promise<void> {
  const code = [
    'import socket, time',
    's = socket.socket()',
    `s.bind(("${host}", ${port}))`,
    's.listen(0)',
    'print("ready", flush=True)',
    'time.sleep(60)',
  ].join('\n');
  const child = spawn('python3', ['-c', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve());
  });
  // Fill the queue: these two handshakes complete and sit there unaccepted.
  for (let i = 0; i < 2; i++) {
    const s = createConnection({ host, port });
    s.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('connector', () => {
  it('uses Node’s TCP handle here, and both socket kinds agree on open, closed and aborted', async () => {
    await servers.listen('127.0.0.31', 47301);
    const fast = new Connector();
    const streams = new Connector({ kind: 'stream' });
    expect(fast.kind).toBe('handle');
    expect(streams.kind).toBe('stream');
    for (const c of [fast, streams]) {
      expect(await connectOnce(c, '127.0.0.31', 47301)).toMatchObject({ state: 'open' });
      expect(await connectOnce(c, '127.0.0.31', 47302)).toMatchObject({ state: 'closed', code: 'ECONNREFUSED' });
      expect(await connectOnce(c, '::1', 47302)).toMatchObject({ state: 'closed' });
      const aborted = connectOnce(c, '127.0.0.31', 47302);
      c.abortAll();
      expect(await aborted).toEqual({ state: 'aborted' });
      expect(c.active).toBe(0);
    }
  });
});

describe('worker-thread sweeps', () => {
  it('finds the same ports with worker threads as on one thread, trying each port once', async () => {
    const open: Record<string, number[]> = { '127.0.0.41': [45001, 46999], '127.0.0.42': [45500], '127.0.0.43': [] };
    for (const [host, ports] of Object.entries(open)) for (const p of ports) await servers.listen(host, p);
    const options = { targets: ['127.0.0.41-127.0.0.43'], tcpPorts: range(45000, 47000), discovery: 'none' as const };
    const threaded = await scanNetwork({ ...options, threads: 2 });
    const single = await scanNetwork({ ...options, threads: 0 });
    expect(shape(threaded)).toEqual([
      ['127.0.0.41', [45001, 46999]],
      ['127.0.0.42', [45500]],
      ['127.0.0.43', []],
    ]);
    expect(shape(single)).toEqual(shape(threaded));
    expect(threaded.stats.portsProbed).toBe(3 * 2001);
  });

  it('shares the workers between scans running at once: aborting one leaves the other whole', async () => {
    await servers.listen('127.0.0.44', 45100);
    await servers.listen('127.0.0.44', 45900);
    const controller = new AbortController();
    const options = { tcpPorts: range(45000, 47000), discovery: 'none' as const, threads: 2 };
    const kept = scanNetwork({ ...options, targets: ['127.0.0.44'] });
    const stopped = scanNetwork({ ...options, targets: ['127.0.0.45-127.0.0.48'], signal: controller.signal });
    setImmediate(() => controller.abort());
    const [whole, cut] = await Promise.all([kept, stopped]);
    expect(shape(whole)).toEqual([['127.0.0.44', [45100, 45900]]]);
    expect(whole.stats.portsProbed).toBe(2001);
    expect(cut.hosts.length).toBeLessThan(4);
  });

  it('stops promptly on abort and leaves no socket open in the workers', async () => {
    const before = openSockets();
    const controller = new AbortController();
    let finishedAfterAbort = 0;
    const scan = scanNetwork(
      { targets: ['127.0.0.50/30'], tcpPorts: range(20000, 60000), discovery: 'none', threads: 2, signal: controller.signal },
      (e) => {
        if (e.type !== 'progress') return;
        if (controller.signal.aborted) finishedAfterAbort++;
        else controller.abort();
      },
    );
    const fallback = setTimeout(() => controller.abort(), 200);
    const result = await scan;
    clearTimeout(fallback);
    // Promptly, in events rather than time: once aborted, no host finishes any more and the ones under way are dropped
    // (of the two hosts, .49 and .50, at most the one whose end triggered the abort). A scan that hung instead would fail
    // on the test timeout.
    expect(finishedAfterAbort).toBe(0);
    expect(result.hosts.length).toBeLessThan(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(openSockets()).toBe(before);
  });
});

describe('filtered ports', () => {
  it('calls a port that drops connection attempts filtered, after trying it again', async () => {
    await blackhole('127.0.0.61', 47611);
    await servers.listen('127.0.0.61', 47612);
    const result = await scanNetwork({
      targets: ['127.0.0.61'],
      tcpPorts: [47611, 47612, 47613],
      discovery: 'none',
      reportClosed: true,
      timeouts: { initialMs: 300, maxMs: 300, retries: 2 },
    });
    expect(result.hosts[0].ports.map((p) => [p.port, p.state])).toEqual([
      [47611, 'filtered'],
      [47612, 'open'],
      [47613, 'closed'],
    ]);
    // One attempt each for the answered ports, three for the silent one.
    expect(result.stats.portsProbed).toBe(5);
  });
});

describe('discovery through the scan ports', () => {
  it('asks each (host, port) of a sweep once: discovery is the port scan’s first pass', async () => {
    const ports = [21, 22, 23, 25, 53, 80, 110, 143, 443, 445, 3389, 8080];
    // 127.0.3.16/28: 14 addresses, each refusing (or accepting) every port: all up.
    const small = await scanNetwork({ targets: ['127.0.3.16/28'], tcpPorts: ports, discovery: 'tcp' });
    expect(small.stats).toMatchObject({ hostsTotal: 14, hostsUp: 14, portsProbed: 14 * 12 });
    // A long list: the discovery ports among it first, then the rest, none twice.
    const wide = await scanNetwork({ targets: ['127.0.3.33-127.0.3.34'], tcpPorts: range(1, 1000), discovery: 'tcp' });
    expect(wide.stats).toMatchObject({ hostsTotal: 2, hostsUp: 2, portsProbed: 2 * 1000 });
  });

  it('finds a host up through the common ports when its scan ports are silent, and gives those only their retry', async () => {
    await blackhole('127.0.0.62', 47621);
    const result = await scanNetwork({
      targets: ['127.0.0.62'],
      tcpPorts: [47621],
      discovery: 'tcp',
      reportClosed: true,
      timeouts: { initialMs: 300, maxMs: 300, retries: 1 },
    });
    expect(result.stats.hostsUp).toBe(1);
    expect(result.hosts[0].ports.map((p) => [p.port, p.state])).toEqual([[47621, 'filtered']]);
    // The silent port: its first pass in discovery and one retry, never a third attempt.
    expect(result.stats.portsProbed).toBeGreaterThanOrEqual(1 + 1 + 1);
    expect(result.stats.portsProbed).toBeLessThanOrEqual(1 + DISCOVERY_PORTS.length + 1);
  });

  it('takes the scan ports as the first stage for a short list, the discovery ports among a long one', () => {
    expect(firstStagePorts([5432, 6379])).toEqual([5432, 6379]);
    expect(firstStagePorts(range(1, 1000))).toEqual(DISCOVERY_PORTS.filter((p) => p <= 1000));
    expect(firstStagePorts([])).toEqual([]);
  });
});

describe('IPv6', () => {
  it('scans ::1 and finds exactly its open port', async () => {
    await servers.listen('::1', 47701);
    const result = await scanNetwork({ targets: ['::1'], tcpPorts: range(47695, 47705), discovery: 'tcp' });
    expect(result.errors).toEqual([]);
    expect(shape(result)).toEqual([['::1', [47701]]]);
  });
});
