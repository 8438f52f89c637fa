// HTTP routes of reports (feature-areas §7 Reports): templates (`reports/template/`), report runs with their prepared
// figures, finding pages and file, the live preview (`reports/prepare-report-data/`), and the digest settings
// (`reports/digest-config/`, form-encoded as the spec says).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_FINDING_COLUMNS,
  REPORT_FORMATS,
  REPORT_RUN_STATES,
  digestConfig,
  digestConfigInput,
  report,
  reportData,
  reportInput,
  reportScope,
  reportTemplate,
  reportTemplateInput,
  REPORT_SCOPE_KINDS,
  type ReportFormat,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, listParam, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { prepareReportData, selectionOf } from './data.ts';
import { getDigestConfig, setDigestConfig } from './digest.ts';
import { readFile } from './files.ts';
import {
  createReport,
  deleteReport,
  FILE_TYPES,
  getReport,
  listReports,
  reportDataOf,
  reportFindingsPage,
  reportRow,
  scopeLabelOf,
  type ReportOwner,
} from './runs.ts';
import { REPORT_QUEUE } from './service.ts';
import { createTemplate, deleteTemplate, getTemplate, layoutOf, listTemplates, updateTemplate } from './templates.ts';

const tags = ['reports'];
const READ = 'reports:read' as const;
const findingRow = z.object(
  Object.fromEntries(REPORT_FINDING_COLUMNS.map((c) => [c, z.string()])) as Record<(typeof REPORT_FINDING_COLUMNS)[number], z.ZodString>,
);
const reportListQuery = pageQuery.extend({
  state: listParam(z.enum(REPORT_RUN_STATES, { error: `Choose from: ${REPORT_RUN_STATES.join(', ')}.` }), 4),
  format: listParam(z.enum(REPORT_FORMATS, { error: `Choose from: ${REPORT_FORMATS.join(', ')}.` }), 5),
  search: searchParam,
  /** What the reports cover: the training reports screen lists pat_recipients only. */
  scope_kind: listParam(z.enum(REPORT_SCOPE_KINDS, { error: `Choose from: ${REPORT_SCOPE_KINDS.join(', ')}.` }), 10),
  ordering: ordering(['created_at', 'name', 'state'] as const, '-created_at'),
});
const previewInput = z
  .object({
    template: z.number().int().positive().nullable().default(null),
    scope_kind: z.enum(REPORT_SCOPE_KINDS, { error: `Choose one of: ${REPORT_SCOPE_KINDS.join(', ')}.` }),
    scope: reportScope.default({ filters: {}, scan: null }),
  })
  .strict();

export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ownerOf = (request: FastifyRequest): ReportOwner => {
    const auth = authOf(request);
    return { customerId: auth.customer.id, userId: auth.user.id };
  };
  const customerOf = (request: FastifyRequest) => authOf(request).customer.id;

  // The digest settings are posted as a form (feature-areas §7).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

  // Templates.
  r.get(
    '/api/reports/template/',
    {
      config: { access: READ },
      schema: { tags, summary: 'Report templates', querystring: pageQuery, response: { 200: pagedSchema(reportTemplate) } },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await listTemplates(ctx.db, customerOf(request), page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );
  r.post(
    '/api/reports/template/',
    {
      config: { access: 'reports:create' },
      schema: { tags, summary: 'A new report template', body: reportTemplateInput, response: { 201: reportTemplate } },
    },
    async (request, reply) =>
      reply.code(201).send(await createTemplate(ctx.db, customerOf(request), authOf(request).user.id, request.body)),
  );
  r.get(
    '/api/reports/template/:id/',
    { config: { access: READ }, schema: { tags, summary: 'One report template', params: idParams, response: { 200: reportTemplate } } },
    (request) => getTemplate(ctx.db, customerOf(request), request.params.id),
  );
  r.put(
    '/api/reports/template/:id/',
    {
      config: { access: 'reports:update' },
      schema: { tags, summary: 'Change a report template', params: idParams, body: reportTemplateInput, response: { 200: reportTemplate } },
    },
    (request) => updateTemplate(ctx.db, customerOf(request), request.params.id, request.body),
  );
  r.patch(
    '/api/reports/template/:id/',
    {
      config: { access: 'reports:update' },
      schema: { tags, summary: 'Change part of a report template', params: idParams, body: patchBody, response: { 200: reportTemplate } },
    },
    async (request) => {
      const { id: _id, created_at: _c, updated_at: _u, ...current } = await getTemplate(ctx.db, customerOf(request), request.params.id);
      return updateTemplate(
        ctx.db,
        customerOf(request),
        request.params.id,
        parseInput(reportTemplateInput, { ...current, ...request.body }),
      );
    },
  );
  r.delete(
    '/api/reports/template/:id/',
    { config: { access: 'reports:delete' }, schema: { tags, summary: 'Delete a report template', params: idParams } },
    async (request, reply) => {
      await deleteTemplate(ctx.db, customerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // The live preview.
  r.post(
    '/api/reports/prepare-report-data/',
    {
      config: { access: READ },
      schema: { tags, summary: "A report's figures now, without making it (preview)", body: previewInput, response: { 200: reportData } },
    },
    async (request) => {
      const customerId = customerOf(request);
      const { template, scope_kind, scope } = request.body;
      const selection = await selectionOf(ctx.db, customerId, scope_kind, scope);
      const t = template === null ? null : await getTemplate(ctx.db, customerId, template);
      const label = await scopeLabelOf(ctx.db, customerId, scope_kind, scope);
      return prepareReportData(
        ctx.db,
        await scopeOfCaller(ctx.db, authOf(request)),
        authOf(request).user.id,
        selection,
        layoutOf(t, ''),
        label,
        new Date(),
      );
    },
  );

  // Runs.
  r.get(
    '/api/reports/',
    {
      config: { access: READ },
      schema: { tags, summary: 'Report runs, newest first', querystring: reportListQuery, response: { 200: pagedSchema(report) } },
    },
    async (request) => {
      const { page, page_size, state, format, search, scope_kind } = request.query;
      const { count, rows } = await listReports(ctx.db, customerOf(request), {
        page,
        pageSize: page_size,
        state,
        format,
        search,
        scopeKind: scope_kind,
        ordering: request.query.ordering,
      });
      return paged(request, page, page_size, count, rows);
    },
  );
  r.post(
    '/api/reports/',
    {
      config: { access: 'reports:create' },
      schema: { tags, summary: 'Make a report (in the background; follow task_id)', body: reportInput, response: { 201: report } },
    },
    async (request, reply) => {
      if (!ctx.jobs) throw new Error('The job queue is not running: reports cannot be made.');
      const created = await createReport(ctx.db, ownerOf(request), request.body);
      await ctx.jobs.send(REPORT_QUEUE, { reportId: created.id });
      return reply.code(201).send(created);
    },
  );
  r.get(
    '/api/reports/:id/',
    { config: { access: READ }, schema: { tags, summary: 'One report run', params: idParams, response: { 200: report } } },
    (request) => getReport(ctx.db, customerOf(request), request.params.id),
  );
  r.delete(
    '/api/reports/:id/',
    { config: { access: 'reports:delete' }, schema: { tags, summary: 'Delete a report and its file', params: idParams } },
    async (request, reply) => {
      await deleteReport(ctx.db, customerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/api/reports/:id/data/',
    {
      config: { access: READ },
      schema: { tags, summary: "A finished report's figures (its web view)", params: idParams, response: { 200: reportData } },
    },
    async (request) => {
      const { data } = await reportDataOf(ctx.db, customerOf(request), request.params.id);
      if (!data) throw notFound('This report has not finished.');
      return data;
    },
  );
  r.get(
    '/api/reports/:id/findings/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "A page of a report's findings, in the order its files list them",
        params: idParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(findingRow) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await reportFindingsPage(ctx.db, customerOf(request), request.params.id, page, page_size, new Date());
      return paged(request, page, page_size, count, rows);
    },
  );
  r.get(
    '/api/reports/:id/download/',
    {
      config: { access: READ },
      schema: { tags, summary: "A finished report's file (CSV, PDF, HTML or anonymised CSV)", params: idParams },
    },
    async (request, reply) => {
      const row = await reportRow(ctx.db, customerOf(request), request.params.id);
      if (row.state !== 'finished' || row.fileName === null || row.format === 'web') throw notFound('This report has no file.');
      const type = FILE_TYPES[row.format as Exclude<ReportFormat, 'web'>];
      return reply
        .header('content-type', type.contentType)
        .header('content-disposition', `attachment; filename="${row.fileName}"`)
        .header('content-length', String(row.fileSize ?? ''))
        .send(readFile(ctx.db, { report: row.id }));
    },
  );

  // The digest.
  r.get(
    '/api/reports/digest-config/',
    { config: { access: 'signed-in' }, schema: { tags, summary: 'My digest e-mail settings', response: { 200: digestConfig } } },
    (request) => getDigestConfig(ctx.db, authOf(request).user.id),
  );
  r.post(
    '/api/reports/digest-config/',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Set my digest e-mail (form-encoded)', body: digestConfigInput, response: { 200: digestConfig } },
    },
    (request) => setDigestConfig(ctx.db, authOf(request).user.id, request.body, new Date()),
  );
}
