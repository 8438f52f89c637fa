// Byte-stream helpers: turn a Readable into chunks, and peek at the first bytes without losing them.
import type { Readable } from 'node:stream';

export type ByteStream = AsyncIterable<Uint8Array>;

export interface Peeked {
  /** The first bytes (fewer when the stream is shorter). */
  head: Buffer;
  /** The whole stream again, head included. Iterate it once. */
  stream: ByteStream;
  /** Releases the source when the stream will not be read (a file handle, a decompressor). */
  close(): Promise<void>;
}

/** Reads at least `size` bytes ahead (unless the stream ends first) and hands back a stream that replays them. */
export async function peek(source: ByteStream, size: number): Promise<Peeked> {
  const it = source[Symbol.asyncIterator]();
  const buffered: Uint8Array[] = [];
  let length = 0;
  let finished = false;
  while (length < size) {
    const next = await it.next();
    if (next.done) {
      finished = true;
      break;
    }
    buffered.push(next.value);
    length += next.value.length;
  }
  const close = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    await it.return?.();
  };
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      while (buffered.length > 0) yield buffered.shift() as Uint8Array; // let peeked chunks go once passed on
      while (!finished) {
        const next = await it.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } finally {
      await close(); // stopping early must release the source too
    }
  }
  return { head: Buffer.concat(buffered).subarray(0, size), stream: replay(), close };
}

/** A Readable is already an async iterable of chunks; this only narrows the type. */
export const chunksOf = (r: Readable): ByteStream => r as AsyncIterable<Uint8Array>;
