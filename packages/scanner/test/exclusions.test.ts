// Exceptions in the task executor (net/exclusions.ts) against real TCP listeners on loopback that count connections on
// the target's side: an excepted address is never connected to, an excepted port is left alone on its address only, a
// host name exception is resolved (here by an injected resolver) and one that does not resolve changes nothing; what
// was left out comes back as errors (empty target, 2); a target that is all exception leaves nothing to scan.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { executeTask, type TaskReport, type TaskSpec } from '../src/agent/index.ts';
import { prepareExceptions } from '../src/net/exclusions.ts';
import type { ScanError } from '../src/types.ts';

const servers: Server[] = [];
const seen = new Map<string, number>();
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  seen.clear();
});

async function listen(host: string, port: number): Promise<void> {
  const server = createServer((socket) => {
    seen.set(`${host}:${port}`, (seen.get(`${host}:${port}`) ?? 0) + 1);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => resolve());
  });
  servers.push(server);
}

const NAMES: Record<string, string[]> = { 'db.test': ['127.0.31.3'] };
const resolve = async (name: string): Promise<string[]> => {
  const found = NAMES[name];
  if (!found) throw new Error(`getaddrinfo ENOTFOUND ${name}`);
  return found;
};

const spec = (over: Partial<TaskSpec>): TaskSpec => ({
  id: 1,
  targets: ['127.0.31.1-127.0.31.4'],
  exclude: [],
  profile: { standard_scan: false, custom_tcp_range: '47300-47301' },
  checkpoint: null,
  tests: [],
  ...over,
});

async function run(s: TaskSpec): Promise<{ hosts: Array<[string, number[]]>; errors: ScanError[] }> {
  const reports: TaskReport[] = [];
  const out = await executeTask(s, { report: async (r) => (reports.push(r), 'continue') }, undefined, { scan: { resolve } });
  expect(out.outcome).toBe('done');
  if (out.outcome !== 'done') throw new Error('not done');
  return {
    hosts: out.result.hosts.map((h) => [h.address, h.ports.map((p) => p.port)]),
    // Every error reaches the server in a report (the result repeats the engine's own).
    errors: reports.flatMap((r) => r.errors),
  };
}

describe('exceptions in a network task', () => {
  it('never connects to an excepted address or port, and reports what it left out', async () => {
    for (const host of ['127.0.31.1', '127.0.31.2', '127.0.31.3']) for (const port of [47300, 47301]) await listen(host, port);
    const { hosts, errors } = await run(
      spec({
        exceptions: [
          { id: 1, value: '127.0.31.2' },
          { id: 2, value: '127.0.31.1', port: 47301 },
          { id: 3, value: 'db.test' },
          { id: 4, value: 'gone.test' },
          { id: 5, value: '10.0.0.0/8' },
        ],
      }),
    );
    expect(hosts).toEqual([
      ['127.0.31.1', [47300]],
      ['127.0.31.4', []],
    ]);
    expect(seen.get('127.0.31.1:47300')).toBeGreaterThan(0);
    expect(seen.get('127.0.31.1:47301')).toBeUndefined();
    for (const port of [47300, 47301]) {
      expect(seen.get(`127.0.31.2:${port}`)).toBeUndefined();
      expect(seen.get(`127.0.31.3:${port}`)).toBeUndefined();
    }
    expect(errors.filter((e) => e.type === SCAN_ERROR_TYPE.empty_target).map((e) => e.message)).toEqual([
      'Left out by exception #1 (127.0.31.2): 1 address not scanned.',
      'Left out by exception #2 (127.0.31.1, port 47301): port 47301 on 1 address not scanned.',
      'Left out by exception #3 (db.test): 1 address not scanned.',
    ]);
  });

  it('leaves nothing to scan when the exceptions cover every target', async () => {
    await listen('127.0.31.3', 47300);
    const { hosts, errors } = await run(spec({ targets: ['db.test'], exceptions: [{ value: '127.0.31.3' }] }));
    expect(hosts).toEqual([]);
    expect(seen.size).toBe(0);
    expect(errors.map((e) => e.message)).toEqual([
      'Left out by exception (127.0.31.3): 1 address not scanned.',
      'The targets contain no host once exclusions are applied.',
    ]);
  });

  it('answers the ports excepted per address, IPv6 included', async () => {
    const prepared = await prepareExceptions(
      [{ value: '2001:db8::/126', port: 22 }, { value: '2001:db8::2', port: 443 }, { value: '192.0.2.0/24' }],
      resolve,
    );
    expect([...(prepared.ports.of('2001:db8::2') ?? [])].sort()).toEqual([22, 443]);
    expect(prepared.ports.of('2001:db8::9')).toBeUndefined();
    expect(prepared.ports.of('192.0.2.5')).toBeUndefined();
    expect([...prepared.ports.all].sort()).toEqual([22, 443]);
    expect(prepared.exclude).toEqual(['192.0.2.0-192.0.2.255']);
  });
});
