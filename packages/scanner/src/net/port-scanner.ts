// The port scanner of one scan: a scheduler that hands out connection slots round-robin across hosts within the
// global and per-host concurrency bounds and the rate limit, with RTT-adaptive timeouts and retries for filtered ports.
import { AbortedError } from './limits.ts';
import { ConnectPool } from './connect-pool.ts';
import { Connector, type CancelConnect } from './connector.ts';
import type { TcpConnectOutcome, TcpPortState } from './tcp.ts';
import { DEFAULT_TIMEOUTS, RttEstimator, type TimeoutOptions } from './timing.ts';
import { queryUdp, type UdpPayloadName, type UdpQueryOutcome } from './udp.ts';

export interface PortScannerOptions {
  concurrency: number;
  perHostConcurrency: number;
  /** Connection attempts (and UDP queries) started per second over the whole scan; 0 = no limit. */
  rate: number;
  timeouts: TimeoutOptions;
  /** Aborting it stops every queued and in-flight attempt of the scan. */
  signal?: AbortSignal;
  /** Worker threads for TCP port sweeps (0 = connect on this thread); not used with a rate limit. */
  threads?: number;
}

/** Ports of one host handed to a worker thread at once. */
const CHUNK = 32;

/** Work waiting for a connection slot: `run` gets the slot and must call `release` once; `abort` drops it unstarted. */
interface Job {
  /** Connection slots it holds while it runs (a chunk of ports holds one per port). */
  weight?: number;
  run(release: () => void): void;
  abort(): void;
  dropped?: boolean;
}

/** A job that can also be stopped while it runs. */
interface CancellableJob extends Job {
  cancel(): void;
}

/** A port list being swept on one host, turned into jobs only when a slot is free (no job per port up front). */
interface PortSweep {
  ports: readonly number[];
  next: number;
  makeJob(port: number): Job;
  /** A job trying several ports at once on a worker thread, when the scan has workers. */
  makeChunk?(ports: number[]): Job;
}

const UNREACHABLE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EACCES', 'EPERM']);

/** One host as the port scanner sees it: its RTT estimator, its queue and what went wrong reaching it. */
export class PortScanHost {
  readonly rtt: RttEstimator;
  /** Connection attempts and UDP queries started (a chunk counts one per port; retries included). */
  started = 0;
  /** Error codes that say the host could not be reached at all (EHOSTUNREACH …), counted. */
  readonly unreachable = new Map<string, number>();
  answered = false;
  /** Attempts of this host in flight. */
  inFlight = 0;
  /** Single jobs (discovery connects, retries, UDP) come before the sweeps. */
  readonly jobs: Job[] = [];
  readonly sweeps: PortSweep[] = [];

  constructor(
    readonly address: string,
    scanner: PortScanner,
    /** Ports an exception keeps this host's scan away from: never connected to nor queried, discovery included. */
    readonly blocked?: ReadonlySet<number>,
  ) {
    this.rtt = new RttEstimator(scanner.timing, scanner.rtt);
  }

  get waiting(): boolean {
    return this.jobs.length > 0 || this.sweeps.length > 0;
  }

  /** The next job to start, or undefined when nothing waits; sweeps give chunks of up to `room` ports when they can. */
  take(room: number): Job | undefined {
    for (;;) {
      const job = this.jobs.shift();
      if (!job) break;
      if (!job.dropped) return job;
    }
    while (this.sweeps.length > 0) {
      const sweep = this.sweeps[0];
      if (sweep.next < sweep.ports.length) {
        if (sweep.makeChunk && room > 1) {
          const ports = sweep.ports.slice(sweep.next, sweep.next + Math.min(room, CHUNK));
          sweep.next += ports.length;
          return sweep.makeChunk(ports);
        }
        return sweep.makeJob(sweep.ports[sweep.next++]);
      }
      this.sweeps.shift();
    }
    return undefined;
  }
}

export class PortScanner {
  readonly rtt: RttEstimator;
  readonly timing: { initialMs: number; minMs: number; maxMs: number };
  /** Connection attempts and UDP queries started (a chunk counts one per port; retries included). */
  started = 0;
  private readonly connector = new Connector();
  private readonly pool: ConnectPool | undefined;
  private readonly signal: AbortSignal;
  private readonly perHost: number;
  private readonly concurrency: number;
  private inFlight = 0;
  /** Hosts with waiting work, served round-robin. */
  private ready: PortScanHost[] = [];
  private turn = 0;
  private pumping = false;
  private again = false;
  // Token bucket of the rate limit.
  private tokens: number;
  private readonly burst: number;
  private refilledAt = performance.now();
  private refillTimer: NodeJS.Timeout | undefined;

  constructor(readonly options: PortScannerOptions) {
    const t = options.timeouts;
    this.timing = {
      initialMs: t.initialMs ?? DEFAULT_TIMEOUTS.initialMs,
      minMs: t.minMs ?? DEFAULT_TIMEOUTS.minMs,
      maxMs: t.maxMs ?? DEFAULT_TIMEOUTS.maxMs,
    };
    this.rtt = new RttEstimator(this.timing);
    this.concurrency = Math.max(1, Math.floor(options.concurrency));
    this.perHost = Math.max(1, Math.floor(options.perHostConcurrency));
    this.burst = Math.max(1, options.rate / 10);
    this.tokens = this.burst;
    this.signal = options.signal ?? new AbortController().signal;
    this.signal.addEventListener('abort', () => this.abortAll(), { once: true });
    const threads = options.rate > 0 ? 0 : Math.floor(options.threads ?? 0);
    this.pool = threads > 0 ? new ConnectPool(threads) : undefined;
  }

  /** Stops the worker threads; call once the scan is over. */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  host(address: string, blocked?: ReadonlySet<number>): PortScanHost {
    return new PortScanHost(address, this, blocked?.size ? blocked : undefined);
  }

  private enqueue(host: PortScanHost, job: Job | PortSweep): void {
    if ('run' in job) host.jobs.push(job);
    else host.sweeps.push(job);
    if (!this.ready.includes(host)) this.ready.push(host);
    this.pump();
  }

  /** Starts waiting jobs while slots and rate tokens allow; safe to call from inside a job's callback. */
  private pump(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        this.fill();
      } while (this.again);
    } finally {
      this.pumping = false;
    }
  }

  private fill(): void {
    while (this.inFlight < this.concurrency && this.ready.length > 0 && !this.signal.aborted) {
      if (!this.takeToken()) return;
      let started = false;
      for (let seen = 0; seen < this.ready.length && !started; seen++) {
        if (this.turn >= this.ready.length) this.turn = 0;
        const host = this.ready[this.turn];
        if (!host.waiting) {
          this.ready.splice(this.turn, 1);
          seen--;
          continue;
        }
        this.turn++;
        if (host.inFlight >= this.perHost) continue;
        const job = host.take(Math.min(this.perHost - host.inFlight, this.concurrency - this.inFlight));
        if (!job) continue;
        started = true;
        this.start(host, job);
      }
      if (!started) {
        this.tokens += 1; // not spent
        return;
      }
    }
  }

  private start(host: PortScanHost, job: Job): void {
    const weight = job.weight ?? 1;
    this.inFlight += weight;
    host.inFlight += weight;
    this.started += weight;
    host.started += weight;
    let released = false;
    job.run(() => {
      if (released) return;
      released = true;
      this.inFlight -= weight;
      host.inFlight -= weight;
      this.pump();
    });
  }

  private takeToken(): boolean {
    const rate = this.options.rate;
    if (!Number.isFinite(rate) || rate <= 0) return true;
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    if (!this.refillTimer) {
      const wait = Math.ceil(((1 - this.tokens) / rate) * 1000);
      this.refillTimer = setTimeout(() => {
        this.refillTimer = undefined;
        this.pump();
      }, wait);
    }
    return false;
  }

  private abortAll(): void {
    clearTimeout(this.refillTimer);
    this.refillTimer = undefined;
    this.connector.abortAll();
    this.pool?.abortAll();
    for (const host of this.ready) {
      for (const job of host.jobs.splice(0)) if (!job.dropped) job.abort();
      for (const sweep of host.sweeps.splice(0)) {
        while (sweep.next < sweep.ports.length) sweep.makeJob(sweep.ports[sweep.next++]).abort();
      }
    }
    this.ready = [];
  }

  /** Books what a TCP answer says about the host: it answered, its RTT, or why it could not be reached. */
  private note(host: PortScanHost, outcome: TcpConnectOutcome): void {
    if (outcome.state === 'open' || outcome.state === 'closed') {
      host.answered = true;
      if (outcome.rttMs !== undefined) host.rtt.update(outcome.rttMs);
    } else if (outcome.state === 'filtered' && outcome.code && UNREACHABLE_CODES.has(outcome.code)) {
      host.unreachable.set(outcome.code, (host.unreachable.get(outcome.code) ?? 0) + 1);
    }
  }

  /**
   * A job for one TCP attempt with the host's adaptive timeout at start time. Local resource errors (EMFILE,
   * EADDRNOTAVAIL …) are tried again after a pause and do not count as an attempt.
   */
  private tcpJob(host: PortScanHost, port: number, timeoutMs: number | undefined, done: (o: TcpConnectOutcome) => void): CancellableJob {
    let pause = 20;
    let inFlight: CancelConnect | undefined;
    const job: CancellableJob = {
      abort: () => done({ state: 'aborted' }),
      cancel: () => inFlight?.(),
      run: (release) => {
        inFlight = this.connector.connect(host.address, port, timeoutMs ?? host.rtt.timeout(), (outcome) => {
          inFlight = undefined;
          release();
          if (outcome.state === 'local-error' && !this.signal.aborted) {
            const wait = pause;
            pause = Math.min(pause * 2, 1000);
            setTimeout(() => (this.signal.aborted ? done({ state: 'aborted' }) : this.enqueue(host, job)), wait);
            return;
          }
          this.note(host, outcome);
          done(outcome);
        });
      },
    };
    return job;
  }

  /** One TCP attempt; `signal` may stop just this attempt (discovery stops its siblings once a host answers). */
  tcpOnce(host: PortScanHost, port: number, signal: AbortSignal, timeoutMs?: number): Promise<TcpConnectOutcome> {
    if (signal.aborted || this.signal.aborted || host.blocked?.has(port)) return Promise.resolve({ state: 'aborted' });
    return new Promise((resolve) => {
      let settled = false;
      const onAbort = (): void => {
        job.dropped = true;
        job.cancel();
        finish({ state: 'aborted' });
      };
      const finish = (outcome: TcpConnectOutcome): void => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const job = this.tcpJob(host, port, timeoutMs, finish);
      signal.addEventListener('abort', onAbort, { once: true });
      this.enqueue(host, job);
    });
  }

  /**
   * The states of many TCP ports of one host, asked through the shared slots; filtered ports are retried
   * `retries` times after the first pass. Ports not finished when the scan aborts are missing from the map.
   * `firstAttempt` 1 is for ports whose first pass already happened (in discovery): they get only their retries.
   */
  tcpPorts(
    host: PortScanHost,
    ports: readonly number[],
    signal: AbortSignal,
    options: { retries?: number; firstAttempt?: number } = {},
  ): Promise<Map<number, TcpPortState>> {
    // An excepted port has no state at all: it was not asked.
    if (host.blocked) ports = ports.filter((p) => !host.blocked!.has(p));
    const retries = options.retries ?? this.options.timeouts.retries ?? DEFAULT_TIMEOUTS.retries;
    const first = options.firstAttempt ?? 0;
    const states = new Map<number, TcpPortState>();
    if (first > retries) {
      for (const port of ports) states.set(port, 'filtered');
      return Promise.resolve(states);
    }
    if (ports.length === 0 || signal.aborted || this.signal.aborted) return Promise.resolve(states);
    return new Promise((resolve) => {
      let outstanding = ports.length;
      const settle = (): void => {
        if (--outstanding === 0) resolve(states);
      };
      const attemptDone = (port: number, attempt: number) => (outcome: TcpConnectOutcome) => {
        if (outcome.state === 'aborted' || signal.aborted) return settle();
        if (outcome.state === 'filtered' && attempt < retries) {
          this.enqueue(host, this.tcpJob(host, port, undefined, attemptDone(port, attempt + 1)));
          return;
        }
        states.set(port, outcome.state === 'local-error' ? 'filtered' : outcome.state);
        settle();
      };
      const pool = this.pool;
      this.enqueue(host, {
        ports,
        next: 0,
        makeJob: (port) => this.tcpJob(host, port, undefined, attemptDone(port, first)),
        makeChunk: pool?.usable
          ? (chunk) => ({
              weight: chunk.length,
              abort: () => chunk.forEach((port) => attemptDone(port, first)({ state: 'aborted' })),
              run: (release) =>
                pool.chunk(host.address, chunk, host.rtt.timeout(), (outcomes) => {
                  release();
                  outcomes.forEach((outcome, i) => {
                    const port = chunk[i];
                    // Out of sockets there, or the worker died: try the port again here.
                    if (outcome.state === 'local-error') this.enqueue(host, this.tcpJob(host, port, undefined, attemptDone(port, first)));
                    else {
                      this.note(host, outcome);
                      attemptDone(port, first)(outcome);
                    }
                  });
                }),
            })
          : undefined,
      });
    });
  }

  /** One UDP port, holding a connection slot for the whole exchange (payload, retries, reply). */
  udp(host: PortScanHost, port: number, payload: UdpPayloadName | undefined, signal: AbortSignal): Promise<UdpQueryOutcome> {
    const retries = this.options.timeouts.retries ?? DEFAULT_TIMEOUTS.retries;
    const timeoutMs = this.options.timeouts.udpMs ?? DEFAULT_TIMEOUTS.udpMs;
    if (signal.aborted || this.signal.aborted || host.blocked?.has(port)) return Promise.resolve({ state: 'aborted' });
    return new Promise((resolve, reject) => {
      this.enqueue(host, {
        abort: () => resolve({ state: 'aborted' }),
        run: (release) => {
          queryUdp(host.address, port, { timeoutMs, attempts: retries + 1, payload, signal })
            .then((outcome) => {
              if (outcome.state === 'open' || outcome.state === 'closed') host.answered = true;
              resolve(outcome);
            })
            .catch((err: unknown) => reject(err instanceof AbortedError ? new AbortedError() : err))
            .finally(release);
        },
      });
    });
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
