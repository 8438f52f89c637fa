// HTTP routes of tags (feature-areas §7 Tags): tags/tags/ CRUD (page_size=0 answers every tag), the same under
// unified-tags/unified-tags/ for customers with unified-tags-stage-2, tags_basics/ and asset_basics/tags/ for pickers,
// and the previews of a rule set (tags/tags/preview/) and of a tag set (tags-set/preview/).
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetPreview, MESSAGES, tag, tagBasic, tagInput, tagPreviewInput, tagSetPreviewInput, type Tag } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { boolParam, idParams, MAX_PAGE_SIZE, ordering, parseInput, patchBody, searchParam } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { getTagRow, listTags, tagBasics, toTag } from './repo.ts';
import { deleteTag, previewRules, previewTagSet, saveTag } from './service.ts';

const tags = ['tags'];
const INTEGER = 'A valid integer is required.';

const tagListQuery = z.object({
  page: z.coerce.number({ error: INTEGER }).int(INTEGER).min(1, 'Page numbers start at 1.').default(1),
  /** 0 answers every tag (feature-areas §9). */
  page_size: z.coerce
    .number({ error: INTEGER })
    .int(INTEGER)
    .min(0, 'Page size must be 0 (all) or more.')
    .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}.`)
    .default(25),
  search: searchParam,
  is_dynamic: boolParam,
  ordering: ordering(['name', 'created', 'asset_count', 'id'], 'name'),
});
const tagPage = z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(tag) });
/** The reply to a change: the tag, and for dynamic tags the propagation note of §8. */
const tagReply = tag.extend({ message: z.string().optional() });

function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, 'http://placeholder');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => scopeOfCaller(ctx.db, authOf(request));
  const reply = (t: Tag) => (t.is_dynamic ? { ...t, message: MESSAGES.tags.dynamicPropagation } : t);

  for (const base of ['/api/tags/tags/', '/api/unified-tags/unified-tags/']) {
    const flag = base.includes('unified') ? ('unified-tags-stage-2' as const) : undefined;
    const config = (access: 'tags:read' | 'tags:create' | 'tags:update' | 'tags:delete'): FastifyContextConfig =>
      flag ? { access, flag } : { access };

    r.get(
      base,
      {
        config: config('tags:read'),
        schema: { tags, summary: 'Tags, paged (page_size=0: all)', querystring: tagListQuery, response: { 200: tagPage } },
      },
      async (request) => {
        const scope = await scopeOf(request);
        const { page, page_size, search, is_dynamic, ordering: o } = request.query;
        const { count, rows } = await listTags(ctx.db, scope, {
          search,
          isDynamic: is_dynamic,
          ordering: o,
          page: page_size === 0 ? null : { page, size: page_size },
        });
        const all = page_size === 0;
        return {
          count,
          next: !all && page * page_size < count ? pageUrl(request, page + 1) : null,
          previous: !all && page > 1 ? pageUrl(request, page - 1) : null,
          results: rows.map(toTag),
        };
      },
    );

    r.post(
      base,
      {
        config: config('tags:create'),
        schema: { tags, summary: 'Add a tag (dynamic: applied to every asset now)', body: tagInput, response: { 201: tagReply } },
      },
      async (request, res) => {
        const auth = authOf(request);
        const row = await saveTag(ctx.db, await scopeOf(request), auth.user.id, request.body);
        return res.code(201).send(reply(toTag(row)));
      },
    );

    r.get(
      `${base}:id/`,
      { config: config('tags:read'), schema: { tags, summary: 'One tag', params: idParams, response: { 200: tag } } },
      async (request) => {
        const row = await getTagRow(ctx.db, await scopeOf(request), request.params.id);
        if (!row) throw notFound();
        return toTag(row);
      },
    );

    const change = async (request: FastifyRequest, id: number, body: Record<string, unknown>, whole: boolean) => {
      const auth = authOf(request);
      const scope = await scopeOf(request);
      const current = await getTagRow(ctx.db, scope, id);
      if (!current) throw notFound();
      const t = toTag(current);
      const merged = whole
        ? body
        : {
            name: t.name,
            description: t.description,
            color: t.color,
            is_dynamic: t.is_dynamic,
            rules: t.rules,
            business_impact: t.business_impact,
            ...body,
          };
      const row = await saveTag(ctx.db, scope, auth.user.id, parseInput(tagInput, merged), id);
      return reply(toTag(row));
    };
    r.put(
      `${base}:id/`,
      {
        config: config('tags:update'),
        schema: { tags, summary: 'Change a tag', params: idParams, body: patchBody, response: { 200: tagReply } },
      },
      (request) => change(request, request.params.id, request.body, true),
    );
    r.patch(
      `${base}:id/`,
      {
        config: config('tags:update'),
        schema: { tags, summary: 'Change some fields of a tag', params: idParams, body: patchBody, response: { 200: tagReply } },
      },
      (request) => change(request, request.params.id, request.body, false),
    );
    r.delete(
      `${base}:id/`,
      { config: config('tags:delete'), schema: { tags, summary: 'Delete a tag (assets lose it)', params: idParams } },
      async (request, res) => {
        await deleteTag(ctx.db, await scopeOf(request), request.params.id);
        return res.code(204).send();
      },
    );
    r.post(
      `${base}preview/`,
      {
        config: config('tags:read'),
        schema: {
          tags,
          summary: 'The assets a rule set would tag: how many, and the first 25',
          body: tagPreviewInput,
          response: { 200: assetPreview },
        },
      },
      async (request) => previewRules(ctx.db, await scopeOf(request), request.body.rules),
    );
  }

  r.post(
    '/api/tags-set/preview/',
    {
      config: { access: 'tags:read' },
      schema: {
        tags,
        summary: 'The assets a tag set selects (inclusion and exclusion, all-of or any-of)',
        body: tagSetPreviewInput,
        response: { 200: assetPreview },
      },
    },
    async (request) => previewTagSet(ctx.db, await scopeOf(request), request.body),
  );

  r.get(
    '/api/tags_basics/',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Every tag of the customer: id, name, colour, dynamic', response: { 200: z.array(tagBasic) } },
    },
    async (request) => tagBasics(ctx.db, authOf(request).customer.id),
  );

  r.get(
    '/api/asset_basics/tags/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags,
        summary: 'Tags with the number of assets the caller sees carrying each',
        response: { 200: z.array(tagBasic.extend({ asset_count: z.number().int() })) },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { rows } = await listTags(ctx.db, scope, { ordering: { key: 'name', descending: false }, page: null });
      return rows.map((t) => ({
        id: Number(t.id),
        name: t.name,
        color: t.color,
        is_dynamic: t.is_dynamic,
        asset_count: Number(t.asset_count),
      }));
    },
  );
}
