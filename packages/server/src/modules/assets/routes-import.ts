// HTTP routes of the asset CSV import (feature-areas §3 Asset import): the template file, and POST assets/import/
// (multipart csv_file, update, create_missing_tags, preview), read as a stream after the access check.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSET_IMPORT_TEMPLATE, assetImportResult } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { notAWrite } from '../../http/audit-log.ts';
import { authOf } from '../../http/guards.ts';
import { importAssets, readImportFile } from './import.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
// The multipart parser's decorations (request.isMultipart, request.parts), registered in app.ts.
import type {} from '@fastify/multipart';

const tags = ['assets'];

/** POST assets/import/ (multipart csv_file, update, create_missing_tags, preview) and its template file. */
export function assetImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/assets/import/template/',
    { config: { access: 'net_assets:read' }, schema: { tags, summary: 'The CSV template of the asset import' } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bulwark-assets-template.csv"')
        .send(ASSET_IMPORT_TEMPLATE),
  );
  r.post(
    '/api/assets/import/',
    {
      config: { access: 'net_assets:create' },
      schema: {
        tags,
        summary:
          'Import assets from CSV (multipart: csv_file, update, create_missing_tags, preview): all rows or none; errors name line and column',
        consumes: ['multipart/form-data'],
        response: { 200: assetImportResult, 201: assetImportResult },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest({ csv_file: ['Send the file as multipart/form-data in the field csv_file.'] });
      const auth = authOf(request);
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      const flags: Record<string, string> = {};
      let rows: Awaited<ReturnType<typeof readImportFile>> | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'csv_file') {
            part.file.resume();
            throw badRequest({ csv_file: [`Send the file in the field csv_file, not ${part.fieldname}.`] });
          }
          rows = await readImportFile(part.file);
          if (part.file.truncated) throw badRequest({ csv_file: ['The file is larger than 64 MB; split it.'] });
        } else flags[part.fieldname] = String(part.value);
      }
      if (!rows) throw badRequest({ csv_file: ['No file was sent.'] });
      const errors: Record<string, string[]> = {};
      const flag = (name: string) => {
        const v = (flags[name] ?? 'false').toLowerCase();
        if (v !== 'true' && v !== 'false') errors[name] = ['Must be true or false.'];
        return v === 'true';
      };
      const options = { update: flag('update'), createMissingTags: flag('create_missing_tags'), preview: flag('preview') };
      if (Object.keys(errors).length) throw badRequest(errors);
      const result = await importAssets(ctx.db, scope, auth.user.id, rows, options);
      if (options.preview) notAWrite(request);
      return reply.code(options.preview ? 200 : 201).send(result);
    },
  );
}
