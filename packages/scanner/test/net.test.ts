// The native network engine against real servers on loopback: open/closed, exact open ports, de-dup, exclusions, errors, UDP.
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connector } from '../src/net/connector.ts';
import { connectTcp, findPing, queryUdp, scanNetwork, udpPayload } from '../src/net/index.ts';
import type { ScanEvent } from '../src/types.ts';
import { Servers } from './net-helpers.ts';

const servers = new Servers();
afterEach(() => servers.close());

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('net', () => {
  it('tells open from closed with one connect', async () => {
    await servers.listen('127.0.0.2', 47001);
    expect(await connectTcp('127.0.0.2', 47001, 1000)).toMatchObject({ state: 'open' });
    expect(await connectTcp('127.0.0.2', 47002, 1000)).toMatchObject({ state: 'closed', code: 'ECONNREFUSED' });
  });

  it('finds exactly the open ports over several hosts and port ranges, and emits typed events', async () => {
    const open: Record<string, number[]> = {
      '127.0.0.21': [47000, 47010],
      '127.0.0.22': [47005],
      '127.0.0.24': [47020, 47100, 47101],
    };
    for (const [host, ports] of Object.entries(open)) for (const p of ports) await servers.listen(host, p);
    const events: ScanEvent[] = [];
    const result = await scanNetwork(
      {
        targets: ['127.0.0.21-127.0.0.24'],
        tcpPorts: [...range(47000, 47040), ...range(47095, 47105)],
        concurrency: 64,
        perHostConcurrency: 16,
      },
      (e) => events.push(e),
    );
    expect(result.errors).toEqual([]);
    // Loopback answers on every address, so all four are up; the ports are exact.
    expect(result.hosts.map((h) => [h.address, h.ports.map((p) => p.port)])).toEqual([
      ['127.0.0.21', [47000, 47010]],
      ['127.0.0.22', [47005]],
      ['127.0.0.23', []],
      ['127.0.0.24', [47020, 47100, 47101]],
    ]);
    expect(result.hosts[0].ports[0]).toEqual({ port: 47000, protocol: 'tcp', state: 'open' });
    expect(result.stats).toMatchObject({ hostsTotal: 4, hostsUp: 4, openPorts: 6 });
    expect(result.stats.portsProbed).toBeGreaterThanOrEqual(4 * 52);
    expect(events.filter((e) => e.type === 'port')).toHaveLength(6);
    expect(
      events
        .filter((e) => e.type === 'host')
        .map((e) => e.type === 'host' && e.address)
        .sort(),
    ).toEqual(Object.keys(open).concat('127.0.0.23').sort());
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.at(-1)).toEqual({ type: 'progress', percent: 100, hostsDone: 4, hostsTotal: 4 });
  });

  it('scans overlapping targets once and never touches excluded hosts', async () => {
    await servers.listen('127.0.0.25', 47030);
    await servers.listen('127.0.0.26', 47030);
    await servers.listen('127.0.0.27', 47030);
    const hostEvents: string[] = [];
    const result = await scanNetwork(
      {
        targets: ['127.0.0.25-27', '127.0.0.24/30', '127.0.0.26'],
        exclude: ['127.0.0.26', '127.0.0.24'],
        tcpPorts: [47030],
        discovery: 'none',
      },
      (e) => e.type === 'host' && hostEvents.push(e.address),
    );
    expect(hostEvents.sort()).toEqual(['127.0.0.25', '127.0.0.27']);
    expect(result.hosts.map((h) => [h.address, h.ports.map((p) => p.port)])).toEqual([
      ['127.0.0.25', [47030]],
      ['127.0.0.27', [47030]],
    ]);
    expect(result.stats.portsProbed).toBe(2);
  });

  it('reports target problems as scan errors with the spec codes', async () => {
    const malformed = await scanNetwork({ targets: ['127.0.0.1', '127.0.0.300'], tcpPorts: [80] });
    expect(malformed.hosts).toEqual([]);
    expect(malformed.errors).toEqual([
      { type: SCAN_ERROR_TYPE.target_definition_failed, message: expect.stringContaining('"127.0.0.300"'), host: '127.0.0.300' },
    ]);
    const empty = await scanNetwork({ targets: ['127.0.0.5'], exclude: ['127.0.0.0/29'], tcpPorts: [80] });
    expect(empty.errors.map((e) => e.type)).toEqual([SCAN_ERROR_TYPE.empty_target]);
    const capped = await scanNetwork({ targets: ['127.0.0.0/16'], tcpPorts: [80], maxHosts: 256 });
    expect(capped.errors.map((e) => e.type)).toEqual([SCAN_ERROR_TYPE.limits_exceeded]);
    expect(capped.errors[0].message).toContain('65534 hosts');
    await expect(scanNetwork({ targets: ['127.0.0.1'], tcpPorts: [0] })).rejects.toThrow('0 is not a valid port');
  });

  it('lists closed ports on request and keeps a rate limit', async () => {
    await servers.listen('127.0.0.28', 47002);
    // The rate limit is a token bucket read off performance.now. Here that clock moves only when the test moves it, so
    // the connections each span of time allows are counted, not timed, however slow the machine: at 40/s, a burst of 4,
    // then 2 for every 50 ms. Without a limit all 20 would start at once; a bucket that ignored the clock would go on.
    const realNow = performance.now.bind(performance);
    let now = 1_000_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    // Under a rate limit the scan connects on this thread: every attempt goes through Connector#connect.
    const connect = Connector.prototype.connect;
    let answered = 0;
    const waiting: Array<() => void> = [];
    const connects = vi.spyOn(Connector.prototype, 'connect').mockImplementation(function (
      this: Connector,
      address,
      port,
      timeoutMs,
      done,
    ) {
      return connect.call(this, address, port, timeoutMs, (outcome) => {
        answered++;
        for (const wake of waiting.splice(0)) wake();
        done(outcome);
      });
    });
    const answers = async (n: number): Promise<void> => {
      while (answered < n) await new Promise<void>((resolve) => waiting.push(resolve));
    };
    // A pause, not a measurement: the bucket's refill timer (25 ms, armed before) fires first and finds no new token.
    const refillTimerRuns = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const scan = scanNetwork({
        targets: ['127.0.0.28'],
        tcpPorts: range(47001, 47020),
        discovery: 'none',
        rate: 40,
        reportClosed: true,
      });
      await answers(4);
      await refillTimerRuns();
      expect(connects).toHaveBeenCalledTimes(4); // the burst, then nothing while no time passes
      now += 50;
      await answers(6);
      await refillTimerRuns();
      expect(connects).toHaveBeenCalledTimes(6); // 50 ms at 40/s: two more
      // From here the clock runs with the wall clock again, continuing from where the test left it.
      const offset = now - realNow();
      clock.mockImplementation(() => realNow() + offset);
      const result = await scan;
      expect(connects).toHaveBeenCalledTimes(20);
      expect(result.hosts[0].ports).toHaveLength(20);
      expect(result.hosts[0].ports.filter((p) => p.state === 'open').map((p) => p.port)).toEqual([47002]);
      expect(new Set(result.hosts[0].ports.filter((p) => p.port !== 47002).map((p) => p.state))).toEqual(new Set(['closed']));
    } finally {
      clock.mockRestore();
      connects.mockRestore();
    }
  });

  it('UDP: open only on a reply from a real DNS responder; a closed port is not open', async () => {
    await servers.dns('127.0.0.29', 47053);
    const reply = await queryUdp('127.0.0.29', 47053, { timeoutMs: 500, payload: 'dns' });
    expect(reply.state).toBe('open');
    expect(await queryUdp('127.0.0.29', 47054, { timeoutMs: 500, payload: 'dns' })).toEqual({ state: 'closed' });
    // Without a DNS payload the responder stays silent: not open.
    expect(await queryUdp('127.0.0.29', 47053, { timeoutMs: 200, attempts: 1, payload: 'ntp' })).toEqual({ state: 'open|filtered' });
    const result = await scanNetwork({
      targets: ['127.0.0.29'],
      udpPorts: [47053, 47054],
      udpPayloads: { 47053: 'dns', 47054: 'dns' },
      discovery: 'none',
      timeouts: { udpMs: 300 },
    });
    expect(result.hosts[0].ports).toEqual([
      { port: 47053, protocol: 'udp', state: 'open', service: { name: 'domain', cpe: [], banner: expect.any(String) } },
    ]);
    for (const name of ['dns', 'ntp', 'snmp', 'netbios-ns', 'ssdp', 'ike', 'tftp', 'mdns'] as const)
      expect(udpPayload(name).length).toBeGreaterThan(0);
    expect(udpPayload('snmp').includes(Buffer.from('public'))).toBe(true);
  });

  it('discovers hosts by ICMP echo when ping exists, else falls back to TCP and says so', async () => {
    await servers.listen('127.0.0.3', 47040);
    const ping = await findPing();
    for (const discovery of ['icmp', 'both'] as const) {
      const result = await scanNetwork({ targets: ['127.0.0.3'], tcpPorts: [47040], discovery });
      expect(result.hosts.map((h) => [h.address, h.alive, h.ports.map((p) => p.port)])).toEqual([['127.0.0.3', true, [47040]]]);
      expect(result.errors.map((e) => e.type)).toEqual(ping ? [] : [SCAN_ERROR_TYPE.internal]);
    }
  });

  it('calls the service and check hooks and emits their results', async () => {
    await servers.listen('127.0.0.30', 47080);
    const events: ScanEvent[] = [];
    const result = await scanNetwork(
      {
        targets: ['127.0.0.30'],
        tcpPorts: [47080, 47081],
        identifyService: async (host, port) => (port.port === 47080 ? { name: 'http', cpe: [], banner: host } : undefined),
        runChecks: async (host) => [
          { check: 'demo', name: 'Demo', severity: 1, confidence: 'potential', port: host.ports[0].port, protocol: 'tcp', cve: [] },
        ],
      },
      (e) => events.push(e),
    );
    expect(result.hosts[0].ports[0].service).toEqual({ name: 'http', cpe: [], banner: '127.0.0.30' });
    expect(result.hosts[0].findings).toHaveLength(1);
    expect(events.filter((e) => e.type === 'service' || e.type === 'finding').map((e) => e.type)).toEqual(['service', 'finding']);
  });
});
