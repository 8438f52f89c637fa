// The shared probing context of one scan: global and per-host concurrency, rate limit, RTT-adaptive timeouts, retries.
import { AbortedError, RateLimiter, Semaphore, sleep } from './limits.ts';
import { probeTcp, type TcpProbeOutcome, type TcpProbeState } from './tcp.ts';
import { DEFAULT_TIMEOUTS, RttEstimator, type TimeoutOptions } from './timing.ts';
import { probeUdp, type UdpPayloadName, type UdpProbeOutcome } from './udp.ts';

export interface ProberOptions {
  concurrency: number;
  perHostConcurrency: number;
  rate: number;
  timeouts: TimeoutOptions;
}

/** What one host's probes share: its RTT estimator, its concurrency bound and what went wrong reaching it. */
export class HostProbes {
  readonly rtt: RttEstimator;
  readonly slots: Semaphore;
  probes = 0;
  /** Error codes that say the host could not be reached at all (EHOSTUNREACH …), counted. */
  readonly unreachable = new Map<string, number>();
  answered = false;

  constructor(
    readonly address: string,
    prober: Prober,
  ) {
    this.rtt = new RttEstimator(prober.timing, prober.rtt);
    this.slots = new Semaphore(prober.options.perHostConcurrency);
  }
}

const UNREACHABLE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EACCES', 'EPERM']);

export class Prober {
  readonly rtt: RttEstimator;
  readonly timing: { initialMs: number; minMs: number; maxMs: number };
  private readonly slots: Semaphore;
  private readonly limiter: RateLimiter;
  probes = 0;

  constructor(readonly options: ProberOptions) {
    const t = options.timeouts;
    this.timing = {
      initialMs: t.initialMs ?? DEFAULT_TIMEOUTS.initialMs,
      minMs: t.minMs ?? DEFAULT_TIMEOUTS.minMs,
      maxMs: t.maxMs ?? DEFAULT_TIMEOUTS.maxMs,
    };
    this.rtt = new RttEstimator(this.timing);
    this.slots = new Semaphore(options.concurrency);
    this.limiter = new RateLimiter(options.rate);
  }

  host(address: string): HostProbes {
    return new HostProbes(address, this);
  }

  /** Runs fn holding a per-host slot, a global slot and a rate-limit token; rejects with AbortedError on abort. */
  private async slot<T>(host: HostProbes, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    await host.slots.acquire(signal);
    try {
      await this.slots.acquire(signal);
      try {
        await this.limiter.acquire(signal);
        this.probes++;
        host.probes++;
        return await fn();
      } finally {
        this.slots.release();
      }
    } finally {
      host.slots.release();
    }
  }

  /**
   * One TCP attempt with the host's current adaptive timeout; local resource errors (EMFILE, EADDRNOTAVAIL …)
   * are retried after a pause and do not count as an attempt.
   */
  async tcpOnce(host: HostProbes, port: number, signal: AbortSignal, timeoutMs?: number): Promise<TcpProbeOutcome> {
    for (let pause = 20; ; pause = Math.min(pause * 2, 1000)) {
      let outcome: TcpProbeOutcome;
      try {
        outcome = await this.slot(host, signal, () => probeTcp(host.address, port, timeoutMs ?? host.rtt.timeout(), signal));
        if (outcome.state === 'local-error') {
          await sleep(pause, signal);
          continue;
        }
      } catch (err) {
        if (err instanceof AbortedError) return { state: 'aborted' };
        throw err;
      }
      if (outcome.state === 'open' || outcome.state === 'closed') {
        host.answered = true;
        if (outcome.rttMs !== undefined) host.rtt.update(outcome.rttMs);
      } else if (outcome.state === 'filtered' && outcome.code && UNREACHABLE_CODES.has(outcome.code)) {
        host.unreachable.set(outcome.code, (host.unreachable.get(outcome.code) ?? 0) + 1);
      }
      return outcome;
    }
  }

  /** A TCP port's state: a filtered answer is tried again `retries` times (timeouts adapt in between). */
  async tcp(host: HostProbes, port: number, signal: AbortSignal): Promise<TcpProbeState | 'aborted'> {
    const retries = this.options.timeouts.retries ?? DEFAULT_TIMEOUTS.retries;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.tcpOnce(host, port, signal);
      if (outcome.state === 'aborted') return 'aborted';
      if (outcome.state !== 'filtered' || attempt >= retries) return outcome.state === 'local-error' ? 'filtered' : outcome.state;
    }
  }

  async udp(host: HostProbes, port: number, payload: UdpPayloadName | undefined, signal: AbortSignal): Promise<UdpProbeOutcome> {
    const retries = this.options.timeouts.retries ?? DEFAULT_TIMEOUTS.retries;
    const timeoutMs = this.options.timeouts.udpMs ?? DEFAULT_TIMEOUTS.udpMs;
    let outcome: UdpProbeOutcome;
    try {
      outcome = await this.slot(host, signal, () => probeUdp(host.address, port, { timeoutMs, attempts: retries + 1, payload, signal }));
    } catch (err) {
      if (err instanceof AbortedError) return { state: 'aborted' };
      throw err;
    }
    if (outcome.state === 'open' || outcome.state === 'closed') host.answered = true;
    return outcome;
  }
}

/** Runs `work` over `items` with at most `width` running at once; stops taking items once the signal aborts. */
export async function pool<T>(items: readonly T[], width: number, signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (!signal.aborted && next < items.length) {
      const item = items[next++];
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
}
