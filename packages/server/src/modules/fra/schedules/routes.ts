// HTTP routes of assessment schedules (fra/schedules/): list (paged, search, active, ordering), one, create 201,
// change (PUT whole, PATCH some fields), delete 204. A LIMITED team member may read schedules but not change them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assessmentSchedule, assessmentScheduleInput, type AssessmentSchedule } from '@bulwark/core';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../http/errors.ts';
import { authOf } from '../../../http/guards.ts';
import { boolParam, idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../../http/list.ts';
import { unlimitedCaller } from '../limited.ts';
import { deleteSchedule, getSchedule, listSchedules, saveSchedule, SCHEDULE_ORDERING } from './repo.ts';

const tags = ['fra'];
const BASE = '/api/fra/schedules/';
const listQuery = pageQuery.extend({ search: searchParam, active: boolParam, ordering: ordering(SCHEDULE_ORDERING, 'name') });

/** The input fields of a stored schedule (what a PATCH is merged into). */
function inputOf(s: AssessmentSchedule): Record<string, unknown> {
  return {
    name: s.name,
    active: s.active,
    start_date: s.start_date,
    time: s.time,
    time_zone: s.time_zone,
    end_date: s.end_date,
    repeat: s.repeat,
    interval: s.interval,
    weekdays: s.weekdays,
    monthly_mode: s.monthly_mode,
    max_run_cnt: s.max_run_cnt,
    window_hours: s.window_hours,
    phishing_templates: s.phishing_templates.map((t) => t.id),
    recipients: s.recipients,
    sender_domain: s.sender_domain?.id,
    landing_domain: s.landing_domain?.id ?? null,
    training_template: s.training_template?.id ?? null,
    training_trigger: s.training_trigger,
    rate_per_minute: s.rate_per_minute,
    tracking_days: s.tracking_days,
  };
}

export function scheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'Assessment schedules, paged', querystring: listQuery, response: { 200: pagedSchema(assessmentSchedule) } },
    },
    async (request) => {
      const { page, page_size, search, active, ordering: o } = request.query;
      const { count, results } = await listSchedules(ctx.db, authOf(request).customer.id, {
        page,
        pageSize: page_size,
        search,
        active,
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
      schema: { tags, summary: 'Add an assessment schedule', body: patchBody, response: { 201: assessmentSchedule } },
    },
    async (request, reply) => {
      const auth = await unlimitedCaller(ctx, request);
      const v = parseInput(assessmentScheduleInput, request.body);
      return reply.code(201).send(await saveSchedule(ctx.db, auth.customer.id, v, auth.user.id, ctx.clock()));
    },
  );
  r.get(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'One assessment schedule', params: idParams, response: { 200: assessmentSchedule } },
    },
    async (request) => {
      const found = await getSchedule(ctx.db, authOf(request).customer.id, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
  const change = async (request: FastifyRequest, id: number, body: Record<string, unknown>, whole: boolean) => {
    const auth = await unlimitedCaller(ctx, request);
    const current = await getSchedule(ctx.db, auth.customer.id, id);
    if (!current) throw notFound();
    const v = parseInput(assessmentScheduleInput, whole ? body : { ...inputOf(current), ...body });
    return saveSchedule(ctx.db, auth.customer.id, v, auth.user.id, ctx.clock(), id);
  };
  r.put(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:update' },
      schema: { tags, summary: 'Change an assessment schedule', params: idParams, body: patchBody, response: { 200: assessmentSchedule } },
    },
    async (request) => change(request, request.params.id, request.body, true),
  );
  r.patch(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:update' },
      schema: {
        tags,
        summary: 'Change some fields of an assessment schedule',
        params: idParams,
        body: patchBody,
        response: { 200: assessmentSchedule },
      },
    },
    async (request) => change(request, request.params.id, request.body, false),
  );
  r.delete(
    `${BASE}:id/`,
    { config: { access: 'phishing:delete' }, schema: { tags, summary: 'Delete an assessment schedule', params: idParams } },
    async (request, reply) => {
      const auth = await unlimitedCaller(ctx, request);
      await deleteSchedule(ctx.db, auth.customer.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
