// Architecture rules that code review alone would let slip: no import cycle in any package (type-only imports are
// erased and do not count), no module reaching into the scans module or the task queue's internals, and no SQL in
// route files (routes are HTTP only; repositories hold the tenant-scoped SQL).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACKAGES = ['core', 'intel', 'scanner', 'server', 'web'];

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
  it.each(PACKAGES)('packages/%s/src has no import cycle', { timeout: 120_000 }, async (pkg) => {
    const src = path.join(ROOT, 'packages', pkg, 'src');
    const graph = await madge(src, {
      fileExtensions: ['ts', 'tsx', 'js'],
      tsConfig: path.join(ROOT, 'packages', pkg, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true }, es6: { skipTypeImports: true } },
    });
    expect(graph.circular()).toEqual([]);
  });

  it('lets no other module reach into the scans module, and the task queue only through its index', () => {
    const offenders: string[] = [];
    for (const f of filesUnder(path.join(ROOT, 'packages/server/src/modules'), /\.ts$/)) {
      const rel = path.relative(path.join(ROOT, 'packages/server/src/modules'), f);
      const text = readFileSync(f, 'utf8');
      if (!rel.startsWith('scans/') && /from '\.\.\/scans\//.test(text)) offenders.push(`${rel} imports the scans module`);
      if (!rel.startsWith('tasks/') && /from '\.\.\/tasks\/(?!index\.ts')/.test(text))
        offenders.push(`${rel} imports a task-queue internal`);
    }
    expect(offenders).toEqual([]);
  });

  it('keeps SQL out of route files', () => {
    const offenders = filesUnder(path.join(ROOT, 'packages/server/src/modules'), /^routes.*\.ts$|-routes\.ts$/)
      .filter((f) =>
        /from 'drizzle-orm'|db\/schema\/index\.ts'|ctx\.db\s*\.\s*(select|insert|update|delete|execute)\b/.test(readFileSync(f, 'utf8')),
      )
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
