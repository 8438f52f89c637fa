// HTTP routes of scan schedules (platform-core §7: CRUD on scan/schedules/, update by PUT or PATCH): the list with its
// filters, one schedule (by id, or by its scan for view/{scanId}), and the next starts of a timing before saving.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPEAT_FREQUENCIES,
  SCAN_TYPES,
  SCHEDULE_END_TYPES,
  inBlackout,
  schedule,
  scheduleEndType,
  scheduleInput,
  schedulePreviewInput,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import {
  boolParam,
  idParams,
  listParam,
  ordering,
  paged,
  pagedSchema,
  pageQuery,
  parseInput,
  patchBody,
  searchParam,
} from '../../http/list.ts';
import { nextStarts } from './schedule-recurrence.ts';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  scheduleAsInput,
  scheduleOfScan,
  updateSchedule,
  type Viewer,
} from './schedules.ts';

const tags = ['schedules'];
const READ = 'schedules:read' as const;
const listQuery = pageQuery.extend({
  search: searchParam,
  schedule_is_active: boolParam,
  repeat: listParam(z.enum(REPEAT_FREQUENCIES, { error: `Choose from: ${REPEAT_FREQUENCIES.join(', ')}.` }), 4),
  /** Only one kind of schedule (`was`: the web schedules of /was/schedules); every kind when not given. */
  scan_type: z.enum(SCAN_TYPES, { error: `Choose one of: ${SCAN_TYPES.join(', ')}.` }).optional(),
  ordering: ordering(['name', 'next_run_at', 'created'] as const, 'next_run_at'),
});

export function scheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewerOf = (request: FastifyRequest): Viewer => {
    const auth = authOf(request);
    return { customerId: auth.customer.id, userId: auth.user.id, admin: auth.user.isSuperuser || auth.user.customerAdmin };
  };

  r.get(
    '/api/scan/schedules/',
    {
      config: { access: READ },
      schema: { tags, summary: 'Scan schedules, next to start first', querystring: listQuery, response: { 200: pagedSchema(schedule) } },
    },
    async (request) => {
      const { page, page_size, search, schedule_is_active, repeat, scan_type, ordering: order } = request.query;
      const { count, rows } = await listSchedules(
        ctx.db,
        viewerOf(request),
        { page, pageSize: page_size, search, active: schedule_is_active, repeat, scanType: scan_type, ordering: order },
        new Date(),
      );
      return paged(request, page, page_size, count, rows);
    },
  );
  r.post(
    '/api/scan/schedules/',
    {
      config: { access: 'schedules:create' },
      schema: { tags, summary: 'A new scan schedule (and its scan)', body: scheduleInput, response: { 201: schedule } },
    },
    async (request, reply) => reply.code(201).send(await createSchedule(ctx.db, viewerOf(request), request.body, new Date())),
  );
  r.post(
    '/api/scan/schedules/preview/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'The next five starts of a timing, before saving it',
        body: schedulePreviewInput,
        response: {
          200: z.object({ upcoming: z.array(z.string()), blackout_starts: z.array(z.string()), end_type: z.enum(SCHEDULE_END_TYPES) }),
        },
      },
    },
    (request) => {
      const upcoming = nextStarts(request.body, new Date());
      const window = authOf(request).customer.blackouts;
      return {
        upcoming: upcoming.map((d) => d.toISOString()),
        blackout_starts: upcoming.filter((d) => inBlackout(window, d)).map((d) => d.toISOString()),
        end_type: scheduleEndType(request.body),
      };
    },
  );
  r.get(
    '/api/scan/schedules/by-scan/:id/',
    {
      config: { access: READ },
      schema: { tags, summary: 'The schedule of a scan (view/{scanId})', params: idParams, response: { 200: schedule } },
    },
    (request) => scheduleOfScan(ctx.db, viewerOf(request), request.params.id, new Date()),
  );
  r.get(
    '/api/scan/schedules/:id/',
    { config: { access: READ }, schema: { tags, summary: 'One scan schedule', params: idParams, response: { 200: schedule } } },
    (request) => getSchedule(ctx.db, viewerOf(request), request.params.id, new Date()),
  );
  r.put(
    '/api/scan/schedules/:id/',
    {
      config: { access: 'schedules:update' },
      schema: { tags, summary: 'Change a scan schedule', params: idParams, body: scheduleInput, response: { 200: schedule } },
    },
    (request) => updateSchedule(ctx.db, viewerOf(request), request.params.id, request.body, new Date()),
  );
  r.patch(
    '/api/scan/schedules/:id/',
    {
      config: { access: 'schedules:update' },
      schema: {
        tags,
        summary: 'Change part of a scan schedule (e.g. schedule_is_active)',
        params: idParams,
        body: patchBody,
        response: { 200: schedule },
      },
    },
    async (request) => {
      const now = new Date();
      const current = await scheduleAsInput(ctx.db, viewerOf(request), request.params.id, now);
      return updateSchedule(ctx.db, viewerOf(request), request.params.id, parseInput(scheduleInput, { ...current, ...request.body }), now);
    },
  );
  r.delete(
    '/api/scan/schedules/:id/',
    {
      config: { access: 'schedules:delete' },
      schema: { tags, summary: 'Delete a scan schedule (its scan and runs stay, unscheduled)', params: idParams },
    },
    async (request, reply) => {
      await deleteSchedule(ctx.db, viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
