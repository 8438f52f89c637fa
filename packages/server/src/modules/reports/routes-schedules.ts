// HTTP routes of report schedules: CRUD (PUT or PATCH), the next five runs of a schedule before it is saved, and
// "run now".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { report, reportSchedule, reportScheduleInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery, parseInput, patchBody } from '../../http/list.ts';
import { getReport, type ReportOwner } from './runs.ts';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  runScheduleNow,
  scheduleValues,
  updateSchedule,
  upcomingRuns,
} from './schedules.ts';
import { REPORT_QUEUE } from './service.ts';

const tags = ['reports'];
const READ = 'reports:read' as const;
const timing = reportScheduleInput.pick({ frequency: true, time: true, weekday: true, day_of_month: true, time_zone: true });

export function reportScheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ownerOf = (request: FastifyRequest): ReportOwner => ({ customerId: authOf(request).customer.id, userId: authOf(request).user.id });
  const customerOf = (request: FastifyRequest) => authOf(request).customer.id;

  r.get(
    '/api/reports/schedules/',
    {
      config: { access: READ },
      schema: { tags, summary: 'Report schedules', querystring: pageQuery, response: { 200: pagedSchema(reportSchedule) } },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await listSchedules(ctx.db, customerOf(request), page, page_size, new Date());
      return paged(request, page, page_size, count, rows);
    },
  );
  r.post(
    '/api/reports/schedules/',
    {
      config: { access: 'reports:create' },
      schema: { tags, summary: 'A new report schedule', body: reportScheduleInput, response: { 201: reportSchedule } },
    },
    async (request, reply) => reply.code(201).send(await createSchedule(ctx.db, ownerOf(request), request.body, new Date())),
  );
  r.post(
    '/api/reports/schedules/preview/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'The next five runs of a schedule, before saving it',
        body: z.looseObject(timing.shape),
        response: { 200: z.object({ upcoming: z.array(z.string()) }) },
      },
    },
    (request) => ({ upcoming: upcomingRuns(request.body, new Date()).map((d) => d.toISOString()) }),
  );
  r.get(
    '/api/reports/schedules/:id/',
    { config: { access: READ }, schema: { tags, summary: 'One report schedule', params: idParams, response: { 200: reportSchedule } } },
    (request) => getSchedule(ctx.db, customerOf(request), request.params.id, new Date()),
  );
  r.put(
    '/api/reports/schedules/:id/',
    {
      config: { access: 'reports:update' },
      schema: { tags, summary: 'Change a report schedule', params: idParams, body: reportScheduleInput, response: { 200: reportSchedule } },
    },
    (request) => updateSchedule(ctx.db, customerOf(request), request.params.id, request.body, new Date()),
  );
  r.patch(
    '/api/reports/schedules/:id/',
    {
      config: { access: 'reports:update' },
      schema: {
        tags,
        summary: 'Change part of a report schedule (e.g. is_active)',
        params: idParams,
        body: patchBody,
        response: { 200: reportSchedule },
      },
    },
    async (request) => {
      const now = new Date();
      const current = await scheduleValues(ctx.db, customerOf(request), request.params.id, now);
      return updateSchedule(
        ctx.db,
        customerOf(request),
        request.params.id,
        parseInput(reportScheduleInput, { ...current, ...request.body }),
        now,
      );
    },
  );
  r.delete(
    '/api/reports/schedules/:id/',
    { config: { access: 'reports:delete' }, schema: { tags, summary: 'Delete a report schedule (its reports stay)', params: idParams } },
    async (request, reply) => {
      await deleteSchedule(ctx.db, customerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/reports/schedules/:id/run/',
    {
      config: { access: 'reports:create' },
      schema: { tags, summary: "Make the schedule's report now", params: idParams, response: { 201: report } },
    },
    async (request, reply) => {
      if (!ctx.jobs) throw new Error('The job queue is not running: reports cannot be made.');
      const id = await runScheduleNow(ctx.db, customerOf(request), request.params.id, new Date());
      await ctx.jobs.send(REPORT_QUEUE, { reportId: id });
      return reply.code(201).send(await getReport(ctx.db, customerOf(request), id));
    },
  );
}
