// End to end through the engine: ports, service identification and checks against the real local Redis, and the CLI.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNetworkScan, type ScanEvent, type ScanResult } from '../src/index.ts';
import { nmapAvailable } from '../src/nmap/index.ts';

const run = promisify(execFile);
const hasNmap = await nmapAvailable();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('a whole network scan', () => {
  it('finds the open Redis port, identifies it and reports that it needs no authentication', async () => {
    const events: ScanEvent[] = [];
    const result = await runNetworkScan({ targets: ['127.0.0.1'], tcpPorts: [6379, 1] }, (e) => events.push(e));
    const host = result.hosts.find((h) => h.address === '127.0.0.1')!;
    expect(host.ports.map((p) => p.port)).toEqual([6379]);
    expect(host.ports[0]!.service).toMatchObject({ name: 'redis', product: 'Redis' });
    expect(host.ports[0]!.service!.cpe[0]).toMatch(/^cpe:2\.3:a:redis:redis:\d/);
    const finding = host.findings.find((f) => f.port === 6379 && /redis/i.test(f.check));
    expect(finding).toBeDefined();
    expect(finding!.severity).toBeGreaterThanOrEqual(3);
    expect(events.some((e) => e.type === 'progress' && e.percent === 100)).toBe(true);
    expect(events.some((e) => e.type === 'finding')).toBe(true);
  });

  it.runIf(hasNmap)('gives the same ports and service from the nmap engine', async () => {
    const result = await runNetworkScan({ targets: ['127.0.0.1'], tcpPorts: [6379, 1], engine: 'nmap', checks: false });
    const host = result.hosts[0]!;
    expect(host.ports.filter((p) => p.state === 'open').map((p) => p.port)).toEqual([6379]);
    expect(host.ports[0]!.service?.name).toBe('redis');
  });

  it('reports a malformed target as error type 10 (target definition failed)', async () => {
    const result = await runNetworkScan({ targets: ['10.0.0.300'], tcpPorts: [80], checks: false });
    expect(result.hosts).toEqual([]);
    expect(result.errors.map((e) => e.type)).toContain(10);
  });
});

describe('bulwark-scan', () => {
  it('prints the JSON document with --format json', async () => {
    const { stdout } = await run(
      'node',
      ['packages/scanner/bin/bulwark-scan.js', '127.0.0.1', '--ports', '6379', '--format', 'json', '--no-checks'],
      {
        cwd: root,
      },
    );
    const result = JSON.parse(stdout) as ScanResult;
    expect(result.hosts[0]).toMatchObject({ address: '127.0.0.1', alive: true });
    expect(result.hosts[0]!.ports[0]).toMatchObject({ port: 6379, protocol: 'tcp', state: 'open', service: { name: 'redis' } });
    expect(result.stats.openPorts).toBe(1);
  });

  it('refuses a bad port list with the core message and a non-zero exit', async () => {
    const failure = await run('node', ['packages/scanner/bin/bulwark-scan.js', '127.0.0.1', '--ports', '70000'], { cwd: root }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((failure as { code: number }).code).not.toBe(0);
    expect((failure as { stderr: string }).stderr).toContain('70000 is not a valid port or range.');
  });
});
