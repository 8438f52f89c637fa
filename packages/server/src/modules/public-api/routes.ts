// HTTP routes of the public API (feature-areas §7 Public API, under /api/public/auth/v2/): the customer's switch
// (GET config/, POST activate/ and deactivate/) and the tokens (GET and POST permissions/tokens/, DELETE
// permissions/tokens/{id}/). All are for superusers (§6: integrations) and for signed-in sessions only: a token can
// neither make nor see tokens, nor switch the API.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiToken, apiTokenCreated, apiTokenInput, publicApiConfig } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { deleteToken, listTokens, setActive } from './repo.ts';
import { createToken, publicApiConfig as configOf, toApiToken } from './service.ts';

const tags = ['public-api'];
const BASE = '/api/public/auth/v2';
const config = { access: 'superuser', sessionOnly: true } as const;

export function publicApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${BASE}/config/`,
    {
      config,
      schema: {
        tags,
        summary: 'Whether the public API is active for the organisation, and how to call it',
        response: { 200: publicApiConfig },
      },
    },
    async (request) => configOf(ctx, authOf(request).customer.id),
  );
  for (const [path, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    r.post(
      `${BASE}/${path}/`,
      {
        config,
        schema: {
          tags,
          summary: active
            ? 'Activate the public API: tokens are accepted again'
            : 'Deactivate the public API: every token is refused until it is activated again (tokens are kept)',
          response: { 200: publicApiConfig },
        },
      },
      async (request) => {
        const auth = authOf(request);
        await setActive(ctx.db, auth.customer.id, active, auth.user.id, ctx.clock());
        return configOf(ctx, auth.customer.id);
      },
    );
  }

  r.get(
    `${BASE}/permissions/tokens/`,
    {
      config,
      schema: {
        tags,
        summary: "The organisation's API tokens, newest first (never their secrets)",
        querystring: pageQuery,
        response: { 200: pagedSchema(apiToken) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size } = request.query;
      const { count, rows } = await listTokens(ctx.db, auth.customer.id, page, page_size);
      const now = ctx.clock();
      return paged(
        request,
        page,
        page_size,
        count,
        rows.map((row) => toApiToken(row.token, row.userEmail, auth.user.id, now)),
      );
    },
  );
  r.post(
    `${BASE}/permissions/tokens/`,
    {
      config,
      schema: {
        tags,
        summary: 'Make a token for the caller: the answer holds the secret, shown this once',
        body: apiTokenInput,
        response: { 201: apiTokenCreated },
      },
    },
    async (request, reply) => reply.code(201).send(await createToken(ctx, authOf(request), request.body)),
  );
  r.delete(
    `${BASE}/permissions/tokens/:id/`,
    {
      config,
      schema: { tags, summary: 'Delete a token: it is refused from the next request on', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (!(await deleteToken(ctx.db, authOf(request).customer.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
