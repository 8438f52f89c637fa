// Helpers for the OpenSCAP agreement tests: a copy of SSG content whose whole-file-system walks start in a small tree
// the test builds (so `oscap` decides every definition in seconds instead of walking / for many minutes), and running
// oscap as a child process that is killed when the test ends or times out.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OvalDocument } from '../../src/index.ts';

/** Directories SSG walks recursively or by pattern (binaries, libraries, the whole file system). */
const WALKED_ROOTS = [
  '/',
  '/bin',
  '/sbin',
  '/lib',
  '/lib64',
  '/usr/bin',
  '/usr/sbin',
  '/usr/lib',
  '/usr/lib64',
  '/usr/local/bin',
  '/usr/local/sbin',
];
/** Trees whose walks are cheap on any machine, left where they are. */
const CHEAP = /^\/(etc|boot|home|var\/log\/audit)(\/|$)/;

export function oscapVersion(): string | undefined {
  try {
    return execFileSync('oscap', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch {
    return undefined;
  }
}

/**
 * Builds a small tree under `root` with what the walking definitions look for: files right and wrong by owner and
 * mode in binary and library directories, a setuid binary, world-writable files and directories with and without
 * the sticky bit, a symlink. Needs root (chown).
 */
export function buildWalkTree(root: string): void {
  const file = (path: string, mode: number, uid = 0, gid = 0) => {
    const p = join(root, path);
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, '#!/bin/sh\n');
    chmodSync(p, mode);
    chownSync(p, uid, gid);
  };
  const dir = (path: string, mode: number, uid = 0, gid = 0) => {
    const p = join(root, path);
    mkdirSync(p, { recursive: true });
    chmodSync(p, mode);
    chownSync(p, uid, gid);
  };
  for (const d of ['bin', 'sbin', 'lib', 'usr/bin', 'usr/sbin', 'usr/lib', 'usr/local/bin', 'usr/libexec']) dir(d, 0o755);
  file('bin/ls', 0o755);
  file('bin/group-writable', 0o775);
  file('sbin/passwd', 0o4755);
  file('sbin/owned-by-nobody', 0o755, 65534, 65534);
  file('usr/bin/wall', 0o2755, 0, 5);
  file('usr/local/bin/tool', 0o755);
  file('usr/libexec/helper', 0o755);
  file('lib/libok.so.1', 0o644);
  file('usr/lib/libworld.so.1', 0o666);
  dir('usr/lib/plugins', 0o775, 65534, 0);
  symlinkSync('libok.so.1', join(root, 'lib/libok.so'));
  dir('scratch', 0o777);
  dir('shared', 0o1777);
  file('shared/notes', 0o666);
}

/**
 * Returns the OVAL text with every walk of a directory in WALKED_ROOTS moved under `root`: `<unix:path>` of objects
 * that recurse, and the binary-directory path pattern. Definitions keep their ids, tests and states.
 */
export function rootWalks(oval: string, root: string): string {
  const objects = /<unix:file_object\b[\s\S]*?<\/unix:file_object>/g;
  return oval.replace(objects, (object) => {
    const recurses = /<unix:behaviors\b[^>]*max_depth="-1"/.test(object);
    return object.replace(
      /(<unix:path\b([^>]*)>)([^<]+)(<\/unix:path>)/,
      (whole, open: string, attrs: string, value: string, close: string) => {
        if (/operation="pattern match"/.test(attrs)) {
          // "^\/(|s)bin|^\/usr\/…": every alternative anchored at "/", moved under the root as one group so oscap
          // sees the root as the pattern's fixed prefix and walks only there.
          const alternatives = value.split('|^').map((a) => a.replace(/^\^/, ''));
          const starts = alternatives.map((a) => a.replace(/\\/g, ''));
          if (!alternatives.every((a) => a.startsWith('\\/')) || starts.every((s) => CHEAP.test(s))) return whole;
          return `${open}^${escapeRegex(root)}(?:${alternatives.join('|')})${close}`;
        }
        if (recurses && WALKED_ROOTS.includes(value) && !CHEAP.test(value))
          return `${open}${value === '/' ? root : `${root}${value}`}${close}`;
        return whole;
      },
    );
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Ids of the definitions that still walk a directory outside the cheap trees (should be none after rootWalks). */
export function unboundedWalks(doc: OvalDocument, root: string): string[] {
  const walking = new Set<string>();
  for (const o of doc.objects.values()) {
    const recurses = o.behaviors.max_depth === '-1' || (o.behaviors.recurse_file_system && o.behaviors.max_depth !== '0');
    for (const e of o.entities) {
      if (e.name !== 'path' && e.name !== 'filepath') continue;
      if (!recurses && e.operation !== 'pattern match') continue;
      if (e.varRef) continue;
      const start = e.operation === 'pattern match' ? e.value.replace(/^\^/, '').replace(/\\/g, '') : e.value;
      if (!CHEAP.test(start) && !start.startsWith(root)) walking.add(o.id);
    }
  }
  return [...walking];
}

/** Runs oscap at the lowest priority; the process is killed when `signal` aborts (the test ended or timed out). */
export function runOscap(args: string[], signal: AbortSignal, wroteResults: () => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    execFile('nice', ['-n', '19', 'oscap', ...args], { maxBuffer: 64 * 1024 * 1024, signal, killSignal: 'SIGKILL' }, (err) =>
      // oscap exits 2 when a rule fails: the results file is what counts.
      err && (signal.aborted || !wroteResults()) ? reject(err) : resolve(),
    ),
  );
}
