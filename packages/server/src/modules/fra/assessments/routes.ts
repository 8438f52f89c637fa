// HTTP routes of phishing assessments (fra/assessments/): list (paged, search, state, ordering), one by uuid, create
// 201 (a draft, or started at once with `start: true`), change (draft or scheduled, else 409), delete 204 (not while
// under way: 409), start and cancel (phishing:execute). An assessment reaches people across the organisation, so a
// member of a LIMITED team may read assessments but not create, change, start, cancel or delete them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assessment, assessmentInput, ASSESSMENT_STATES, type Assessment } from '@bulwark/core';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { authOf } from '../../../http/guards.ts';
import { listParam, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../../http/list.ts';
import { unlimitedCaller } from '../limited.ts';
import { ASSESSMENT_ORDERING, getAssessment, listAssessments } from './read-model.ts';
import { createAssessment, deleteAssessment, updateAssessment } from './save.ts';
import { cancelAssessment, startAssessment, startIn, wakeSender } from './start.ts';

const tags = ['fra'];
const BASE = '/api/fra/assessments/';
const listQuery = pageQuery.extend({
  search: searchParam,
  state: listParam(z.enum(ASSESSMENT_STATES, { error: `Choose one of: ${ASSESSMENT_STATES.join(', ')}.` }), 10),
  ordering: ordering(ASSESSMENT_ORDERING, '-created'),
});
const uuidParams = z.object({ uuid: z.string().max(64) });
const empty = z.object({}).passthrough().optional();

export function assessmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = async (customerId: number, uuid: string): Promise<Assessment> => {
    const found = await getAssessment(ctx.db, customerId, uuid);
    if (!found) throw notFound();
    return found;
  };

  r.get(
    BASE,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'Phishing assessments, paged', querystring: listQuery, response: { 200: pagedSchema(assessment) } },
    },
    async (request) => {
      const { page, page_size, search, state, ordering: o } = request.query;
      const { count, results } = await listAssessments(ctx.db, authOf(request).customer.id, {
        page,
        pageSize: page_size,
        search,
        states: state,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.post(
    BASE,
    {
      config: { access: 'phishing:create' },
      schema: {
        tags,
        summary: 'Create an assessment (a draft; started at once with start: true)',
        body: patchBody,
        response: { 201: assessment },
      },
    },
    async (request, reply) => {
      const auth = await unlimitedCaller(ctx, request);
      const { start, ...rest } = request.body;
      if (start !== undefined && typeof start !== 'boolean') throw badRequest({ start: ['Must be true or false.'] });
      const v = parseInput(assessmentInput, rest);
      const now = ctx.clock();
      // Created and started in one transaction: a start that fails (nobody matches) leaves no draft behind.
      const uuid = await ctx.db.transaction(async (tx) => {
        const created = await createAssessment(tx, auth.customer.id, v, auth.user.id, now);
        if (start === true) await startIn(tx, ctx, auth.customer.id, created, now);
        return created;
      });
      if (start === true) await wakeSender(ctx);
      return reply.code(201).send(await one(auth.customer.id, uuid));
    },
  );
  r.get(
    `${BASE}:uuid/`,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'One assessment', params: uuidParams, response: { 200: assessment } },
    },
    async (request) => one(authOf(request).customer.id, request.params.uuid),
  );
  r.patch(
    `${BASE}:uuid/`,
    {
      config: { access: 'phishing:update' },
      schema: {
        tags,
        summary: 'Change a draft or scheduled assessment',
        params: uuidParams,
        body: patchBody,
        response: { 200: assessment },
      },
    },
    async (request) => {
      const auth = await unlimitedCaller(ctx, request);
      const current = await one(auth.customer.id, request.params.uuid);
      const merged = {
        name: current.name,
        phishing_templates: current.phishing_templates.map((t) => t.id),
        recipients: current.recipients,
        sender_domain: current.sender_domain?.id,
        landing_domain: current.landing_domain?.id ?? null,
        training_template: current.training_template?.id ?? null,
        training_trigger: current.training_trigger,
        rate_per_minute: current.rate_per_minute,
        tracking_days: current.tracking_days,
        send_start: current.send_start,
        send_end: current.send_end,
        ...request.body,
      };
      return updateAssessment(ctx, auth.customer.id, current.uuid, parseInput(assessmentInput, merged));
    },
  );
  r.delete(
    `${BASE}:uuid/`,
    { config: { access: 'phishing:delete' }, schema: { tags, summary: 'Delete an assessment with its results', params: uuidParams } },
    async (request, reply) => {
      const auth = await unlimitedCaller(ctx, request);
      await deleteAssessment(ctx, auth.customer.id, request.params.uuid);
      return reply.code(204).send();
    },
  );
  r.post(
    `${BASE}:uuid/start/`,
    {
      config: { access: 'phishing:execute' },
      schema: {
        tags,
        summary: 'Start a draft: queue one message per recipient',
        params: uuidParams,
        body: empty,
        response: { 200: assessment },
      },
    },
    async (request) => {
      const auth = await unlimitedCaller(ctx, request);
      await startAssessment(ctx, auth.customer.id, request.params.uuid);
      return one(auth.customer.id, request.params.uuid);
    },
  );
  r.post(
    `${BASE}:uuid/cancel/`,
    {
      config: { access: 'phishing:execute' },
      schema: {
        tags,
        summary: 'Cancel: queued messages are not sent, tracking stops',
        params: uuidParams,
        body: empty,
        response: { 200: assessment },
      },
    },
    async (request) => {
      const auth = await unlimitedCaller(ctx, request);
      await cancelAssessment(ctx, auth.customer.id, request.params.uuid);
      return one(auth.customer.id, request.params.uuid);
    },
  );
}
