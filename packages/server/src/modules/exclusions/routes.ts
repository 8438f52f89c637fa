// HTTP routes of exceptions (feature-areas §7 exclusions/exclusions/): POST creates (200, as the spec says), GET lists
// (paged; kind, active, search), DELETE {id}/ removes (204). Permission: remediation_rules (read to list, create and
// delete to change) — an exception is a customer-wide scope rule like a remediation rule: it changes what every scan
// and every rule does, not one finding. A LIMITED team member is refused (403): an exception reaches assets outside
// the member's tags, and listing them would show addresses the member may not see.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXCLUSION_KINDS, EXCLUSION_ORDERING_KEYS, exclusion, exclusionInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import {
  boolParam,
  idParams,
  listParam,
  ordering,
  paged,
  pagedSchema,
  pageQuery,
  parseInput,
  patchBody,
  searchParam,
} from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { listExclusions } from './repo.ts';
import { createExclusion, removeExclusion } from './service.ts';

const tags = ['exclusions'];
const listQuery = pageQuery.extend({
  kind: listParam(z.enum(EXCLUSION_KINDS, { error: `Choose ${EXCLUSION_KINDS.join(', ')}.` }), 5),
  active: boolParam,
  search: searchParam,
  ordering: ordering(EXCLUSION_ORDERING_KEYS, '-created'),
});

export function exclusionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The customer of a caller who sees every asset; a LIMITED member is refused. */
  const customerOf = async (request: FastifyRequest): Promise<number> => {
    const auth = authOf(request);
    if ((await scopeOfCaller(ctx.db, auth)).limitedToTags !== null) throw forbidden();
    return auth.customer.id;
  };

  r.get(
    '/api/exclusions/exclusions/',
    {
      config: { access: 'remediation_rules:read' },
      schema: {
        tags,
        summary: 'Exceptions, paged (kind, active now, search in value, reason and test)',
        querystring: listQuery,
        response: { 200: pagedSchema(exclusion) },
      },
    },
    async (request) => {
      const customerId = await customerOf(request);
      const { page, page_size, kind, active, search, ordering: o } = request.query;
      const { count, results } = await listExclusions(ctx.db, customerId, ctx.clock(), {
        page,
        pageSize: page_size,
        kind,
        active,
        search,
        order: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.post(
    '/api/exclusions/exclusions/',
    {
      config: { access: 'remediation_rules:create' },
      // Parsed in the handler so that every field's message is keyed by its field (value, port, expires_at …).
      schema: { tags, summary: 'Add an exception (answers 200)', body: patchBody, response: { 200: exclusion } },
    },
    async (request) => {
      const customerId = await customerOf(request);
      const input = parseInput(exclusionInput, request.body);
      return createExclusion(ctx.db, customerId, authOf(request).user.id, input, ctx.clock());
    },
  );
  r.delete(
    '/api/exclusions/exclusions/:id/',
    { config: { access: 'remediation_rules:delete' }, schema: { tags, summary: 'Delete an exception', params: idParams } },
    async (request, reply) => {
      await removeExclusion(ctx.db, await customerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
