// HTTP routes of cloud scanning: cloud/resources/: cloud resources (assets of kind cloud) with their vulnerabilities,
// and delete (the asset and its findings, through the assets' one delete). Within the caller's asset scope; permission
// unified_assets and the cloud-vm-resources flag.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appVulnerability, cloudResource, cloudResourceQuery } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { deleteAssets } from '../assets/index.ts';
import {
  cloudResourceFindings,
  getCloudResource,
  listCloudResources,
  RESOURCE_ORDERINGS,
  type ResourceOrdering,
} from './resources-repo.ts';

const tags = ['cloud resources'];
const FLAG = 'cloud-vm-resources' as const;
const read = { access: 'unified_assets:read', flag: FLAG } as const;

const listQuery = pageQuery
  .extend(cloudResourceQuery.shape)
  .extend({ ordering: ordering(Object.keys(RESOURCE_ORDERINGS) as ResourceOrdering[], 'name') });

export function cloudResourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cloud/resources/',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Cloud resources (assets of kind cloud), paged: by provider, account, region, type, gone or seen by a run; search in name and id',
        querystring: listQuery,
        response: { 200: pagedSchema(cloudResource) },
      },
    },
    async (request) => {
      const { page, page_size, ordering: o, ...filter } = request.query;
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      const { count, results } = await listCloudResources(ctx.db, scope, filter, { page, pageSize: page_size, ordering: o });
      return paged(request, page, page_size, count, results);
    },
  );

  r.get(
    '/api/cloud/resources/:id/',
    { config: read, schema: { tags, summary: 'One cloud resource', params: idParams, response: { 200: cloudResource } } },
    async (request) => {
      const item = await getCloudResource(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), request.params.id);
      if (!item) throw notFound();
      return item;
    },
  );

  r.get(
    '/api/cloud/resources/:id/vulnerabilities/',
    {
      config: read,
      schema: {
        tags,
        summary: 'A cloud resource’s open findings (failed controls), worst first',
        params: idParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(appVulnerability) },
      },
    },
    async (request) => {
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      if (!(await getCloudResource(ctx.db, scope, request.params.id))) throw notFound();
      const { page, page_size } = request.query;
      const { count, results } = await cloudResourceFindings(ctx.db, scope, request.params.id, page, page_size);
      return paged(request, page, page_size, count, results);
    },
  );

  r.delete(
    '/api/cloud/resources/:id/',
    {
      config: { access: 'unified_assets:delete', flag: FLAG },
      schema: {
        tags,
        summary: 'Delete a cloud resource: its asset and its findings (a later scan that sees it adds it again)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      if (!(await getCloudResource(ctx.db, scope, request.params.id))) throw notFound();
      if ((await deleteAssets(ctx.db, scope, [request.params.id])) === 0) throw notFound();
      return reply.code(204).send();
    },
  );
}
