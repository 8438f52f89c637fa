// `bulwark-scan TARGET... [--ports SPEC] [--udp SPEC] [--engine native|nmap] [--checks DIR] [--format json|table]`.
import { Command, InvalidArgumentError, Option } from 'commander';
import { SEVERITY_LABELS } from '@bulwark/core';
import { parsePortSpec, standardTcpPorts } from './ports/index.ts';
import { runNetworkScan, type Engine } from './network-scan.ts';
import type { ScanEvent, ScanResult } from './types.ts';

function ports(spec: string): number[] {
  try {
    return parsePortSpec(spec);
  } catch (e) {
    throw new InvalidArgumentError(e instanceof Error ? e.message : String(e));
  }
}

function progressBar(percent: number, width = 30): string {
  const full = Math.round((percent / 100) * width);
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(percent).padStart(3)}%`;
}

function table(result: ScanResult): string {
  const lines: string[] = [];
  for (const host of result.hosts) {
    lines.push(`${host.address}${host.hostnames.length ? ` (${host.hostnames.join(', ')})` : ''}`);
    for (const p of host.ports) {
      const s = p.service;
      const what = s ? [s.name, s.product, s.version].filter(Boolean).join(' ') : '';
      lines.push(`  ${`${p.port}/${p.protocol}`.padEnd(10)} ${p.state.padEnd(14)} ${what}`);
    }
    for (const f of host.findings) {
      const sev = SEVERITY_LABELS[f.severity as keyof typeof SEVERITY_LABELS] ?? String(f.severity);
      lines.push(
        `  ! ${sev.padEnd(8)} ${f.name}${f.port ? ` (${f.port}/${f.protocol ?? 'tcp'})` : ''}${f.cve.length ? ` ${f.cve.join(', ')}` : ''}`,
      );
    }
  }
  for (const e of result.errors) lines.push(`error ${e.type}: ${e.message}${e.host ? ` (${e.host})` : ''}`);
  lines.push(
    `${result.stats.hostsUp} of ${result.stats.hostsTotal} hosts up, ${result.stats.openPorts} open ports, ${result.stats.durationMs ?? 0} ms`,
  );
  return lines.join('\n');
}

const program = new Command('bulwark-scan')
  .description('Scan hosts, networks (a.b.c.d/m) and ranges (start-end) for open ports, services and weaknesses')
  .argument('<targets...>', 'hosts, host names, networks and ranges')
  .option('--ports <spec>', 'TCP ports, e.g. 22,80,8000-8100 (default: the standard 1,000)', ports)
  .option('--udp <spec>', 'UDP ports, e.g. 53,123,161', ports)
  .option('--exclude <targets>', 'comma-separated targets to leave out')
  .addOption(new Option('--engine <engine>', 'scan engine').choices(['native', 'nmap']).default('native'))
  .option('--checks <dir>', 'folder of YAML check templates (default: the shipped checks)')
  .option('--no-checks', 'do not run checks')
  .option('--no-services', 'do not identify services')
  .addOption(new Option('--discovery <mode>', 'host discovery').choices(['tcp', 'icmp', 'both', 'none']).default('tcp'))
  .addOption(new Option('--format <format>', 'output').choices(['json', 'table']).default('table'))
  .showHelpAfterError()
  .action(
    async (
      targets: string[],
      o: {
        ports?: number[];
        udp?: number[];
        exclude?: string;
        engine: Engine;
        checks: string | boolean;
        services: boolean;
        discovery: 'tcp' | 'icmp' | 'both' | 'none';
        format: 'json' | 'table';
      },
    ) => {
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      const tty = process.stderr.isTTY;
      const onEvent = (event: ScanEvent) => {
        if (tty && event.type === 'progress')
          process.stderr.write(`\r${progressBar(event.percent)} ${event.hostsDone}/${event.hostsTotal} hosts`);
        if (tty && event.type === 'finding') process.stderr.write(`\r\x1b[K${event.address}: ${event.finding.name}\n`);
      };
      const result = await runNetworkScan(
        {
          targets,
          exclude: o.exclude
            ? o.exclude
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : undefined,
          tcpPorts: o.ports ?? standardTcpPorts(),
          udpPorts: o.udp,
          engine: o.engine,
          checks: o.checks !== false,
          checksDir: typeof o.checks === 'string' ? o.checks : undefined,
          serviceDetection: o.services,
          discovery: o.discovery,
          signal: controller.signal,
        },
        onEvent,
      );
      if (tty) process.stderr.write('\r\x1b[K');
      process.stdout.write(`${o.format === 'json' ? JSON.stringify(result, null, 2) : table(result)}\n`);
      if (result.errors.some((e) => e.type === 10 || e.type === 2)) process.exitCode = 2;
    },
  );

program.parseAsync(process.argv).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
