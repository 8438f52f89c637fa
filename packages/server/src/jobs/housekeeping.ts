// Housekeeping: removes expired sessions, spent one-time tokens and stale rate-limit counters, then runs the modules'
// own housekeeping tasks in the order they are listed (src/module-jobs.ts): assets past their customer's lifecycle
// period archived, ignores whose expiry has come ended, news of CVEs newly known exploited, today's exposure snapshot
// of every customer, reports and exports past retention deleted. Every 15 minutes, on the housekeeping queue.
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oneTimeTokens, rateLimits, sessions } from '../db/schema/index.ts';
import type { HousekeepingTask } from './declare.ts';

export interface HousekeepingResult {
  sessions: number;
  tokens: number;
  rateLimits: number;
  /** The modules' counts by name (assets archived, findings closed, ignores expired, news, snapshots, files expired). */
  [count: string]: number;
}

export async function runHousekeeping(db: Db, tasks: readonly HousekeepingTask[], now = new Date()): Promise<HousekeepingResult> {
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
  const result: HousekeepingResult = { sessions: s.length, tokens: t.length, rateLimits: r.length };
  for (const task of tasks) for (const [name, n] of Object.entries(await task(db, now))) result[name] = (result[name] ?? 0) + n;
  return result;
}
