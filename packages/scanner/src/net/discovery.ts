// Host discovery: TCP probes to 20 common ports (open or refused means alive), ICMP echo via `ping`, or consider alive.
import { setMaxListeners } from 'node:events';
import { icmpEcho } from './ping.ts';
import type { HostProbes, Prober } from './prober.ts';
import type { TcpProbeState } from './tcp.ts';

export type DiscoveryMode = 'tcp' | 'icmp' | 'both' | 'none';

/** The TCP discovery ports of issue 3. */
export const DISCOVERY_PORTS: readonly number[] = Object.freeze([
  21, 22, 23, 25, 53, 80, 110, 111, 135, 139, 143, 443, 445, 993, 995, 1723, 3306, 3389, 5900, 8080,
]);

export interface DiscoveryResult {
  alive: boolean;
  /** How it was decided: the first method that answered, or 'none' (considered alive) / 'no answer'. */
  reason: 'tcp' | 'icmp' | 'none' | 'no answer' | 'aborted';
  /** Discovery ports whose state is known (open or closed), reusable by the port scan. */
  tcp: Map<number, TcpProbeState>;
  /** ICMP was asked for but no `ping` exists on this machine. */
  noPing: boolean;
}

async function tcpDiscovery(prober: Prober, host: HostProbes, signal: AbortSignal, known: Map<number, TcpProbeState>): Promise<boolean> {
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  setMaxListeners(0, both);
  let alive = false;
  await Promise.all(
    DISCOVERY_PORTS.map(async (port) => {
      const outcome = await prober.tcpOnce(host, port, both);
      if (outcome.state === 'open' || outcome.state === 'closed') {
        known.set(port, outcome.state);
        alive = true;
        stop.abort();
      }
    }),
  );
  return alive;
}

/** Decides whether a host is up; with 'both', either method answering is enough (they run side by side). */
export async function discoverHost(prober: Prober, host: HostProbes, mode: DiscoveryMode, signal: AbortSignal): Promise<DiscoveryResult> {
  const tcp = new Map<number, TcpProbeState>();
  if (mode === 'none') return { alive: true, reason: 'none', tcp, noPing: false };
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  let noPing = false;
  let reason: DiscoveryResult['reason'] = 'no answer';
  const icmp = async (): Promise<boolean> => {
    const answer = await icmpEcho(host.address, prober.timing.maxMs, both);
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
  if (mode === 'tcp' || mode === 'both') attempt('tcp', () => tcpDiscovery(prober, host, both, tcp));
  await Promise.all(tasks);
  // ICMP alone but no `ping` here: fall back to TCP rather than calling every host down.
  if (mode === 'icmp' && noPing && reason === 'no answer' && !signal.aborted) {
    if (await tcpDiscovery(prober, host, signal, tcp)) reason = 'tcp';
  }
  const decided = reason as DiscoveryResult['reason'];
  if (signal.aborted && decided === 'no answer') return { alive: false, reason: 'aborted', tcp, noPing };
  return { alive: decided === 'tcp' || decided === 'icmp', reason: decided, tcp, noPing };
}
