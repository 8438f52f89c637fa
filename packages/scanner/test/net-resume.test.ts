// Cancellation mid-scan (prompt, partial, no leaked sockets) and checkpoint/resume giving the uninterrupted result.
import { afterEach, describe, expect, it } from 'vitest';
import { DISCOVERY_PORTS, scanNetwork, type ScanNetworkOptions } from '../src/net/index.ts';
import type { Checkpoint, ScanResult } from '../src/types.ts';
import { Servers, tcpHandles } from './net-helpers.ts';

const servers = new Servers();
afterEach(() => servers.close());

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const shape = (r: ScanResult): Array<[string, number[]]> => r.hosts.map((h) => [h.address, h.ports.map((p) => p.port)]);

describe('net resume', () => {
  it('stops promptly on abort with a partial result and no socket left open', async () => {
    await servers.listen('127.0.0.11', 46010);
    const before = tcpHandles();
    const controller = new AbortController();
    let ports = 0;
    let finishedAfterAbort = 0;
    const result = await scanNetwork(
      {
        targets: ['127.0.0.8/29'],
        tcpPorts: range(40001, 46000),
        concurrency: 32,
        perHostConcurrency: 8,
        hostConcurrency: 2,
        signal: controller.signal,
      },
      (e) => {
        if (e.type === 'progress' && controller.signal.aborted) finishedAfterAbort++;
        if (e.type === 'progress' && e.hostsDone === 1) controller.abort();
        if (e.type === 'port') ports++;
      },
    );
    // Promptly, counted in work rather than timed: once aborted, no host finishes and no connect starts. The abort comes
    // as the first host finishes, with at most one other host begun (two at a time), so the connects are those of two
    // hosts at most (each: its 6,000 ports and the discovery ports), not the 36,000 of a scan that went on.
    // A scan that hung instead would fail on the test timeout.
    expect(finishedAfterAbort).toBe(0);
    expect(result.stats.portsProbed).toBeLessThanOrEqual(2 * (6000 + DISCOVERY_PORTS.length));
    expect(result.hosts.length).toBeGreaterThanOrEqual(1);
    expect(result.hosts.length).toBeLessThan(6);
    expect(result.stats.hostsTotal).toBe(6);
    expect(ports).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(tcpHandles()).toBe(before);
  });

  it('resumes from a checkpoint to the same result as an uninterrupted scan', async () => {
    const layout: Record<string, number[]> = { '127.0.0.12': [46100], '127.0.0.13': [46101, 46150], '127.0.0.15': [46120] };
    for (const [host, ports] of Object.entries(layout)) for (const p of ports) await servers.listen(host, p);
    const options: ScanNetworkOptions = { targets: ['127.0.0.12-127.0.0.15'], tcpPorts: range(46100, 46150), hostConcurrency: 1 };
    const full = await scanNetwork(options);
    expect(shape(full)).toEqual([
      ['127.0.0.12', [46100]],
      ['127.0.0.13', [46101, 46150]],
      ['127.0.0.14', []],
      ['127.0.0.15', [46120]],
    ]);

    const controller = new AbortController();
    const finished: Checkpoint['done'] = [];
    let checkpoint: Checkpoint | undefined;
    const first = await scanNetwork({ ...options, signal: controller.signal }, (e) => {
      if (e.type !== 'host-done') return;
      finished.push(e.host);
      if (finished.length === 2) {
        checkpoint = JSON.parse(JSON.stringify({ done: finished })) as Checkpoint;
        controller.abort();
      }
    });
    expect(shape(first)).toEqual(shape(full).slice(0, 2));
    expect(checkpoint?.done.map((h) => h.address)).toEqual(['127.0.0.12', '127.0.0.13']);

    const scanned: string[] = [];
    const resumed = await scanNetwork({ ...options, checkpoint }, (e) => e.type === 'host' && scanned.push(e.address));
    expect(scanned).toEqual(['127.0.0.14', '127.0.0.15']);
    expect(shape(resumed)).toEqual(shape(full));
    expect(resumed.hosts).toEqual(full.hosts);
    expect(resumed.stats).toMatchObject({ hostsTotal: 4, hostsUp: 4, openPorts: 4 });
  });
});
