// Sign-in: password, then the second factor (or a recovery code) when the user has one. Only wrong credentials count
// towards the sign-in delays (throttle.ts); a correct password that still needs its second factor costs nothing.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type AuthStatus, type LoginRequest } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, nonField } from '../../http/errors.ts';
import { consume, type Limit } from '../../http/rate-limit.ts';
import type { UserRow } from '../../http/session.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { audit, type AuditSubject } from './audit.ts';
import { maskPhone, sendSmsCode, verifySmsCode, verifyUserTotp } from './otp.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { startSession } from './sessions.ts';
import { checkThrottle, forgetFailures, recordFailure } from './throttle.ts';
import { findUserByEmail, markSignedIn } from './users-repo.ts';

export const BAD_CREDENTIALS = AUTH_MESSAGES.badCredentials;
const WINDOW = 15 * 60;

/** How many sign-in text messages may be sent (a cost, not a guess): per account and per address. */
export const smsSendLimits = (username: string, ip: string): Limit[] => [
  { key: `otp:user:${username.toLowerCase()}`, max: 5, windowSeconds: WINDOW },
  { key: `otp:ip:${ip}`, max: 30, windowSeconds: WINDOW },
];

function otpError(method: 'totp' | 'sms', message: string): ApiError {
  return new ApiError(400, { one_time_password: [message], otp_method: method });
}

/**
 * The user behind a username and password, or a 400 that does not say which of the two was wrong. Refused with 429
 * while a sign-in delay runs for this account from this address; a wrong answer counts towards the delays.
 */
export async function checkCredentials(ctx: AppContext, request: FastifyRequest, username: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, username);
  const subject: AuditSubject = { userId: user?.id, customerId: user?.customerId, username: user?.email ?? username };
  await checkThrottle(ctx, request, username, subject);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || !user.isActive || !user.passwordHash) {
    await audit(ctx, request, 'login_failed', subject, 'wrong password');
    await recordFailure(ctx, request, username, subject);
    throw nonField(BAD_CREDENTIALS);
  }
  return user;
}

/** Checks the second factor of a user whose password was right; throws 400 (and counts a failure) when wrong. */
async function checkSecondFactor(ctx: AppContext, request: FastifyRequest, user: UserRow, input: LoginRequest): Promise<string> {
  const subject = { userId: user.id, customerId: user.customerId, username: user.email };
  const method = user.twoFactorMethod as 'totp' | 'sms';
  const recovery = input.recovery_code?.trim();
  if (recovery) {
    if (await useRecoveryCode(ctx, user.id, recovery)) {
      await audit(ctx, request, 'recovery_code_used', subject);
      return 'recovery_code';
    }
    await audit(ctx, request, 'recovery_code_failed', subject, 'wrong recovery code');
    await recordFailure(ctx, request, user.email, subject);
    throw badRequest({ recovery_code: [AUTH_MESSAGES.recoveryCodeInvalid] });
  }
  const code = input.one_time_password?.trim();
  if (!code) {
    await audit(ctx, request, 'otp_required', subject, method);
    if (method === 'sms') {
      await sendLoginSms(ctx, request, user);
      throw otpError('sms', `Enter the code we sent to ${maskPhone(user.phoneNumber)}.`);
    }
    throw otpError('totp', AUTH_MESSAGES.totpRequired);
  }
  const ok = method === 'totp' ? await verifyUserTotp(ctx, user, code) : Boolean(await verifySmsCode(ctx, user, code, 'login'));
  if (!ok) {
    await audit(ctx, request, 'otp_failed', subject, `wrong ${method} code`);
    await recordFailure(ctx, request, user.email, subject);
    throw otpError(method, method === 'totp' ? AUTH_MESSAGES.totpInvalid : AUTH_MESSAGES.smsInvalid);
  }
  return method;
}

export async function login(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, input: LoginRequest): Promise<AuthStatus> {
  const user = await checkCredentials(ctx, request, input.username, input.password);
  const factor = user.twoFactorMethod === 'none' ? 'none' : await checkSecondFactor(ctx, request, user, input);
  await forgetFailures(ctx, request, user.email);
  await markSignedIn(ctx.db, user.id, ctx.clock());
  await audit(ctx, request, 'login_succeeded', { userId: user.id, customerId: user.customerId, username: user.email }, factor);
  return startSession(ctx, request, reply, { userId: user.id, keepLoggedIn: input.keep_logged_in ?? false });
}

/** Sends a sign-in code by SMS (each send counts against the text-message limit). */
export async function sendLoginSms(ctx: AppContext, request: FastifyRequest, user: UserRow): Promise<void> {
  if (!user.phoneNumber) throw nonField('No phone number is set up for this account. Contact your administrator.');
  if (!ctx.sms.configured) throw nonField('Text messages cannot be sent: SMS is not configured on this server.');
  await consume(ctx.db, smsSendLimits(user.email, request.ip));
  try {
    await sendSmsCode(ctx, user, user.phoneNumber, 'login');
  } catch (e) {
    request.log.error({ err: e, userId: user.id }, 'sending sign-in SMS failed');
    throw nonField('The text message could not be sent. Try again in a moment.');
  }
}
