// One-time passwords: TOTP from an authenticator app (replay-protected) and six-digit codes sent by SMS.
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { AppContext } from '../../context.ts';
import { oneTimeTokens, users } from '../../db/schema/index.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/secrets.ts';
import type { UserRow } from '../../http/session.ts';

authenticator.options = { window: 1, step: 30 };

export const TOTP_ISSUER = 'Bulwark';
const SMS_CODE_TTL_MS = 5 * 60_000;

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(email: string, secret: string): string {
  return authenticator.keyuri(email, TOTP_ISSUER, secret);
}

/** Checks a TOTP code against a plain secret at `now`; returns the time step it matched, or null. */
export function matchTotp(code: string, secret: string, now: Date): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = authenticator.clone({ epoch: now.getTime() }).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now.getTime() / 30_000) + delta;
}

/** Verifies the user's enrolled TOTP code and refuses a code already used (replay). */
export async function verifyUserTotp(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = matchTotp(code, ctx.secrets.decrypt(user.totpSecret), ctx.clock());
  if (step === null || (user.lastOtpStep !== null && step <= user.lastOtpStep)) return false;
  await ctx.db.update(users).set({ lastOtpStep: step }).where(eq(users.id, user.id));
  return true;
}

export type SmsPurpose = 'login' | 'enrol';

/** Sends a fresh six-digit code to `phone`; earlier unused codes for the same purpose stop working. */
export async function sendSmsCode(ctx: AppContext, user: UserRow, phone: string, purpose: SmsPurpose): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const nonce = randomToken(12);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.kind, 'sms_otp'), isNull(oneTimeTokens.usedAt)));
    await tx.insert(oneTimeTokens).values({
      kind: 'sms_otp',
      userId: user.id,
      tokenHash: sha256(`sms:${user.id}:${code}:${nonce}`),
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
      meta: { purpose, nonce, phone },
    });
  });
  await ctx.sms.send(phone, `Your Bulwark verification code is ${code}. It expires in 5 minutes.`);
}

/** Verifies and uses up the latest SMS code of this purpose; returns the phone it was sent to, or null. */
export async function verifySmsCode(ctx: AppContext, user: UserRow, code: string, purpose: SmsPurpose): Promise<string | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const rows = await ctx.db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.kind, 'sms_otp'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  const token = rows[0];
  if (!token || token.meta.purpose !== purpose) return null;
  if (!safeEqual(token.tokenHash, sha256(`sms:${user.id}:${code}:${String(token.meta.nonce)}`))) return null;
  const used = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, token.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return used.length === 1 ? String(token.meta.phone) : null;
}

/** Phone number shown back to people: all but the last two digits hidden. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return `${'•'.repeat(Math.max(0, phone.length - 2))}${phone.slice(-2)}`;
}
