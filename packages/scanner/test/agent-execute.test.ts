// The task executor against real TCP listeners on loopback: a finished task with its ports, a pause that gives a
// checkpoint from which a second execution finishes with the uninterrupted result, a cancel, a bad profile.
import { afterEach, describe, expect, it } from 'vitest';
import { executeTask, type TaskDecision, type TaskReport, type TaskSpec } from '../src/agent/index.ts';
import type { ScanResult } from '../src/types.ts';
import { Servers } from './net-helpers.ts';

const servers = new Servers();
afterEach(() => servers.close());

const shape = (r: ScanResult): Array<[string, number[]]> => r.hosts.map((h) => [h.address, h.ports.map((p) => p.port)]);

const layout: Record<string, number[]> = { '127.0.0.21': [47100], '127.0.0.22': [47101, 47150], '127.0.0.24': [47120] };
const spec = (over: Partial<TaskSpec> = {}): TaskSpec => ({
  id: 1,
  targets: ['127.0.0.21-127.0.0.24'],
  exclude: [],
  profile: { standard_scan: false, custom_tcp_range: '47100-47150' },
  checkpoint: null,
  tests: [],
  ...over,
});
// One host at a time, so that a pause after the first host leaves the others unscanned; a report after every host.
const scan = { hostConcurrency: 1 };
const perHost = { scan, reportHosts: 1 };

async function listen(): Promise<void> {
  for (const [host, ports] of Object.entries(layout)) for (const p of ports) await servers.listen(host, p);
}

describe('executeTask', () => {
  it('scans the targets on the profile ports and reports progress up to every host', async () => {
    await listen();
    const reports: TaskReport[] = [];
    const out = await executeTask(spec(), { report: async (r) => (reports.push(r), 'continue') }, undefined, perHost);
    expect(out.outcome).toBe('done');
    if (out.outcome !== 'done') return;
    expect(shape(out.result)).toEqual([
      ['127.0.0.21', [47100]],
      ['127.0.0.22', [47101, 47150]],
      ['127.0.0.23', []],
      ['127.0.0.24', [47120]],
    ]);
    expect(out.result.stats).toMatchObject({ hostsTotal: 4, hostsUp: 4, openPorts: 4 });
    // Each report carries only the hosts finished since the one before: together, every host once, down ones too.
    const last = reports[reports.length - 1]!;
    expect(last).toMatchObject({ progress: 100, hostsDone: 4, hostsTotal: 4 });
    expect(reports.flatMap((r) => r.hosts.map((h) => h.address))).toEqual(['127.0.0.21', '127.0.0.22', '127.0.0.23', '127.0.0.24']);
    expect(reports.every((r) => r.hosts.length <= 1)).toBe(true);
    // JSON in, JSON out: what a remote probe sends back survives serialisation.
    expect(JSON.parse(JSON.stringify(out.result))).toEqual(out.result);
  });

  it('pauses on the answer "pause" with a checkpoint, and a second run from it ends like an uninterrupted one', async () => {
    await listen();
    const full = await executeTask(spec(), { report: async () => 'continue' }, undefined, { scan });
    expect(full.outcome).toBe('done');

    const delivered: TaskReport['hosts'] = [];
    const paused = await executeTask(
      spec(),
      {
        report: async (r): Promise<TaskDecision> => {
          delivered.push(...r.hosts);
          return delivered.length >= 2 ? 'pause' : 'continue';
        },
      },
      undefined,
      perHost,
    );
    expect(paused.outcome).toBe('stopped');
    if (paused.outcome !== 'stopped' || full.outcome !== 'done') return;
    // The server's checkpoint: what the reports delivered plus what the stopped outcome hands back.
    const checkpoint = { done: [...delivered, ...paused.hosts] };
    const done = checkpoint.done.map((h) => h.address);
    expect(done.slice(0, 2)).toEqual(['127.0.0.21', '127.0.0.22']);
    expect(done.length).toBeLessThan(4);

    const seen: number[] = [];
    const resumed = await executeTask(
      spec({ checkpoint }),
      { report: async (r) => (seen.push(r.hostsDone), 'continue') },
      undefined,
      perHost,
    );
    expect(resumed.outcome).toBe('done');
    if (resumed.outcome !== 'done') return;
    expect(shape(resumed.result)).toEqual(shape(full.result));
    expect(resumed.result.hosts).toEqual(full.result.hosts);
    // The first report of the resumed task already counts the hosts of the checkpoint.
    expect(seen[0]).toBe(done.length);
  });

  it('cancels on the answer "cancel" without a result, handing over the hosts no report carried', async () => {
    await listen();
    let reports = 0;
    const out = await executeTask(spec(), { report: async () => (++reports >= 2 ? 'cancel' : 'continue') }, undefined, { scan });
    expect(out.outcome).toBe('cancelled');
    if (out.outcome !== 'cancelled') return;
    expect(Object.keys(out)).toEqual(['outcome', 'hosts']);
    expect(Array.isArray(out.hosts)).toBe(true);
  });

  it('ends as stopped with its undelivered hosts when the probe aborts it (shutting down)', async () => {
    await listen();
    const controller = new AbortController();
    const out = await executeTask(
      spec(),
      {
        report: async (r) => {
          // The first host's report fails (server unreachable) and the probe is told to shut down meanwhile.
          if (r.hosts.length >= 1) {
            controller.abort();
            throw new Error('connection refused');
          }
          return 'continue';
        },
      },
      controller.signal,
      perHost,
    );
    expect(out.outcome).toBe('stopped');
    if (out.outcome === 'stopped') expect(out.hosts[0]?.address).toBe('127.0.0.21');
  });

  it('streams hosts in its reports without keeping them, a failed report handing them to the next one', async () => {
    await listen();
    const delivered: string[] = [];
    let failures = 0;
    const out = await executeTask(
      spec(),
      {
        report: async (r) => {
          if (r.hosts.length > 0 && failures++ === 0) throw new Error('server busy');
          delivered.push(...r.hosts.map((h) => h.address));
          return 'continue';
        },
      },
      undefined,
      { ...perHost, keepHosts: false },
    );
    expect(out.outcome).toBe('done');
    if (out.outcome !== 'done') return;
    expect(out.result.hosts).toEqual([]);
    expect(out.result.stats).toMatchObject({ hostsTotal: 4, hostsUp: 4, openPorts: 4 });
    expect([...delivered].sort()).toEqual(['127.0.0.21', '127.0.0.22', '127.0.0.23', '127.0.0.24']);
    expect(new Set(delivered).size).toBe(4);
  });

  it('passes the scan errors on in its reports and fails on a profile whose ports cannot be read', async () => {
    const errors: TaskReport['errors'] = [];
    const out = await executeTask(spec({ targets: ['10.0.0.300'] }), { report: async (r) => (errors.push(...r.errors), 'continue') });
    expect(out.outcome).toBe('done');
    if (out.outcome === 'done') expect(out.result.errors.map((e) => e.type)).toEqual([10]);
    expect(errors.map((e) => e.type)).toEqual([10]);

    const bad = await executeTask(spec({ profile: { standard_scan: false, custom_tcp_range: '70000' } }), {
      report: async () => 'continue',
    });
    expect(bad.outcome).toBe('failed');
    if (bad.outcome === 'failed') expect(bad.message).toMatch(/70000/);
  });
});
