// Architecture rules that code review alone would let slip: no import loop of any kind in any package (type imports
// count: a loop of types is still two files that cannot be understood apart), every server module has a face
// (modules/<area>/index.ts) and nothing outside a module imports its other files, the tenancy layer imports no module,
// and no SQL in route files (routes are HTTP only; repositories hold the tenant-scoped SQL).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACKAGES = ['core', 'intel', 'scanner', 'server', 'web'];

const SERVER_SRC = path.join(ROOT, 'packages/server/src');
const MODULES = path.join(SERVER_SRC, 'modules');

/** The module a file belongs to (its folder under modules/), or null outside the modules. */
function moduleOf(file: string): string | null {
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0]!;
}

/** Every relative specifier a file imports or re-exports, statically or dynamically, type imports included. */
function relativeImports(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*'(\.[^']+)'/g)].map((m) => m[1]!);
}

function filesUnder(dir: string, match: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(p, match));
    else if (match.test(entry.name)) out.push(p);
  }
  return out;
}

describe('architecture', () => {
  it.each(PACKAGES)('packages/%s/src has no import cycle, type imports included', { timeout: 120_000 }, async (pkg) => {
    const src = path.join(ROOT, 'packages', pkg, 'src');
    const graph = await madge(src, {
      fileExtensions: ['ts', 'tsx', 'js'],
      tsConfig: path.join(ROOT, 'packages', pkg, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false }, es6: { skipTypeImports: false } },
    });
    expect(graph.circular()).toEqual([]);
  });

  it('gives every server module a face (modules/<area>/index.ts)', () => {
    const modules = readdirSync(MODULES, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(modules.filter((m) => !existsSync(path.join(MODULES, m, 'index.ts')))).toEqual([]);
  });

  it("lets nothing outside a module import the module's other files, type imports included", () => {
    const offenders: string[] = [];
    for (const f of filesUnder(SERVER_SRC, /\.ts$/)) {
      const own = moduleOf(f);
      for (const spec of relativeImports(readFileSync(f, 'utf8'))) {
        const target = path.resolve(path.dirname(f), spec);
        const module = moduleOf(target);
        if (module === null || module === own || target === path.join(MODULES, module, 'index.ts')) continue;
        offenders.push(`${path.relative(SERVER_SRC, f)} imports ${path.relative(SERVER_SRC, target)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the tenancy layer below every module', () => {
    const offenders = filesUnder(path.join(SERVER_SRC, 'tenancy'), /\.ts$/).filter((f) =>
      relativeImports(readFileSync(f, 'utf8')).some((spec) => moduleOf(path.resolve(path.dirname(f), spec)) !== null),
    );
    expect(offenders.map((f) => path.relative(SERVER_SRC, f))).toEqual([]);
  });

  it('keeps SQL out of route files', () => {
    const offenders = filesUnder(MODULES, /^routes.*\.ts$|-routes\.ts$/)
      .filter((f) =>
        /from 'drizzle-orm'|db\/schema\/index\.ts'|ctx\.db\s*\.\s*(select|insert|update|delete|execute)\b/.test(readFileSync(f, 'utf8')),
      )
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
