// `bulwark feeds sync` and `bulwark feeds bundle`: the feed sync run in this process with progress on the terminal, and
// the offline bundle of what it keeps.
import path from 'node:path';
import type { AppContext } from '../context.ts';
import {
  createBundle,
  BundleError,
  type BundleManifest,
  plannedSources,
  unknownSources,
  syncFeeds,
  type SourceOutcome,
} from '../modules/intel/index.ts';
import { CliError } from './errors.ts';

const number = (n: number): string => n.toLocaleString('en-US');

/** Syncs every configured source, or the named ones; the outcome of each. */
export async function feedsSync(ctx: AppContext, only: string[], out: { progress: boolean }): Promise<SourceOutcome[]> {
  const planned = plannedSources(ctx.config.feedSync);
  const unknown = unknownSources(planned, only);
  if (unknown.length > 0) {
    throw new CliError(
      `Not a configured feed source: ${unknown.join(', ')}. Configured: ${planned.map((p) => p.name).join(', ') || 'none'}.`,
    );
  }
  const tty = out.progress && process.stderr.isTTY;
  const result = await syncFeeds(
    { db: ctx.db, config: ctx.config },
    {
      only,
      onProgress: (source, p) => {
        if (!tty) return;
        const of = p.total ? ` of ${number(p.total)}` : '';
        process.stderr.write(`\r\x1b[K${source}: ${p.phase === 'download' ? 'downloading' : 'importing'} ${number(p.done)}${of} ${p.unit}`);
      },
    },
  );
  if (tty) process.stderr.write('\r\x1b[K');
  if (result.locked) throw new CliError(`Another server is syncing the feeds (${result.holder}); try again when it has finished.`);
  return result.outcomes;
}

export function outcomeLine(o: SourceOutcome): string {
  const what = !o.ok ? `failed: ${o.error}` : o.unchanged ? 'unchanged' : `${number(o.records)} records`;
  return `${o.source.padEnd(16)} ${what}`;
}

export async function feedsBundle(ctx: AppContext, file: string): Promise<BundleManifest> {
  try {
    return await createBundle(ctx.db, ctx.config, path.resolve(file));
  } catch (err) {
    if (err instanceof BundleError) throw new CliError(err.message);
    throw err;
  }
}
