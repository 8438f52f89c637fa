// Reader threads for a large import: they read, parse and write out the files (round robin, each a few chunks
// ahead), while this thread stores what they read, file after file in the given order, as it would have read them.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CveLines } from './cve-lines.ts';
import type { ReaderChunk, ToReader } from './reader-protocol.ts';

interface Queue {
  chunks: ReaderChunk[];
  wake: (() => void) | null;
}

export class FeedReaders {
  private readonly workers: Worker[];
  private readonly queues = new Map<number, Queue>();
  private failure: Error | null = null;

  /** Starts `threads` readers on the files (file k goes to reader k mod threads). */
  constructor(
    private readonly files: readonly string[],
    threads: number,
  ) {
    const url = new URL('./read-worker.js', import.meta.url);
    this.workers = Array.from({ length: Math.max(1, Math.min(threads, files.length)) }, () => {
      // No inherited loaders: read-worker.js loads its own (vitest's or tsx's --import would not carry over anyway).
      const worker = new Worker(url, { execArgv: [] });
      worker.on('message', (chunk: ReaderChunk) => this.receive(chunk));
      worker.on('error', (e) => this.fail(e));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a feed reader thread stopped (exit code ${code})`));
      });
      return worker;
    });
    files.forEach((file, task) => {
      this.queues.set(task, { chunks: [], wake: null });
      this.post(task, { type: 'read', task, file });
    });
  }

  private post(task: number, message: ToReader, transfer: ArrayBuffer[] = []): void {
    this.workers[task % this.workers.length].postMessage(message, transfer);
  }

  private receive(chunk: ReaderChunk): void {
    const queue = this.queues.get(chunk.task);
    if (!queue) return;
    queue.chunks.push(chunk);
    queue.wake?.();
    queue.wake = null;
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const queue of this.queues.values()) {
      queue.wake?.();
      queue.wake = null;
    }
  }

  /** The chunks of file k in order, each with its CVEs as COPY text; a chunk is acknowledged once the next is asked for. */
  async *chunks(task: number): AsyncGenerator<{ chunk: ReaderChunk; cves: CveLines | null }> {
    const queue = this.queues.get(task);
    if (!queue) return;
    try {
      for (;;) {
        while (queue.chunks.length === 0) {
          if (this.failure) throw this.failure;
          await new Promise<void>((resolve) => (queue.wake = resolve));
        }
        const chunk = queue.chunks.shift()!;
        if (chunk.failure !== undefined) throw new Error(`cannot read ${this.files[task]}: ${chunk.failure}`);
        const cves = chunk.cves ? CveLines.of(chunk.cves) : null;
        yield { chunk, cves };
        // The consumer has copied what it keeps: the buffers go back to the reader for its next chunks.
        const buffers = cves?.buffers();
        if (buffers) this.post(task, { type: 'ack', buffers }, [buffers.cves, buffers.keys]);
        else this.post(task, { type: 'ack' });
        if (chunk.done) return;
      }
    } finally {
      this.queues.delete(task);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Reader threads for an import: for a large one only (starting a thread costs a few hundred ms), and no more than cores. */
export function readerThreads(bytesTotal: number, wanted: number | undefined, databaseOnThisThread: boolean): number {
  if (wanted !== undefined) return wanted;
  if (bytesTotal < 64 * 1024 * 1024) return 0;
  // PGlite works on this thread: one reader beside it. PostgreSQL works in its own processes: a reader per core.
  return databaseOnThisThread ? 1 : Math.min(2, availableParallelism());
}
