// HTTP routes of exports (feature-areas §7: GET/POST `export/{type}/`, PATCH mark_read): one set per type, each under
// the read permission of the list it exports, and only ever the caller's own exports.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_TYPES, exportInput, exportJob, type ExportType } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { readFile } from '../reports/index.ts';
import { createExport, EXPORT_QUEUE, exportFile, getExport, listExports, markExportRead, type Exporter } from './service.ts';

const tags = ['exports'];
const ACCESS: Record<ExportType, 'unified_vulnerabilities:read' | 'unified_assets:read'> = {
  vulnerabilities: 'unified_vulnerabilities:read',
  issues: 'unified_vulnerabilities:read',
  assets: 'unified_assets:read',
};

export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const who = (request: FastifyRequest): Exporter => ({ customerId: authOf(request).customer.id, userId: authOf(request).user.id });

  r.get(
    '/api/export/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'My exports of every type, newest first, with how many are ready and unread',
        querystring: pageQuery,
        response: { 200: pagedSchema(exportJob).extend({ unread: z.number().int() }) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows, unread } = await listExports(ctx.db, who(request), null, page, page_size);
      return { ...paged(request, page, page_size, count, rows), unread };
    },
  );

  for (const type of EXPORT_TYPES) {
    const access = ACCESS[type];
    r.get(
      `/api/export/${type}/`,
      {
        config: { access },
        schema: {
          tags,
          summary: `My ${type} exports, newest first`,
          querystring: pageQuery,
          response: { 200: pagedSchema(exportJob).extend({ unread: z.number().int() }) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const { count, rows, unread } = await listExports(ctx.db, who(request), type, page, page_size);
        return { ...paged(request, page, page_size, count, rows), unread };
      },
    );
    r.post(
      `/api/export/${type}/`,
      {
        config: { access },
        schema: { tags, summary: `Export ${type} as CSV in the background`, body: exportInput, response: { 201: exportJob } },
      },
      async (request, reply) => {
        if (!ctx.jobs) throw new Error('The job queue is not running: exports cannot be made.');
        const created = await createExport(ctx.db, who(request), type, request.body);
        await ctx.jobs.send(EXPORT_QUEUE, { exportId: created.id });
        return reply.code(201).send(created);
      },
    );
    r.get(
      `/api/export/${type}/:id/`,
      { config: { access }, schema: { tags, summary: 'One export', params: idParams, response: { 200: exportJob } } },
      (request) => getExport(ctx.db, who(request), type, request.params.id),
    );
    r.patch(
      `/api/export/${type}/:id/mark_read/`,
      { config: { access }, schema: { tags, summary: 'Mark an export read', params: idParams, response: { 200: exportJob } } },
      (request) => markExportRead(ctx.db, who(request), type, request.params.id),
    );
    r.get(
      `/api/export/${type}/:id/download/`,
      { config: { access }, schema: { tags, summary: "A finished export's CSV (marks it read)", params: idParams } },
      async (request, reply) => {
        const fileName = await exportFile(ctx.db, who(request), type, request.params.id);
        if (fileName === null) throw notFound('This export has not finished.');
        await markExportRead(ctx.db, who(request), type, request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(readFile(ctx.db, { export: request.params.id }));
      },
    );
  }
}
