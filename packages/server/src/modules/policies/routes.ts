// HTTP routes of the policy library: scan/ovalpolicies/ (every policy the installation's SCAP content offers, with
// search) and one policy with its rules.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ovalPolicy, ovalPolicyDetail } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { policyLibrary } from './library.ts';

const tags = ['policy scans'];

export function policyRoutes(app: FastifyInstance, _ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/scan/ovalpolicies/',
    {
      config: { access: 'policy_scans:read' },
      schema: {
        tags,
        summary: 'The policy library: each profile of each XCCDF benchmark in the SCAP content folders; search in name and benchmark',
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        response: { 200: z.array(ovalPolicy) },
      },
    },
    async (request) => {
      const search = request.query.search?.toLowerCase();
      const all = policyLibrary().policies;
      return search ? all.filter((p) => `${p.name} ${p.benchmark}`.toLowerCase().includes(search)) : all;
    },
  );
  r.get(
    '/api/scan/ovalpolicies/:id/',
    {
      config: { access: 'policy_scans:read' },
      schema: {
        tags,
        summary: 'One policy of the library with the rules it checks',
        params: z.object({ id: z.string().min(1).max(1000) }),
        response: { 200: ovalPolicyDetail },
      },
    },
    async (request) => {
      const entry = policyLibrary().byId.get(request.params.id);
      if (!entry) throw notFound();
      return entry.policy;
    },
  );
}
