// Worker threads that run chunks of TCP connect attempts (connect-worker.js), so a big port sweep uses every core; one
// set per process, shared by the scans running in it.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TcpConnectOutcome } from './tcp.ts';

const STATES = ['open', 'closed', 'filtered', 'local-error'] as const;

interface ChunkReply {
  id: number;
  states: Uint8Array;
  rtts: Float64Array;
  codes: string[];
}

interface Pending {
  worker: number;
  size: number;
  done: (outcomes: TcpConnectOutcome[]) => void;
}

/** How many worker threads a scan of this size should use (0 = connect on the calling thread). */
export function defaultThreads(attempts: number, rate: number): number {
  if (rate > 0 || attempts < 4096) return 0;
  return Math.min(availableParallelism(), 4);
}

/**
 * The worker threads of this process, shared by every scan running in it: a probe running two tasks at once keeps
 * one thread per core rather than two (they would only take turns on the same cores, and each costs an isolate's
 * memory). Scans lease it (ConnectPool); it ends a little after the last lease, so back-to-back tasks reuse it.
 */
class WorkerPool {
  private readonly workers: Worker[];
  private readonly load: number[];
  private readonly pending = new Map<number, Pending & { lease: ConnectPool }>();
  private nextId = 1;
  broken = false;
  leases = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(readonly threads: number) {
    const url = new URL('./connect-worker.js', import.meta.url);
    this.workers = Array.from({ length: threads }, (_, i) => {
      // No inherited loaders (tsx): the worker is plain JavaScript and starts faster without them.
      const worker = new Worker(url, { env: process.env, execArgv: [] });
      worker.unref();
      worker.on('message', (reply: ChunkReply) => this.settle(reply));
      worker.on('error', () => this.fail(i));
      worker.on('exit', () => this.fail(i));
      return worker;
    });
    this.load = this.workers.map(() => 0);
  }

  lease(): void {
    this.leases += 1;
    clearTimeout(this.idleTimer);
  }

  release(): Promise<void> {
    this.leases -= 1;
    if (this.leases > 0 || this.broken) return this.leases > 0 ? Promise.resolve() : this.terminate();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.terminate(), IDLE_MS);
    this.idleTimer.unref();
    return Promise.resolve();
  }

  async terminate(): Promise<void> {
    if (this.leases > 0) return;
    this.broken = true;
    if (shared === this) shared = undefined;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  chunk(lease: ConnectPool, address: string, ports: number[], timeoutMs: number, done: (outcomes: TcpConnectOutcome[]) => void): number {
    let worker = 0;
    for (let i = 1; i < this.load.length; i++) if (this.load[i] < this.load[worker]) worker = i;
    const id = this.nextId++;
    this.pending.set(id, { worker, size: ports.length, done, lease });
    this.load[worker] += ports.length;
    this.workers[worker].postMessage({ type: 'chunk', id, address, ports, timeoutMs });
    return id;
  }

  /** Stops the chunks of one lease; their ports report `aborted`. Other leases' chunks go on. */
  abort(lease: ConnectPool): void {
    const mine = [...this.pending].filter(([, p]) => p.lease === lease);
    const byWorker = new Map<number, number[]>();
    for (const [id, p] of mine) {
      this.pending.delete(id);
      this.load[p.worker] -= p.size;
      byWorker.set(p.worker, [...(byWorker.get(p.worker) ?? []), id]);
    }
    for (const [worker, ids] of byWorker) this.workers[worker].postMessage({ type: 'abort', ids });
    for (const [, p] of mine) p.done(Array.from({ length: p.size }, () => ({ state: 'aborted' }) as const));
  }

  private settle(reply: ChunkReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    this.load[p.worker] -= p.size;
    const outcomes: TcpConnectOutcome[] = [];
    for (let i = 0; i < p.size; i++) {
      const state = STATES[reply.states[i]];
      const code = reply.codes[i];
      if (state === 'local-error') outcomes.push({ state, code });
      else if (state === 'filtered') outcomes.push({ state, code });
      else outcomes.push({ state, rttMs: reply.rtts[i], ...(code ? { code } : {}) });
    }
    p.done(outcomes);
  }

  /** A worker that dies takes its chunks with it: they report local errors and are tried again on the scan's thread. */
  private fail(worker: number): void {
    if (this.broken && this.pending.size === 0) return;
    this.broken = true;
    if (shared === this) shared = undefined;
    for (const [id, p] of this.pending) {
      if (p.worker !== worker) continue;
      this.pending.delete(id);
      p.done(Array.from({ length: p.size }, () => ({ state: 'local-error', code: 'EWORKER' }) as const));
    }
  }
}

/** How long the shared workers outlive their last lease, ms. */
const IDLE_MS = 3000;
let shared: WorkerPool | undefined;

/** One scan's use of the shared worker threads. */
export class ConnectPool {
  private readonly pool: WorkerPool;
  private closed = false;

  constructor(threads: number) {
    if (!shared || shared.broken || shared.threads < threads) shared = new WorkerPool(threads);
    this.pool = shared;
    this.pool.lease();
  }

  /** False once a worker died; the scheduler then connects on its own thread. */
  get usable(): boolean {
    return !this.pool.broken && !this.closed;
  }

  /** Tries every port of the chunk at once on the least busy worker; `done` gets one outcome per port, in order. */
  chunk(address: string, ports: number[], timeoutMs: number, done: (outcomes: TcpConnectOutcome[]) => void): void {
    this.pool.chunk(this, address, ports, timeoutMs, done);
  }

  /** Stops every chunk of this scan in flight; their ports report `aborted`. */
  abortAll(): void {
    this.pool.abort(this);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.release();
  }
}
