// The feeds' health as one customer needs it (a read model): each configured source never synced, failed, stale (last
// success over FEED_STALE_HOURS ago by the injected clock) or OK, and the distribution trackers the customer's inventory
// needs (Debian or Ubuntu banners, OS names or authenticated packages) while none of their data is loaded.
import { sql } from 'drizzle-orm';
import { FEED_STALE_HOURS, type FeedHealth, type FeedHealthProblem } from '@bulwark/core';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { plannedSources, type PlannedSource } from './sync/sources.ts';
import { sourceStates, type FeedSourceRow } from './sync/state.ts';

type Health = FeedHealth['sources'][number]['health'];
type Distro = 'debian' | 'ubuntu';

const DISTRO_CONSEQUENCE = (name: string) => `findings on ${name} hosts are decided on upstream versions and may be false positives.`;

/** How a source is named in a sentence. */
function nameOf(s: PlannedSource): string {
  if (s.kind === 'debian') return 'The Debian Security Tracker';
  if (s.kind === 'checks') return 'The community check library';
  if (s.kind === 'osv') return `The ${s.label} feed`;
  return `The ${s.kind === 'nvd' ? 'NVD' : s.kind === 'kev' ? 'CISA KEV' : 'EPSS'} feed`;
}

/** What is missing or out of date while a source has no current data. */
function consequenceOf(s: PlannedSource): string {
  if (s.kind === 'debian') return DISTRO_CONSEQUENCE('Debian');
  if (s.kind === 'checks') return "scans run Bulwark's own checks and the community templates of the last library synced, if any.";
  if (s.name === 'osv/Ubuntu') return DISTRO_CONSEQUENCE('Ubuntu');
  if (s.kind === 'nvd') return 'CVEs matched from product versions may be missing or out of date.';
  if (s.kind === 'kev') return 'known-exploited flags may be missing.';
  if (s.kind === 'epss') return 'exploit probabilities (EPSS) may be missing.';
  return `${s.label.replace(/^OSV /, '')} package advisories may be missing.`;
}

function healthOf(row: FeedSourceRow | undefined, now: Date): Health {
  if (row?.lastErrorAt && (!row.lastSuccessAt || row.lastErrorAt >= row.lastSuccessAt)) return 'failed';
  if (!row?.lastSuccessAt) return 'never';
  return now.getTime() - row.lastSuccessAt.getTime() > FEED_STALE_HOURS * 3_600_000 ? 'stale' : 'ok';
}

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function problemOf(s: PlannedSource, row: FeedSourceRow | undefined, health: Health): FeedHealthProblem | null {
  const name = nameOf(s);
  const then = consequenceOf(s);
  if (health === 'never') {
    return { code: 'feed-never-synced', severity: 'warning', source: s.name, message: `${name} has never synced: ${then}`, at: null };
  }
  if (health === 'failed') {
    const at = row!.lastErrorAt!;
    const error = (row!.lastError ?? 'unknown error').replace(/\.$/, '');
    return {
      code: 'feed-failed',
      severity: 'error',
      source: s.name,
      message: `${name} failed to sync at ${utc(at)} (${error}): ${then}`,
      at: at.toISOString(),
    };
  }
  if (health === 'stale') {
    const at = row!.lastSuccessAt!;
    return {
      code: 'feed-stale',
      severity: 'warning',
      source: s.name,
      message: `${name} has not synced since ${utc(at)} (over ${FEED_STALE_HOURS} hours): ${then}`,
      at: at.toISOString(),
    };
  }
  return null;
}

/** Whether the customer's inventory shows hosts of the distribution: banners, OS names, authenticated os-release. */
async function inventoryNeeds(db: Db, customerId: number, distro: Distro): Promise<boolean> {
  const like = `%${distro}%`;
  const rows = await db.execute(sql`
    select (
      exists (select 1 from host_ports where customer_id = ${customerId} and open and banner ilike ${like})
      or exists (select 1 from assets where customer_id = ${customerId} and os ilike ${like})
      or exists (select 1 from host_auth_states where customer_id = ${customerId} and lower(os_id) = ${distro})
    ) as needed`);
  return Boolean(rowsOf<{ needed: boolean }>(rows)[0]?.needed);
}

/** Whether any of the distribution's fix data is loaded (Debian: tracker and changelogs; Ubuntu: its OSV advisories). */
async function distroDataLoaded(db: Db, distro: Distro): Promise<boolean> {
  const rows = await db.execute(
    distro === 'debian'
      ? sql`select exists (select 1 from intel_distro_fixes where distro = 'debian') as loaded`
      : sql`select exists (select 1 from intel_osv_packages where ecosystem = 'ubuntu') as loaded`,
  );
  return Boolean(rowsOf<{ loaded: boolean }>(rows)[0]?.loaded);
}

/** node-postgres answers a result with rows, PGlite too; drizzle's types differ by driver. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

const MISSING: Record<Distro, { source: string; message: string }> = {
  debian: {
    source: 'debian',
    message: `Debian hosts are in the inventory but no Debian Security Tracker data is loaded: ${DISTRO_CONSEQUENCE('Debian')}`,
  },
  ubuntu: {
    source: 'osv/Ubuntu',
    message: `Ubuntu hosts are in the inventory but no Ubuntu advisories (OSV Ubuntu) are loaded: ${DISTRO_CONSEQUENCE('Ubuntu')}`,
  },
};

/** The feeds' health for one customer at `now`; errors first. */
export async function feedHealth(db: Db, config: Pick<Config, 'feedSync'>, customerId: number, now: Date): Promise<FeedHealth> {
  const byName = new Map((await sourceStates(db)).map((r) => [r.source, r]));
  const sources: FeedHealth['sources'] = [];
  const problems: FeedHealthProblem[] = [];
  for (const s of plannedSources(config.feedSync)) {
    const row = byName.get(s.name);
    const health = healthOf(row, now);
    sources.push({
      source: s.name,
      label: s.label,
      health,
      last_success_at: row?.lastSuccessAt?.toISOString() ?? null,
      last_error: row?.lastError ?? null,
      last_error_at: row?.lastErrorAt?.toISOString() ?? null,
    });
    const p = problemOf(s, row, health);
    if (p) problems.push(p);
  }
  for (const distro of ['debian', 'ubuntu'] as const) {
    if ((await inventoryNeeds(db, customerId, distro)) && !(await distroDataLoaded(db, distro))) {
      problems.push({ code: 'feed-missing-for-inventory', severity: 'error', ...MISSING[distro], at: null });
    }
  }
  problems.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return { ok: problems.length === 0, checked_at: now.toISOString(), sources, problems };
}

/** The installation's feed problems for the start-up log: per source, and for every customer's inventory. */
export async function feedProblemsAtStart(db: Db, config: Pick<Config, 'feedSync'>, now: Date): Promise<FeedHealthProblem[]> {
  const customers = rowsOf<{ id: number }>(await db.execute(sql`select id from customers order by id`));
  const seen = new Map<string, FeedHealthProblem>();
  const all = customers.length > 0 ? customers : [{ id: -1 }];
  for (const c of all) {
    for (const p of (await feedHealth(db, config, c.id, now)).problems) seen.set(`${p.code}|${p.source}`, p);
  }
  return [...seen.values()];
}

/** At start: one warning line per feed problem through the app logger; a failing check never stops the start. */
export async function logFeedHealthAtStart(ctx: Pick<AppContext, 'db' | 'config' | 'log' | 'clock'>): Promise<void> {
  try {
    for (const p of await feedProblemsAtStart(ctx.db, ctx.config, ctx.clock())) {
      ctx.log.warn({ feed: p.source, code: p.code }, p.message);
    }
  } catch (err) {
    ctx.log.warn({ err }, 'the feed health could not be checked');
  }
}
