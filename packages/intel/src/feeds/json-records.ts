// Streams the records out of a JSON feed with stream-json's tokenizer: a record at a time, never the whole document.
//
// A document is either one record (`{...}`), an array of records, a container object whose record array sits
// under one of the given keys (`{"vulnerabilities": [...]}`), or several of these back to back (JSON lines).
// Only the record being read and the container's other top-level members are held in memory.
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import type { JsonObject } from '../records/json.ts';
import type { ByteStream } from './bytes.ts';

export type JsonEvent =
  /** The container's scalar members seen before its record array (catalogVersion, totalResults ...). */
  | { type: 'header'; header: Record<string, string | number | boolean | null> }
  | { type: 'value'; value: unknown; index: number; container: string | null }
  | { type: 'error'; message: string; index: number; line?: number };

/** Builds one JSON value from tokens. */
class ValueBuilder {
  private readonly stack: (unknown[] | JsonObject)[] = [];
  private readonly keys: (string | null)[] = [];
  private key: string | null = null;
  value: unknown = undefined;

  /** Feeds a token; true once the value is complete. */
  push(t: Token): boolean {
    switch (t.name) {
      case 'startObject':
        return this.open({});
      case 'startArray':
        return this.open([]);
      case 'endObject':
      case 'endArray': {
        const done = this.stack.pop();
        this.key = this.keys.pop() ?? null;
        return this.add(done);
      }
      case 'keyValue':
        this.key = t.value;
        return false;
      case 'stringValue':
        return this.add(t.value);
      case 'numberValue':
        return this.add(Number(t.value));
      case 'nullValue':
        return this.add(null);
      case 'trueValue':
        return this.add(true);
      case 'falseValue':
        return this.add(false);
      default:
        return false; // piece-wise tokens: the parser is asked for packed values only
    }
  }

  private open(container: unknown[] | JsonObject): boolean {
    this.stack.push(container);
    this.keys.push(this.key);
    this.key = null;
    return false;
  }

  private add(v: unknown): boolean {
    const parent = this.stack[this.stack.length - 1];
    if (parent === undefined) {
      this.value = v;
      return true;
    }
    if (Array.isArray(parent)) parent.push(v);
    // defineProperty: a "__proto__" key in a feed must stay a plain member, as JSON.parse keeps it.
    else if (this.key === '__proto__')
      Object.defineProperty(parent, this.key, { value: v, enumerable: true, writable: true, configurable: true });
    else parent[this.key ?? ''] = v;
    return false;
  }
}

type State = 'document' | 'key' | 'afterKey' | 'member' | 'memberRecord' | 'array' | 'element';

/** A stream key that makes every member of the top-level object a record `{key, value}` (maps such as Debian's tracker). */
export const MEMBER_RECORDS = '*';

const isScalar = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The token-driven state machine that cuts a document into records. */
class RecordRouter {
  readonly out: JsonEvent[] = [];
  private state: State = 'document';
  private builder = new ValueBuilder();
  private header: JsonObject = {};
  private streamed = false;
  private key = '';
  private inTopArray = false;
  private container: string | null = null;
  index = 0;

  private readonly members: boolean;

  constructor(private readonly streamKeys: ReadonlySet<string>) {
    this.members = streamKeys.has(MEMBER_RECORDS);
  }

  private emitMember(): void {
    this.emit({ key: this.key, value: this.builder.value });
  }

  get idle(): boolean {
    return this.state === 'document';
  }

  private emit(value: unknown): void {
    this.out.push({ type: 'value', value, index: this.index++, container: this.container });
  }

  private startValue(t: Token): boolean {
    this.builder = new ValueBuilder();
    return this.builder.push(t);
  }

  push(t: Token): void {
    switch (this.state) {
      case 'document':
        if (t.name === 'startObject') {
          this.state = 'key';
          this.header = {};
          this.streamed = this.members;
          this.container = null;
        } else if (t.name === 'startArray') {
          this.state = 'array';
          this.inTopArray = true;
          this.container = null;
        } else if (t.name.endsWith('Value')) {
          this.out.push({ type: 'error', message: 'a top-level value is not an object or an array', index: this.index++ });
        }
        return;
      case 'key':
        if (t.name === 'keyValue') {
          this.key = t.value;
          this.state = 'afterKey';
        } else if (t.name === 'endObject') {
          if (!this.streamed) this.emit(this.header); // the document was one record
          this.state = 'document';
        }
        return;
      case 'afterKey':
        if (this.members) {
          if (this.startValue(t)) {
            this.emitMember();
            this.state = 'key';
          } else this.state = 'memberRecord';
          return;
        }
        if (t.name === 'startArray' && this.streamKeys.has(this.key) && !this.streamed) {
          const scalars = Object.entries(this.header).filter((e): e is [string, string | number | boolean | null] => isScalar(e[1]));
          this.out.push({ type: 'header', header: Object.fromEntries(scalars) });
          this.streamed = true;
          this.inTopArray = false;
          this.container = this.key;
          this.state = 'array';
        } else if (this.startValue(t)) {
          this.header[this.key] = this.builder.value;
          this.state = 'key';
        } else {
          this.state = 'member';
        }
        return;
      case 'memberRecord':
        if (this.builder.push(t)) {
          this.emitMember();
          this.state = 'key';
        }
        return;
      case 'member':
        if (this.builder.push(t)) {
          this.header[this.key] = this.builder.value;
          this.state = 'key';
        }
        return;
      case 'array':
        if (t.name === 'endArray') {
          this.state = this.inTopArray ? 'document' : 'key';
        } else if (this.startValue(t)) {
          this.emit(this.builder.value);
        } else {
          this.state = 'element';
        }
        return;
      case 'element':
        if (this.builder.push(t)) {
          this.emit(this.builder.value);
          this.state = 'array';
        }
        return;
    }
  }
}

/**
 * Text is handed to the tokenizer in slices of this many characters. The tokenizer cannot report how far it got
 * when it meets a syntax error, so a small slice keeps the tokens lost with the failing slice (and the line
 * reported) close to the error; it is also no slower than large slices.
 */
const SLICE = 256;

/**
 * The records of a JSON byte stream. `streamKeys` names the container members that hold record arrays. A syntax
 * error ends the stream with an error event (a JSON document cannot be resynchronised); its line is the line the
 * failing slice starts on, and records that ended in the same slice before the error are lost with it.
 */
export async function* jsonRecords(source: ByteStream, streamKeys: ReadonlySet<string>): AsyncGenerator<JsonEvent> {
  const parse = jsonParser({ packValues: true, streamValues: false, jsonStreaming: true });
  const decoder = new TextDecoder();
  const router = new RecordRouter(streamKeys);
  let line = 1;
  const push = (input: string | typeof none): void => {
    // The parser is a stream-chain "flushable": called with `none` it flushes; its type only admits text.
    const out = (parse as unknown as (v: string | typeof none) => unknown)(input);
    if (out === none) return;
    if (isMany(out)) for (const t of getManyValues(out) as Token[]) router.push(t);
    else router.push(out as Token);
  };
  /** Feeds text slice by slice; the error message on a syntax error, else null. */
  const feed = (text: string): string | null => {
    for (let i = 0; i < text.length; i += SLICE) {
      const slice = text.slice(i, i + SLICE);
      try {
        push(slice);
      } catch (e) {
        return (e as Error).message;
      }
      for (let nl = slice.indexOf('\n'); nl >= 0; nl = slice.indexOf('\n', nl + 1)) line++;
    }
    return null;
  };
  const fail = (message: string): JsonEvent => ({
    type: 'error',
    message: `invalid JSON near line ${line}: ${message}`,
    index: router.index,
    line,
  });

  for await (const chunk of source) {
    const error = feed(decoder.decode(chunk, { stream: true }));
    yield* router.out.splice(0);
    if (error) {
      yield fail(error);
      return;
    }
  }
  let error = feed(decoder.decode());
  if (!error) {
    try {
      push(none);
    } catch (e) {
      error = (e as Error).message;
    }
  }
  yield* router.out.splice(0);
  if (error) yield fail(error);
  else if (!router.idle) yield fail('unexpected end of input (truncated feed?)');
}
