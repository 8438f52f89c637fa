// `bulwark feeds import` and `bulwark intel match`: feed imports with progress on the terminal, and CVE lookups as JSON.
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { feedImports } from '../db/schema/index.ts';
import {
  runFeedImport,
  sourceProblem,
  type ImportProgress,
  BundleError,
  importBundle,
  looksLikeBundle,
  matchCpe,
  matchPackage,
  parseCpeQuery,
  parsePackageSpec,
} from '../modules/intel/index.ts';
import { CliError } from './errors.ts';

export { CliError };

function progressLine(p: ImportProgress): string {
  const pct = p.bytesTotal > 0 ? ((p.bytesRead / p.bytesTotal) * 100).toFixed(1) : '0.0';
  const c = p.counts;
  return `${pct}%  read ${c.read}  added ${c.added}  updated ${c.updated}  unchanged ${c.unchanged}  skipped ${c.skipped}`;
}

/** The files and directories to import, made absolute; refuses what is missing or unreadable before the database is opened. */
export async function checkFeedSources(paths: string[]): Promise<string[]> {
  const sources = paths.map((p) => path.resolve(p));
  const problems = (await Promise.all(sources.map(sourceProblem))).filter((p): p is string => p !== null);
  if (problems.length > 0) throw new CliError(problems.join('\n'));
  if (sources.some(looksLikeBundle) && sources.length > 1) throw new CliError('Import a feed bundle on its own.');
  return sources;
}

/** Imports files and directories (any feed format, recognised by content); recorded as an import like the web app's. */
export async function feedsImport(ctx: AppContext, paths: string[], out: { progress: boolean }): Promise<ImportProgress> {
  const sources = await checkFeedSources(paths);
  const tty = out.progress && process.stderr.isTTY;
  if (sources.some(looksLikeBundle)) {
    try {
      const { progress } = await importBundle(ctx.db, ctx.config, sources[0]!, {
        onProgress: (p) => {
          if (tty) process.stderr.write(`\r${progressLine(p)}`);
        },
      });
      if (tty) process.stderr.write('\n');
      return progress;
    } catch (err) {
      if (err instanceof BundleError) throw new CliError(err.message);
      throw err;
    }
  }
  const [row] = await ctx.db.insert(feedImports).values({ sources }).returning();
  const result = await runFeedImport(ctx.db, row.id, (p) => {
    if (tty) process.stderr.write(`\r${progressLine(p)}`);
  });
  if (tty) process.stderr.write('\n');
  return result!;
}

type PackageQuery = Extract<ReturnType<typeof parsePackageSpec>, { ok: true }>['query'];
export type IntelQuery = { cpe: string } | { package: PackageQuery };

/** The query of `intel match`, refused before the database is opened when it is not a CPE 2.3 name or a package version. */
export function intelQuery(q: { cpe?: string; package?: string }): IntelQuery {
  if (Boolean(q.cpe) === Boolean(q.package)) throw new CliError('Give either --cpe or --package.');
  if (q.cpe) {
    const parsed = parseCpeQuery(q.cpe);
    if (!parsed.ok) throw new CliError(parsed.message);
    return { cpe: parsed.cpe };
  }
  const spec = parsePackageSpec(q.package ?? '');
  if (!spec.ok) throw new CliError(spec.message);
  return { package: spec.query };
}

/** The JSON the CLI prints for `intel match`. */
export async function intelMatch(ctx: AppContext, q: { cpe?: string; package?: string }): Promise<unknown[]> {
  const query = intelQuery(q);
  return 'cpe' in query ? matchCpe(ctx.db, query.cpe) : matchPackage(ctx.db, query.package);
}
