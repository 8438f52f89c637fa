// HTTP routes of what web runs found (web_scans read; tenant-scoped and within a LIMITED member's tags): web-application
// assets with their latest web run, pickers' web applications, a run's site map (paged, and as a path tree) and a
// web run's extras beside its findings. The run routes themselves (scan/wruns/{id}) are the scan kind's.
import { SITEMAP_SOURCES, sitemapEntry, sitemapTree, webAppBasic, webAppRow, webRunDetail } from '@bulwark/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParam, idParams, listParam, ordering, pageQuery, paged, pagedSchema, searchParam } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import {
  SITEMAP_ORDERINGS,
  WEBAPP_ORDERINGS,
  listSitemap,
  listWebApps,
  sitemapTreeOf,
  visibleWebRun,
  webAppBasics,
  readWebRunDetail,
  type SitemapOrdering,
  type WebAppOrdering,
} from './queries.ts';

const tags = ['web scans'];
const access = 'web_scans:read';

const webAppsQuery = pageQuery.extend({
  ordering: ordering(Object.keys(WEBAPP_ORDERINGS) as WebAppOrdering[], 'name' as WebAppOrdering),
  search: searchParam,
});

const runQuery = z.object({ run: idParam });

const sitemapQuery = pageQuery.extend({
  run: idParam,
  ordering: ordering(Object.keys(SITEMAP_ORDERINGS) as SitemapOrdering[], 'id' as SitemapOrdering),
  source: listParam(z.enum(SITEMAP_SOURCES, { error: `Choose one of: ${SITEMAP_SOURCES.join(', ')}.` }), 20),
  status: listParam(z.coerce.number({ error: 'A status is 0 to 999.' }).int('A status is 0 to 999.').min(0).max(999), 50),
  search: searchParam,
  /** Entries at or under a node of the tree (its path). */
  under: z.string().trim().max(4000).optional(),
});

export function wasResultsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/scan/webapps/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Web-application assets with their latest web run: when, URLs and forms found, open findings, technologies',
        querystring: webAppsQuery,
        response: { 200: pagedSchema(webAppRow) },
      },
    },
    async (request) => {
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      const { page, page_size, ordering: order, search } = request.query;
      const { count, results } = await listWebApps(ctx.db, scope, { page, pageSize: page_size, ordering: order, search });
      return paged(request, page, page_size, count, results);
    },
  );

  r.get(
    '/api/scan_basics/webapps/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Web-application assets for pickers (id, name, url)',
        querystring: z.object({ search: searchParam }),
        response: { 200: z.array(webAppBasic) },
      },
    },
    async (request) => webAppBasics(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), request.query.search, 1000),
  );

  r.get(
    '/api/sitemaps/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The site map of a web run (?run=): pages and requests with how they were found, filtered and paged',
        querystring: sitemapQuery,
        response: { 200: pagedSchema(sitemapEntry) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      if (!(await visibleWebRun(ctx.db, await scopeOfCaller(ctx.db, auth), q.run))) throw notFound();
      const { count, results } = await listSitemap(ctx.db, auth.customer.id, q.run, {
        page: q.page,
        pageSize: q.page_size,
        ordering: q.ordering,
        source: q.source,
        status: q.status,
        search: q.search,
        under: q.under,
      });
      return paged(request, q.page, q.page_size, count, results);
    },
  );

  r.get(
    '/api/sitemaps/tree/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The site map of a web run (?run=) as a path tree: sites, then path segments, with counts',
        querystring: runQuery,
        response: { 200: sitemapTree },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!(await visibleWebRun(ctx.db, await scopeOfCaller(ctx.db, auth), request.query.run))) throw notFound();
      return sitemapTreeOf(ctx.db, auth.customer.id, request.query.run);
    },
  );

  r.get(
    '/api/scan/wruns/:id/web/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A web run’s extras: technologies, virtual hosts, skipped links, figures, forms, findings by OWASP category',
        params: idParams,
        response: { 200: webRunDetail },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const asset = await visibleWebRun(ctx.db, await scopeOfCaller(ctx.db, auth), request.params.id);
      const detail = asset && (await readWebRunDetail(ctx.db, auth.customer.id, request.params.id, asset));
      if (!detail) throw notFound();
      return detail;
    },
  );
}
