// file_object and textfilecontent54_object: finding the files an object names (exact path, path pattern, recursion
// down or up with max_depth and recurse_file_system) the way OpenSCAP's file tree walk does, then stat or read them.
import {
  collected,
  collectError,
  errorText,
  matcher,
  matches,
  type CollectRequest,
  type Collector,
  type EntityValue,
} from './collect-types.ts';
import { FileItem, joinPath, RecordItem, splitPath, type FieldSpec } from './items.ts';
import type { Item } from './oval-types.ts';
import { pcre } from './regex.ts';
import type { FileEntry, FsScope, Target } from './target.ts';

export interface FileHit {
  dir: string;
  /** Undefined for a directory item (filename xsi:nil). */
  filename?: string;
  /** lstat of the item. */
  entry: FileEntry;
}

interface FileSpec {
  filepath?: EntityValue;
  path?: EntityValue;
  filename?: EntityValue;
  behaviors: Record<string, string>;
}

const REGEX_START = '^*?$.([';

/**
 * The literal directory a path pattern starts with (OpenSCAP's rule, quirks included: an escaped non-special character
 * leaves the escape pending), so that the walk starts there instead of at "/".
 */
export function fixedPathPrefix(pattern: string): string {
  const p = pattern.startsWith('^') ? pattern.slice(1) : pattern;
  let s = 0;
  let escaped = false;
  for (; s < p.length; s++) {
    const c = p[s];
    if (c === '\\') escaped = !escaped;
    else if (REGEX_START.includes(c)) {
      if (!escaped) break;
      escaped = false;
    }
  }
  if (s < p.length) for (s--; s > 1 && p[s] !== '/'; s--);
  if (s > 1) {
    let out = '';
    const raw = p.slice(0, s);
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === '\\') {
        const next = p[i + 1];
        if (next === undefined) return '/';
        out += next;
        i++;
      } else out += raw[i];
    }
    if (out.startsWith('/')) return out;
  }
  return '/';
}

const scopeOf = (b: Record<string, string>): FsScope =>
  b.recurse_file_system === 'local' ? 'local' : b.recurse_file_system === 'defined' ? 'defined' : 'all';

// A walk of all of "/" is shared between "all" and "local": both leave out /proc and /sys, which is what matters.
const walkScope = (root: string, depth: number, scope: FsScope): FsScope =>
  root === '/' && depth < 0 && scope === 'all' ? 'local' : scope;

const isDir = (e: FileEntry) => e.type === 'directory';
const followsToDir = (e: FileEntry) => e.followed === 'directory';

async function matchPhase(target: Target, spec: FileSpec, scope: FsScope): Promise<{ files: FileHit[]; dirs: string[] }> {
  const ent = (spec.filepath ?? spec.path) as EntityValue;
  const byFilepath = spec.filepath !== undefined;
  if (ent.operation === 'equals') {
    if (!ent.value.startsWith('/')) return { files: [], dirs: [] };
    const e = await target.lstat(ent.value);
    if (!e) return { files: [], dirs: [] };
    if (byFilepath) {
      if (followsToDir(e)) return { files: [], dirs: [] };
      const { dir, name } = splitPath(ent.value);
      return { files: [{ dir, filename: name, entry: e }], dirs: [] };
    }
    return { files: [], dirs: followsToDir(e) ? [ent.value] : [] };
  }
  const base = ent.operation === 'pattern match' ? fixedPathPrefix(ent.value) : '/';
  const w = await target.walk(base, -1, walkScope(base, -1, scope));
  const files: FileHit[] = [];
  const dirs: string[] = [];
  const match = matcher(ent);
  for (const e of w.entries) {
    if (byFilepath) {
      if (followsToDir(e) || !match(e.path)) continue;
      const { dir, name } = splitPath(e.path);
      files.push({ dir, filename: name, entry: e.depth === 0 && w.root ? w.root : e });
    } else if (followsToDir(e) && match(e.path)) dirs.push(e.path);
  }
  return { files, dirs };
}

async function recursePhase(target: Target, dir: string, spec: FileSpec, scope: FsScope): Promise<FileHit[]> {
  const b = spec.behaviors;
  const direction = b.recurse_direction ?? 'none';
  const maxDepth = Number.parseInt(b.max_depth ?? '-1', 10);
  const dirsOnly = spec.filename === undefined;
  const hits: FileHit[] = [];
  const nameMatches = matcher(spec.filename);
  if (direction === 'up') {
    let cur = dir;
    for (let level = 0; maxDepth < 0 || level <= maxDepth; level++) {
      if (dirsOnly) {
        const e = await target.lstat(cur);
        if (e) hits.push({ dir: cur, entry: e });
      } else {
        const w = await target.walk(cur, 1, scope);
        for (const e of w.entries) {
          if (e.depth !== 1 || isDir(e)) continue;
          const name = e.name ?? splitPath(e.path).name;
          if (nameMatches(name)) hits.push({ dir: cur, filename: name, entry: e });
        }
      }
      if (cur === '/') break;
      cur = splitPath(cur).dir;
    }
    return hits;
  }
  if (direction === 'none') {
    if (dirsOnly) {
      const e = await target.lstat(dir);
      return e ? [{ dir, entry: e }] : [];
    }
  }
  const depth = direction === 'none' ? 1 : maxDepth < 0 ? -1 : dirsOnly ? maxDepth : maxDepth + 1;
  const w = await target.walk(dir, depth, walkScope(dir, depth, scope));
  for (const e of w.entries) {
    if (dirsOnly) {
      if (e.depth === 0) {
        if (w.root) hits.push({ dir: e.path, entry: w.root });
      } else if (isDir(e)) hits.push({ dir: e.path, entry: e });
    } else if (e.depth > 0 && !isDir(e)) {
      const name = e.name ?? splitPath(e.path).name;
      if (!nameMatches(name)) continue;
      const parent = e.path.length > name.length + 1 ? e.path.slice(0, e.path.length - name.length - 1) : '/';
      hits.push({ dir: parent, filename: name, entry: e });
    }
  }
  return hits;
}

/** Finds the files or directories a file-based object names. */
export async function resolveFiles(target: Target, spec: FileSpec): Promise<FileHit[]> {
  const scope = scopeOf(spec.behaviors);
  const { files, dirs } = await matchPhase(target, spec, scope);
  if (spec.filepath) return files;
  const per = await Promise.all(dirs.map((d) => recursePhase(target, d, spec, scope)));
  if (per.length === 1) return per[0];
  const seen = new Set<string>();
  const out: FileHit[] = [];
  for (const hit of per.flat()) {
    const k = hit.filename === undefined ? `${hit.dir}\u0000` : joinPath(hit.dir, hit.filename);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(hit);
  }
  return out;
}

function fileSpec(req: CollectRequest): FileSpec | string {
  const e = req.entities;
  const spec: FileSpec = { behaviors: req.object.behaviors };
  const filepath = e.get('filepath');
  const path = e.get('path');
  if (filepath && !filepath.nil) spec.filepath = filepath;
  else if (path && !path.nil) {
    spec.path = path;
    const fn = e.get('filename');
    if (fn && !fn.nil) spec.filename = fn;
  } else return 'The object names neither a filepath nor a path.';
  return spec;
}

export const collectFile: Collector = async (req) => {
  const spec = fileSpec(req);
  if (typeof spec === 'string') return collectError(spec);
  try {
    const hits = await resolveFiles(req.target, spec);
    const items: Item[] = [];
    for (const h of hits) {
      const item = new FileItem(h.dir, h.filename, h.entry);
      if (!req.keep || req.keep(item)) items.push(item);
    }
    return collected(items);
  } catch (e) {
    return collectError(`Could not list files: ${errorText(e)}`);
  }
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The matches of one file as textfilecontent items, iterating like OpenSCAP (an empty match advances by one). */
export function matchContent(
  text: string,
  pattern: string,
  flags: { multiline: boolean; dotall: boolean; ignoreCase: boolean },
  wantInstance: (n: number) => boolean,
  where: { filepath: string; dir: string; filename: string },
): Item[] {
  const re = pcre(pattern, flags, true);
  const items: Item[] = [];
  let ofs = 0;
  let instance = 0;
  const end = text.length + 1;
  while (ofs < end) {
    re.lastIndex = ofs;
    const m = re.exec(text);
    if (!m) break;
    const matchEnd = m.index + m[0].length;
    const next = ofs === matchEnd ? matchEnd + 1 : matchEnd;
    instance++;
    if (wantInstance(instance)) {
      const fields: FieldSpec[] = [
        ['filepath', where.filepath],
        ['path', where.dir],
        ['filename', where.filename],
        ['pattern', pattern],
        ['instance', String(instance), 'int'],
        ['line', pattern],
        ['text', m[0]],
      ];
      for (let g = 1; g < m.length; g++) if (m[g] !== undefined) fields.push(['subexpression', m[g]]);
      items.push(new RecordItem('textfilecontent_item', fields));
    }
    ofs = next;
  }
  return items;
}

export const collectTextFileContent54: Collector = async (req) => {
  const spec = fileSpec(req);
  if (typeof spec === 'string') return collectError(spec);
  const pattern = req.entities.get('pattern');
  const instance = req.entities.get('instance');
  if (!pattern || !instance) return collectError('The object lacks a pattern or an instance.');
  const b = req.object.behaviors;
  const flags = {
    multiline: (b.multiline ?? 'true') === 'true',
    dotall: b.singleline === 'true',
    ignoreCase: b.ignore_case === 'true',
  };
  try {
    pcre(pattern.value, flags, true);
  } catch (e) {
    return collectError(`The pattern ${pattern.value} cannot be compiled: ${errorText(e)}`);
  }
  let hits: FileHit[];
  try {
    hits = await resolveFiles(req.target, spec);
  } catch (e) {
    return collectError(`Could not list files: ${errorText(e)}`);
  }
  const items: Item[] = [];
  const messages: string[] = [];
  let failed = false;
  const files = hits.filter((h) => h.filename !== undefined && h.entry.type !== 'directory');
  const reads = await Promise.all(
    files.map((h) =>
      req.target.read(joinPath(h.dir, h.filename as string)).catch((e: unknown) => ({ ok: false as const, reason: errorText(e) })),
    ),
  );
  files.forEach((h, k) => {
    const r = reads[k];
    const filepath = joinPath(h.dir, h.filename as string);
    if (!r.ok) {
      // Not a regular file (or gone): skipped, as a stat() that fails is. Unreadable: an error of the object.
      if (r.reason !== 'missing') {
        failed = true;
        messages.push(`${filepath}: ${r.reason === 'unreadable' ? 'cannot be read' : r.reason}.`);
      }
      return;
    }
    const nul = r.data.indexOf(0);
    let text: string;
    try {
      text = utf8.decode(nul >= 0 ? r.data.subarray(0, nul) : r.data);
    } catch {
      failed = true;
      messages.push(`${filepath}: not valid UTF-8, the pattern cannot be matched.`);
      return;
    }
    items.push(
      ...matchContent(text, pattern.value, flags, (n) => matches(instance, String(n)), {
        filepath,
        dir: h.dir,
        filename: h.filename as string,
      }),
    );
  });
  if (failed) return { flag: 'error', items, messages };
  return collected(items, messages);
};
