// HTTP routes of recipients (fra/recipients/): list (paged, filtered), one, create 201, change 200 (PATCH some fields,
// or PATCH the list with {ids, changes} for many at once), delete 204 (with the recipient asset and its findings),
// departments, the CSV import (multipart csv_file, dry_run, update) and the Azure AD sync. A member of a LIMITED team
// reads only the recipients its tags reach and may change none (assessments reach people across the organisation).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  directorySyncResult,
  LANGUAGES,
  RECIPIENT_SOURCES,
  recipient,
  recipientImportResult,
  recipientInput,
  type Recipient,
  LIMITED_PHISHING_WRITES,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notAWrite } from '../../http/audit-log.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import {
  boolParam,
  idParam,
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
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { syncAzureAd } from './azure-sync.ts';
import { readRecipientFile } from './import-file.ts';
import { importRecipients } from './import.ts';
import { getRecipient, listDepartments, listRecipients, RECIPIENT_ORDERING } from './read-model.ts';
import { bulkChange, deleteRecipients, saveRecipient } from './recipients.ts';
// The multipart parser's decorations (request.isMultipart, request.parts), registered in app.ts.
import type {} from '@fastify/multipart';

const tags = ['phishing'];
const BASE = '/api/fra/recipients/';

const listQuery = pageQuery.extend({
  search: searchParam,
  department: listParam(z.string().trim().max(200), 500),
  language: listParam(z.enum(LANGUAGES, { error: `Choose from: ${LANGUAGES.join(', ')}.` }), 20),
  tag: listParam(idParam, 100),
  /** Recipient assets (the recipients of a pat issue's findings, one call). */
  asset: listParam(idParam, 100),
  active: boolParam,
  severity: listParam(z.coerce.number().int().min(0, 'Severity is 0 to 4.').max(4, 'Severity is 0 to 4.'), 5),
  source: listParam(z.enum(RECIPIENT_SOURCES, { error: `Choose from: ${RECIPIENT_SOURCES.join(', ')}.` }), 3),
  ordering: ordering(RECIPIENT_ORDERING, 'email'),
});

const bulkBody = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'Give the ids of the recipients to change.' })
    .min(1, 'Choose at least one recipient.')
    .max(100_000),
  changes: z
    .object({
      department: z.string().trim().max(200).optional(),
      language: z.enum(LANGUAGES, { error: `Choose one of: ${LANGUAGES.join(', ')}.` }).optional(),
      active: z.boolean().optional(),
      add_tags: z.array(z.number().int().positive()).max(100).optional(),
      remove_tags: z.array(z.number().int().positive()).max(100).optional(),
    })
    .strict(),
});

const inputOf = (r: Recipient) => ({
  email: r.email,
  first_name: r.first_name,
  last_name: r.last_name,
  department: r.department,
  job_title: r.job_title,
  language: r.language,
  tags: r.tags.map((t) => t.id),
  active: r.active,
});

export function recipientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Writing recipients needs sight of every asset. */
  const unlimited = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const scope = await scopeOfCaller(ctx.db, auth);
    if (scope.limitedToTags !== null) throw forbidden(LIMITED_PHISHING_WRITES);
    return { auth, scope };
  };

  r.get(
    BASE,
    {
      config: { access: 'phishing:read' },
      schema: { tags, summary: 'Recipients, paged and filtered', querystring: listQuery, response: { 200: pagedSchema(recipient) } },
    },
    async (request) => {
      const { page, page_size, ordering: o, ...filter } = request.query;
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      const { count, results } = await listRecipients(ctx.db, scope, filter, {
        page,
        pageSize: page_size,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.get(
    `${BASE}departments/`,
    {
      config: { access: 'phishing:read' },
      schema: {
        tags,
        summary: 'The departments of the recipients, with how many are in each',
        response: { 200: z.array(z.object({ department: z.string(), recipients: z.number().int(), active: z.number().int() })) },
      },
    },
    async (request) => listDepartments(ctx.db, await scopeOfCaller(ctx.db, authOf(request))),
  );
  r.post(
    BASE,
    { config: { access: 'phishing:create' }, schema: { tags, summary: 'Add a recipient', body: patchBody, response: { 201: recipient } } },
    async (request, reply) => {
      const { auth } = await unlimited(request);
      const v = parseInput(recipientInput, request.body);
      return reply.code(201).send(await saveRecipient(ctx.db, auth.customer.id, v, auth.user.id, ctx.clock()));
    },
  );
  r.patch(
    BASE,
    {
      config: { access: 'phishing:update' },
      schema: {
        tags,
        summary: 'Change many recipients at once: department, language, active, tags added or removed',
        body: patchBody,
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    async (request) => {
      const { auth } = await unlimited(request);
      const { ids, changes } = parseInput(bulkBody, request.body);
      if (Object.keys(changes).length === 0) throw badRequest({ changes: ['Say what to change.'] });
      return { updated: await bulkChange(ctx.db, auth.customer.id, ids, changes, ctx.clock()) };
    },
  );
  r.get(
    `${BASE}:id/`,
    { config: { access: 'phishing:read' }, schema: { tags, summary: 'One recipient', params: idParams, response: { 200: recipient } } },
    async (request) => {
      const found = await getRecipient(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
  for (const method of ['put', 'patch'] as const)
    r[method](
      `${BASE}:id/`,
      {
        config: { access: 'phishing:update' },
        schema: { tags, summary: 'Change a recipient', params: idParams, body: patchBody, response: { 200: recipient } },
      },
      async (request) => {
        const { auth, scope } = await unlimited(request);
        const current = await getRecipient(ctx.db, scope, request.params.id);
        if (!current) throw notFound();
        const body = method === 'put' ? request.body : { ...inputOf(current), ...request.body };
        const v = parseInput(recipientInput, body);
        return saveRecipient(ctx.db, auth.customer.id, v, auth.user.id, ctx.clock(), current.id);
      },
    );
  r.delete(
    `${BASE}:id/`,
    {
      config: { access: 'phishing:delete' },
      schema: { tags, summary: 'Delete a recipient with its asset and findings', params: idParams },
    },
    async (request, reply) => {
      const { auth } = await unlimited(request);
      if ((await deleteRecipients(ctx.db, auth.customer.id, [request.params.id])) === 0) throw notFound();
      return reply.code(204).send();
    },
  );
  r.post(
    `${BASE}import/`,
    {
      config: { access: 'phishing:create' },
      schema: {
        tags,
        summary: 'Import recipients from CSV (multipart: csv_file, dry_run, update): valid rows import, invalid rows are listed',
        consumes: ['multipart/form-data'],
        response: { 200: recipientImportResult },
      },
    },
    async (request) => {
      const { auth } = await unlimited(request);
      if (!request.isMultipart()) throw badRequest({ csv_file: ['Send the file as multipart/form-data in the field csv_file.'] });
      const flags: Record<string, string> = {};
      let file: Awaited<ReturnType<typeof readRecipientFile>> | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'csv_file') {
            part.file.resume();
            throw badRequest({ csv_file: [`Send the file in the field csv_file, not ${part.fieldname}.`] });
          }
          file = await readRecipientFile(part.file);
          if (part.file.truncated) throw badRequest({ csv_file: ['The file is too large; split it.'] });
        } else flags[part.fieldname] = String(part.value);
      }
      const errors: Record<string, string[]> = {};
      const flag = (name: string, fallback: boolean) => {
        const v = (flags[name] ?? String(fallback)).toLowerCase();
        if (v !== 'true' && v !== 'false') errors[name] = ['Must be true or false.'];
        return v === 'true';
      };
      const dryRun = flag('dry_run', false);
      const update = flag('update', true);
      if (!file) errors.csv_file = ['No file was sent.'];
      if (Object.keys(errors).length) throw badRequest(errors);
      if (dryRun) notAWrite(request);
      return importRecipients(ctx.db, auth.customer.id, auth.user.id, file!, { dryRun, update, now: ctx.clock() });
    },
  );
  r.post(
    `${BASE}sync/azure_ad/`,
    {
      config: { access: 'phishing:execute' },
      schema: {
        tags,
        summary: 'Sync recipients from Azure AD through Microsoft Graph (the Azure integration): create, update, deactivate',
        body: z.object({}).passthrough().optional(),
        response: { 200: directorySyncResult },
      },
    },
    async (request) => {
      const { auth } = await unlimited(request);
      return syncAzureAd(ctx, auth.customer.id, auth.user.id, ctx.clock());
    },
  );
}
