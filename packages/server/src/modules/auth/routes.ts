// HTTP routes of authentication and sessions (platform-core §7 Authentication).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authStatus,
  detailMessage,
  generateOtpRequest,
  impersonationLoginRequest,
  loginRequest,
  passwordResetConfirmRequest,
  passwordResetRequest,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { nonField, unauthorized } from '../../http/errors.ts';
import { clearSessionCookie } from '../../http/session.ts';
import { audit } from './audit.ts';
import { impersonationLogin } from './impersonation.ts';
import { checkCredentials, login, sendLoginSms } from './login.ts';
import { confirmPasswordReset, requestPasswordReset, verifyResetLink } from './password-reset.ts';
import { endSession, renewSession, statusOf } from './sessions.ts';

const tags = ['authentication'];
const linkParams = z.object({ uid: z.string().max(40), token: z.string().max(200) });

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/check-authentication/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: { tags, summary: 'Whether the caller is signed in, and for how long', response: { 200: authStatus } },
    },
    async (request) => statusOf(request.auth),
  );

  r.post(
    '/api/auth/login/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: {
        tags,
        summary: 'Sign in (second factor in one_time_password when the user has one)',
        body: loginRequest,
        response: { 200: authStatus },
      },
    },
    async (request, reply) => login(ctx, request, reply, request.body),
  );

  r.post(
    '/api/auth/generate-otp/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: { tags, summary: 'Send a new sign-in code by SMS', body: generateOtpRequest, response: { 200: detailMessage } },
    },
    async (request) => {
      // A wrong password here counts like one at sign-in; the SMS itself counts against the text-message limit.
      const user = await checkCredentials(ctx, request, request.body.username, request.body.password);
      if (user.twoFactorMethod !== 'sms') throw nonField('This account does not use text-message codes.');
      await sendLoginSms(ctx, request, user);
      return { detail: 'A new code has been sent.' };
    },
  );

  r.post(
    '/api/auth/renew-session/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: { tags, summary: 'Renew the session for a full session age', response: { 200: authStatus } },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthorized('Your session has expired.');
      return renewSession(ctx, request, reply, auth);
    },
  );

  r.post(
    '/api/auth/logout/',
    { config: { access: 'public', sessionOnly: true }, schema: { tags, summary: 'Sign out', response: { 204: z.null() } } },
    async (request, reply) => {
      const auth = request.auth;
      await endSession(ctx, auth);
      if (auth) await audit(ctx, request, 'logout', { userId: auth.user.id, customerId: auth.customer.id, username: auth.user.email });
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/password-reset/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: {
        tags,
        summary: 'Mail a password-reset link (same answer whether the account exists or not)',
        body: passwordResetRequest,
        response: { 200: detailMessage },
      },
    },
    async (request) => ({ detail: await requestPasswordReset(ctx, request, request.body.username) }),
  );

  r.get(
    '/api/auth/password-reset-confirm/:uid/:token/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: {
        tags,
        summary: 'Check a reset or welcome link; returns the e-mail address',
        params: linkParams,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => ({ email: await verifyResetLink(ctx, request, request.params.uid, request.params.token) }),
  );

  r.post(
    '/api/auth/password-reset-confirm/:uid/:token/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: {
        tags,
        summary: 'Set a new password through a reset or welcome link',
        params: linkParams,
        body: passwordResetConfirmRequest,
        response: { 200: detailMessage },
      },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request, request.params.uid, request.params.token, request.body.password);
      return { detail: 'Your password has been set. You can now sign in.' };
    },
  );

  r.post(
    '/api/auth/impersonation-login/',
    {
      config: { access: 'public', sessionOnly: true },
      schema: {
        tags,
        summary: 'Sign in through a one-time back-office impersonation token',
        body: impersonationLoginRequest,
        response: { 200: authStatus },
      },
    },
    async (request, reply) => impersonationLogin(ctx, request, reply, request.body.token),
  );
}
