// HTTP routes of users managed in the app (platform-core §2 /users/users, §6 superusers, §7 list users): the list with
// status and last sign-in, invite, create, edit, deactivate, reactivate, reset second factor, resend invitation and
// delete. Superusers only; each writes its own audit event (naming the user) inside its transaction, so the generic
// audit hook is off for these routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_ORDERINGS,
  USER_STATUSES,
  userActionAnswer,
  userAdminPatch,
  userAdminRow,
  userCreate,
  userDeleted,
  userInvite,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { idParam, idParams, listParam, ordering, paged, pagedSchema, pageQuery, searchParam } from '../../http/list.ts';
import { listUsers } from './admin-repo.ts';
import {
  createUserWithPassword,
  deactivateUser,
  deleteUser,
  editUser,
  getUser,
  inviteUser,
  reactivateUser,
  resendInvitation,
  resetSecondFactor,
  type Actor,
} from './admin-service.ts';

const tags = ['users'];
const config = { access: 'superuser', audit: false } as const;
const listQuery = pageQuery.extend({
  search: searchParam,
  status: listParam(z.enum(USER_STATUSES, { error: `Choose from: ${USER_STATUSES.join(', ')}.` }), 3),
  ordering: ordering(USER_ORDERINGS, 'email'),
});

const actorOf = (request: FastifyRequest): Actor => ({
  auth: authOf(request),
  ip: request.ip,
  method: request.method,
  route: request.routeOptions.url ?? request.url,
});

export function userAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/users/',
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: 'The users of the customer, paged: status (invited, active, deactivated), last sign-in, invitation',
        querystring: listQuery,
        response: { 200: pagedSchema(userAdminRow) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size, search, status, ordering: o } = request.query;
      const { count, results } = await listUsers(
        ctx.db,
        auth.customer,
        { page, pageSize: page_size, search, status, ordering: o },
        ctx.clock(),
      );
      return paged(request, page, page_size, count, results);
    },
  );

  r.post(
    '/api/users/users/invite/',
    {
      config,
      schema: {
        tags,
        summary: 'Invite a user: a welcome link to choose their password is mailed (valid 7 days)',
        body: userInvite,
        response: { 201: userAdminRow },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteUser(ctx, actorOf(request), request.body)),
  );

  r.post(
    '/api/users/users/',
    {
      config,
      schema: { tags, summary: 'Create a user with a password you set', body: userCreate, response: { 201: userAdminRow } },
    },
    async (request, reply) => reply.code(201).send(await createUserWithPassword(ctx, actorOf(request), request.body)),
  );

  r.get(
    '/api/users/users/:id/',
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'One user of the customer', params: idParams, response: { 200: userAdminRow } },
    },
    async (request) => getUser(ctx, authOf(request), request.params.id),
  );

  r.patch(
    '/api/users/users/:id/',
    {
      config,
      schema: {
        tags,
        summary: 'Change a user: name, e-mail (an invited user is invited again), role or permissions, superuser',
        params: idParams,
        body: userAdminPatch,
        response: { 200: userAdminRow },
      },
    },
    async (request) => editUser(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/users/users/:id/',
    {
      config,
      schema: {
        tags,
        summary:
          'Delete a user: their scans, schedules, monitoring profiles, open tickets and shared dashboards go to reassign_to (default: you); the audit log keeps their past events',
        params: idParams,
        querystring: z.object({ reassign_to: idParam.optional() }),
        response: { 200: userDeleted },
      },
    },
    async (request) => deleteUser(ctx, actorOf(request), request.params.id, request.query.reassign_to),
  );

  const action = (path: string, summary: string, run: typeof deactivateUser) =>
    r.post(
      `/api/users/users/:id/${path}/`,
      { config, schema: { tags, summary, params: idParams, response: { 200: userActionAnswer } } },
      async (request) => run(ctx, actorOf(request), request.params.id),
    );
  action('deactivate', 'Deactivate a user: they cannot sign in, their sessions and mailed links end at once', deactivateUser);
  action('reactivate', 'Let a deactivated user sign in again', reactivateUser);
  action('reset-two-factor', 'Remove a user’s second factor and recovery codes; their sessions end', resetSecondFactor);
  action('resend-invitation', 'Mail an invited user a new welcome link; earlier links stop working', resendInvitation);
}
