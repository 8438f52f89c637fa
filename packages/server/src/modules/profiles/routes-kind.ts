// The one route set of scan profiles, generic over a scan kind (core's scan-kinds): CRUD on scan/<profiles>/ (PUT or
// PATCH), copy, export and import. Each kind brings its descriptor and a ProfileStore with its own rules (fields,
// names, what a reply holds); network profiles (scan/nprofiles/) and policy profiles (scan/oprofiles/) are two stores.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiAccess, ScanKind } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody } from '../../http/list.ts';
import { getProfile, listProfiles, type ProfileWithUser } from './repo.ts';

/** The operations of the route set, each with its summary in the API document. */
export type ProfileOperation = 'list' | 'create' | 'import' | 'read' | 'change' | 'patch' | 'remove' | 'copy' | 'export';

/** What a kind's profiles do beyond the shared routes: their rules live in the kind's own service. */
export interface ProfileStore<TKind extends ScanKind> {
  kind: TKind;
  /** The API document's tag of the routes. */
  tags: string[];
  summaries: Record<ProfileOperation, string>;
  /** A stored profile as the API answers it. */
  reply(
    db: Tx,
    customerId: number,
    row: ProfileWithUser,
  ): z.output<TKind['schemas']['profile']> | Promise<z.output<TKind['schemas']['profile']>>;
  create(db: Db, customerId: number, userId: number, input: z.output<TKind['schemas']['profileInput']>): Promise<ProfileWithUser>;
  import(db: Db, customerId: number, userId: number, data: z.output<TKind['schemas']['profileExport']>): Promise<ProfileWithUser>;
  change(db: Db, customerId: number, id: number, input: z.output<TKind['schemas']['profileInput']>): Promise<ProfileWithUser>;
  /** The profile the customer may change (403 on a built-in, 404 on none). */
  own(db: Tx, customerId: number, id: number): Promise<ProfileWithUser>;
  /** A stored profile as the input it would be written as (PATCH merges into this). */
  inputOf(row: ProfileWithUser): Record<string, unknown>;
  copy(db: Db, customerId: number, userId: number, id: number): Promise<ProfileWithUser>;
  remove(db: Db, customerId: number, id: number): Promise<void>;
  toExport(row: ProfileWithUser): z.output<TKind['schemas']['profileExport']>;
}

const listQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: ordering(['name', 'modified', 'created', 'id'], 'name'),
});

export function scanProfileRoutes<TKind extends ScanKind>(app: FastifyInstance, ctx: AppContext, store: ProfileStore<TKind>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { kind, tags, summaries: summary } = store;
  const { profile, profileInput, profileExport } = kind.schemas;
  const base = `/api/scan/${kind.api.profiles}/`;
  const access = (action: 'read' | 'create' | 'update' | 'delete') => ({ access: `${kind.permission}:${action}` as ApiAccess });
  // The type provider cannot see through a generic schema (the body is `unknown` to it); the schema has parsed it.
  type Input = z.output<TKind['schemas']['profileInput']>;
  type Export = z.output<TKind['schemas']['profileExport']>;

  r.get(
    base,
    { config: access('read'), schema: { tags, summary: summary.list, querystring: listQuery, response: { 200: pagedSchema(profile) } } },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size, search, ordering: o } = request.query;
      const { count, rows } = await listProfiles(ctx.db, auth.customer.id, {
        page,
        pageSize: page_size,
        search,
        ordering: o.key,
        descending: o.descending,
        type: kind.type,
      });
      return paged(request, page, page_size, count, await Promise.all(rows.map((row) => store.reply(ctx.db, auth.customer.id, row))));
    },
  );

  r.post(
    base,
    { config: access('create'), schema: { tags, summary: summary.create, body: profileInput, response: { 201: profile } } },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await store.create(ctx.db, auth.customer.id, auth.user.id, request.body as Input);
      return reply.code(201).send(await store.reply(ctx.db, auth.customer.id, row));
    },
  );

  r.post(
    `${base}import/`,
    { config: access('create'), schema: { tags, summary: summary.import, body: profileExport, response: { 201: profile } } },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await store.import(ctx.db, auth.customer.id, auth.user.id, request.body as Export);
      return reply.code(201).send(await store.reply(ctx.db, auth.customer.id, row));
    },
  );

  r.get(
    `${base}:id/`,
    { config: access('read'), schema: { tags, summary: summary.read, params: idParams, response: { 200: profile } } },
    async (request) => {
      const auth = authOf(request);
      const row = await getProfile(ctx.db, auth.customer.id, request.params.id, kind.type);
      if (!row) throw notFound();
      return store.reply(ctx.db, auth.customer.id, row);
    },
  );

  r.put(
    `${base}:id/`,
    {
      config: access('update'),
      schema: { tags, summary: summary.change, params: idParams, body: profileInput, response: { 200: profile } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await store.change(ctx.db, auth.customer.id, request.params.id, request.body as Input);
      return store.reply(ctx.db, auth.customer.id, row);
    },
  );

  r.patch(
    `${base}:id/`,
    {
      config: access('update'),
      schema: { tags, summary: summary.patch, params: idParams, body: patchBody, response: { 200: profile } },
    },
    async (request) => {
      const auth = authOf(request);
      const current = await store.own(ctx.db, auth.customer.id, request.params.id);
      const input = parseInput(profileInput, { ...store.inputOf(current), ...request.body }) as Input;
      return store.reply(ctx.db, auth.customer.id, await store.change(ctx.db, auth.customer.id, request.params.id, input));
    },
  );

  r.delete(
    `${base}:id/`,
    { config: access('delete'), schema: { tags, summary: summary.remove, params: idParams } },
    async (request, reply) => {
      const auth = authOf(request);
      await store.remove(ctx.db, auth.customer.id, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    `${base}:id/copy/`,
    { config: access('create'), schema: { tags, summary: summary.copy, params: idParams, response: { 201: profile } } },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await store.copy(ctx.db, auth.customer.id, auth.user.id, request.params.id);
      return reply.code(201).send(await store.reply(ctx.db, auth.customer.id, row));
    },
  );

  r.get(
    `${base}:id/export/`,
    { config: access('read'), schema: { tags, summary: summary.export, params: idParams, response: { 200: profileExport } } },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await getProfile(ctx.db, auth.customer.id, request.params.id, kind.type);
      if (!row) throw notFound();
      const file = `${row.name.replace(/[^A-Za-z0-9._ -]+/g, '_')}.json`;
      return reply.header('content-disposition', `attachment; filename="${file}"`).send(store.toExport(row));
    },
  );
}
