// HTTP routes of dashboards (platform-core §7 Dashboards): the user's dashboards (CRUD, dashboard-create/ for a new
// default one), their widgets (CRUD, 100 a page, preview), one widget with its data, and the trend of open
// vulnerabilities (dashboard/stats/vulnsovertime/). Every signed-in user has dashboards; their figures obey the
// user's asset scope.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboard,
  dashboardInput,
  trendPoint,
  widget,
  widgetData,
  widgetInput,
  widgetPreviewInput,
  widgetWithData,
  WIDGET_PAGE_SIZE,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { idParam, idParams, paged, pagedSchema, parseInput, patchBody } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import {
  createDashboard,
  createDefaultDashboard,
  createWidget,
  deleteDashboard,
  deleteWidget,
  getDashboard,
  getWidget,
  listDashboards,
  listWidgets,
  updateDashboard,
  updateWidget,
  type Owner,
} from './service.ts';
import { trend, widgetDataOf, type WidgetContext } from './widget-data.ts';

const tags = ['dashboards'];
const ACCESS = 'signed-in' as const;
const widgetsQuery = z.object({
  dashboard: idParam,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(WIDGET_PAGE_SIZE).default(WIDGET_PAGE_SIZE),
});
const trendQuery = z.object({
  days: z.coerce
    .number({ error: 'Choose 7, 30, 90 or 365 days.' })
    .int()
    .refine((d) => [7, 30, 90, 365].includes(d), 'Choose 7, 30, 90 or 365 days.')
    .default(30),
});

const ownerOf = (request: FastifyRequest): Owner => {
  const auth = authOf(request);
  return { customerId: auth.customer.id, userId: auth.user.id };
};

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const contextOf = async (request: FastifyRequest): Promise<WidgetContext> => ({
    db: ctx.db,
    scope: await scopeOfCaller(ctx.db, authOf(request)),
    userId: authOf(request).user.id,
    now: ctx.clock(),
  });

  r.get(
    '/api/dashboard/dashboards/',
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'My dashboards, default first (the first look makes one)', response: { 200: z.array(dashboard) } },
    },
    (request) => listDashboards(ctx.db, ownerOf(request)),
  );

  r.post(
    '/api/dashboard/dashboards/',
    { config: { access: ACCESS }, schema: { tags, summary: 'A new, empty dashboard', body: dashboardInput, response: { 201: dashboard } } },
    async (request, reply) => reply.code(201).send(await createDashboard(ctx.db, ownerOf(request), request.body)),
  );

  r.post(
    '/api/dashboard-create/',
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'A new default dashboard with the default widgets', response: { 201: dashboard } },
    },
    async (request, reply) => reply.code(201).send(await createDefaultDashboard(ctx.db, ownerOf(request))),
  );

  r.get(
    '/api/dashboard/dashboards/:id/',
    { config: { access: ACCESS }, schema: { tags, summary: 'One dashboard', params: idParams, response: { 200: dashboard } } },
    (request) => getDashboard(ctx.db, ownerOf(request), request.params.id),
  );

  r.put(
    '/api/dashboard/dashboards/:id/',
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'Change a dashboard', params: idParams, body: dashboardInput, response: { 200: dashboard } },
    },
    (request) => updateDashboard(ctx.db, ownerOf(request), request.params.id, request.body),
  );

  r.patch(
    '/api/dashboard/dashboards/:id/',
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'Change part of a dashboard', params: idParams, body: patchBody, response: { 200: dashboard } },
    },
    async (request) => {
      const owner = ownerOf(request);
      const current = await getDashboard(ctx.db, owner, request.params.id);
      const input = parseInput(dashboardInput, {
        name: current.name,
        scope: current.scope,
        team: current.team,
        tag: current.tag,
        ...request.body,
      });
      return updateDashboard(ctx.db, owner, request.params.id, input);
    },
  );

  r.delete(
    '/api/dashboard/dashboards/:id/',
    { config: { access: ACCESS }, schema: { tags, summary: 'Delete a dashboard and its widgets', params: idParams } },
    async (request, reply) => {
      await deleteDashboard(ctx.db, ownerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/dashboard/widgets/',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'The widgets of a dashboard, by slot, 100 a page',
        querystring: widgetsQuery,
        response: { 200: pagedSchema(widget) },
      },
    },
    async (request) => {
      const { dashboard: id, page, page_size } = request.query;
      const { count, rows } = await listWidgets(ctx.db, ownerOf(request), id, page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );

  r.post(
    '/api/dashboard/widgets/',
    { config: { access: ACCESS }, schema: { tags, summary: 'Add a widget', body: widgetInput, response: { 201: widget } } },
    async (request, reply) => reply.code(201).send(await createWidget(ctx.db, ownerOf(request), request.body)),
  );

  r.post(
    '/api/dashboard/widgets/preview/',
    {
      config: { access: ACCESS, audit: false },
      schema: {
        tags,
        summary: 'What a widget of this kind and settings would show, before it is saved',
        body: widgetPreviewInput,
        response: { 200: widgetData },
      },
    },
    async (request) => widgetDataOf(await contextOf(request), request.body.kind, request.body.config),
  );

  r.get(
    '/api/dashboard/widgets/:id/',
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'A widget with what it shows', params: idParams, response: { 200: widgetWithData } },
    },
    async (request) => {
      const found = await getWidget(ctx.db, ownerOf(request), request.params.id);
      return { ...found, data: await widgetDataOf(await contextOf(request), found.kind, found.config) };
    },
  );

  const change = async (request: FastifyRequest, id: number, body: Record<string, unknown>, whole: boolean) => {
    const owner = ownerOf(request);
    const current = await getWidget(ctx.db, owner, id);
    const input = parseInput(widgetInput, whole ? body : { ...current, ...body });
    return updateWidget(ctx.db, owner, id, input);
  };

  r.put(
    '/api/dashboard/widgets/:id/',
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'Change a widget', params: idParams, body: patchBody, response: { 200: widget } },
    },
    (request) => change(request, request.params.id, request.body, true),
  );

  r.patch(
    '/api/dashboard/widgets/:id/',
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'Move, resize or reconfigure a widget', params: idParams, body: patchBody, response: { 200: widget } },
    },
    (request) => change(request, request.params.id, request.body, false),
  );

  r.delete(
    '/api/dashboard/widgets/:id/',
    { config: { access: ACCESS }, schema: { tags, summary: 'Remove a widget', params: idParams } },
    async (request, reply) => {
      await deleteWidget(ctx.db, ownerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/dashboard/stats/vulnsovertime/',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'Open vulnerabilities by severity, average risk, found and fixed, per day',
        querystring: trendQuery,
        response: { 200: z.array(trendPoint) },
      },
    },
    async (request) => trend(await contextOf(request), request.query.days),
  );
}
