// Host discovery: TCP connects (open or refused means alive), ICMP echo via `ping`, or consider alive. TCP discovery
// asks the scan's own ports first, so each (host, port) is asked once per run: what discovery learns is the port scan's
// first pass, and the 20 common discovery ports are only tried when none of those answered.
import { setMaxListeners } from 'node:events';
import { icmpEcho } from './ping.ts';
import type { PortScanHost, PortScanner } from './port-scanner.ts';
import type { TcpPortState } from './tcp.ts';

export type DiscoveryMode = 'tcp' | 'icmp' | 'both' | 'none';

/** The TCP discovery ports of issue 3. */
export const DISCOVERY_PORTS: readonly number[] = Object.freeze([
  21, 22, 23, 25, 53, 80, 110, 111, 135, 139, 143, 443, 445, 993, 995, 1723, 3306, 3389, 5900, 8080,
]);

export interface DiscoveryResult {
  alive: boolean;
  /** How it was decided: the first method that answered, or 'none' (considered alive) / 'no answer'. */
  reason: 'tcp' | 'icmp' | 'none' | 'no answer' | 'aborted';
  /** Ports already asked once, with what they said (filtered too): the port scan does not ask them again. */
  tcp: Map<number, TcpPortState>;
  /** ICMP was asked for but no `ping` exists on this machine. */
  noPing: boolean;
}

/** A scan with at most this many TCP ports is discovered through its own ports first. */
const SMALL_SCAN = DISCOVERY_PORTS.length;

/**
 * The first stage: the scan ports that are discovery ports (or every scan port, for a short list), asked once each
 * as the port scan's first pass. Empty when the scan has no such port.
 */
export function firstStagePorts(scanPorts: readonly number[]): number[] {
  if (scanPorts.length <= SMALL_SCAN) return [...scanPorts];
  const common = new Set(DISCOVERY_PORTS);
  return scanPorts.filter((p) => common.has(p));
}

async function tcpDiscovery(
  portScanner: PortScanner,
  host: PortScanHost,
  signal: AbortSignal,
  known: Map<number, TcpPortState>,
  scanPorts: readonly number[],
): Promise<boolean> {
  const first = firstStagePorts(scanPorts).filter((p) => !known.has(p));
  if (first.length > 0) {
    const states = await portScanner.tcpPorts(host, first, signal, { retries: 0 });
    let alive = false;
    for (const [port, state] of states) {
      known.set(port, state);
      if (state === 'open' || state === 'closed') alive = true;
    }
    if (alive || signal.aborted) return alive;
  }
  // Nothing of the scan's own answered: the common ports, stopping at the first answer (their states are not kept
  // unless they are scan ports, and then only when they answered).
  const rest = DISCOVERY_PORTS.filter((p) => !known.has(p));
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  setMaxListeners(0, both);
  const wanted = new Set(scanPorts);
  let alive = false;
  await Promise.all(
    rest.map(async (port) => {
      const outcome = await portScanner.tcpOnce(host, port, both);
      if (outcome.state === 'open' || outcome.state === 'closed') {
        if (wanted.has(port)) known.set(port, outcome.state);
        alive = true;
        stop.abort();
      }
    }),
  );
  return alive;
}

/**
 * Decides whether a host is up; with 'both', either method answering is enough (they run side by side). `scanPorts`
 * are the TCP ports the scan will ask: TCP discovery asks them first and hands their states to the port scan.
 */
export async function discoverHost(
  portScanner: PortScanner,
  host: PortScanHost,
  mode: DiscoveryMode,
  signal: AbortSignal,
  scanPorts: readonly number[] = [],
): Promise<DiscoveryResult> {
  const tcp = new Map<number, TcpPortState>();
  if (mode === 'none') return { alive: true, reason: 'none', tcp, noPing: false };
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  let noPing = false;
  let reason: DiscoveryResult['reason'] = 'no answer';
  const icmp = async (): Promise<boolean> => {
    const answer = await icmpEcho(host.address, portScanner.timing.maxMs, both);
    if (answer === null) noPing = true;
    return answer === true;
  };
  const tasks: Array<Promise<void>> = [];
  const attempt = (method: 'tcp' | 'icmp', run: () => Promise<boolean>): void => {
    tasks.push(
      run().then((up) => {
        if (up && reason === 'no answer') {
          reason = method;
          stop.abort();
        }
      }),
    );
  };
  if (mode === 'icmp' || mode === 'both') attempt('icmp', icmp);
  if (mode === 'tcp' || mode === 'both') attempt('tcp', () => tcpDiscovery(portScanner, host, both, tcp, scanPorts));
  await Promise.all(tasks);
  // ICMP alone but no `ping` here: fall back to TCP rather than calling every host down.
  if (mode === 'icmp' && noPing && reason === 'no answer' && !signal.aborted) {
    if (await tcpDiscovery(portScanner, host, signal, tcp, scanPorts)) reason = 'tcp';
  }
  const decided = reason as DiscoveryResult['reason'];
  if (signal.aborted && decided === 'no answer') return { alive: false, reason: 'aborted', tcp, noPing };
  return { alive: decided === 'tcp' || decided === 'icmp', reason: decided, tcp, noPing };
}
