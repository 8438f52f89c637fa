// Sign-in: password, then the second factor when the user has one; rate-limited per account and per address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthStatus, LoginRequest } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { ApiError, nonField } from '../../http/errors.ts';
import { consume, reset, type Limit } from '../../http/rate-limit.ts';
import type { UserRow } from '../../http/session.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { audit } from './audit.ts';
import { maskPhone, sendSmsCode, verifySmsCode, verifyUserTotp } from './otp.ts';
import { startSession } from './sessions.ts';
import { findUserByEmail, markSignedIn } from './users-repo.ts';

export const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';
const WINDOW = 15 * 60;

export const loginLimits = (username: string, ip: string): Limit[] => [
  { key: `login:user:${username.toLowerCase()}`, max: 10, windowSeconds: WINDOW },
  { key: `login:ip:${ip}`, max: 50, windowSeconds: WINDOW },
];

export const otpLimits = (username: string, ip: string): Limit[] => [
  { key: `otp:user:${username.toLowerCase()}`, max: 5, windowSeconds: WINDOW },
  { key: `otp:ip:${ip}`, max: 30, windowSeconds: WINDOW },
];

function otpError(method: 'totp' | 'sms', message: string): ApiError {
  return new ApiError(400, { one_time_password: [message], otp_method: method });
}

/** The user behind a username and password, or a 400 that does not say which of the two was wrong. */
export async function checkCredentials(ctx: AppContext, request: FastifyRequest, username: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, username);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || !user.isActive || !user.passwordHash) {
    await audit(ctx, request, 'login_failed', { userId: user?.id, customerId: user?.customerId, username });
    throw nonField(BAD_CREDENTIALS);
  }
  return user;
}

export async function login(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, input: LoginRequest): Promise<AuthStatus> {
  await consume(ctx.db, loginLimits(input.username, request.ip));
  const user = await checkCredentials(ctx, request, input.username, input.password);
  const subject = { userId: user.id, customerId: user.customerId, username: user.email };
  const code = input.one_time_password?.trim();

  if (user.twoFactorMethod === 'totp') {
    if (!code) {
      await audit(ctx, request, 'otp_required', subject, 'totp');
      throw otpError('totp', 'Enter the 6-digit code from your authenticator app.');
    }
    await consume(ctx.db, otpLimits(user.email, request.ip));
    if (!(await verifyUserTotp(ctx, user, code))) {
      await audit(ctx, request, 'otp_failed', subject, 'totp');
      throw otpError('totp', 'The code is not valid. Check the time on your device and try the newest code.');
    }
  } else if (user.twoFactorMethod === 'sms') {
    if (!code) {
      await audit(ctx, request, 'otp_required', subject, 'sms');
      await sendLoginSms(ctx, request, user);
      throw otpError('sms', `Enter the code we sent to ${maskPhone(user.phoneNumber)}.`);
    }
    await consume(ctx.db, otpLimits(user.email, request.ip));
    if (!(await verifySmsCode(ctx, user, code, 'login'))) {
      await audit(ctx, request, 'otp_failed', subject, 'sms');
      throw otpError('sms', 'The code is not valid or has expired. Ask for a new code.');
    }
  }

  await reset(ctx.db, [loginLimits(user.email, request.ip)[0]!.key]);
  await markSignedIn(ctx.db, user.id);
  await audit(ctx, request, 'login_succeeded', subject, user.twoFactorMethod);
  return startSession(ctx, request, reply, { userId: user.id, keepLoggedIn: input.keep_logged_in ?? false });
}

/** Sends a sign-in code by SMS (rate-limited: each send costs an OTP attempt). */
export async function sendLoginSms(ctx: AppContext, request: FastifyRequest, user: UserRow): Promise<void> {
  if (!user.phoneNumber) throw nonField('No phone number is set up for this account. Contact your administrator.');
  if (!ctx.sms.configured) throw nonField('Text messages cannot be sent: SMS is not configured on this server.');
  await consume(ctx.db, otpLimits(user.email, request.ip));
  try {
    await sendSmsCode(ctx, user, user.phoneNumber, 'login');
  } catch (e) {
    request.log.error({ err: e, userId: user.id }, 'sending sign-in SMS failed');
    throw nonField('The text message could not be sent. Try again in a moment.');
  }
}
