// HTTP routes of what authenticated looks left on an asset: its authentication state (health, system, kernels, the
// pinned SSH host key), trusting a changed host key, and its installed packages.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hostAuthentication, hostPackage } from '@bulwark/core';
import { releaseSupport } from '@bulwark/intel';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { getAssetRow, scopeOfCaller } from '../assets/index.ts';
import { hostAuthState, listHostPackages, trustHostKey } from './service.ts';

const tags = ['assets'];
const packagesQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: ordering(['name', 'vulnerabilities'], 'name'),
});

export function assetAuthenticationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The asset within the caller's scope (404 otherwise). */
  const visibleAsset = async (request: Parameters<typeof authOf>[0], id: number) => {
    const auth = authOf(request);
    const row = await getAssetRow(ctx.db, await scopeOfCaller(ctx.db, auth), id);
    if (!row) throw notFound();
    return { customerId: auth.customer.id, row };
  };
  const state = (customerId: number, id: number) =>
    hostAuthState(ctx.db, customerId, id, (s) => {
      if (!s.osId || !s.osVersion) return null;
      const support = releaseSupport(s.osId, s.osVersion, new Date());
      return support.ended ? support.endsOn : null;
    });

  r.get(
    '/api/assets/:id/authentication/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags,
        summary: 'What the last authenticated look at the host found: credential health, system, kernels, SSH host key (null before one)',
        params: idParams,
        response: { 200: hostAuthentication.nullable() },
      },
    },
    async (request) => {
      const { customerId } = await visibleAsset(request, request.params.id);
      return state(customerId, request.params.id);
    },
  );

  r.post(
    '/api/assets/:id/authentication/trust-host-key/',
    {
      config: { access: 'net_assets:update' },
      schema: {
        tags,
        summary: 'Pin the SSH host key the host presents now (after it changed); authenticated looks resume',
        params: idParams,
        response: { 200: hostAuthentication },
      },
    },
    async (request) => {
      const { customerId } = await visibleAsset(request, request.params.id);
      if (!(await trustHostKey(ctx.db, customerId, request.params.id))) throw notFound('No SSH host key has been seen on this asset.');
      return (await state(customerId, request.params.id))!;
    },
  );

  r.get(
    '/api/assets/:id/packages/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags,
        summary: 'The packages installed on the host as its last authenticated look listed them, paged; search in name and source',
        params: idParams,
        querystring: packagesQuery,
        response: { 200: pagedSchema(hostPackage) },
      },
    },
    async (request) => {
      const { customerId } = await visibleAsset(request, request.params.id);
      const { page, page_size, search, ordering: o } = request.query;
      const { count, rows } = await listHostPackages(ctx.db, customerId, request.params.id, {
        search,
        page,
        pageSize: page_size,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, rows);
    },
  );
}
