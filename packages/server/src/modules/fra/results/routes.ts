// HTTP routes of assessment results (phishing:read): per-recipient results of one assessment and across assessments
// (paged, filtered, ordered), an assessment's timeline for its chart, a recipient's timeline across assessments and a
// target's tracking requests (bots included, with their reasons). Reads only: nothing here writes or audits.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assessmentTimeline as timelineSchema,
  recipientResult,
  recipientTimeline,
  RECIPIENT_RESULT_ORDERING,
  TARGET_STATES,
  trackingEvent,
  TRACKING_EVENTS,
} from '@bulwark/core';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../http/errors.ts';
import { authOf } from '../../../http/guards.ts';
import { boolParam, idParams, listParam, ordering, paged, pagedSchema, pageQuery, searchParam } from '../../../http/list.ts';
import { scopeOfCaller } from '../../../tenancy/visibility.ts';
import { assessmentOf, listResults, recipientOf, resultsOfRecipient, targetOf } from './read-model.ts';
import { assessmentTimeline, eventsOfTargets } from './timeline.ts';

const tags = ['phishing'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidParams = z.object({ uuid: z.string().max(64) });

const filters = {
  state: listParam(z.enum(TARGET_STATES, { error: `Choose from: ${TARGET_STATES.join(', ')}.` }), 10),
  reached: listParam(z.enum(TRACKING_EVENTS, { error: `Choose from: ${TRACKING_EVENTS.join(', ')}.` }), 10),
  severity: listParam(
    z.coerce
      .number({ error: 'Severity is 0 to 4.' })
      .int('Severity is 0 to 4.')
      .min(0, 'Severity is 0 to 4.')
      .max(4, 'Severity is 0 to 4.'),
    5,
  ),
  department: listParam(z.string().trim().max(200, 'Ensure this field has no more than 200 characters.'), 500),
  search: searchParam,
  ordering: ordering(RECIPIENT_RESULT_ORDERING, 'email'),
};
const resultsQuery = pageQuery.extend(filters);
const allResultsQuery = pageQuery.extend({
  ...filters,
  ordering: ordering(RECIPIENT_RESULT_ORDERING, '-sent_at'),
  assessment: z.string().trim().regex(UUID, 'Enter a valid assessment id (a UUID).').optional(),
  recipient: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive('Ensure this value is greater than 0.')
    .optional(),
});
const timelineQuery = z.object({ bucket: z.enum(['hour', 'day'], { error: 'Choose hour or day.' }).optional() });
const eventsQuery = pageQuery.extend({ human: boolParam });
const eventsPage = pagedSchema(trackingEvent.extend({ target: z.number().int() }));

export function fraResultRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'phishing:read' as const };

  const assessmentFor = async (customerId: number, uuid: string) => {
    const a = UUID.test(uuid) ? await assessmentOf(ctx.db, customerId, uuid) : undefined;
    if (!a) throw notFound();
    return a;
  };

  r.get(
    '/api/fra/assessments/:uuid/results/',
    {
      config,
      schema: {
        tags,
        summary: 'Per-recipient results of an assessment, paged',
        params: uuidParams,
        querystring: resultsQuery,
        response: { 200: pagedSchema(recipientResult) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const a = await assessmentFor(auth.customer.id, request.params.uuid);
      const q = request.query;
      const { count, results } = await listResults(ctx.db, await scopeOfCaller(ctx.db, auth), {
        ...q,
        assessmentId: Number(a.id),
        pageSize: q.page_size,
        ordering: q.ordering.key,
        descending: q.ordering.descending,
      });
      return paged(request, q.page, q.page_size, count, results);
    },
  );

  r.get(
    '/api/fra/recipient-results/',
    {
      config,
      schema: {
        tags,
        summary: 'Per-recipient results across assessments, paged',
        querystring: allResultsQuery,
        response: { 200: pagedSchema(recipientResult) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      let assessmentId: number | undefined;
      if (q.assessment !== undefined) {
        const a = await assessmentOf(ctx.db, auth.customer.id, q.assessment);
        // Another customer's (or no) assessment: nothing of it to list.
        if (!a) return paged(request, q.page, q.page_size, 0, []);
        assessmentId = Number(a.id);
      }
      const { count, results } = await listResults(ctx.db, await scopeOfCaller(ctx.db, auth), {
        ...q,
        assessmentId,
        recipientId: q.recipient,
        pageSize: q.page_size,
        ordering: q.ordering.key,
        descending: q.ordering.descending,
      });
      return paged(request, q.page, q.page_size, count, results);
    },
  );

  r.get(
    '/api/fra/assessments/:uuid/timeline/',
    {
      config,
      schema: {
        tags,
        summary: 'An assessment’s timeline: people’s first times and machine requests per hour or day',
        params: uuidParams,
        querystring: timelineQuery,
        response: { 200: timelineSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const a = await assessmentFor(auth.customer.id, request.params.uuid);
      // Hours while an assessment is young (two days or less of sending and tracking), days after.
      const start = new Date(a.started_at ?? a.created_at).getTime();
      const bucket = request.query.bucket ?? (ctx.clock().getTime() - start <= 2 * 86_400_000 ? 'hour' : 'day');
      return assessmentTimeline(ctx.db, await scopeOfCaller(ctx.db, auth), Number(a.id), bucket);
    },
  );

  r.get(
    '/api/fra/recipients/:id/timeline/',
    {
      config,
      schema: {
        tags,
        summary: 'A recipient’s assessments with every tracking request',
        params: idParams,
        response: { 200: recipientTimeline },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const scope = await scopeOfCaller(ctx.db, auth);
      const rec = await recipientOf(ctx.db, scope, request.params.id);
      if (!rec) throw notFound();
      const results = await resultsOfRecipient(ctx.db, scope, rec.id);
      const events = await eventsOfTargets(
        ctx.db,
        auth.customer.id,
        results.map((x) => x.id),
        { limit: 5000, offset: 0 },
      );
      const name = `${rec.first_name} ${rec.last_name}`.trim() || rec.email;
      return {
        recipient: { id: Number(rec.id), email: rec.email, name, severity: Number(rec.severity) },
        assessments: results.map((result) => ({
          result,
          events: events.results.filter((e) => e.target === result.id).map(({ target: _target, ...e }) => e),
        })),
      };
    },
  );

  r.get(
    '/api/fra/targets/:id/events/',
    {
      config,
      schema: {
        tags,
        summary: 'A recipient’s tracking requests in one assessment (bots included, marked), paged',
        params: idParams,
        querystring: eventsQuery,
        response: { 200: eventsPage },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const t = await targetOf(ctx.db, await scopeOfCaller(ctx.db, auth), request.params.id);
      if (!t) throw notFound();
      const { page, page_size, human } = request.query;
      const { count, results } = await eventsOfTargets(ctx.db, auth.customer.id, [Number(t.id)], {
        human,
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return paged(request, page, page_size, count, results);
    },
  );
}
