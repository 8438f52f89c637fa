// Streams the records out of a JSON feed: a byte scanner finds where each record starts and ends, JSON.parse reads it.
//
// A document is either one record (`{...}`), an array of records, a container object whose record array sits
// under one of the given keys (`{"vulnerabilities": [...]}`), or several of these back to back (JSON lines).
// Only the record being read and the container's other top-level members are held in memory.
//
// Why a scanner: tokenising in JavaScript and rebuilding each value member by member was 3-4 times slower than
// JSON.parse of the same bytes. The scanner only follows strings (with their escapes) and brackets, jumping over
// string contents with Buffer.indexOf, and hands each record's bytes to the native JSON.parse.
import type { JsonObject } from '../records/json.ts';
import type { ByteStream } from './bytes.ts';

export type JsonEvent =
  /** The container's scalar members seen before its record array (catalogVersion, totalResults ...). */
  | { type: 'header'; header: Record<string, string | number | boolean | null> }
  | { type: 'value'; value: unknown; index: number; container: string | null }
  | { type: 'error'; message: string; index: number; line?: number };

/** A stream key that makes every member of the top-level object a record `{key, value}` (maps such as Debian's tracker). */
export const MEMBER_RECORDS = '*';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (b: number): boolean => b === 0x20 || b === NEWLINE || b === 0x0d || b === 0x09;
/** Bytes that end a number or a literal (true, false, null). */
const endsLiteral = (b: number): boolean => isSpace(b) || b === COMMA || b === CLOSE_ARRAY || b === CLOSE_OBJECT;

const isScalar = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** What a captured value is, for what happens once it is complete. */
type Role = 'key' | 'member' | 'element' | 'top';

/**
 * Where the scanner is outside a captured value: `document` between documents; `key`/`nextKey` in the top object
 * before a member (`nextKey`: after a comma, so `}` is an error); `colon` after a key; `value` before a member's
 * value; `afterMember` after one; `element`/`nextElement`/`afterElement` the same for the record array.
 */
type State = 'document' | 'key' | 'nextKey' | 'colon' | 'value' | 'afterMember' | 'element' | 'nextElement' | 'afterElement';

class SyntaxProblem extends Error {}

/** Cuts a byte stream into records; feed chunks in order, then call end(). */
class RecordScanner {
  readonly out: JsonEvent[] = [];
  /** 1-based line of the byte being scanned (newlines only occur outside strings in valid JSON). */
  line = 1;
  index = 0;
  private state: State = 'document';
  private readonly members: boolean;
  // The top-level object being read.
  private header: JsonObject = {};
  private streamed = false;
  private key = '';
  private inTopArray = false;
  private container: string | null = null;
  private started = false;
  // The value being captured: its kind, nesting, string/escape state, and its bytes from earlier chunks.
  private capturing = false;
  private role: Role = 'member';
  private kind: 'nested' | 'string' | 'literal' = 'nested';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: Buffer[] = [];
  private start = 0;
  private startLine = 1;

  constructor(private readonly streamKeys: ReadonlySet<string>) {
    this.members = streamKeys.has(MEMBER_RECORDS);
  }

  get idle(): boolean {
    return this.state === 'document' && !this.capturing;
  }

  /** Scans one chunk; throws SyntaxProblem when the bytes cannot be JSON. */
  feed(chunk: Buffer): void {
    let i = 0;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3; // a UTF-8 byte order mark
    }
    const n = chunk.length;
    while (i < n) {
      if (this.capturing) {
        i = this.capture(chunk, i);
        continue;
      }
      const b = chunk[i];
      if (isSpace(b)) {
        if (b === NEWLINE) this.line++;
        i++;
        continue;
      }
      i = this.structure(chunk, i, b);
    }
    if (this.capturing) this.parts.push(chunk.subarray(this.start));
    this.start = 0;
  }

  /** End of input: a literal still being read ends here; anything else open means the feed was cut short. */
  end(): void {
    if (this.capturing && this.kind === 'literal') this.finish(Buffer.concat(this.parts));
    if (!this.idle) throw new SyntaxProblem('unexpected end of input (truncated feed?)');
  }

  /** One byte outside any captured value; returns where to go on. */
  private structure(chunk: Buffer, i: number, b: number): number {
    switch (this.state) {
      case 'document':
        this.container = null;
        if (b === OPEN_OBJECT) {
          this.state = 'key';
          this.header = {};
          this.streamed = this.members;
          return i + 1;
        }
        if (b === OPEN_ARRAY) {
          this.state = 'element';
          this.inTopArray = true;
          return i + 1;
        }
        return this.begin(chunk, i, 'top');
      case 'key':
      case 'nextKey':
        if (b === QUOTE) return this.begin(chunk, i, 'key');
        if (b === CLOSE_OBJECT && this.state === 'key') return this.endObject(i);
        throw new SyntaxProblem(`expected a member name, found ${show(b)}`);
      case 'colon':
        if (b !== COLON) throw new SyntaxProblem(`expected ':' after a member name, found ${show(b)}`);
        this.state = 'value';
        return i + 1;
      case 'value':
        if (b === OPEN_ARRAY && !this.members && !this.streamed && this.streamKeys.has(this.key)) {
          const scalars = Object.entries(this.header).filter((e): e is [string, string | number | boolean | null] => isScalar(e[1]));
          this.out.push({ type: 'header', header: Object.fromEntries(scalars) });
          this.streamed = true;
          this.inTopArray = false;
          this.container = this.key;
          this.state = 'element';
          return i + 1;
        }
        return this.begin(chunk, i, 'member');
      case 'afterMember':
        if (b === COMMA) {
          this.state = 'nextKey';
          return i + 1;
        }
        if (b === CLOSE_OBJECT) return this.endObject(i);
        throw new SyntaxProblem(`expected ',' or '}' after a member, found ${show(b)}`);
      case 'element':
      case 'nextElement':
        if (b === CLOSE_ARRAY && this.state === 'element') return this.endArray(i);
        return this.begin(chunk, i, 'element');
      case 'afterElement':
        if (b === COMMA) {
          this.state = 'nextElement';
          return i + 1;
        }
        if (b === CLOSE_ARRAY) return this.endArray(i);
        throw new SyntaxProblem(`expected ',' or ']' after an array element, found ${show(b)}`);
    }
  }

  private endObject(i: number): number {
    if (!this.streamed) this.emit(this.header); // the document was one record
    this.state = 'document';
    return i + 1;
  }

  private endArray(i: number): number {
    this.state = this.inTopArray ? 'document' : 'afterMember';
    this.container = this.inTopArray ? null : this.container;
    return i + 1;
  }

  private emit(value: unknown): void {
    this.out.push({ type: 'value', value, index: this.index++, container: this.container });
  }

  /** Starts capturing the value whose first byte is at i. */
  private begin(chunk: Buffer, i: number, role: Role): number {
    const b = chunk[i];
    if (role === 'key' && b !== QUOTE) throw new SyntaxProblem(`expected a member name, found ${show(b)}`);
    if (b === CLOSE_ARRAY || b === CLOSE_OBJECT || b === COMMA || b === COLON) throw new SyntaxProblem(`unexpected ${show(b)}`);
    this.capturing = true;
    this.role = role;
    this.parts = [];
    this.start = i;
    this.startLine = this.line;
    this.escaped = false;
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      this.kind = 'nested';
      this.depth = 1;
      this.inString = false;
    } else if (b === QUOTE) {
      this.kind = 'string';
      this.inString = true;
    } else {
      this.kind = 'literal';
    }
    return i + 1;
  }

  /** Goes on with the captured value from i; returns where it ended (exclusive), or the chunk's end. */
  private capture(chunk: Buffer, i: number): number {
    const n = chunk.length;
    while (i < n) {
      if (this.inString) {
        const q = this.stringEnd(chunk, i);
        if (q < 0) return n;
        this.inString = false;
        i = q + 1;
        if (this.kind === 'string') return this.complete(chunk, i);
        continue;
      }
      if (this.kind === 'literal') {
        if (endsLiteral(chunk[i])) return this.complete(chunk, i);
        i++;
        continue;
      }
      // Nested: follow brackets and strings; everything else (numbers, literals, punctuation) is JSON.parse's to check.
      const b = chunk[i++];
      if (b === QUOTE) this.inString = true;
      else if (b === OPEN_OBJECT || b === OPEN_ARRAY) this.depth++;
      else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (--this.depth === 0) return this.complete(chunk, i);
      } else if (b === NEWLINE) this.line++;
    }
    return n;
  }

  /**
   * The index of the quote that closes the string being read, searching from i, or -1 when the string goes on past
   * the chunk. A quote is escaped when an odd run of backslashes precedes it (the run may start in the last chunk).
   */
  private stringEnd(chunk: Buffer, i: number): number {
    const from = i;
    for (;;) {
      const q = chunk.indexOf(QUOTE, i);
      const stop = q < 0 ? chunk.length : q;
      let k = stop - 1;
      while (k >= i && chunk[k] === BACKSLASH) k--;
      let run = stop - 1 - k;
      if (k < from && this.escaped) run++; // the run reaches back to a backslash at the end of the last chunk
      if (q < 0) {
        this.escaped = run % 2 === 1;
        return -1;
      }
      this.escaped = false;
      if (run % 2 === 0) return q;
      i = q + 1;
    }
  }

  /** The captured value ends before index `end` of this chunk: parse it and act on it. */
  private complete(chunk: Buffer, end: number): number {
    const tail = chunk.subarray(this.start, end);
    const bytes = this.parts.length === 0 ? tail : Buffer.concat([...this.parts, tail]);
    this.parts = [];
    this.finish(bytes);
    return end;
  }

  private finish(bytes: Buffer): void {
    this.capturing = false;
    const role = this.role;
    if (role === 'top') {
      // A scalar document: nothing to read, say so and go on with the next document.
      this.out.push({ type: 'error', message: 'a top-level value is not an object or an array', index: this.index++ });
      this.state = 'document';
      return;
    }
    const value = this.parse(bytes);
    switch (role) {
      case 'key':
        this.key = value as string;
        this.state = 'colon';
        return;
      case 'member':
        if (this.members) this.emit({ key: this.key, value });
        // defineProperty: a "__proto__" member must stay a plain member, as JSON.parse keeps it.
        else Object.defineProperty(this.header, this.key, { value, enumerable: true, writable: true, configurable: true });
        this.state = 'afterMember';
        return;
      case 'element':
        this.emit(value);
        this.state = 'afterElement';
        return;
    }
  }

  /** JSON.parse of a value's bytes; a syntax error names the line it is on. */
  private parse(bytes: Buffer): unknown {
    const text = bytes.toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      const message = (e as Error).message;
      const at = /at position (\d+)/.exec(message);
      let line = this.startLine;
      if (at) for (let p = text.indexOf('\n'); p >= 0 && p < Number(at[1]); p = text.indexOf('\n', p + 1)) line++;
      this.line = line;
      throw new SyntaxProblem(message);
    }
  }
}

const show = (b: number): string => (b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16)}`);

/**
 * The records of a JSON byte stream. `streamKeys` names the container members that hold record arrays. A syntax
 * error ends the stream with an error event (a JSON document cannot be resynchronised) that names the line it is on;
 * the records before it have been read.
 */
export async function* jsonRecords(source: ByteStream, streamKeys: ReadonlySet<string>): AsyncGenerator<JsonEvent> {
  for await (const events of jsonRecordBatches(source, streamKeys)) yield* events;
}

/** jsonRecords' events, as many at a time as a chunk of bytes holds (a generator step per record costs as much as a small record). */
export async function* jsonRecordBatches(source: ByteStream, streamKeys: ReadonlySet<string>): AsyncGenerator<JsonEvent[]> {
  const scanner = new RecordScanner(streamKeys);
  const fail = (e: unknown): JsonEvent => {
    if (!(e instanceof SyntaxProblem)) throw e;
    return { type: 'error', message: `invalid JSON near line ${scanner.line}: ${e.message}`, index: scanner.index, line: scanner.line };
  };
  for await (const chunk of source) {
    try {
      scanner.feed(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch (e) {
      yield [...scanner.out.splice(0), fail(e)];
      return;
    }
    if (scanner.out.length > 0) yield scanner.out.splice(0);
  }
  try {
    scanner.end();
  } catch (e) {
    yield [...scanner.out.splice(0), fail(e)];
    return;
  }
  if (scanner.out.length > 0) yield scanner.out.splice(0);
}
