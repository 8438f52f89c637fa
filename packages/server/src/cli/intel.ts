// `bulwark feeds import` and `bulwark intel match`: feed imports with progress on the terminal, and CVE lookups as JSON.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { feedImports } from '../db/schema/index.ts';
import { importSources, sourceProblem, type ImportProgress } from '../modules/intel/import.ts';
import { matchCpe, matchPackage } from '../modules/intel/match.ts';
import { parseCpeQuery, parsePackageSpec } from '../modules/intel/query.ts';

export class CliError extends Error {}

function progressLine(p: ImportProgress): string {
  const pct = p.bytesTotal > 0 ? ((p.bytesRead / p.bytesTotal) * 100).toFixed(1) : '0.0';
  const c = p.counts;
  return `${pct}%  read ${c.read}  added ${c.added}  updated ${c.updated}  unchanged ${c.unchanged}  skipped ${c.skipped}`;
}

/** Imports files and directories (any feed format, recognised by content); records the import like the web app does. */
export async function feedsImport(ctx: AppContext, paths: string[], out: { progress: boolean }): Promise<ImportProgress> {
  const sources = paths.map((p) => path.resolve(p));
  const problems = (await Promise.all(sources.map(sourceProblem))).filter((p): p is string => p !== null);
  if (problems.length > 0) throw new CliError(problems.join('\n'));
  const [row] = await ctx.db.insert(feedImports).values({ sources, status: 'running', startedAt: new Date() }).returning();
  const tty = out.progress && process.stderr.isTTY;
  try {
    const result = await importSources(ctx.db, sources, async (p) => {
      if (tty) process.stderr.write(`\r${progressLine(p)}`);
      await ctx.db
        .update(feedImports)
        .set({ counts: { ...p.counts }, bytesRead: p.bytesRead, bytesTotal: p.bytesTotal, errors: p.errors, formats: p.formats })
        .where(eq(feedImports.id, row.id));
    });
    if (tty) process.stderr.write('\n');
    await ctx.db.update(feedImports).set({ status: 'done', finishedAt: new Date() }).where(eq(feedImports.id, row.id));
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.update(feedImports).set({ status: 'failed', finishedAt: new Date(), message }).where(eq(feedImports.id, row.id));
    throw err;
  }
}

/** The JSON the CLI prints for `intel match`. */
export async function intelMatch(ctx: AppContext, q: { cpe?: string; package?: string }): Promise<unknown[]> {
  if (Boolean(q.cpe) === Boolean(q.package)) throw new CliError('Give either --cpe or --package.');
  if (q.cpe) {
    const parsed = parseCpeQuery(q.cpe);
    if (!parsed.ok) throw new CliError(parsed.message);
    return matchCpe(ctx.db, parsed.cpe);
  }
  const spec = parsePackageSpec(q.package ?? '');
  if (!spec.ok) throw new CliError(spec.message);
  return matchPackage(ctx.db, spec.query);
}
