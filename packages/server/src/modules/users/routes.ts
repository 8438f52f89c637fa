// HTTP routes of user profiles (platform-core §7 Customer, user and features), and of users managed by superusers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordRequest, detailMessage, userProfile, userProfilePatch } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { userAdminRoutes } from './admin-routes.ts';
import { changePassword } from './password.ts';
import { getProfile, listProfiles, patchProfile, toProfile } from './service.ts';

const tags = ['users'];

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  userAdminRoutes(app, ctx);

  r.get(
    '/api/user/profile/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'With me=1 the caller’s own profile; otherwise the users of the caller’s customer (all for superusers, else only the caller)',
        querystring: pageQuery.extend({ me: z.enum(['1', 'true', '0', 'false']).optional() }),
        response: { 200: z.union([userProfile, pagedSchema(userProfile)]) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      if (q.me === '1' || q.me === 'true') return toProfile(auth.user, auth.customer);
      const { count, results } = await listProfiles(ctx, auth, q.page, q.page_size);
      return paged(request, q.page, q.page_size, count, results);
    },
  );

  r.get(
    '/api/user/profile/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'One profile (the caller’s own, or any of the customer’s for superusers)',
        params: idParams,
        response: { 200: userProfile },
      },
    },
    async (request) => getProfile(ctx, authOf(request), request.params.id),
  );

  r.patch(
    '/api/user/profile/:id/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Change a profile: own name and picture; roles and permissions by superusers',
        params: idParams,
        body: userProfilePatch,
        response: { 200: userProfile },
      },
    },
    async (request) => patchProfile(ctx, authOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/user/change-password/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags,
        summary: 'Change one’s own password; other sessions of the user end',
        body: changePasswordRequest,
        response: { 200: detailMessage },
      },
    },
    async (request) => {
      await changePassword(ctx, request, authOf(request), request.body.current_password, request.body.new_password);
      return { detail: 'Your password has been changed.' };
    },
  );
}
