// Recovery codes: ten one-time codes that stand in for the second-factor code at sign-in. Each has 80 random bits
// (16 base-32 characters, shown as xxxx-xxxx-xxxx-xxxx), so only its SHA-256 is stored, bound to the user: a fast hash
// is enough for a secret that cannot be guessed offline, and it lets sign-in find the code by its hash in one query.
// Kept as `one_time_tokens` of kind recovery_code; a new set replaces (uses up) the old one.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';

/** 32 characters, without l, o, 0 and 1 that read alike. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Recovery codes do not expire; the column needs a date. */
const NEVER = new Date('9999-12-31T00:00:00Z');

function newCode(): string {
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** The code as typed (any case, spaces or dashes) in its stored form. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const hashOf = (userId: number, code: string) => sha256(`recovery:${userId}:${normaliseRecoveryCode(code)}`);

/** Replaces the user's recovery codes with ten new ones and returns them (the only time they are readable). */
export async function newRecoveryCodes(ctx: AppContext, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, 'recovery_code'), isNull(oneTimeTokens.usedAt)));
    await tx
      .insert(oneTimeTokens)
      .values(codes.map((code) => ({ kind: 'recovery_code' as const, userId, tokenHash: hashOf(userId, code), expiresAt: NEVER })));
  });
  return codes;
}

/** Uses up one recovery code of the user; false when it is unknown or already used. */
export async function useRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  if (normaliseRecoveryCode(code).length !== 16) return false;
  const used = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: ctx.clock() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.kind, 'recovery_code'),
        eq(oneTimeTokens.tokenHash, hashOf(userId, code)),
        isNull(oneTimeTokens.usedAt),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}

/** How many unused recovery codes the user has. */
export async function remainingRecoveryCodes(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, 'recovery_code'), isNull(oneTimeTokens.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** Removes every recovery code of the user (when the second factor is turned off). */
export async function dropRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, 'recovery_code')));
}
