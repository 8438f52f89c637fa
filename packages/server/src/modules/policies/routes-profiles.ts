// HTTP routes of policy profiles: CRUD on scan/oprofiles/ (PUT or PATCH), copy, export and import.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policyProfile, policyProfileExport, policyProfileInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody } from '../../http/list.ts';
import { getProfile, listProfiles, removeProfile } from '../profiles/service.ts';
import {
  changePolicyProfile,
  copyPolicyProfile,
  createPolicyProfile,
  importPolicyProfile,
  inputOf,
  ownPolicyProfile,
  toExport,
  toPolicyProfile,
} from './profiles.ts';

const tags = ['policy scans'];
const listQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: ordering(['name', 'modified', 'created', 'id'], 'name'),
});

export function policyProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const out = (customerId: number) => (row: Parameters<typeof toPolicyProfile>[2]) => toPolicyProfile(ctx.db, customerId, row);

  r.get(
    '/api/scan/oprofiles/',
    {
      config: { access: 'policy_scans:read' },
      schema: {
        tags,
        summary: 'Policy scan profiles, paged; search in name and description',
        querystring: listQuery,
        response: { 200: pagedSchema(policyProfile) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size, search, ordering: o } = request.query;
      const { count, rows } = await listProfiles(ctx.db, auth.customer.id, {
        page,
        pageSize: page_size,
        search,
        ordering: o.key,
        descending: o.descending,
        type: 'oval',
      });
      return paged(request, page, page_size, count, await Promise.all(rows.map(out(auth.customer.id))));
    },
  );

  r.post(
    '/api/scan/oprofiles/',
    {
      config: { access: 'policy_scans:create' },
      schema: { tags, summary: 'Create a policy scan profile', body: policyProfileInput, response: { 201: policyProfile } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await createPolicyProfile(ctx.db, auth.customer.id, auth.user.id, request.body);
      return reply.code(201).send(await out(auth.customer.id)(row));
    },
  );

  r.post(
    '/api/scan/oprofiles/import/',
    {
      config: { access: 'policy_scans:create' },
      schema: {
        tags,
        summary: 'Import a policy profile from its export; a taken name gets the copy numbering ("Name (1)")',
        body: policyProfileExport,
        response: { 201: policyProfile },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await importPolicyProfile(ctx.db, auth.customer.id, auth.user.id, request.body);
      return reply.code(201).send(await out(auth.customer.id)(row));
    },
  );

  r.get(
    '/api/scan/oprofiles/:id/',
    {
      config: { access: 'policy_scans:read' },
      schema: { tags, summary: 'One policy scan profile', params: idParams, response: { 200: policyProfile } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await getProfile(ctx.db, auth.customer.id, request.params.id, 'oval');
      if (!row) throw notFound();
      return out(auth.customer.id)(row);
    },
  );

  r.put(
    '/api/scan/oprofiles/:id/',
    {
      config: { access: 'policy_scans:update' },
      schema: { tags, summary: 'Change a policy profile', params: idParams, body: policyProfileInput, response: { 200: policyProfile } },
    },
    async (request) => {
      const auth = authOf(request);
      return out(auth.customer.id)(await changePolicyProfile(ctx.db, auth.customer.id, request.params.id, request.body));
    },
  );

  r.patch(
    '/api/scan/oprofiles/:id/',
    {
      config: { access: 'policy_scans:update' },
      schema: {
        tags,
        summary: 'Change some fields of a policy profile; the rest stay',
        params: idParams,
        body: patchBody,
        response: { 200: policyProfile },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const current = await ownPolicyProfile(ctx.db, auth.customer.id, request.params.id);
      const input = parseInput(policyProfileInput, { ...inputOf(current), ...request.body });
      return out(auth.customer.id)(await changePolicyProfile(ctx.db, auth.customer.id, request.params.id, input));
    },
  );

  r.delete(
    '/api/scan/oprofiles/:id/',
    {
      config: { access: 'policy_scans:delete' },
      schema: { tags, summary: 'Delete a policy profile (not one a scan uses)', params: idParams },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await removeProfile(ctx.db, auth.customer.id, request.params.id, 'oval');
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/scan/oprofiles/:id/copy/',
    {
      config: { access: 'policy_scans:create' },
      schema: { tags, summary: 'Copy a policy profile under the next free "Name (n)"', params: idParams, response: { 201: policyProfile } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await copyPolicyProfile(ctx.db, auth.customer.id, auth.user.id, request.params.id);
      return reply.code(201).send(await out(auth.customer.id)(row));
    },
  );

  r.get(
    '/api/scan/oprofiles/:id/export/',
    {
      config: { access: 'policy_scans:read' },
      schema: { tags, summary: 'A policy profile as JSON that import accepts', params: idParams, response: { 200: policyProfileExport } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await getProfile(ctx.db, auth.customer.id, request.params.id, 'oval');
      if (!row) throw notFound();
      const file = `${row.name.replace(/[^A-Za-z0-9._ -]+/g, '_')}.json`;
      return reply.header('content-disposition', `attachment; filename="${file}"`).send(toExport(row));
    },
  );
}
