// Housekeeping: removes expired sessions, spent one-time tokens and stale rate-limit counters, and archives assets
// past their customer's lifecycle period, ends ignores whose expiry has come, and posts news of CVEs newly known
// exploited that are open on a customer's assets (so a feed sync or a scan is news within 15 minutes), and refreshes
// today's exposure snapshot of every customer (dashboard trends).
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oneTimeTokens, rateLimits, sessions } from '../db/schema/index.ts';
import { archiveStaleAssets, expireIgnores } from '../modules/vulnerabilities/index.ts';
import { announceNewlyExploited } from '../modules/news/index.ts';
import { takeSnapshots } from '../modules/dashboards/index.ts';
import { deleteExpiredReports } from '../modules/reports/index.ts';
import { deleteExpiredExports } from '../modules/exports/index.ts';

export interface HousekeepingResult {
  sessions: number;
  tokens: number;
  rateLimits: number;
  assetsArchived: number;
  findingsClosed: number;
  /** Ignores whose expiry came: those findings count again. */
  ignoresExpired: number;
  /** News items posted about CVEs newly known exploited that are open on a customer's assets. */
  kevNews: number;
  /** Customers whose exposure snapshot of today was written (dashboard trends). */
  snapshots: number;
  /** Reports and exports past the retention period, deleted with their files. */
  filesExpired: number;
}

export async function runHousekeeping(db: Db, now = new Date()): Promise<HousekeepingResult> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const s = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  // Spent tokens are kept a day for the audit trail of "link already used" questions.
  const t = await db
    .delete(oneTimeTokens)
    .where(or(lt(oneTimeTokens.expiresAt, dayAgo), and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, dayAgo))))
    .returning({ id: oneTimeTokens.id });
  const r = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`${now}`))
    .returning({ key: rateLimits.key });
  const lifecycle = await archiveStaleAssets(db, now);
  const ignoresExpired = await expireIgnores(db, now);
  const kevNews = await announceNewlyExploited(db, now);
  const snapshots = await db.transaction((tx) => takeSnapshots(tx, now));
  const filesExpired = (await deleteExpiredReports(db, now)) + (await deleteExpiredExports(db, now));
  return {
    sessions: s.length,
    tokens: t.length,
    rateLimits: r.length,
    assetsArchived: lifecycle.archived,
    findingsClosed: lifecycle.findingsClosed,
    ignoresExpired,
    kevNews,
    snapshots,
    filesExpired,
  };
}
