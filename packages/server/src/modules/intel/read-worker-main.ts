// A feed reader thread: reads the files it is given with readFeedBatches, writes CVEs out as COPY text, and posts the items
// back in chunks, at most a few ahead of what the import has used (so memory stays bounded by a few chunks).
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { readFeedBatches } from '@bulwark/intel';
import { CveLines } from './cve-lines.ts';
import type { ReaderChunk, ToReader } from './reader-protocol.ts';

/** A chunk is posted after this many items or bytes of COPY text, and at most this many wait for the import. */
const CHUNK_ITEMS = 500;
const CHUNK_BYTES = 4 * 1024 * 1024;
const AHEAD = 4;

const port = parentPort!;
const tasks: { task: number; file: string }[] = [];
let reading = false;
let waiting = 0;
let wake: (() => void) | null = null;

/** Buffers of used chunks, given back: a chunk's COPY text is written into them rather than into new ones. */
const spare: { cves: Buffer; keys: Buffer }[] = [];
const nextLines = (): CveLines => new CveLines(spare.pop());

port.on('message', (message: ToReader) => {
  if (message.type === 'ack') {
    if (message.buffers) spare.push({ cves: Buffer.from(message.buffers.cves), keys: Buffer.from(message.buffers.keys) });
    waiting--;
    wake?.();
    wake = null;
    return;
  }
  tasks.push(message);
  if (!reading) void readTasks();
});

async function readTasks(): Promise<void> {
  reading = true;
  for (let next = tasks.shift(); next; next = tasks.shift()) await readFile(next.task, next.file);
  reading = false;
}

async function readFile(task: number, file: string): Promise<void> {
  let bytes = 0;
  let events: ReaderChunk['events'] = [];
  let lines = nextLines();
  const post = async (done: boolean, failure?: string): Promise<void> => {
    while (waiting >= AHEAD) await new Promise<void>((resolve) => (wake = resolve));
    waiting++;
    const chunk: ReaderChunk = { task, events, cves: null, bytes, done };
    if (failure !== undefined) chunk.failure = failure;
    if (lines.count === 0) port.postMessage(chunk);
    else {
      const { data, transfer } = lines.data();
      chunk.cves = data;
      port.postMessage(chunk, transfer);
    }
    events = [];
    lines = nextLines();
    bytes = 0;
  };
  try {
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    for await (const items of readFeedBatches(createReadStream(file).pipe(counter), { name: file })) {
      for (const item of items) {
        if (item.kind === 'cve') {
          lines.add(item.record);
          events.push(null);
        } else events.push(item);
        if (events.length >= CHUNK_ITEMS || lines.bytes >= CHUNK_BYTES) await post(false);
      }
    }
    await post(true);
  } catch (e) {
    await post(true, e instanceof Error ? e.message : String(e));
  }
}
