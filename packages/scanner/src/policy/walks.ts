// Directory walks on the target: the find command (pre-order, depth and name per entry, symlink targets, pruned
// mounts marked), parsing its output back into paths, and answering a walk of a subtree from a walk already made of
// an enclosing tree, so that "/" is read once however many objects look below it.
import { shellQuote } from '../auth/ssh-session.ts';
import type { FileEntry, FsScope, WalkResult } from './types.ts';

export interface WalkSpec {
  key: string;
  scope: FsScope;
  depth: number;
  root: string;
}

// File systems a "local" walk does not enter: pseudo file systems and network ones (as `df -l` would not list them).
const NON_LOCAL = [
  'proc',
  'sysfs',
  'autofs',
  'nfs',
  'nfs4',
  'cifs',
  'smb3',
  'smbfs',
  'sshfs',
  'fuse.sshfs',
  'ncpfs',
  'ncp',
  'afs',
  'ceph',
  'gfs',
  'gfs2',
  'glusterfs',
  'fuse.glusterfs',
  'gpfs',
  'pvfs2',
  'ocfs2',
  'lustre',
  'davfs',
  'fuse.davfs',
];
const PSEUDO = ['proc', 'sysfs'];

// Markers between walks in one output; \001 keeps them apart from any name or link target in practice.
const R = '\u0001R';
const W = '\u0001W';
const X = '\u0001X';

export const joinPath = (dir: string, name: string) => (dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`);

export const specOf = (key: string): WalkSpec => {
  const [scope, depth, ...rest] = key.split('|');
  return { key, scope: scope as FsScope, depth: Number(depth), root: rest.join('|') };
};

/**
 * The shell for one walk: the root's lstat (with the single-entry format), then every entry as "type followed-type
 * mode uid gid size [times] depth name" and its symlink target, a "!" before entries on mounts the walk did not enter.
 */
export function walkCommand(s: WalkSpec, statFormat: string, entryFormat: string): string {
  const q = shellQuote(s.root);
  const depth = s.depth >= 0 ? ` -maxdepth ${s.depth}` : '';
  // "all" still stays out of /proc and /sys when walking from "/": nothing in them is configuration.
  const skip = s.scope === 'local' ? NON_LOCAL : s.scope === 'all' && s.root === '/' ? PSEUDO : [];
  const xdev = s.scope === 'defined' ? ' -xdev' : '';
  const f = `-printf '${entryFormat}\\0%l\\0'`;
  const body =
    skip.length > 0
      ? `find -H ${q}${depth}${xdev} \\( -type d \\( ${skip.map((t) => `-fstype ${t}`).join(' -o ')} \\) \\) -printf '!' ${f} -prune -o ${f}`
      : `find -H ${q}${depth}${xdev} ${f}`;
  return `printf '${R}\\0'; find -P ${q} -maxdepth 0 -printf '${statFormat}' 2>/dev/null; printf '${W}\\0'; ${body} 2>/dev/null; printf '${X}\\0'`;
}

/** Parses the output of several walk commands, in the order of the specs. */
export function parseWalks(
  out: string,
  specs: WalkSpec[],
  parse: (rec: string, withDepth: boolean) => FileEntry | undefined,
): Map<string, WalkResult> {
  const results = new Map<string, WalkResult>();
  const recs = out.split('\0');
  let k = 0;
  for (const s of specs) {
    const res: WalkResult = { entries: [] };
    // Directories by depth, to rebuild each entry's path from its parent's.
    const dirs: string[] = [];
    while (k < recs.length && recs[k] !== R) k++;
    k++;
    while (k < recs.length && recs[k] !== W) {
      const e = recs[k] ? parse(recs[k], false) : undefined;
      if (e) res.root = e;
      k++;
    }
    k++;
    while (k < recs.length && recs[k] !== X) {
      let rec = recs[k];
      const link = recs[k + 1] ?? '';
      k += 2;
      const pruned = rec.startsWith('!');
      if (pruned) rec = rec.slice(1);
      const e = rec ? parse(rec, true) : undefined;
      if (!e) continue;
      if (e.depth === 0) e.path = s.root;
      else {
        const parent = dirs[e.depth - 1];
        if (parent === undefined) continue;
        e.name = e.path;
        e.path = joinPath(parent, e.name);
      }
      if (link) e.link = link;
      if (pruned) e.pruned = true;
      if (e.type === 'directory' || e.depth === 0) dirs[e.depth] = e.path;
      res.entries.push(e);
    }
    results.set(s.key, res);
  }
  return results;
}

const isUnder = (path: string, root: string) => path === root || root === '/' || path.startsWith(root.endsWith('/') ? root : `${root}/`);

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

/** A finished walk of a whole tree (no depth limit, local scope) that answers walks of its subtrees. */
export class WalkCover {
  private index?: Map<string, number>;

  constructor(
    readonly spec: WalkSpec,
    private readonly walk: WalkResult,
  ) {}

  /** Whether a walk could be answered from this one (the answer may still be "walk it yourself"). */
  covers(s: WalkSpec): boolean {
    return s.key !== this.spec.key && (s.scope === 'local' || s.scope === 'all') && isUnder(normalize(s.root), normalize(this.spec.root));
  }

  private at(path: string): number | undefined {
    if (!this.index) {
      this.index = new Map();
      this.walk.entries.forEach((e, i) => this.index?.set(e.path, i));
    }
    return this.index.get(path);
  }

  /** The walk of a subtree, or undefined when this walk cannot tell (root outside it, under a mount it skipped). */
  derive(s: WalkSpec): WalkResult | undefined {
    const root = s.root.length > 1 ? s.root.replace(/\/+$/, '') : s.root;
    let i = this.at(root);
    if (i === undefined) return undefined;
    const rootLstat = { ...this.walk.entries[i], depth: 0 };
    // A symlinked root is followed, as find -H does; its entries keep the path asked for.
    let target = root;
    for (let hops = 0; this.walk.entries[i].type === 'symbolic link' && hops < 8; hops++) {
      const link = this.walk.entries[i].link ?? '';
      target = normalize(link.startsWith('/') ? link : `${target.slice(0, target.lastIndexOf('/'))}/${link}`);
      const next = this.at(target);
      if (next === undefined) return undefined;
      i = next;
    }
    const top = this.walk.entries[i];
    if (top.pruned) return undefined;
    const entries: FileEntry[] = [{ ...top, path: s.root, type: top.type === 'symbolic link' ? top.followed : top.type, depth: 0 }];
    if (top.type === 'directory') {
      const prefix = target === '/' ? '/' : `${target}/`;
      const outPrefix = s.root.endsWith('/') ? s.root : `${s.root}/`;
      for (let k = i + 1; k < this.walk.entries.length; k++) {
        const e = this.walk.entries[k];
        if (e.depth <= top.depth) break;
        const depth = e.depth - top.depth;
        if (s.depth >= 0 && depth > s.depth) continue;
        // A walk of "all" must enter every mount: if this walk skipped one below the root, walk again.
        if (e.pruned && s.scope === 'all') return undefined;
        entries.push({ ...e, path: outPrefix + e.path.slice(prefix.length), depth });
      }
    }
    return { root: rootLstat, entries };
  }
}
