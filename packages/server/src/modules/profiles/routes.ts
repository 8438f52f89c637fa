// HTTP routes of network scan profiles: CRUD on scan/nprofiles/, copy, export and import, and noprofiles/ (the picker list).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { networkProfile, networkProfileExport, networkProfileInput, profileListItem } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody } from '../../http/list.ts';
import { getProfile, listProfiles, profileChoices } from './repo.ts';
import {
  changeProfile,
  copyProfile,
  createProfile,
  importProfile,
  inputOf,
  ownProfile,
  removeProfile,
  toExport,
  toNetworkProfile,
} from './service.ts';

const tags = ['scan profiles'];
const listQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: ordering(['name', 'modified', 'created', 'id'], 'name'),
});

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/scan/nprofiles/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'Network scan profiles the customer can use (its own and the built-ins), paged; search in name and description',
        querystring: listQuery,
        response: { 200: pagedSchema(networkProfile) },
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
      });
      return paged(request, page, page_size, count, rows.map(toNetworkProfile));
    },
  );

  r.post(
    '/api/scan/nprofiles/',
    {
      config: { access: 'net_scans:create' },
      schema: { tags, summary: 'Create a network scan profile', body: networkProfileInput, response: { 201: networkProfile } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(toNetworkProfile(await createProfile(ctx.db, auth.customer.id, auth.user.id, request.body)));
    },
  );

  r.post(
    '/api/scan/nprofiles/import/',
    {
      config: { access: 'net_scans:create' },
      schema: {
        tags,
        summary: 'Import a profile from its export; a taken name gets the copy numbering ("Name (1)")',
        body: networkProfileExport,
        response: { 201: networkProfile },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(toNetworkProfile(await importProfile(ctx.db, auth.customer.id, auth.user.id, request.body)));
    },
  );

  r.get(
    '/api/scan/nprofiles/:id/',
    {
      config: { access: 'net_scans:read' },
      schema: { tags, summary: 'One network scan profile', params: idParams, response: { 200: networkProfile } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await getProfile(ctx.db, auth.customer.id, request.params.id);
      if (!row) throw notFound();
      return toNetworkProfile(row);
    },
  );

  r.put(
    '/api/scan/nprofiles/:id/',
    {
      config: { access: 'net_scans:update' },
      schema: {
        tags,
        summary: 'Change a profile (not a built-in one)',
        params: idParams,
        body: networkProfileInput,
        response: { 200: networkProfile },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return toNetworkProfile(await changeProfile(ctx.db, auth.customer.id, request.params.id, request.body));
    },
  );

  r.patch(
    '/api/scan/nprofiles/:id/',
    {
      config: { access: 'net_scans:update' },
      schema: {
        tags,
        summary: 'Change some fields of a profile (not a built-in one); the rest stay',
        params: idParams,
        body: patchBody,
        response: { 200: networkProfile },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const current = await ownProfile(ctx.db, auth.customer.id, request.params.id);
      const input = parseInput(networkProfileInput, { ...inputOf(current), ...request.body });
      return toNetworkProfile(await changeProfile(ctx.db, auth.customer.id, request.params.id, input));
    },
  );

  r.delete(
    '/api/scan/nprofiles/:id/',
    {
      config: { access: 'net_scans:delete' },
      schema: { tags, summary: 'Delete a profile (not a built-in one, nor one a scan uses)', params: idParams },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await removeProfile(ctx.db, auth.customer.id, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/scan/nprofiles/:id/copy/',
    {
      config: { access: 'net_scans:create' },
      schema: {
        tags,
        summary: 'Copy a profile (built-ins too) under the next free "Name (n)"',
        params: idParams,
        response: { 201: networkProfile },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(toNetworkProfile(await copyProfile(ctx.db, auth.customer.id, auth.user.id, request.params.id)));
    },
  );

  r.get(
    '/api/scan/nprofiles/:id/export/',
    {
      config: { access: 'net_scans:read' },
      schema: { tags, summary: 'A profile as JSON that import accepts', params: idParams, response: { 200: networkProfileExport } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await getProfile(ctx.db, auth.customer.id, request.params.id);
      if (!row) throw notFound();
      const file = `${row.name.replace(/[^A-Za-z0-9._ -]+/g, '_')}.json`;
      return reply.header('content-disposition', `attachment; filename="${file}"`).send(toExport(row));
    },
  );

  r.get(
    '/api/noprofiles/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'Every network profile the customer can use, built-ins first (for pickers)',
        response: { 200: z.array(profileListItem) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return profileChoices(ctx.db, auth.customer.id);
    },
  );
}
