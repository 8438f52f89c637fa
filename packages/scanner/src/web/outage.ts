// A target that stops answering in the middle of a scan: an injected value crashed it (OWASP Juice Shop ends its
// process on a NoSQL injection in its reviews), or it restarts. Every request would fail until it is back, and each
// test would lose its answer to a connection error. Instead, the first request whose connection is refused or cut
// starts one wait per origin: the origin is asked again with growing pauses until it answers (any status), the
// requests that failed meanwhile go once more, and the scan says what happened. The first request to fail is not sent
// again: it is the likeliest to have brought the target down, and would again. A target that stays away for longer
// than the wait is given up on: its requests fail at once from then on, until one gets an answer again.
import { sleep } from '../net/limits.ts';

/** Connection errors that say the server is not there (not a slow answer, which the time-based tests measure). */
const LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

export function isConnectionLoss(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LOST.has(code);
}

export interface Outage {
  origin: string;
  /** The first request that failed, and why. */
  request: string;
  cause: string;
  /** How long the origin was away (ms), or null when it did not come back within the wait. */
  downMs: number | null;
}

export interface OutageOptions {
  /** Asks the origin once: resolves when it answers at all, rejects with the connection error otherwise. */
  probe(origin: string): Promise<void>;
  signal: AbortSignal;
  /** The longest wait for an origin to come back (default 60 s). */
  maxWaitMs?: number;
  /** Said once per outage: it ended (downMs) or was given up on (null). */
  onOutage?(outage: Outage): void;
}

/** The scan's words for an outage: what stopped, the request it stopped at, and whether it came back. */
export function describeOutage(o: Outage): string {
  const what = `The target ${o.origin} stopped answering (${o.cause}; the first request to fail: ${o.request})`;
  return o.downMs === null
    ? `${what} and did not answer again within the wait; requests to it failed from then on, so the results are incomplete`
    : `${what} and answered again after ${(o.downMs / 1000).toFixed(1)} s; the scan waited and went on. A request that stops the application may be a denial-of-service flaw: look at what the scan sent just before`;
}

/** The first pause before asking again; doubled each time, up to the last. */
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 5000;

export class OutageWatch {
  private readonly waits = new Map<string, Promise<{ back: boolean; outage: boolean }>>();
  private readonly gone = new Set<string>();
  /** Origins that have answered in this scan: only their silence is an outage (one never up is just not there). */
  private readonly up = new Set<string>();

  constructor(private readonly o: OutageOptions) {}

  /** A request to the origin got an answer: an origin given up on is back. */
  answered(origin: string): void {
    this.up.add(origin);
    this.gone.delete(origin);
  }

  /**
   * A request failed with a connection loss: waits for the origin to come back (one wait shared by every request that
   * failed with it) and answers whether the request may go once more: it may when the origin is back, unless it was
   * the first to fail in a real outage (one connection cut, answered at the first ask, is no outage).
   */
  async recover(origin: string, request: string, err: unknown): Promise<boolean> {
    if (this.gone.has(origin) || !this.up.has(origin)) return false;
    const joined = this.waits.get(origin);
    if (joined) return (await joined).back;
    const wait = this.waitFor(origin, request, err).finally(() => this.waits.delete(origin));
    this.waits.set(origin, wait);
    const { back, outage } = await wait;
    return back && !outage;
  }

  private async waitFor(origin: string, request: string, err: unknown): Promise<{ back: boolean; outage: boolean }> {
    const cause = err instanceof Error ? err.message : String(err);
    const started = performance.now();
    const maxWait = this.o.maxWaitMs ?? 60_000;
    let asked = 0;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      if (performance.now() - started + pause > maxWait) break;
      await sleep(pause, this.o.signal);
      asked++;
      try {
        await this.o.probe(origin);
      } catch (e) {
        if (isConnectionLoss(e)) continue;
        // Anything else (a timeout, TLS) is not the server being away: the request fails as it would have.
        return { back: false, outage: false };
      }
      // Back at the first ask: one connection cut (a firewall's reset, a keep-alive the server had closed), not an
      // outage worth saying.
      const outage = asked > 1;
      if (outage) this.o.onOutage?.({ origin, request, cause, downMs: Math.round(performance.now() - started) });
      return { back: true, outage };
    }
    this.gone.add(origin);
    this.o.onOutage?.({ origin, request, cause, downMs: null });
    return { back: false, outage: true };
  }
}
