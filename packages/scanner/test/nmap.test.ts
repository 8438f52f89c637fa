// nmap engine: CPE 2.2 → 2.3, arguments, and parsing real nmap XML captured by running nmap on loopback.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cpe22To23, nmapArguments, parseNmapXml, runNmap } from '../src/nmap/index.ts';
import { Servers } from './net-helpers.ts';

const hasNmap = existsSync('/usr/bin/nmap');
const servers = new Servers();
const extra: Server[] = [];
afterEach(async () => {
  await servers.close();
  await Promise.all(extra.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/** A server that greets like OpenSSH on Ubuntu, which nmap's NULL probe identifies at once. */
async function fakeSsh(host: string, port: number): Promise<void> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end('SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6\r\n');
  });
  await new Promise<void>((resolve) => server.listen({ host, port }, () => resolve()));
  extra.push(server);
}

describe('nmap', () => {
  it('converts CPE 2.2 URIs to 2.3 formatted strings', () => {
    expect(cpe22To23('cpe:/a:openbsd:openssh:8.9p1')).toBe('cpe:2.3:a:openbsd:openssh:8.9p1:*:*:*:*:*:*:*');
    expect(cpe22To23('cpe:/o:linux:linux_kernel')).toBe('cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*');
    expect(cpe22To23('cpe:/a:hp:insight_diagnostics:7.4.0.1570::~~online~win2003~x64~')).toBe(
      'cpe:2.3:a:hp:insight_diagnostics:7.4.0.1570:*:*:*:online:win2003:x64:*',
    );
    expect(cpe22To23('cpe:/a:foo%21:bar:1.0:beta:~pro~~~~:en')).toBe('cpe:2.3:a:foo\\!:bar:1.0:beta:pro:en:*:*:*:*');
    expect(cpe22To23('cpe:2.3:a:x:y:1:*:*:*:*:*:*:*')).toBe('cpe:2.3:a:x:y:1:*:*:*:*:*:*:*');
    expect(cpe22To23('openssh')).toBeNull();
  });

  it('builds argument lists with exact CIDR blocks and no shell', async () => {
    const runs = await nmapArguments({
      targets: ['10.0.0.0/29', '10.0.0.9-10.0.0.12', '::1'],
      exclude: ['10.0.0.3'],
      tcpPorts: [22, 80, 81, 82],
      serviceDetection: true,
    });
    expect(runs.map((r) => r.args)).toEqual([
      [
        '-sT',
        '-oX',
        '-',
        '-p',
        '22,80-82',
        '-sV',
        '-n',
        '10.0.0.1',
        '10.0.0.2',
        '10.0.0.4/31',
        '10.0.0.6',
        '10.0.0.9',
        '10.0.0.10/31',
        '10.0.0.12',
      ],
      ['-sT', '-oX', '-', '-p', '22,80-82', '-sV', '-n', '-6', '::1'],
    ]);
    await expect(nmapArguments({ targets: ['-oN/tmp/x'], tcpPorts: [22] })).rejects.toThrow('Malformed target "-oN/tmp/x"');
  });

  it('parses nmap XML documents without hosts up', () => {
    const xml =
      '<?xml version="1.0"?><nmaprun><host><status state="down"/><address addr="10.9.9.9" addrtype="ipv4"/></host><runstats><finished summary="done"/></runstats></nmaprun>';
    expect(parseNmapXml(xml)).toEqual({ hosts: [], down: ['10.9.9.9'], summary: 'done' });
    expect(() => parseNmapXml('<html/>')).toThrow('Not an nmap XML document');
  });

  it.skipIf(!hasNmap)('parses real nmap -sT -sV XML from a loopback scan (skipped when /usr/bin/nmap is missing)', async () => {
    await fakeSsh('127.0.0.19', 47222);
    await servers.listen('127.0.0.19', 47223);
    const result = await runNmap({
      targets: ['127.0.0.19'],
      tcpPorts: [47222, 47223, 47224],
      serviceDetection: true,
      discovery: 'none',
      reportClosed: true,
    });
    expect(result.hosts).toHaveLength(1);
    const [host] = result.hosts;
    expect(host).toMatchObject({ address: '127.0.0.19', alive: true, findings: [] });
    expect(host.ports.map((p) => [p.port, p.protocol, p.state])).toEqual([
      [47222, 'tcp', 'open'],
      [47223, 'tcp', 'open'],
      [47224, 'tcp', 'closed'],
    ]);
    expect(host.ports[0].service).toMatchObject({ name: 'ssh', product: 'OpenSSH', version: expect.stringContaining('8.9p1') });
    expect(host.ports[0].service?.cpe).toContain('cpe:2.3:a:openbsd:openssh:8.9p1:*:*:*:*:*:*:*');
    expect(host.ports[0].service?.cpe.every((c) => c.startsWith('cpe:2.3:'))).toBe(true);
    // Open ports only by default, as the native engine reports.
    const open = await runNmap({ targets: ['127.0.0.19'], tcpPorts: [47222, 47224], discovery: 'none' });
    expect(open.hosts[0].ports.map((p) => [p.port, p.state])).toEqual([[47222, 'open']]);
  });

  it.skipIf(!hasNmap)('kills nmap when the scan is cancelled (skipped when /usr/bin/nmap is missing)', async () => {
    const controller = new AbortController();
    const run = runNmap({
      targets: ['127.0.0.16/30'],
      tcpPorts: Array.from({ length: 20000 }, (_, i) => i + 20000),
      serviceDetection: true,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
