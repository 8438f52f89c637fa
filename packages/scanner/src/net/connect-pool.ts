// Worker threads that run chunks of TCP connect probes (connect-worker.js), so a big port sweep uses every core.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TcpProbeOutcome } from './tcp.ts';

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
  done: (outcomes: TcpProbeOutcome[]) => void;
}

/** How many worker threads a scan of this size should use (0 = probe on the calling thread). */
export function defaultThreads(probes: number, rate: number): number {
  if (rate > 0 || probes < 4096) return 0;
  return Math.min(availableParallelism(), 4);
}

export class ConnectPool {
  private readonly workers: Worker[];
  private readonly load: number[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private broken = false;

  constructor(threads: number) {
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

  /** False once a worker died; the scheduler then probes on its own thread. */
  get usable(): boolean {
    return !this.broken;
  }

  /** Probes every port of the chunk at once on the least busy worker; `done` gets one outcome per port, in order. */
  chunk(address: string, ports: number[], timeoutMs: number, done: (outcomes: TcpProbeOutcome[]) => void): void {
    let worker = 0;
    for (let i = 1; i < this.load.length; i++) if (this.load[i] < this.load[worker]) worker = i;
    const id = this.nextId++;
    this.pending.set(id, { worker, size: ports.length, done });
    this.load[worker] += ports.length;
    this.workers[worker].postMessage({ type: 'chunk', id, address, ports, timeoutMs });
  }

  /** Stops every chunk in flight; their ports report `aborted`. */
  abortAll(): void {
    for (const worker of this.workers) worker.postMessage({ type: 'abort' });
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.load.fill(0);
    for (const p of pending) p.done(Array.from({ length: p.size }, () => ({ state: 'aborted' }) as const));
  }

  async close(): Promise<void> {
    this.broken = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private settle(reply: ChunkReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    this.load[p.worker] -= p.size;
    const outcomes: TcpProbeOutcome[] = [];
    for (let i = 0; i < p.size; i++) {
      const state = STATES[reply.states[i]];
      const code = reply.codes[i];
      if (state === 'local-error') outcomes.push({ state, code });
      else if (state === 'filtered') outcomes.push({ state, code });
      else outcomes.push({ state, rttMs: reply.rtts[i], ...(code ? { code } : {}) });
    }
    p.done(outcomes);
  }

  /** A worker that dies takes its chunks with it: they report local errors and are tried again on this thread. */
  private fail(worker: number): void {
    if (this.broken && this.pending.size === 0) return;
    this.broken = true;
    for (const [id, p] of this.pending) {
      if (p.worker !== worker) continue;
      this.pending.delete(id);
      p.done(Array.from({ length: p.size }, () => ({ state: 'local-error', code: 'EWORKER' }) as const));
    }
  }
}
