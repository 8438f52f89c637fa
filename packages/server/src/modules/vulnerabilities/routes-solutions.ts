// HTTP route of an asset's remediation plan (issue 26): GET unified-assets/{id}/solutions/ — its open findings that
// count, grouped by the fix (one upgrade once for every CVE it fixes). An asset the caller cannot see is a 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assetSolutions } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { assetInScope, assetSolutions as solutionsOf } from './solutions.ts';

export function solutionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/unified-assets/:id/solutions/',
    {
      config: { access: 'unified_vulnerabilities:read' },
      schema: {
        tags: ['vulnerabilities'],
        summary: "An asset's open findings grouped by what fixes them: each upgrade once, with every weakness it fixes",
        params: idParams,
        response: { 200: assetSolutions },
      },
    },
    async (request) => {
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      if (!(await assetInScope(ctx.db, scope, request.params.id))) throw notFound();
      return solutionsOf(ctx.db, scope, request.params.id);
    },
  );
}
