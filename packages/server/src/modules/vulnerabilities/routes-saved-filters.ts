// HTTP routes of saved filters (remediation/vm-filter-collection/): list, create (201), one, change by PUT or PATCH,
// delete (204), set-default and remove-default. A saved filter is its owner's alone: another user's is a 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedFilter, savedFilterInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, parseInput, patchBody } from '../../http/list.ts';
import {
  createSavedFilter,
  deleteSavedFilter,
  getSavedFilter,
  listSavedFilters,
  setDefaultSavedFilter,
  updateSavedFilter,
  type Owner,
} from './saved-filters.ts';

const tags = ['vulnerabilities'];
const BASE = '/api/remediation/vm-filter-collection/';

const ownerOf = (request: FastifyRequest): Owner => {
  const auth = authOf(request);
  return { customerId: auth.customer.id, userId: auth.user.id };
};

export function savedFilterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: { access: 'unified_vulnerabilities:read' },
      schema: { tags, summary: 'My saved filters', response: { 200: z.array(savedFilter) } },
    },
    (request) => listSavedFilters(ctx.db, ownerOf(request)),
  );

  r.post(
    BASE,
    {
      config: { access: 'unified_vulnerabilities:read' },
      schema: { tags, summary: 'Save a filter (409 when the name is taken)', body: savedFilterInput, response: { 201: savedFilter } },
    },
    async (request, reply) => reply.code(201).send(await createSavedFilter(ctx.db, ownerOf(request), request.body)),
  );

  r.get(
    `${BASE}:id/`,
    {
      config: { access: 'unified_vulnerabilities:read' },
      schema: { tags, summary: 'One saved filter', params: idParams, response: { 200: savedFilter } },
    },
    (request) => getSavedFilter(ctx.db, ownerOf(request), request.params.id),
  );

  r.put(
    `${BASE}:id/`,
    {
      config: { access: 'unified_vulnerabilities:read' },
      schema: { tags, summary: 'Replace a saved filter', params: idParams, body: savedFilterInput, response: { 200: savedFilter } },
    },
    (request) => updateSavedFilter(ctx.db, ownerOf(request), request.params.id, request.body),
  );

  r.patch(
    `${BASE}:id/`,
    {
      config: { access: 'unified_vulnerabilities:read' },
      schema: { tags, summary: 'Change a saved filter', params: idParams, body: patchBody, response: { 200: savedFilter } },
    },
    async (request) => {
      const owner = ownerOf(request);
      const current = await getSavedFilter(ctx.db, owner, request.params.id);
      const input = parseInput(savedFilterInput, { name: current.name, filters: current.filters, ...request.body });
      return updateSavedFilter(ctx.db, owner, request.params.id, input);
    },
  );

  r.delete(
    `${BASE}:id/`,
    { config: { access: 'unified_vulnerabilities:read' }, schema: { tags, summary: 'Delete a saved filter', params: idParams } },
    async (request, reply) => {
      await deleteSavedFilter(ctx.db, ownerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  for (const [path, isDefault] of [
    ['set-default', true],
    ['remove-default', false],
  ] as const)
    r.post(
      `${BASE}:id/${path}/`,
      {
        config: { access: 'unified_vulnerabilities:read' },
        schema: {
          tags,
          summary: isDefault ? 'Make this the filter the list opens with' : 'Stop this filter being the default',
          params: idParams,
          response: { 200: savedFilter },
        },
      },
      (request) => setDefaultSavedFilter(ctx.db, ownerOf(request), request.params.id, isDefault),
    );
}
