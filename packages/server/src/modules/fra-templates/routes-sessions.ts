// HTTP routes of web training and e-mail templates (fra/session-templates/): list (?session_type=website|email), one
// (steps in order), create 201, PUT 200 (replaces the steps; a step sent with its id keeps it), PATCH 200, DELETE 204,
// POST {id}/copy/ 201 (ids stripped), GET/POST import/, and a step's question (steps/{step}/questions/ GET, POST 201,
// PUT 200). Templates are not assets: the phishing permission alone decides.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importableTemplate,
  importTemplateInput,
  LANGUAGES,
  questionInput,
  questionOption,
  QUESTION_TYPES,
  SESSION_TYPES,
  sessionTemplate,
  sessionTemplateInput,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, ordering, paged, pagedSchema, pageQuery, patchBody, searchParam } from '../../http/list.ts';
import {
  copySessionTemplate,
  deleteSessionTemplate,
  getSessionTemplate,
  getStep,
  importSessionTemplate,
  listSessionTemplates,
  saveQuestion,
  saveSessionTemplate,
  SESSION_TEMPLATE_ORDERING,
  sessionImportables,
  sessionInputOf,
} from './session-templates.ts';

const tags = ['phishing'];
const BASE = '/api/fra/session-templates/';
const sessionType = z.enum(SESSION_TYPES, { error: 'Choose website or email.' }).optional();
const listQuery = pageQuery.extend({
  search: searchParam,
  session_type: sessionType,
  language: z.enum(LANGUAGES, { error: `Choose one of: ${LANGUAGES.join(', ')}.` }).optional(),
  ordering: ordering(SESSION_TEMPLATE_ORDERING, 'name'),
});
const stepParams = z.object({ id: z.coerce.number().int().positive(), step: z.coerce.number().int().positive() });
const question = z.object({ question_type: z.enum(QUESTION_TYPES), question_options: z.array(questionOption) });

/** A template's input errors, each step's messages prefixed with its number so a person finds it. */
function parseTemplate(input: unknown) {
  const result = sessionTemplateInput.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const [field, index] = issue.path;
    const key = typeof field === 'string' ? field : 'non_field_errors';
    const message = key === 'training_steps' && typeof index === 'number' ? `Step ${index + 1}: ${issue.message}` : issue.message;
    (errors[key] ??= []).push(message);
  }
  throw badRequest(errors);
}

export function sessionTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'Web training and e-mail templates, paged',
        querystring: listQuery,
        response: { 200: pagedSchema(sessionTemplate) },
      },
    },
    async (request) => {
      const q = request.query;
      const { count, results } = await listSessionTemplates(ctx.db, authOf(request).customer.id, {
        page: q.page,
        pageSize: q.page_size,
        search: q.search,
        sessionType: q.session_type,
        language: q.language,
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
      schema: {
        tags,
        summary: 'Add a web training or e-mail template with its steps',
        body: patchBody,
        response: { 201: sessionTemplate },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const saved = await saveSessionTemplate(ctx.db, auth.customer.id, parseTemplate(request.body), auth.user.id, ctx.clock());
      return reply.code(201).send(saved);
    },
  );
  r.get(
    `${BASE}import/`,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'The shipped trainings and e-mail templates that can be imported',
        querystring: z.object({ session_type: sessionType }),
        response: { 200: z.array(importableTemplate) },
      },
    },
    async (request) => sessionImportables(ctx.db, authOf(request).customer.id, request.query.session_type),
  );
  r.post(
    `${BASE}import/`,
    {
      config: { access: 'phishing:create' },
      schema: {
        tags,
        summary: 'Import a shipped training or e-mail template (once)',
        body: importTemplateInput,
        response: { 201: sessionTemplate },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await importSessionTemplate(ctx.db, auth.customer.id, request.body.pk, auth.user.id, ctx.clock()));
    },
  );
  r.get(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'One web training or e-mail template, steps in order',
        params: idParams,
        response: { 200: sessionTemplate },
      },
    },
    async (request) => {
      const found = await getSessionTemplate(ctx.db, authOf(request).customer.id, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
  const change = async (customerId: number, id: number, body: Record<string, unknown>, whole: boolean) => {
    const current = await getSessionTemplate(ctx.db, customerId, id);
    if (!current) throw notFound();
    const merged = whole ? body : { ...sessionInputOf(current, true), ...body };
    return saveSessionTemplate(ctx.db, customerId, parseTemplate(merged), null, ctx.clock(), id);
  };
  r.put(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:update' },
      schema: { tags, summary: 'Replace a template and its steps', params: idParams, body: patchBody, response: { 200: sessionTemplate } },
    },
    async (request) => change(authOf(request).customer.id, request.params.id, request.body, true),
  );
  r.patch(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:update' },
      schema: { tags, summary: 'Change some fields of a template', params: idParams, body: patchBody, response: { 200: sessionTemplate } },
    },
    async (request) => change(authOf(request).customer.id, request.params.id, request.body, false),
  );
  r.delete(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:delete' },
      schema: { tags, summary: 'Delete a template with its steps', params: idParams },
    },
    async (request, reply) => {
      await deleteSessionTemplate(ctx.db, authOf(request).customer.id, request.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    `${BASE}:id/copy/`,
    {
      config: { access: 'phishing:create' },
      schema: {
        tags,
        summary: 'Copy a template as "Copy of …" (ids stripped)',
        params: idParams,
        body: z.object({}).passthrough().optional(),
        response: { 201: sessionTemplate },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply.code(201).send(await copySessionTemplate(ctx.db, auth.customer.id, request.params.id, auth.user.id, ctx.clock()));
    },
  );

  const QUESTIONS = `${BASE}:id/steps/:step/questions/`;
  r.get(
    QUESTIONS,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: "A training step's question", params: stepParams, response: { 200: question } },
    },
    async (request) => {
      const step = await getStep(ctx.db, authOf(request).customer.id, request.params.id, request.params.step);
      if (!step) throw notFound();
      return { question_type: step.question_type, question_options: step.question_options };
    },
  );
  r.post(
    QUESTIONS,
    {
      config: { access: 'phishing:create' },
      schema: { tags, summary: "Set a training step's question", params: stepParams, body: questionInput, response: { 201: question } },
    },
    async (request, reply) => {
      const { id, step } = request.params;
      return reply.code(201).send(await saveQuestion(ctx.db, authOf(request).customer.id, id, step, request.body, ctx.clock()));
    },
  );
  r.put(
    QUESTIONS,
    {
      config: { access: 'phishing:update' },
      schema: { tags, summary: "Replace a training step's question", params: stepParams, body: questionInput, response: { 200: question } },
    },
    async (request) => {
      const { id, step } = request.params;
      return saveQuestion(ctx.db, authOf(request).customer.id, id, step, request.body, ctx.clock());
    },
  );
}
