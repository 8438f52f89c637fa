// HTTP routes of the policy library: scan/ovalpolicies/ (the installation's SCAP content and the customer's imported
// OVAL files, with search), one policy with its rules, importing an OVAL file and deleting an imported one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importedPolicyId, ovalImportInput, ovalPolicy, ovalPolicyDetail } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { importOval, listPolicies, policyDetail, removeImported } from './service.ts';
import { scanProfileRoutes } from '../profiles/index.ts';
import { POLICY_PROFILES } from './profiles.ts';
import { policyResultRoutes } from './routes-results.ts';

const tags = ['policy scans'];
const idParam = z.object({ id: z.string().min(1).max(1000) });
/** An OVAL file of a few megabytes (the SSG's own are 1–2 MB) arrives as JSON text. */
const IMPORT_BODY_LIMIT = 60 * 1024 * 1024;

export function policyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/scan/ovalpolicies/',
    {
      config: { access: 'policy_scans:read' },
      schema: {
        tags,
        summary:
          'The policy library: each profile of each XCCDF benchmark in the SCAP content folders, then the imported OVAL files; search in name and benchmark',
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        response: { 200: z.array(ovalPolicy) },
      },
    },
    async (request) => listPolicies(ctx.db, authOf(request).customer.id, request.query.search),
  );
  r.post(
    '/api/scan/ovalpolicies/import/',
    {
      config: { access: 'policy_scans:create' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import an OVAL definitions file (XML text) as a policy: each definition becomes a rule',
        body: ovalImportInput,
        response: { 201: ovalPolicyDetail },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await importOval(ctx.db, auth.customer.id, auth.user.id, request.body.name, request.body.content));
    },
  );
  r.get(
    '/api/scan/ovalpolicies/:id/',
    {
      config: { access: 'policy_scans:read' },
      schema: { tags, summary: 'One policy of the library with the rules it checks', params: idParam, response: { 200: ovalPolicyDetail } },
    },
    async (request) => {
      const policy = await policyDetail(ctx.db, authOf(request).customer.id, request.params.id);
      if (!policy) throw notFound();
      return policy;
    },
  );
  r.delete(
    '/api/scan/ovalpolicies/:id/',
    {
      config: { access: 'policy_scans:delete' },
      schema: { tags, summary: 'Delete an imported OVAL file (not while a profile uses it; installed content cannot be)', params: idParam },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (importedPolicyId(request.params.id) === null) {
        if (await policyDetail(ctx.db, auth.customer.id, request.params.id))
          throw forbidden('Policies of the installed SCAP content cannot be deleted; only imported files can.');
        throw notFound();
      }
      await removeImported(ctx.db, auth.customer.id, request.params.id);
      return reply.code(204).send();
    },
  );
  scanProfileRoutes(app, ctx, POLICY_PROFILES);
  policyResultRoutes(app, ctx);
}
