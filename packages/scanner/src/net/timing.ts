// Adaptive connect timeouts from measured round-trip times (smoothed RTT and variance, as nmap and RFC 6298 do).
export interface TimeoutOptions {
  /** Timeout before any RTT was measured, ms (default 1000). */
  initialMs?: number;
  /** Lower bound of the adaptive timeout, ms (default 100). */
  minMs?: number;
  /** Upper bound of the adaptive timeout, ms (default 1500). */
  maxMs?: number;
  /** Extra attempts for a port that looked filtered (default 1). */
  retries?: number;
  /** Whole scan time limit, ms; when exceeded the scan stops with error type 3 (default none). */
  totalMs?: number;
  /** Time to wait for a UDP reply, ms (default 1000). */
  udpMs?: number;
}

export const DEFAULT_TIMEOUTS = { initialMs: 1000, minMs: 100, maxMs: 1500, retries: 1, udpMs: 1000 } as const;

/**
 * One estimator per host, seeded from the scan-wide one: srtt += (rtt - srtt) / 8,
 * rttvar += (|rtt - srtt| - rttvar) / 4, timeout = srtt + 4 * rttvar, clamped to [min, max].
 */
export class RttEstimator {
  private srtt = -1;
  private rttvar = 0;

  constructor(
    private readonly opts: { initialMs: number; minMs: number; maxMs: number },
    private readonly parent?: RttEstimator,
  ) {}

  get samples(): boolean {
    return this.srtt >= 0;
  }

  update(rttMs: number): void {
    if (this.srtt < 0) {
      this.srtt = rttMs;
      this.rttvar = Math.max(rttMs / 2, 1);
    } else {
      const delta = rttMs - this.srtt;
      this.srtt += delta / 8;
      this.rttvar += (Math.abs(delta) - this.rttvar) / 4;
    }
    this.parent?.update(rttMs);
  }

  timeout(): number {
    if (this.srtt < 0) return this.parent?.samples ? this.parent.timeout() : this.opts.initialMs;
    const t = this.srtt + 4 * this.rttvar;
    return Math.round(Math.min(this.opts.maxMs, Math.max(this.opts.minMs, t)));
  }
}
