// HTTP routes of probes (scan appliances): the picker list with the built-in probe, probe CRUD and registration tokens.
// Reading needs the `probes` permission; changing needs its create/update/delete action (superusers have all).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { probe, probeBasic, probeCreated, probeInput, probePatch, probeToken } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { ordering, paged, pagedSchema, pageQuery, searchParam } from '../../http/list.ts';
import { listProbes, probeNames, PROBE_ORDERINGS, type ProbeOrdering } from './repo.ts';
import { BUILTIN_PROBE_NAME, createProbe, deleteProbe, patchProbe, probeOrBuiltin, renewToken, toProbe } from './service.ts';

const tags = ['probes'];
/** Probe ids, with -1 for the built-in probe. */
const idParams = z.object({ id: z.coerce.number().int().min(-1) });
const orderings = Object.keys(PROBE_ORDERINGS) as ProbeOrdering[];

export function probeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/probe_basics/probes/',
    {
      config: { access: 'probes:read' },
      schema: {
        tags,
        summary: 'Every probe for pickers, the built-in (external) probe first as id -1',
        response: { 200: z.array(probeBasic) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return [{ id: -1, name: BUILTIN_PROBE_NAME }, ...(await probeNames(ctx.db, auth.customer.id))];
    },
  );

  r.get(
    '/api/probe/probes/',
    {
      config: { access: 'probes:read' },
      schema: {
        tags,
        summary: 'Remote probes with their status (online, offline, not registered) and active runs',
        querystring: pageQuery.extend({
          ordering: ordering(orderings, 'name'),
          search: searchParam,
        }),
        response: { 200: pagedSchema(probe) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const { count, rows } = await listProbes(ctx.db, auth.customer.id, {
        page: q.page,
        pageSize: q.page_size,
        ordering: q.ordering.key,
        descending: q.ordering.descending,
        search: q.search || undefined,
      });
      return paged(
        request,
        q.page,
        q.page_size,
        count,
        rows.map((row) => toProbe(row, ctx)),
      );
    },
  );

  r.post(
    '/api/probe/probes/',
    {
      config: { access: 'probes:create' },
      schema: {
        tags,
        summary: 'Add a remote probe; the answer carries its one-time registration token (shown only here)',
        body: probeInput,
        response: { 201: probeCreated },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { probe: created, registration } = await createProbe(ctx, auth.customer.id, request.body);
      return reply.code(201).send({ ...created, registration });
    },
  );

  r.get(
    '/api/probe/probes/:id/',
    {
      config: { access: 'probes:read' },
      schema: { tags, summary: 'One probe; -1 is the built-in probe', params: idParams, response: { 200: probe } },
    },
    async (request) => probeOrBuiltin(ctx, authOf(request).customer.id, request.params.id),
  );

  r.patch(
    '/api/probe/probes/:id/',
    {
      config: { access: 'probes:update' },
      schema: { tags, summary: 'Rename a probe or move it to another group', params: idParams, body: probePatch, response: { 200: probe } },
    },
    async (request) => patchProbe(ctx, authOf(request).customer.id, request.params.id, request.body),
  );

  r.delete(
    '/api/probe/probes/:id/',
    { config: { access: 'probes:delete' }, schema: { tags, summary: 'Remove a probe no scan uses any more', params: idParams } },
    async (request, reply) => {
      await deleteProbe(ctx, authOf(request).customer.id, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/probe/probes/:id/token/',
    {
      config: { access: 'probes:update' },
      schema: {
        tags,
        summary: 'A new one-time registration token (valid 24 hours); the previous one stops working',
        params: idParams,
        response: { 201: probeToken },
      },
    },
    async (request, reply) => {
      const token = await renewToken(ctx, authOf(request).customer.id, request.params.id);
      return reply.code(201).send(token);
    },
  );
}
