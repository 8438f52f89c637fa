// HTTP routes of remediation rules (feature-areas §7 remediation/rules/, "policies" on screen; need unified-remediation
// and the remediation_rules permission): list, one, create 201, change 200 (PUT or PATCH), delete 204, the preview
// count before saving, and a run over what exists. A rule acts on every asset of the organisation, so a member of a
// LIMITED team may read rules and preview them over what the member sees, but not change or run them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  remediationRule,
  remediationRuleInput,
  remediationRulePreview,
  remediationRulePreviewInput,
  remediationRuleRun,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { boolParam, idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { getRule, listRules, RULE_ORDERING } from './repo.ts';
import { deleteRule, previewRule, runRule, saveRule } from './service.ts';

const tags = ['remediation'];
const flag = 'unified-remediation' as const;
const listQuery = pageQuery.extend({ search: searchParam, enabled: boolParam, ordering: ordering(RULE_ORDERING, 'position') });

export const LIMITED_RULES =
  'Rules act on every asset of the organisation: a member of a team limited to some assets cannot change or run them.';

export function remediationRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Changing or running a rule needs sight of every asset. */
  const unlimited = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const scope = await scopeOfCaller(ctx.db, auth);
    if (scope.limitedToTags !== null) throw forbidden(LIMITED_RULES);
    return auth;
  };

  r.get(
    '/api/remediation/rules/',
    {
      config: { access: 'remediation_rules:read', flag },
      schema: {
        tags,
        summary: 'Remediation rules, paged (in evaluation order by default)',
        querystring: listQuery,
        response: { 200: pagedSchema(remediationRule) },
      },
    },
    async (request) => {
      const { page, page_size, search, enabled, ordering: o } = request.query;
      const { count, results } = await listRules(ctx.db, authOf(request).customer.id, {
        page,
        pageSize: page_size,
        search,
        enabled,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.post(
    '/api/remediation/rules/',
    {
      config: { access: 'remediation_rules:create', flag },
      schema: { tags, summary: 'Add a rule', body: remediationRuleInput, response: { 201: remediationRule } },
    },
    async (request, reply) => {
      const auth = await unlimited(request);
      return reply.code(201).send(await saveRule(ctx, auth.customer.id, request.body, auth.user.id));
    },
  );
  r.post(
    '/api/remediation/rules/preview/',
    {
      // A count, not a write: read access, and not audited.
      config: { access: 'remediation_rules:read', flag, audit: false },
      schema: {
        tags,
        summary: 'What a rule would ticket now (findings, tickets by its grouping, assets, issues), before saving it',
        body: remediationRulePreviewInput,
        response: { 200: remediationRulePreview },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const scope = await scopeOfCaller(ctx.db, auth);
      const grouping = request.body.actions?.open_ticket?.grouping ?? 'individual';
      return previewRule(ctx, auth.customer.id, request.body.conditions, grouping, scope.limitedToTags === null ? undefined : scope);
    },
  );
  r.get(
    '/api/remediation/rules/:id/',
    {
      config: { access: 'remediation_rules:read', flag },
      schema: { tags, summary: 'One rule', params: idParams, response: { 200: remediationRule } },
    },
    async (request) => {
      const found = await getRule(ctx.db, authOf(request).customer.id, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
  const change = async (request: FastifyRequest, id: number, body: Record<string, unknown>, whole: boolean) => {
    const auth = await unlimited(request);
    const current = await getRule(ctx.db, auth.customer.id, id);
    if (!current) throw notFound();
    const { name, description, enabled, position, conditions, actions } = current;
    const merged = whole ? body : { name, description, enabled, position, conditions, actions, ...body };
    return saveRule(ctx, auth.customer.id, parseInput(remediationRuleInput, merged), auth.user.id, id);
  };
  r.put(
    '/api/remediation/rules/:id/',
    {
      config: { access: 'remediation_rules:update', flag },
      schema: { tags, summary: 'Change a rule', params: idParams, body: patchBody, response: { 200: remediationRule } },
    },
    async (request) => change(request, request.params.id, request.body, true),
  );
  r.patch(
    '/api/remediation/rules/:id/',
    {
      config: { access: 'remediation_rules:update', flag },
      schema: { tags, summary: 'Change some fields of a rule', params: idParams, body: patchBody, response: { 200: remediationRule } },
    },
    async (request) => change(request, request.params.id, request.body, false),
  );
  r.delete(
    '/api/remediation/rules/:id/',
    {
      config: { access: 'remediation_rules:delete', flag },
      schema: { tags, summary: 'Delete a rule (its tickets stay)', params: idParams },
    },
    async (request, reply) => {
      const auth = await unlimited(request);
      await deleteRule(ctx.db, auth.customer.id, request.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/remediation/rules/:id/run/',
    {
      config: { access: 'remediation_rules:execute', flag },
      schema: {
        tags,
        summary: 'Evaluate the rule now over every finding that exists (opens what it would have opened; never a second ticket)',
        params: idParams,
        body: z.object({}).passthrough().optional(),
        response: { 200: remediationRuleRun },
      },
    },
    async (request) => {
      const auth = await unlimited(request);
      const rule = await getRule(ctx.db, auth.customer.id, request.params.id);
      if (!rule) throw notFound();
      return runRule(ctx, auth.customer.id, rule);
    },
  );
}
