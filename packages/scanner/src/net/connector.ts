// TCP connect attempts at scale: callbacks instead of promises, one deadline sweep instead of a timer per socket,
// and Node's own TCP handle instead of a stream Socket when available (see docs/decisions/0002-raw-tcp-handles.md).
import { Socket, isIPv6 } from 'node:net';
import { getSystemErrorName } from 'node:util';
import { LagClock } from './lag-clock.js';
import type { TcpConnectOutcome } from './types.ts';

const LOCAL = new Set(['EMFILE', 'ENFILE', 'EADDRNOTAVAIL', 'ENOBUFS', 'EADDRINUSE', 'ENOMEM']);

/** How often in-flight attempts are checked against their deadlines; a timeout fires at most this late. */
const SWEEP_MS = 10;

/** The outcome of a failed connect: refused is closed, out of local resources is worth retrying, anything else filtered. */
function outcomeOfCode(code: string, rttMs: number): TcpConnectOutcome {
  if (code === 'ECONNREFUSED') return { state: 'closed', rttMs, code };
  if (LOCAL.has(code)) return { state: 'local-error', code };
  return { state: 'filtered', code };
}

// The shape of Node's internal tcp_wrap binding, as much of it as we use.
interface RawConnectReq {
  oncomplete: (status: number) => void;
  address: string;
  port: number;
}
interface RawTcpHandle {
  connect(req: RawConnectReq, address: string, port: number): number;
  connect6(req: RawConnectReq, address: string, port: number): number;
  reset(cb: () => void): number;
  close(cb?: () => void): void;
}
interface TcpWrapBinding {
  TCP: new (type: number) => RawTcpHandle;
  TCPConnectWrap: new () => RawConnectReq;
  constants: { SOCKET: number };
}

function loadBinding(): TcpWrapBinding | undefined {
  if (process.env.BULWARK_SCAN_SOCKETS === 'stream') return undefined;
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding('tcp_wrap') as Partial<TcpWrapBinding>;
    if (typeof binding.TCP !== 'function' || typeof binding.TCPConnectWrap !== 'function' || !binding.constants) return undefined;
    const handle = new binding.TCP(binding.constants.SOCKET);
    const ok = typeof handle.connect === 'function' && typeof handle.reset === 'function' && typeof handle.connect6 === 'function';
    handle.close();
    return ok ? (binding as TcpWrapBinding) : undefined;
  } catch {
    return undefined;
  }
}

const binding = loadBinding();

interface InFlight {
  deadline: number;
  started: number;
  /** Closes the socket without reporting; the caller reports. */
  close: () => void;
  done: (outcome: TcpConnectOutcome) => void;
  finished: boolean;
}

/** A cancel function for one connect attempt: closes its socket and reports `aborted`. */
export type CancelConnect = () => void;

/**
 * Runs TCP connect attempts and calls back exactly once per attempt with its outcome: open (handshake done; closed
 * again with a reset so no TIME_WAIT piles up here), closed (refused), filtered (timeout or unreachable),
 * local-error (out of sockets or ports here) or aborted.
 */
export class Connector {
  private readonly inFlight = new Set<InFlight>();
  private sweeper: NodeJS.Timeout | undefined;
  private expiring = false;
  private readonly binding: TcpWrapBinding | undefined;
  /** Deadlines run on engine time, which stops while this thread's event loop is stalled. */
  readonly clock = new LagClock(() => performance.now(), SWEEP_MS);

  /** `kind: 'stream'` uses stream Sockets even where Node's TCP handle is available. */
  constructor(options: { kind?: 'handle' | 'stream' } = {}) {
    this.binding = options.kind === 'stream' ? undefined : binding;
  }

  get kind(): 'handle' | 'stream' {
    return this.binding ? 'handle' : 'stream';
  }

  get active(): number {
    return this.inFlight.size;
  }

  connect(address: string, port: number, timeoutMs: number, done: (outcome: TcpConnectOutcome) => void): CancelConnect {
    const started = performance.now();
    const attempt: InFlight = { deadline: this.clock.time() + timeoutMs, started, close: () => undefined, done, finished: false };
    const finish = (outcome: TcpConnectOutcome): void => {
      if (attempt.finished) return;
      attempt.finished = true;
      this.inFlight.delete(attempt);
      if (this.inFlight.size === 0) this.stopSweep();
      done(outcome);
    };
    this.inFlight.add(attempt);
    if (this.binding) this.connectHandle(this.binding, attempt, address, port, finish);
    else this.connectStream(attempt, address, port, finish);
    if (!attempt.finished && !this.sweeper) {
      this.clock.resume();
      this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    }
    return () => {
      if (attempt.finished) return;
      attempt.close();
      finish({ state: 'aborted' });
    };
  }

  /** Stops every attempt in flight; each reports `aborted`. */
  abortAll(): void {
    for (const attempt of [...this.inFlight]) {
      attempt.close();
      if (!attempt.finished) {
        attempt.finished = true;
        this.inFlight.delete(attempt);
        attempt.done({ state: 'aborted' });
      }
    }
    this.stopSweep();
  }

  /**
   * Times out the attempts whose deadline passed on engine time. The decision waits for the check phase (setImmediate),
   * after the loop's poll phase: a connect that completed while the loop was busy is seen as an answer first.
   */
  private sweep(): void {
    const now = this.clock.tick();
    if (this.expiring) return;
    let due = false;
    for (const attempt of this.inFlight) {
      if (attempt.deadline <= now) {
        due = true;
        break;
      }
    }
    if (!due) return;
    this.expiring = true;
    setImmediate(() => {
      this.expiring = false;
      for (const attempt of this.inFlight) {
        if (attempt.deadline > now || attempt.finished) continue;
        attempt.close();
        attempt.finished = true;
        this.inFlight.delete(attempt);
        attempt.done({ state: 'filtered', code: 'TIMEOUT' });
      }
      if (this.inFlight.size === 0) this.stopSweep();
    });
  }

  private stopSweep(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private connectHandle(b: TcpWrapBinding, attempt: InFlight, address: string, port: number, finish: (o: TcpConnectOutcome) => void): void {
    const handle = new b.TCP(b.constants.SOCKET);
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      handle.close();
    };
    attempt.close = close;
    const req = new b.TCPConnectWrap();
    req.address = address;
    req.port = port;
    req.oncomplete = (status: number) => {
      if (attempt.finished) return;
      const rttMs = performance.now() - attempt.started;
      if (status === 0) {
        closed = true;
        if (handle.reset(() => undefined) !== 0) handle.close();
        finish({ state: 'open', rttMs });
      } else {
        close();
        finish(outcomeOfCode(getSystemErrorName(status), rttMs));
      }
    };
    const err = isIPv6(address) ? handle.connect6(req, address, port) : handle.connect(req, address, port);
    if (err !== 0) {
      close();
      finish(outcomeOfCode(getSystemErrorName(err), 0));
    }
  }

  private connectStream(attempt: InFlight, address: string, port: number, finish: (o: TcpConnectOutcome) => void): void {
    const socket = new Socket();
    const close = (): void => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
    };
    attempt.close = close;
    socket.once('connect', () => {
      const rttMs = performance.now() - attempt.started;
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.resetAndDestroy();
      finish({ state: 'open', rttMs });
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      close();
      finish(outcomeOfCode(err.code ?? 'UNKNOWN', performance.now() - attempt.started));
    });
    socket.connect({ host: address, port });
  }
}
