// HTTP routes of scan credentials: CRUD on scan/linuxauths/, scan/windowsauths/ and scan/kubernetesauths/ (PUT or
// PATCH), the test action on a chosen host, and scan/credentials/ (every kind, for the profile editor's pickers).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDENTIAL_PATHS,
  credentialChoice,
  credentialInputOf,
  credentialOutputOf,
  credentialTestInputFor,
  credentialTestResult,
  SCAN_AUTH_OS,
  type ScanAuthOs,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody } from '../../http/list.ts';
import {
  changeCredential,
  createCredential,
  inputOf,
  listCredentialChoices,
  listCredentials,
  ownCredential,
  removeCredential,
  toCredential,
} from './service.ts';
import { testCredential } from './test-credential.ts';

const tags = ['scan credentials'];
const listQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  ordering: ordering(['name', 'modified'], 'name'),
});

function kindRoutes(app: FastifyInstance, ctx: AppContext, kind: ScanAuthOs): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/scan/${CREDENTIAL_PATHS[kind]}/`;
  const input = credentialInputOf[kind];
  const output = credentialOutputOf[kind];
  const label = kind === 'kubernetes' ? 'Kubernetes' : kind === 'linux' ? 'Linux' : 'Windows';

  r.get(
    base,
    {
      config: { access: 'credentials:read' },
      schema: {
        tags,
        summary: `${label} credentials, paged; search in name and username`,
        querystring: listQuery,
        response: { 200: pagedSchema(output) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size, search, ordering: o } = request.query;
      const { count, rows } = await listCredentials(ctx.db, auth.customer.id, kind, {
        page,
        pageSize: page_size,
        search,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(
        request,
        page,
        page_size,
        count,
        rows.map((row) => toCredential(kind, row)),
      );
    },
  );

  r.post(
    base,
    {
      config: { access: 'credentials:create' },
      schema: {
        tags,
        summary: `Create a ${label} credential (secrets are kept encrypted and answered masked)`,
        body: input,
        response: { 201: output },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await createCredential(ctx.db, ctx.secrets, auth.customer.id, auth.user.id, kind, request.body);
      return reply.code(201).send(toCredential(kind, row));
    },
  );

  r.get(
    `${base}:id/`,
    {
      config: { access: 'credentials:read' },
      schema: { tags, summary: `One ${label} credential`, params: idParams, response: { 200: output } },
    },
    async (request) => {
      const auth = authOf(request);
      return toCredential(kind, await ownCredential(ctx.db, auth.customer.id, kind, request.params.id));
    },
  );

  r.put(
    `${base}:id/`,
    {
      config: { access: 'credentials:update' },
      schema: {
        tags,
        summary: `Change a ${label} credential; a masked or missing secret stays as it is`,
        params: idParams,
        body: input,
        response: { 200: output },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return toCredential(kind, await changeCredential(ctx.db, ctx.secrets, auth.customer.id, kind, request.params.id, request.body));
    },
  );

  r.patch(
    `${base}:id/`,
    {
      config: { access: 'credentials:update' },
      schema: {
        tags,
        summary: `Change some fields of a ${label} credential; the rest stay`,
        params: idParams,
        body: patchBody,
        response: { 200: output },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const current = await ownCredential(ctx.db, auth.customer.id, kind, request.params.id);
      const merged = parseInput(input, { ...inputOf(kind, current), ...request.body });
      return toCredential(kind, await changeCredential(ctx.db, ctx.secrets, auth.customer.id, kind, request.params.id, merged));
    },
  );

  r.delete(
    `${base}:id/`,
    {
      config: { access: 'credentials:delete' },
      schema: { tags, summary: `Delete a ${label} credential no profile uses`, params: idParams },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await removeCredential(ctx.db, auth.customer.id, kind, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    `${base}:id/test/`,
    {
      config: { access: 'credentials:execute' },
      schema: {
        tags,
        summary:
          kind === 'kubernetes'
            ? 'Try a Kubernetes credential on its API server from the server: connected, authenticated, allowed to list pods and nodes'
            : `Try a ${label} credential on a host (an asset or an address) from the server: connected, authenticated, privileged, system found`,
        params: idParams,
        body: credentialTestInputFor(kind),
        response: { 200: credentialTestResult },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return testCredential(ctx, auth, kind, request.params.id, request.body);
    },
  );
}

export function credentialRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of SCAN_AUTH_OS) kindRoutes(app, ctx, kind);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/scan/credentials/',
    {
      config: { access: 'credentials:read' },
      schema: {
        tags,
        summary: 'Every credential of the customer by kind and name (for pickers)',
        response: { 200: z.array(credentialChoice) },
      },
    },
    async (request) => listCredentialChoices(ctx.db, authOf(request).customer.id),
  );
}
