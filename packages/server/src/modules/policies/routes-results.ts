// HTTP routes of policy run results: scan/noruns/{id}/hosts/ (each host's score and counts), scan/noruns/{id}/rules/
// (rule by rule with the evidence, filtered by host, result, severity and text) and assets/{id}/policy-results/ (the
// host's latest result of each policy).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetPolicyResult,
  POLICY_RULE_ORDERINGS,
  POLICY_RULE_RESULTS,
  policyHostResult,
  policyRuleRow,
  RULE_SEVERITIES,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, listParam, ordering, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { getAssetRow, scopeOfCaller } from '../assets/index.ts';
import { assetPolicyResults, policyRun, runPolicyHosts, runPolicyRules } from './results.ts';

const tags = ['policy scans'];

const rulesQuery = pageQuery.extend({
  host: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive().optional(),
  result: listParam(z.enum(POLICY_RULE_RESULTS, { error: `Choose a result: ${POLICY_RULE_RESULTS.join(', ')}.` })),
  severity: listParam(z.enum(RULE_SEVERITIES, { error: `Choose a severity: ${RULE_SEVERITIES.join(', ')}.` })),
  search: z.string().trim().max(200).optional(),
  ordering: ordering(POLICY_RULE_ORDERINGS, 'result'),
});

export function policyResultRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/scan/noruns/:id/hosts/',
    {
      config: { access: 'policy_scans:read' },
      schema: {
        tags,
        summary: 'The hosts of a policy run with their score, counts per result and credential health',
        params: idParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(policyHostResult) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!(await policyRun(ctx.db, auth.customer.id, request.params.id))) throw notFound();
      const { page, page_size } = request.query;
      const { count, rows } = await runPolicyHosts(ctx.db, auth.customer.id, request.params.id, page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );

  r.get(
    '/api/scan/noruns/:id/rules/',
    {
      config: { access: 'policy_scans:read' },
      schema: {
        tags,
        summary: 'The rules of a policy run on each host (or one, with host), with the evidence; filters result, severity, search',
        params: idParams,
        querystring: rulesQuery,
        response: { 200: pagedSchema(policyRuleRow) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!(await policyRun(ctx.db, auth.customer.id, request.params.id))) throw notFound();
      const { page, page_size, host, result, severity, search, ordering: o } = request.query;
      const { count, rows } = await runPolicyRules(
        ctx.db,
        auth.customer.id,
        request.params.id,
        { host, results: result, severities: severity, search: search || undefined },
        o,
        page,
        page_size,
      );
      return paged(request, page, page_size, count, rows);
    },
  );

  r.get(
    '/api/assets/:id/policy-results/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags: ['assets'],
        summary: 'The host’s latest result of each policy it was evaluated against, newest first',
        params: idParams,
        response: { 200: z.array(assetPolicyResult) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await getAssetRow(ctx.db, await scopeOfCaller(ctx.db, auth), request.params.id);
      if (!row) throw notFound();
      return assetPolicyResults(ctx.db, auth.customer.id, request.params.id);
    },
  );
}
