// Sign-in throttling: only wrong credentials (password, second-factor or recovery code) count, per account from one
// address and per address over all accounts; past a few free failures each one doubles a delay (capped), during which
// that account-and-address (or address) is refused without checking anything. No global and no permanent lock: the
// same account signs in from another address at once, and every delay ends. Counts are forgotten a quiet period after
// the delay ends (a `rate_limits` row: count = failures, reset_at = delay end + quiet period).
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { audit, type AuditSubject } from './audit.ts';

export interface ThrottleRule {
  /** Failures that cost nothing. */
  free: number;
  /** The longest delay, in seconds. */
  capSeconds: number;
}

/** Wrong credentials for one account from one address: 4 free, then 2 s, 4 s, 8 s … up to 15 minutes. */
export const ACCOUNT_ADDRESS: ThrottleRule = { free: 4, capSeconds: 900 };
/** Wrong credentials from one address over all accounts (password spraying): 20 free, then the same growth. */
export const ADDRESS: ThrottleRule = { free: 20, capSeconds: 900 };
/** How long after a delay ends the failures are remembered. */
export const QUIET_SECONDS = 900;

/** The delay after `failures` wrong credentials: none while free, then 2^k seconds doubling, capped. */
export function delaySeconds(rule: ThrottleRule, failures: number): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.capSeconds, 2 ** (failures - rule.free));
}

function keys(username: string, ip: string): { key: string; rule: ThrottleRule }[] {
  const account = username.trim().toLowerCase();
  return [
    { key: `signin:account-address:${account}|${ip}`, rule: ACCOUNT_ADDRESS },
    { key: `signin:address:${ip}`, rule: ADDRESS },
  ];
}

/** Refuses (429 with Retry-After) while a delay runs for this account from this address, or for this address. */
export async function checkThrottle(ctx: AppContext, request: FastifyRequest, username: string, subject: AuditSubject): Promise<void> {
  const now = ctx.clock();
  let wait = 0;
  for (const { key } of keys(username, request.ip)) {
    const res = (await ctx.db.execute(
      sql`SELECT reset_at FROM rate_limits WHERE key = ${key} AND reset_at > ${now.toISOString()}::timestamptz`,
    )) as unknown as { rows: { reset_at: string | Date }[] };
    const row = res.rows[0];
    if (!row) continue;
    const delayEnd = new Date(row.reset_at).getTime() - QUIET_SECONDS * 1000;
    wait = Math.max(wait, Math.ceil((delayEnd - now.getTime()) / 1000));
  }
  if (wait > 0) {
    await audit(ctx, request, 'login_throttled', subject, `refused for ${wait} s`);
    throw tooManyRequests(wait);
  }
}

/** Counts one wrong credential; records a lockout event when it starts a delay. */
export async function recordFailure(ctx: AppContext, request: FastifyRequest, username: string, subject: AuditSubject): Promise<void> {
  const now = ctx.clock();
  const at = now.toISOString();
  let longest = 0;
  for (const { key, rule } of keys(username, request.ip)) {
    const res = (await ctx.db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${at}::timestamptz)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${at}::timestamptz THEN 1 ELSE rate_limits.count + 1 END
      RETURNING count`)) as unknown as { rows: { count: number }[] };
    const failures = Number(res.rows[0]?.count ?? 1);
    const delay = delaySeconds(rule, failures);
    const resetAt = new Date(now.getTime() + (delay + QUIET_SECONDS) * 1000);
    await ctx.db.execute(sql`UPDATE rate_limits SET reset_at = ${resetAt.toISOString()}::timestamptz WHERE key = ${key}`);
    longest = Math.max(longest, delay);
  }
  if (longest > 0) await audit(ctx, request, 'login_locked', subject, `next attempt in ${longest} s`);
}

/** A successful sign-in forgets the account's failures from this address (the address count decays by itself). */
export async function forgetFailures(ctx: AppContext, request: FastifyRequest, username: string): Promise<void> {
  const [accountAddress] = keys(username, request.ip);
  await ctx.db.execute(sql`DELETE FROM rate_limits WHERE key = ${accountAddress!.key}`);
}
