// Second-factor enrolment from profile settings: authenticator app (TOTP with QR code, then ten recovery codes), SMS
// phone (then ten recovery codes too), regenerating recovery codes, and turning it off. Turning a second factor on ends the user's other sessions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import {
  AUTH_MESSAGES,
  detailMessage,
  disableTwoFactorRequest,
  otpCodeRequest,
  recoveryCodesAnswer,
  regenerateRecoveryCodesRequest,
  setPhoneNumberRequest,
  totpSetup,
  twoFactorStatus,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import {
  updateUser,
  audit,
  matchTotp,
  maskPhone,
  newTotpSecret,
  sendSmsCode,
  totpUri,
  verifySmsCode,
  verifyUserTotp,
  dropRecoveryCodes,
  newRecoveryCodes,
  remainingRecoveryCodes,
  endOtherSessions,
} from '../auth/index.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { consume } from '../../http/rate-limit.ts';
import type { Auth } from '../../http/session.ts';
import { verifyPassword } from '../../lib/passwords.ts';

const tags = ['two-factor'];

/** Second-factor changes need the real user: never from an impersonated session. */
function ownSession(request: FastifyRequest): Auth {
  const auth = authOf(request);
  if (auth.session.impersonated) throw forbidden('The second factor cannot be changed in an impersonated session.');
  return auth;
}

const limit = (ctx: AppContext, auth: Auth, request: FastifyRequest) =>
  consume(ctx.db, [
    { key: `otp:user:${auth.user.email.toLowerCase()}`, max: 5, windowSeconds: 900 },
    { key: `otp:ip:${request.ip}`, max: 30, windowSeconds: 900 },
  ]);

export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const subject = (auth: Auth) => ({ userId: auth.user.id, customerId: auth.customer.id, username: auth.user.email });

  r.get(
    '/api/user/two-factor/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: { tags, summary: 'The caller’s second factor', response: { 200: twoFactorStatus } },
    },
    async (request) => {
      const auth = authOf(request);
      const remaining = auth.user.twoFactorMethod === 'none' ? 0 : await remainingRecoveryCodes(ctx.db, auth.user.id);
      return { method: auth.user.twoFactorMethod, phone_number: maskPhone(auth.user.phoneNumber), recovery_codes_remaining: remaining };
    },
  );

  r.post(
    '/api/user/two-factor/totp/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: { tags, summary: 'Start authenticator-app enrolment: a new secret and its QR code', response: { 200: totpSetup } },
    },
    async (request) => {
      const auth = ownSession(request);
      const secret = newTotpSecret();
      await updateUser(ctx.db, auth.user.id, { pendingTotpSecret: ctx.secrets.encrypt(secret) });
      const otpauth_url = totpUri(auth.user.email, secret);
      return { secret, otpauth_url, qr_code: await QRCode.toDataURL(otpauth_url, { margin: 1, width: 220 }) };
    },
  );

  r.post(
    '/api/user/two-factor/totp/confirm/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary:
          'Finish enrolment with a code from the app; the authenticator becomes the second factor, other sessions end, and ten recovery codes are answered (once)',
        body: otpCodeRequest,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => {
      const auth = ownSession(request);
      await limit(ctx, auth, request);
      if (!auth.user.pendingTotpSecret)
        throw badRequest({ non_field_errors: ['Start the set-up again: no authenticator enrolment is in progress.'] });
      const step = matchTotp(request.body.one_time_password, ctx.secrets.decrypt(auth.user.pendingTotpSecret), ctx.clock());
      if (step === null) throw badRequest({ one_time_password: [AUTH_MESSAGES.totpInvalid] });
      await updateUser(ctx.db, auth.user.id, {
        totpSecret: auth.user.pendingTotpSecret,
        pendingTotpSecret: null,
        twoFactorMethod: 'totp',
        lastOtpStep: step,
      });
      await endOtherSessions(ctx, auth.user.id, auth.session.id);
      const codes = await newRecoveryCodes(ctx, auth.user.id);
      await audit(ctx, request, 'two_factor_enabled', subject(auth), 'totp');
      return { detail: AUTH_MESSAGES.totpEnabled, recovery_codes: codes };
    },
  );

  r.post(
    '/api/auth/set-phone-number/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Set the phone for SMS codes: sends a verification code to it',
        body: setPhoneNumberRequest,
        response: { 200: detailMessage },
      },
    },
    async (request) => {
      const auth = ownSession(request);
      if (!ctx.sms.configured) throw badRequest({ phone_number: ['Text messages cannot be sent: SMS is not configured on this server.'] });
      await limit(ctx, auth, request);
      const phone = request.body.phone_number;
      await updateUser(ctx.db, auth.user.id, { pendingPhoneNumber: phone });
      try {
        await sendSmsCode(ctx, auth.user, phone, 'enrol');
      } catch (e) {
        request.log.error({ err: e, userId: auth.user.id }, 'sending enrolment SMS failed');
        throw badRequest({ phone_number: ['The text message could not be sent to this number. Check it and try again.'] });
      }
      return { detail: `We sent a code to ${maskPhone(phone)}.` };
    },
  );

  r.post(
    '/api/user/two-factor/sms/confirm/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary:
          'Confirm the phone with the code sent to it; SMS codes become the second factor, other sessions end, and ten recovery codes are answered (once)',
        body: otpCodeRequest,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => {
      const auth = ownSession(request);
      await limit(ctx, auth, request);
      const phone = await verifySmsCode(ctx, auth.user, request.body.one_time_password, 'enrol');
      if (!phone) throw badRequest({ one_time_password: ['The code is not valid or has expired. Ask for a new code.'] });
      await updateUser(ctx.db, auth.user.id, {
        phoneNumber: phone,
        pendingPhoneNumber: null,
        twoFactorMethod: 'sms',
        totpSecret: null,
        pendingTotpSecret: null,
      });
      await endOtherSessions(ctx, auth.user.id, auth.session.id);
      // The way back when the phone is lost, as with an authenticator app.
      const codes = await newRecoveryCodes(ctx, auth.user.id);
      await audit(ctx, request, 'phone_verified', subject(auth));
      await audit(ctx, request, 'two_factor_enabled', subject(auth), 'sms');
      return { detail: 'Text-message codes are now your second factor.', recovery_codes: codes };
    },
  );

  r.post(
    '/api/user/two-factor/disable/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Turn the second factor off (needs the password)',
        body: disableTwoFactorRequest,
        response: { 200: detailMessage },
      },
    },
    async (request) => {
      const auth = ownSession(request);
      await limit(ctx, auth, request);
      if (!(await verifyPassword(auth.user.passwordHash, request.body.password)))
        throw badRequest({ password: [AUTH_MESSAGES.wrongPassword] });
      await updateUser(ctx.db, auth.user.id, { twoFactorMethod: 'none', totpSecret: null, pendingTotpSecret: null, lastOtpStep: null });
      await dropRecoveryCodes(ctx.db, auth.user.id);
      await audit(ctx, request, 'two_factor_disabled', subject(auth));
      return { detail: 'The second factor is off.' };
    },
  );

  r.post(
    '/api/user/two-factor/recovery-codes/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Replace the recovery codes with ten new ones (needs the password or an authenticator code); the old ones stop working',
        body: regenerateRecoveryCodesRequest,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => {
      const auth = ownSession(request);
      if (auth.user.twoFactorMethod === 'none') throw badRequest({ non_field_errors: [AUTH_MESSAGES.recoveryCodesNone] });
      await limit(ctx, auth, request);
      const { password, one_time_password: code } = request.body;
      if (password) {
        if (!(await verifyPassword(auth.user.passwordHash, password))) throw badRequest({ password: [AUTH_MESSAGES.wrongPassword] });
      } else if (auth.user.twoFactorMethod !== 'totp' || !(await verifyUserTotp(ctx, auth.user, code ?? ''))) {
        throw badRequest({ one_time_password: [AUTH_MESSAGES.totpInvalid] });
      }
      const codes = await newRecoveryCodes(ctx, auth.user.id);
      return { detail: AUTH_MESSAGES.recoveryCodesCreated, recovery_codes: codes };
    },
  );
}
