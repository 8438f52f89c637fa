// The target as the collectors see it during one evaluation: commands run through the runner (privileged when allowed),
// file metadata, directory walks and file contents fetched in batches, and every answer cached for the evaluation.
import { shellQuote } from '../auth/ssh-session.ts';
import { Batcher, type CommandOutput, type CommandRunner } from './runner.ts';
import { parseWalks, specOf, walkCommand, WalkCover, type WalkSpec } from './walks.ts';
import type { FileEntry, FileType, FsScope, WalkResult } from './types.ts';

const isCovered = (c: WalkSpec, s: WalkSpec) => new WalkCover(c, { entries: [] }).covers(s);

// Collection relies on GNU find's -printf; without it every file would look absent, so say so instead.
const GNU_FIND_PROBE = `find / -maxdepth 0 -printf '\\001F\\0' 2>/dev/null`;
function requireGnuFind(out: string): void {
  if (!out.startsWith('\u0001F\0')) throw new Error('The target has no GNU find with -printf; file objects cannot be collected.');
}

export type { FileEntry, FileType, FsScope, WalkResult } from './types.ts';

export type FileRead = { ok: true; data: Buffer } | { ok: false; reason: 'missing' | 'unreadable' };

export interface TargetOptions {
  /** Run collection commands privileged (sudo/su through the credential). Default true. */
  privileged?: boolean;
  /** Collect file access/change/modification times (costs output size on large walks). */
  fileTimes?: boolean;
  signal?: AbortSignal;
}

const TYPE_CHARS: Record<string, FileType> = {
  f: 'regular',
  d: 'directory',
  l: 'symbolic link',
  b: 'block special',
  c: 'character special',
  p: 'fifo',
  s: 'socket',
  N: 'missing',
  L: 'loop',
};

// A command line stays well under ARG_MAX and the SSH channel's comfortable size.
const MAX_COMMAND = 96 * 1024;

function chunkByLength(items: string[], overhead: (s: string) => number): string[][] {
  const chunks: string[][] = [];
  let cur: string[] = [];
  let len = 0;
  for (const it of items) {
    const l = overhead(it);
    if (cur.length > 0 && len + l > MAX_COMMAND) {
      chunks.push(cur);
      cur = [];
      len = 0;
    }
    cur.push(it);
    len += l;
  }
  if (cur.length > 0) chunks.push(cur);
  return chunks;
}

export class Target {
  /** Commands sent to the target in this evaluation (for statistics and tests of batching). */
  commands = 0;
  private readonly format: string;
  private readonly walkFormat: string;
  private readonly fields: number;
  private readonly memo = new Map<string, Promise<unknown>>();
  private readonly lstats: Batcher<string, FileEntry | undefined>;
  private readonly walks: Batcher<string, WalkResult>;
  private readonly reads: Batcher<string, FileRead>;
  private readonly covers: WalkCover[] = [];
  private pendingCovers: { spec: WalkSpec; done: Promise<void> }[] = [];

  constructor(
    private readonly runner: CommandRunner,
    private readonly options: TargetOptions = {},
  ) {
    const times = options.fileTimes ? ' %A@ %C@ %T@' : '';
    this.format = `%y %Y %m %U %G %s${times} %p\\0`;
    // Walks print depth and name instead of the path (a third of the bytes); parents come before their contents.
    this.walkFormat = `%y %Y %m %U %G %s${times} %d %f`;
    this.fields = options.fileTimes ? 9 : 6;
    this.lstats = new Batcher((paths) => this.loadLstats(paths));
    this.walks = new Batcher((keys) => this.loadWalks(keys));
    this.reads = new Batcher((paths) => this.loadReads(paths));
  }

  /** Runs one command on the target. */
  async sh(command: string): Promise<CommandOutput> {
    this.options.signal?.throwIfAborted();
    this.commands++;
    return this.runner.run(command, { privileged: this.options.privileged ?? true });
  }

  /** Runs something once per evaluation (package lists, mount tables) and shares the answer. */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      this.memo.set(key, p);
    }
    return p;
  }

  /** lstat of one path (batched with the other paths asked for in the same wave). */
  lstat(path: string): Promise<FileEntry | undefined> {
    return this.lstats.load(path);
  }

  /** Everything below root down to maxDepth levels (-1: no limit), the root followed if it is a symlink. */
  walk(root: string, maxDepth: number, scope: FsScope): Promise<WalkResult> {
    const key = `${scope}|${maxDepth}|${root}`;
    const spec = specOf(key);
    const d = this.fromCovers(spec);
    if (d) return Promise.resolve(d);
    // A walk of an enclosing tree is on its way: wait for it rather than read the same entries twice.
    const pending = this.pendingCovers.find((p) => isCovered(p.spec, spec));
    if (pending) return pending.done.then(() => this.fromCovers(spec) ?? this.walks.load(key));
    return this.walks.load(key);
  }

  /** The bytes of a regular file (symlinks followed). */
  read(path: string): Promise<FileRead> {
    return this.reads.load(path);
  }

  private parseEntry(rec: string, withDepth = false): FileEntry | undefined {
    const parts: string[] = [];
    let at = 0;
    const n = this.fields + (withDepth ? 1 : 0);
    for (let k = 0; k < n; k++) {
      const sp = rec.indexOf(' ', at);
      if (sp < 0) return undefined;
      parts.push(rec.slice(at, sp));
      at = sp + 1;
    }
    const path = rec.slice(at);
    const type = TYPE_CHARS[parts[0]] ?? 'unknown';
    const e: FileEntry = {
      path,
      type,
      followed: type === 'symbolic link' ? (TYPE_CHARS[parts[1]] ?? 'unknown') : type,
      mode: Number.parseInt(parts[2], 8),
      uid: Number(parts[3]),
      gid: Number(parts[4]),
      size: Number(parts[5]),
      depth: withDepth ? Number(parts[this.fields]) : 0,
    };
    if (this.options.fileTimes) {
      e.atime = Math.floor(Number(parts[6]));
      e.ctime = Math.floor(Number(parts[7]));
      e.mtime = Math.floor(Number(parts[8]));
    }
    return e;
  }

  private async loadLstats(paths: string[]): Promise<Map<string, FileEntry | undefined>> {
    const out = new Map<string, FileEntry | undefined>();
    for (const p of paths) out.set(p, undefined);
    const chunks = chunkByLength(paths, (p) => p.length + 4);
    await Promise.all(
      chunks.map(async (chunk) => {
        const r = await this.sh(
          `${GNU_FIND_PROBE}; find -P ${chunk.map(shellQuote).join(' ')} -maxdepth 0 -printf '${this.format}' 2>/dev/null; true`,
        );
        requireGnuFind(r.stdout);
        for (const rec of r.stdout.split('\0')) {
          const e = rec ? this.parseEntry(rec) : undefined;
          if (e && out.has(e.path)) out.set(e.path, e);
        }
      }),
    );
    return out;
  }

  private async loadWalks(keys: string[]): Promise<Map<string, WalkResult>> {
    const specs = keys.map(specOf);
    // A whole-tree walk in this batch answers the walks below it; they are derived once it is back.
    const covering = specs.filter((s) => s.depth < 0 && s.scope === 'local');
    const derived = specs.filter((s) => !covering.includes(s) && covering.some((c) => isCovered(c, s)));
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    const pending = covering.map((spec) => ({ spec, done }));
    this.pendingCovers.push(...pending);
    let out: Map<string, WalkResult>;
    try {
      out = await this.runWalks(specs.filter((s) => !derived.includes(s)));
      for (const c of covering) {
        const w = out.get(c.key);
        if (w) this.covers.push(new WalkCover(c, w));
      }
    } finally {
      this.pendingCovers = this.pendingCovers.filter((p) => !pending.includes(p));
      release();
    }
    const again: WalkSpec[] = [];
    for (const s of derived) {
      const d = this.fromCovers(s);
      if (d) out.set(s.key, d);
      else again.push(s);
    }
    for (const [k, v] of await this.runWalks(again)) out.set(k, v);
    return out;
  }

  private fromCovers(s: WalkSpec): WalkResult | undefined {
    for (const c of this.covers) {
      if (!c.covers(s)) continue;
      const d = c.derive(s);
      if (d) return d;
    }
    return undefined;
  }

  private async runWalks(specs: WalkSpec[]): Promise<Map<string, WalkResult>> {
    const out = new Map<string, WalkResult>();
    const chunks = chunkByLength(
      specs.map((s) => s.key),
      (k) => k.length * 2 + 700,
    );
    await Promise.all(
      chunks.map(async (chunk) => {
        const todo = specs.filter((s) => chunk.includes(s.key));
        const r = await this.sh(`${GNU_FIND_PROBE}; ${todo.map((s) => walkCommand(s, this.format, this.walkFormat)).join('; ')}`);
        requireGnuFind(r.stdout);
        for (const [k, v] of parseWalks(r.stdout, todo, (rec, withDepth) => this.parseEntry(rec, withDepth))) out.set(k, v);
      }),
    );
    return out;
  }

  private async loadReads(paths: string[]): Promise<Map<string, FileRead>> {
    const out = new Map<string, FileRead>();
    const chunks = chunkByLength(paths, (p) => p.length + 4);
    await Promise.all(
      chunks.map(async (chunk) => {
        const script =
          `for f in ${chunk.map(shellQuote).join(' ')}; do ` +
          `if [ ! -f "$f" ]; then printf 'N%s\\0\\0' "$f"; ` +
          `elif [ ! -r "$f" ]; then printf 'E%s\\0\\0' "$f"; ` +
          `else printf 'C%s\\0' "$f"; base64 -w0 -- "$f" 2>/dev/null || printf '!'; printf '\\0'; fi; done`;
        const r = await this.sh(script);
        const recs = r.stdout.split('\0');
        for (let k = 0; k + 1 < recs.length; k += 2) {
          const head = recs[k];
          const path = head.slice(1);
          const body = recs[k + 1];
          if (head[0] === 'N') out.set(path, { ok: false, reason: 'missing' });
          else if (head[0] === 'E' || body.endsWith('!')) out.set(path, { ok: false, reason: 'unreadable' });
          else out.set(path, { ok: true, data: Buffer.from(body, 'base64') });
        }
      }),
    );
    for (const p of paths) if (!out.has(p)) out.set(p, { ok: false, reason: 'unreadable' });
    return out;
  }
}
