// One-time tokens (password reset, welcome, impersonation, SSO): issued once, stored hashed, used once, expiring.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens, type OneTimeTokenKind } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

export const TOKEN_TTL_SECONDS: Record<Exclude<OneTimeTokenKind, 'sms_otp' | 'recovery_code'>, number> = {
  password_reset: 60 * 60,
  welcome: 7 * 86400,
  impersonation: 5 * 60,
  sso: 60,
};

export async function issueToken(
  db: Db,
  kind: Exclude<OneTimeTokenKind, 'sms_otp' | 'recovery_code'>,
  userId: number,
  meta: Record<string, unknown> = {},
): Promise<string> {
  const token = randomToken(32);
  await db.insert(oneTimeTokens).values({
    kind,
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[kind] * 1000),
    meta,
  });
  return token;
}

export type TokenRow = typeof oneTimeTokens.$inferSelect;

/** The unused, unexpired token of one of these kinds, or undefined. */
export async function findToken(db: Db, kinds: OneTimeTokenKind[], token: string): Promise<TokenRow | undefined> {
  if (!token || token.length > 200) return undefined;
  const rows = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        inArray(oneTimeTokens.kind, kinds),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Marks a token used; false when another request used it first. */
export async function useToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** Django-style uid in links: the user id, base64url-encoded. */
export const encodeUid = (userId: number): string => Buffer.from(String(userId)).toString('base64url');
export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;
}
