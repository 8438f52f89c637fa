// HTTP routes of the applications and ports views (feature-areas §7 Apps and ports): the lists, and each
// application's or port's assets and open findings.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appAsset, appVulnerability, installedApp, portSummary } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { ordering, paged, pagedSchema, pageQuery, searchParam } from '../../http/list.ts';
import { appGroup, groupAssets, groupVulnerabilities, listApps, listPorts, portGroup } from './apps-ports.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';

const tags = ['assets'];

/** Applications and ports across the inventory (assets/na-installed-apps/, assets/ports/) with their assets and findings. */
export function appsAndPortsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const appId = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not an application id.') });
  const portParams = z.object({ port: z.coerce.number().int().min(0).max(65535), protocol: z.coerce.number().int().min(0).max(99) });
  const access = { access: 'net_assets:read' } as const;

  r.get(
    '/api/assets/na-installed-apps/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Applications (product and version) running on the assets, with asset and open finding counts',
        querystring: pageQuery.extend({ search: searchParam, ordering: ordering(['name', 'assets', 'vulnerabilities'], '-assets') }),
        response: { 200: pagedSchema(installedApp) },
      },
    },
    async (request) => {
      const { page, page_size, search, ordering: o } = request.query;
      const { count, rows } = await listApps(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), {
        search,
        page,
        pageSize: page_size,
        ordering: o,
      });
      return paged(request, page, page_size, count, rows);
    },
  );
  r.get(
    '/api/assets/ports/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Open ports across the assets, with services, asset and open finding counts',
        querystring: pageQuery.extend({
          port: z.coerce.number().int().min(0).max(65535).optional(),
          ordering: ordering(['port', 'assets', 'vulnerabilities'], '-assets'),
        }),
        response: { 200: pagedSchema(portSummary) },
      },
    },
    async (request) => {
      const { page, page_size, port, ordering: o } = request.query;
      const { count, rows } = await listPorts(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), {
        port,
        page,
        pageSize: page_size,
        ordering: o,
      });
      return paged(request, page, page_size, count, rows);
    },
  );

  // Each application and each port has its assets and its open findings, the same two lists.
  const groupRoutes = <P extends z.ZodType>(
    base: string,
    params: P,
    what: string,
    group: (p: z.output<P>) => ReturnType<typeof appGroup>,
  ) => {
    r.get(
      `${base}assets/${base.includes('ports') ? ':port/:protocol/' : ':id/'}`,
      {
        config: access,
        schema: { tags, summary: `The assets with ${what}`, params, querystring: pageQuery, response: { 200: pagedSchema(appAsset) } },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const { count, results } = await groupAssets(
          ctx.db,
          await scopeOfCaller(ctx.db, authOf(request)),
          group(request.params as z.output<P>),
          page,
          page_size,
        );
        return paged(request, page, page_size, count, results);
      },
    );
    r.get(
      `${base}vulnerabilities/${base.includes('ports') ? ':port/:protocol/' : ':id/'}`,
      {
        config: access,
        schema: {
          tags,
          summary: `Open findings on ${what}`,
          params,
          querystring: pageQuery,
          response: { 200: pagedSchema(appVulnerability) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const { count, results } = await groupVulnerabilities(
          ctx.db,
          await scopeOfCaller(ctx.db, authOf(request)),
          group(request.params as z.output<P>),
          page,
          page_size,
        );
        return paged(request, page, page_size, count, results);
      },
    );
  };
  groupRoutes('/api/assets/na-installed-apps/', appId, 'an application', (p) => appGroup(p.id));
  groupRoutes('/api/assets/ports/', portParams, 'a port open', (p) => portGroup(p.port, p.protocol));
}
