// HTTP routes of phishing templates (fra/phishing-templates/): list (active by default, ?archived=true for the archive),
// one, create 201, PUT/PATCH 200 (PATCH {archived:false} restores too), DELETE archives (204), PATCH {id}/restore/,
// POST {id}/copy/ 201, GET import/ (the shipped library, with `imported`), POST import/ {pk} 201. Templates are not
// assets: the phishing permission alone decides, for every team.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importableTemplate,
  importTemplateInput,
  LANGUAGES,
  PHISHING_TEMPLATE_TYPES,
  phishingTemplate,
  phishingTemplateInput,
  phishingTemplateRestore,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { boolParam, idParams, ordering, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../http/list.ts';
import {
  copyPhishingTemplate,
  createPhishingTemplate,
  getPhishingTemplate,
  importPhishingTemplate,
  listPhishingTemplates,
  PHISHING_TEMPLATE_ORDERING,
  phishingImportables,
  phishingInputOf,
  setArchived,
  updatePhishingTemplate,
} from './phishing-templates.ts';

const tags = ['phishing'];
const BASE = '/api/fra/phishing-templates/';
const listQuery = pageQuery.extend({
  search: searchParam,
  template_type: z.enum(PHISHING_TEMPLATE_TYPES, { error: 'Choose website or email.' }).optional(),
  language: z.enum(LANGUAGES, { error: `Choose one of: ${LANGUAGES.join(', ')}.` }).optional(),
  archived: boolParam,
  ordering: ordering(PHISHING_TEMPLATE_ORDERING, 'name'),
});

export function phishingTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'Phishing templates, paged (active unless archived=true)',
        querystring: listQuery,
        response: { 200: pagedSchema(phishingTemplate) },
      },
    },
    async (request) => {
      const q = request.query;
      const { count, results } = await listPhishingTemplates(ctx.db, authOf(request).customer.id, {
        page: q.page,
        pageSize: q.page_size,
        search: q.search,
        templateType: q.template_type,
        language: q.language,
        archived: q.archived ?? false,
        ordering: q.ordering.key,
        descending: q.ordering.descending,
      });
      return paged(request, q.page, q.page_size, count, results);
    },
  );
  r.post(
    BASE,
    {
      config: { access: 'phishing:create' },
      schema: { tags, summary: 'Add a phishing template', body: phishingTemplateInput, response: { 201: phishingTemplate } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await createPhishingTemplate(ctx.db, auth.customer.id, request.body, auth.user.id, ctx.clock()));
    },
  );
  r.get(
    `${BASE}import/`,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'The shipped phishing templates that can be imported', response: { 200: z.array(importableTemplate) } },
    },
    async (request) => phishingImportables(ctx.db, authOf(request).customer.id),
  );
  r.post(
    `${BASE}import/`,
    {
      config: { access: 'phishing:create' },
      schema: {
        tags,
        summary: 'Import a shipped phishing template (once; copy it for another)',
        body: importTemplateInput,
        response: { 201: phishingTemplate },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await importPhishingTemplate(ctx.db, auth.customer.id, request.body.pk, auth.user.id, ctx.clock()));
    },
  );
  r.get(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'One phishing template (archived ones too)', params: idParams, response: { 200: phishingTemplate } },
    },
    async (request) => {
      const found = await getPhishingTemplate(ctx.db, authOf(request).customer.id, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  const change = async (customerId: number, id: number, body: Record<string, unknown>, whole: boolean) => {
    const current = await getPhishingTemplate(ctx.db, customerId, id);
    if (!current) throw notFound();
    const { archived, ...fields } = body;
    if (archived !== undefined && typeof archived !== 'boolean') throw badRequest({ archived: ['Must be true or false.'] });
    const merged = whole ? fields : { ...phishingInputOf(current), ...fields };
    return updatePhishingTemplate(ctx.db, customerId, id, parseInput(phishingTemplateInput, merged), ctx.clock(), archived);
  };
  r.put(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:update' },
      schema: { tags, summary: 'Change a phishing template', params: idParams, body: patchBody, response: { 200: phishingTemplate } },
    },
    async (request) => change(authOf(request).customer.id, request.params.id, request.body, true),
  );
  r.patch(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:update' },
      schema: {
        tags,
        summary: 'Change some fields of a phishing template ({archived:false} restores it)',
        params: idParams,
        body: patchBody,
        response: { 200: phishingTemplate },
      },
    },
    async (request) => change(authOf(request).customer.id, request.params.id, request.body, false),
  );
  r.delete(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:delete' },
      schema: { tags, summary: 'Archive a phishing template (assessments that use it keep it)', params: idParams },
    },
    async (request, reply) => {
      await setArchived(ctx.db, authOf(request).customer.id, request.params.id, true, ctx.clock());
      return reply.code(204).send();
    },
  );
  r.patch(
    `${BASE}:id/restore/`,
    {
      config: { access: 'phishing:update' },
      schema: {
        tags,
        summary: 'Restore an archived phishing template',
        params: idParams,
        body: phishingTemplateRestore,
        response: { 200: phishingTemplate },
      },
    },
    async (request) => setArchived(ctx.db, authOf(request).customer.id, request.params.id, false, ctx.clock()),
  );
  r.post(
    `${BASE}:id/copy/`,
    {
      config: { access: 'phishing:create' },
      schema: {
        tags,
        summary: 'Copy a phishing template as "Copy of …"',
        params: idParams,
        body: z.object({}).passthrough().optional(),
        response: { 201: phishingTemplate },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await copyPhishingTemplate(ctx.db, auth.customer.id, request.params.id, auth.user.id, ctx.clock()));
    },
  );
}
