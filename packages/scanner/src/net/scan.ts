// scanNetwork: the native network engine end to end (targets, discovery, TCP/UDP ports, service and check hooks, checkpoints).
import { setMaxListeners } from 'node:events';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { expandTargets, TargetError, type Host, type TargetSet } from '../targets/index.ts';
import { parseIp } from '../targets/ip.ts';
import type { Checkpoint, Finding, HostResult, PortResult, ScanError, ScanEvent, ScanResult, ServiceInfo } from '../types.ts';
import { defaultThreads } from './connect-pool.ts';
import { discoverHost, type DiscoveryMode } from './discovery.ts';
import { pool, PortScanner, type PortScanHost } from './port-scanner.ts';
import type { TcpPortState } from './tcp.ts';
import type { TimeoutOptions } from './timing.ts';
import type { PortExceptions } from './exclusions.ts';
import { UDP_PAYLOAD_PORTS, udpPayloadFor, type UdpPayloadName } from './udp.ts';

export interface ScanNetworkOptions {
  /** Hosts, host names, networks a.b.c.d/m (IPv6 too), ranges start-end or 10.0.0.1-20. */
  targets: readonly string[];
  /** Same syntax as targets; these hosts are never scanned. */
  exclude?: readonly string[];
  /** Ports exceptions keep the scan away from on some addresses (exclusions.ts): never asked, discovery included. */
  portExceptions?: PortExceptions;
  tcpPorts?: readonly number[];
  udpPorts?: readonly number[];
  /** Host discovery before port scanning (default 'tcp'); 'none' considers every host alive. */
  discovery?: DiscoveryMode;
  /** Connection attempts in flight over the whole scan (default 256). */
  concurrency?: number;
  /** Connection attempts in flight per host (default 64). */
  perHostConcurrency?: number;
  /** Worker threads for TCP port sweeps (default: up to 4, one per core, for sweeps of 4,096 connects or more). */
  threads?: number;
  /** Hosts scanned at the same time (default: enough to keep `concurrency` filled twice over, at least 4). */
  hostConcurrency?: number;
  /**
   * Keep every finished host for the result (default true). A probe that streams hosts to its server as they finish
   * ('host-done' events) sets it off, so a task of thousands of hosts is never held whole; the result then has no
   * hosts, only its stats.
   */
  keepHosts?: boolean;
  /** New connections (and UDP queries) per second over the whole scan; 0 or unset = no limit. */
  rate?: number;
  timeouts?: TimeoutOptions;
  signal?: AbortSignal;
  /** Hosts finished by an earlier, interrupted run of the same scan: not scanned again, kept in the result. */
  checkpoint?: Checkpoint;
  /** Cap on the number of hosts the targets expand to (default 65,536); over it the scan fails with error 14. */
  maxHosts?: number;
  /** Name resolution (default dns.lookup, all addresses). */
  resolve?: (name: string) => Promise<string[]>;
  /** Which UDP payload to send to which port, on top of the well-known ports (53 dns, 161 snmp …). */
  udpPayloads?: Readonly<Record<number, UdpPayloadName>>;
  /** Also list closed and filtered ports in the result (default: open ports only). */
  reportClosed?: boolean;
  /** Service identification hook, called for each open port (TCP and UDP). */
  identifyService?: (host: string, port: PortResult, signal: AbortSignal) => Promise<ServiceInfo | undefined>;
  /** Check hook, called once per alive host after its ports and services are known. */
  runChecks?: (host: HostResult, signal: AbortSignal) => Promise<Finding[]>;
}

function validPorts(name: string, ports: readonly number[] | undefined): number[] {
  const list = [...new Set(ports ?? [])];
  const bad = list.find((p) => !Number.isInteger(p) || p < 1 || p > 65535);
  if (bad !== undefined) throw new RangeError(`${name}: ${bad} is not a valid port (1-65535).`);
  return list.sort((a, b) => a - b);
}

function addressKey(address: string): [number, bigint] {
  const ip = parseIp(address);
  return ip ? [ip.family, ip.value] : [99, 0n];
}

function byAddress(a: HostResult, b: HostResult): number {
  const [fa, va] = addressKey(a.address);
  const [fb, vb] = addressKey(b.address);
  return fa !== fb ? fa - fb : va < vb ? -1 : va > vb ? 1 : 0;
}

function targetErrorType(err: TargetError): ScanError['type'] {
  if (err.code === 'empty') return SCAN_ERROR_TYPE.empty_target;
  if (err.code === 'too-large') return SCAN_ERROR_TYPE.limits_exceeded;
  return SCAN_ERROR_TYPE.target_definition_failed;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Scans the targets and resolves with the result; it never rejects for scan problems (bad targets, unreachable
 * hosts, time limit), which become `errors` with the spec's codes. When `signal` aborts it stops promptly
 * (no socket left open) and resolves with the hosts finished so far. Events: 'host' when a host is found up,
 * 'port' for each reported port, 'service', 'finding', 'error', and after each finished host 'progress' and
 * 'checkpoint' (every host finished so far, down ones included, to pass back as `checkpoint` to resume).
 */
export async function scanNetwork(options: ScanNetworkOptions, onEvent: (event: ScanEvent) => void = () => undefined): Promise<ScanResult> {
  const started = Date.now();
  const tcpPorts = validPorts('tcpPorts', options.tcpPorts);
  const udpPorts = validPorts('udpPorts', options.udpPorts);
  const errors: ScanError[] = [];
  const keep = options.keepHosts ?? true;
  /** Finished hosts kept for the result (none when not kept). */
  const done: HostResult[] = [];
  const counts = { finished: 0, up: 0, openPorts: 0 };
  const count = (h: HostResult): void => {
    counts.finished += 1;
    if (!h.alive) return;
    counts.up += 1;
    counts.openPorts += h.ports.filter((p) => p.state === 'open').length;
  };
  const emit = (event: ScanEvent): void => {
    try {
      onEvent(event);
    } catch {
      // a listener's failure must not stop the scan
    }
  };
  const fail = (error: ScanError): void => {
    errors.push(error);
    emit({ type: 'error', error });
  };
  const stats = { hostsTotal: 0, portsProbed: 0 };
  const finish = (): ScanResult => {
    const hosts = done.filter((h) => h.alive).sort(byAddress);
    const finishedAt = Date.now();
    return {
      hosts,
      errors,
      stats: {
        hostsTotal: stats.hostsTotal,
        hostsUp: counts.up,
        portsProbed: stats.portsProbed,
        openPorts: counts.openPorts,
        startedAt: new Date(started).toISOString(),
        finishedAt: new Date(finishedAt).toISOString(),
        durationMs: finishedAt - started,
      },
    };
  };

  let targets: TargetSet;
  try {
    targets = await expandTargets(options.targets, options.exclude ?? [], { maxHosts: options.maxHosts, resolve: options.resolve });
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    fail({ type: targetErrorType(err), message: err.message, ...(err.target ? { host: err.target } : {}) });
    return finish();
  }
  stats.hostsTotal = targets.size;

  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  setMaxListeners(0, signal); // discovery and UDP queries listen while they run, each removed when it ends
  let timer: NodeJS.Timeout | undefined;
  if (options.timeouts?.totalMs !== undefined) {
    timer = setTimeout(() => {
      fail({
        type: SCAN_ERROR_TYPE.run_time_exceeded,
        message: `The scan ran longer than ${options.timeouts?.totalMs} ms and was stopped.`,
      });
      stop.abort();
    }, options.timeouts.totalMs);
  }

  const skip = new Set<string>();
  for (const h of options.checkpoint?.done ?? []) {
    if (targets.has(h.address) && !skip.has(h.address)) {
      skip.add(h.address);
      count(h);
      if (keep) done.push(h);
    }
  }
  const concurrency = Math.max(1, options.concurrency ?? 256);
  const perHost = Math.max(1, Math.min(options.perHostConcurrency ?? 64, concurrency));
  const portScanner = new PortScanner({
    concurrency,
    perHostConcurrency: perHost,
    rate: options.rate ?? 0,
    timeouts: options.timeouts ?? {},
    signal,
    threads: options.threads ?? defaultThreads(targets.size * tcpPorts.length, options.rate ?? 0),
  });
  // Enough hosts at once to keep every connection slot busy twice over while some hosts wait between their phases; a host
  // with few ports to ask (a wide sweep) holds few slots, so more hosts run side by side.
  const perHostSlots = Math.max(1, Math.min(perHost, tcpPorts.length + udpPorts.length || 1));
  const hostWidth = Math.max(1, options.hostConcurrency ?? Math.min(1024, Math.max(4, Math.ceil((2 * concurrency) / perHostSlots))));
  let noPingReported = false;

  const scanHost = async (target: Host): Promise<HostResult | undefined> => {
    const host = portScanner.host(target.address, options.portExceptions?.of(target.address));
    const discovered = await discoverHost(portScanner, host, options.discovery ?? 'tcp', signal, tcpPorts);
    if (discovered.noPing && !noPingReported) {
      noPingReported = true;
      fail({
        type: SCAN_ERROR_TYPE.internal,
        message: 'ICMP discovery needs the system ping, which is not installed; TCP discovery was used.',
      });
    }
    if (signal.aborted) return undefined;
    const result: HostResult = { address: target.address, hostnames: target.hostnames, alive: discovered.alive, ports: [], findings: [] };
    if (!discovered.alive) {
      reportUnreachable(host);
      return result;
    }
    emit({ type: 'host', address: target.address, alive: true, hostnames: target.hostnames });
    const tcp = await scanTcp(host, discovered.tcp);
    const udp = await scanUdp(host);
    if (signal.aborted) return undefined;
    if (!host.answered && options.discovery === 'none') reportUnreachable(host);
    result.ports = [...tcp, ...udp];
    await identify(target.address, result.ports);
    if (options.runChecks && !signal.aborted) {
      try {
        result.findings = await options.runChecks(result, signal);
        for (const finding of result.findings) emit({ type: 'finding', address: target.address, finding });
      } catch (err) {
        if (!signal.aborted) fail({ type: SCAN_ERROR_TYPE.internal, message: `Checks failed: ${message(err)}`, host: target.address });
      }
    }
    return signal.aborted ? undefined : result;
  };

  const reportUnreachable = (host: PortScanHost): void => {
    const [code] = [...host.unreachable.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (code) fail({ type: SCAN_ERROR_TYPE.connection_failed, message: `Host unreachable (${code}).`, host: host.address });
  };

  const report = (address: string, port: PortResult, into: PortResult[]): void => {
    if (port.state !== 'open' && !options.reportClosed) return;
    into.push(port);
    emit({ type: 'port', address, port });
  };

  const scanTcp = async (host: PortScanHost, known: Map<number, TcpPortState>): Promise<PortResult[]> => {
    // Ports discovery already asked are not asked again; the ones that looked filtered there get only their retries.
    const fresh = tcpPorts.filter((port) => !known.has(port));
    const silent = tcpPorts.filter((port) => known.get(port) === 'filtered');
    const [states, retried] = await Promise.all([
      portScanner.tcpPorts(host, fresh, signal),
      portScanner.tcpPorts(host, silent, signal, { firstAttempt: 1 }),
    ]);
    const out: PortResult[] = [];
    for (const port of tcpPorts) {
      const state = retried.get(port) ?? states.get(port) ?? known.get(port);
      if (state) report(host.address, { port, protocol: 'tcp', state }, out);
    }
    return out;
  };

  const scanUdp = async (host: PortScanHost): Promise<PortResult[]> => {
    const found = new Map<number, PortResult>();
    await pool(udpPorts, perHost, signal, async (port) => {
      const payload = udpPayloadFor(port, options.udpPayloads);
      const outcome = await portScanner.udp(host, port, payload, signal);
      if (outcome.state === 'aborted') return;
      const result: PortResult = { port, protocol: 'udp', state: outcome.state };
      if (outcome.state === 'open' && payload) {
        const banner = outcome.reply
          .toString('latin1')
          .replace(/[^\x20-\x7e]+/g, '.')
          .slice(0, 256);
        result.service = { name: UDP_PAYLOAD_PORTS[payload].service, cpe: [], banner };
      }
      found.set(port, result);
    });
    const out: PortResult[] = [];
    for (const port of udpPorts) {
      const r = found.get(port);
      if (r) report(host.address, r, out);
    }
    return out;
  };

  const identify = async (address: string, ports: PortResult[]): Promise<void> => {
    const hook = options.identifyService;
    const open = ports.filter((p) => p.state === 'open');
    for (const p of open)
      if (p.service && !hook) emit({ type: 'service', address, port: p.port, protocol: p.protocol, service: p.service });
    if (!hook) return;
    await pool(open, Math.min(perHost, 8), signal, async (port) => {
      try {
        const service = (await hook(address, port, signal)) ?? port.service;
        if (!service || signal.aborted) return;
        port.service = service;
        emit({ type: 'service', address, port: port.port, protocol: port.protocol, service });
      } catch (err) {
        if (!signal.aborted) {
          fail({
            type: SCAN_ERROR_TYPE.internal,
            message: `Service identification on ${port.protocol}/${port.port} failed: ${message(err)}`,
            host: address,
          });
        }
      }
    });
  };

  const finished = (host: HostResult): void => {
    count(host);
    if (keep) done.push(host);
    emit({
      type: 'progress',
      percent: Math.floor((counts.finished / targets.size) * 1000) / 10,
      hostsDone: counts.finished,
      hostsTotal: targets.size,
    });
    emit({ type: 'host-done', host });
  };

  try {
    const iterator = targets[Symbol.iterator]();
    const worker = async (): Promise<void> => {
      while (!signal.aborted) {
        const next = iterator.next();
        if (next.done) return;
        if (skip.has(next.value.address)) continue;
        const host = await scanHost(next.value);
        if (!host) return;
        finished(host);
      }
    };
    await Promise.all(Array.from({ length: Math.min(hostWidth, targets.size) }, worker));
  } finally {
    clearTimeout(timer);
    stats.portsProbed = portScanner.started;
    await portScanner.close();
  }
  return finish();
}
