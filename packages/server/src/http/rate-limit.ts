// Fixed-window rate limits kept in the database, so every server process shares the same counts.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  /** What is limited and for whom, e.g. `login:user:alice@example.com` or `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against every limit; throws 429 (with Retry-After) when any is exceeded. Windows run on `now` when
 * given (the app's clock, for a limit a test checks by moving it), else on the database's clock.
 */
export async function consume(db: Db, limits: Limit[], now?: Date): Promise<void> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  for (const limit of limits) {
    const result = (await db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at)
      VALUES (${limit.key}, 1, ${at} + make_interval(secs => ${limit.windowSeconds}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${at} THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${at} THEN excluded.reset_at ELSE rate_limits.reset_at END
      RETURNING count, ceil(extract(epoch FROM (reset_at - ${at})))::int AS retry`)) as unknown as {
      rows: { count: number; retry: number }[];
    };
    const row = result.rows[0];
    if (row && Number(row.count) > limit.max) throw tooManyRequests(Math.max(1, Number(row.retry)));
  }
}

/** Forgets the counts of these keys (e.g. the account's failures after a successful sign-in). */
export async function reset(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
