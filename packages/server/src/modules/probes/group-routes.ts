// HTTP routes of probe groups: a group's scans go to its online member with the least work.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { probeGroup, probeGroupInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { listGroups } from './repo.ts';
import { createGroup, deleteGroup, groupById, toGroup, updateGroup } from './service.ts';
import { authOf } from '../../http/guards.ts';

const tags = ['probes'];
const groupPatch = probeGroupInput.partial().extend({ probes: probeGroupInput.shape.probes.removeDefault().optional() });

export function probeGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/probe/probe-groups/',
    {
      config: { access: 'probes:read' },
      schema: { tags, summary: 'Probe groups with their members', querystring: pageQuery, response: { 200: pagedSchema(probeGroup) } },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size } = request.query;
      const { count, rows } = await listGroups(ctx.db, auth.customer.id, page, page_size);
      return paged(request, page, page_size, count, rows.map(toGroup));
    },
  );

  r.post(
    '/api/probe/probe-groups/',
    {
      config: { access: 'probes:create' },
      schema: { tags, summary: 'Add a probe group (members by probe id)', body: probeGroupInput, response: { 201: probeGroup } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await createGroup(ctx, auth.customer.id, request.body));
    },
  );

  r.get(
    '/api/probe/probe-groups/:id/',
    { config: { access: 'probes:read' }, schema: { tags, summary: 'One probe group', params: idParams, response: { 200: probeGroup } } },
    async (request) => groupById(ctx, authOf(request).customer.id, request.params.id),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/api/probe/probe-groups/:id/',
      {
        config: { access: 'probes:update' },
        schema: {
          tags,
          summary: 'Rename a probe group or set its members (the listed probes, exactly)',
          params: idParams,
          body: method === 'put' ? probeGroupInput : groupPatch,
          response: { 200: probeGroup },
        },
      },
      async (request) => updateGroup(ctx, authOf(request).customer.id, request.params.id, request.body),
    );
  }

  r.delete(
    '/api/probe/probe-groups/:id/',
    {
      config: { access: 'probes:delete' },
      schema: { tags, summary: 'Remove a probe group no scan uses; its probes stay', params: idParams },
    },
    async (request, reply) => {
      await deleteGroup(ctx, authOf(request).customer.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
