// HTTP route of bulk work on assets (assets-bulk-operation/): small sets change at once, large ones run as a job.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSET_BULK_PARAMS, accessAllows, assetBulkInput, assetBulkQueued, assetBulkResult, parseAccess } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { authOf, subjectOf } from '../../http/guards.ts';
import { parseInput } from '../../http/list.ts';
import { bulkOperation, targetIds } from './bulk.ts';
import { BULK_JOB_THRESHOLD, bulkTarget, startBulkJob } from './bulk-queue.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';

const tags = ['assets'];

/** POST assets-bulk-operation/: operation + params on the selected ids or on every asset a list filter matches. */
export function assetBulkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/assets-bulk-operation/',
    {
      config: { access: 'net_assets:update' },
      schema: {
        tags,
        summary:
          'Add or remove tags, set owner or criticality, or delete: on the selected ids or on everything a filter matches (over 10,000 assets: a job, 202)',
        body: assetBulkInput,
        response: { 200: assetBulkResult, 202: assetBulkQueued },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      // Deleting needs the delete permission as well as update.
      if (body.operation === 'delete' && !accessAllows(subjectOf(auth), parseAccess('net_assets:delete')!)) throw forbidden();
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      const target = bulkTarget(body);
      const ids = await targetIds(ctx.db, scope, target);
      const matched = ids.length;
      if (matched > BULK_JOB_THRESHOLD) {
        // Checked now so that a mistake is a 400 here, not a failed job later.
        parseInput(ASSET_BULK_PARAMS[body.operation], body.params);
        const job = await startBulkJob(
          ctx,
          { scope, operation: body.operation, params: body.params, ids: body.ids, filter: body.filter },
          matched,
        );
        return reply.code(202).send({ job, matched });
      }
      // The filter is read once: the operation works on the ids it matched.
      return reply.code(200).send(await bulkOperation(ctx.db, scope, body.operation, body.params, { ids }));
    },
  );
}
