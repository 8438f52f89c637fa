// Password recovery and first-time password choice: mailed links, verification, and setting the new password.
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { badRequest, nonField } from '../../http/errors.ts';
import { consume } from '../../http/rate-limit.ts';
import { hashPassword, passwordProblems } from '../../lib/passwords.ts';
import { audit } from './audit.ts';
import { decodeUid, encodeUid, findToken, issueToken, useToken, type TokenRow } from './tokens.ts';
import { findUserByEmail, findUserById } from './users-repo.ts';

export const RESET_SENT =
  'If an account exists for that e-mail address, we have sent it a link to choose a new password. The link is valid for one hour.';
export const INVALID_LINK = 'This link is invalid or has expired. Ask for a new one.';

export function resetLink(ctx: AppContext, userId: number, token: string, welcome = false): string {
  return `${ctx.config.publicUrl}/auth/set-password/${welcome ? 'welcome/' : ''}${encodeUid(userId)}/${token}`;
}

/** Mails a reset link when the account exists; the answer is the same either way. */
export async function requestPasswordReset(ctx: AppContext, request: FastifyRequest, username: string): Promise<string> {
  await consume(ctx.db, [
    { key: `reset:user:${username.toLowerCase()}`, max: 5, windowSeconds: 3600 },
    { key: `reset:ip:${request.ip}`, max: 20, windowSeconds: 3600 },
  ]);
  const user = await findUserByEmail(ctx.db, username);
  if (user && user.isActive) {
    const token = await issueToken(ctx.db, 'password_reset', user.id);
    const link = resetLink(ctx, user.id, token);
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Bulwark password',
      text: `Hello ${user.firstName || user.email},\n\nSomeone asked to reset the password of your Bulwark account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    });
    await audit(ctx, request, 'password_reset_requested', { userId: user.id, customerId: user.customerId, username: user.email });
  }
  return RESET_SENT;
}

async function validLink(ctx: AppContext, request: FastifyRequest, uid: string, token: string): Promise<TokenRow> {
  await consume(ctx.db, [{ key: `reset-confirm:ip:${request.ip}`, max: 30, windowSeconds: 900 }]);
  const userId = decodeUid(uid);
  const row = userId ? await findToken(ctx.db, ['password_reset', 'welcome'], token) : undefined;
  if (!row || row.userId !== userId) throw nonField(INVALID_LINK);
  return row;
}

export async function verifyResetLink(ctx: AppContext, request: FastifyRequest, uid: string, token: string): Promise<string> {
  const row = await validLink(ctx, request, uid, token);
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw nonField(INVALID_LINK);
  return user.email;
}

/** Sets the new password, uses up the link and signs the user out everywhere. */
export async function confirmPasswordReset(
  ctx: AppContext,
  request: FastifyRequest,
  uid: string,
  token: string,
  password: string,
): Promise<void> {
  const row = await validLink(ctx, request, uid, token);
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw nonField(INVALID_LINK);
  const problems = passwordProblems(password, user.email);
  if (problems.length) throw badRequest({ password: problems });
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, row.id))) throw nonField(INVALID_LINK);
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  await audit(ctx, request, 'password_changed', { userId: user.id, customerId: user.customerId, username: user.email }, row.kind);
}
