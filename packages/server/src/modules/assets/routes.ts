// HTTP routes of the asset inventory (feature-areas §7 Assets, Unified assets): the list with every §3 filter, create,
// one asset, change, delete, its open ports, findings and scan history, the asset page in one call, pickers, addresses,
// usage against the subscription and counts by tag. Each reads within the caller's AssetScope. The import, bulk work
// and the applications and ports views have route files of their own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appVulnerability,
  asset,
  assetBasic,
  assetCounts,
  assetInput,
  assetIp,
  assetPort,
  assetScan,
  assetUsage,
  singleAsset,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { assetFindings } from './apps-ports.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery, parseInput, patchBody, searchParam } from '../../http/list.ts';
import { assetFilterShape, assetListQuery } from '../../tenancy/asset-filters.ts';
import {
  assetCountsByTag,
  assetIps,
  assetPorts,
  assetScans,
  assetUsage as usageOf,
  basicAssets,
  getAssetRow,
  listAssets,
  openFindingsBySeverity,
  toAssets,
  type AssetRow,
} from './repo.ts';
import { createAsset, deleteAssets, updateAsset } from './service.ts';
import { scopeOfCaller, type AssetScope } from '../../tenancy/visibility.ts';

const tags = ['assets'];
const pickerQuery = pageQuery.extend({ search: searchParam });

/** The caller's asset scope: the customer, and a LIMITED member's tags. */
function scopeOf(ctx: AppContext, request: FastifyRequest) {
  return scopeOfCaller(ctx.db, authOf(request));
}

export function assetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scopeFor = (request: FastifyRequest) => scopeOf(ctx, request);
  const one = async (customerId: number, row: AssetRow) => (await toAssets(ctx.db, customerId, [row]))[0]!;

  const list = async (request: FastifyRequest, query: z.output<typeof assetListQuery>) => {
    const scope = await scopeFor(request);
    const { page, page_size, ordering, ...filter } = query;
    const { count, rows } = await listAssets(ctx.db, scope, filter, { page, pageSize: page_size, ordering });
    return paged(request, page, page_size, count, await toAssets(ctx.db, scope.customerId, rows));
  };

  r.get(
    '/api/assets/assets/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags,
        summary: 'Assets, paged, with the filters of §3',
        querystring: assetListQuery,
        response: { 200: pagedSchema(asset) },
      },
    },
    (request) => list(request, request.query),
  );

  r.get(
    '/api/unified-assets/unified-assets/',
    {
      config: { access: 'unified_assets:read' },
      schema: {
        tags,
        summary: 'Every asset of every category, paged (category=systems_and_networks|web_applications|cloud_assets|recipients)',
        querystring: assetListQuery,
        response: { 200: pagedSchema(asset) },
      },
    },
    (request) => list(request, request.query),
  );

  r.post(
    '/api/assets/assets/',
    { config: { access: 'net_assets:create' }, schema: { tags, summary: 'Add an asset', body: assetInput, response: { 201: asset } } },
    async (request, reply) => {
      const auth = authOf(request);
      const scope = await scopeFor(request);
      const row = await createAsset(ctx.db, scope, auth.user.id, request.body);
      return reply.code(201).send(await one(scope.customerId, row));
    },
  );

  r.delete(
    '/api/assets/assets/:id/',
    { config: { access: 'net_assets:delete' }, schema: { tags, summary: 'Delete an asset', params: idParams } },
    async (request, reply) => {
      const scope = await scopeFor(request);
      if ((await deleteAssets(ctx.db, scope, [request.params.id])) === 0) throw notFound();
      return reply.code(204).send();
    },
  );

  const getOne = async (request: FastifyRequest, id: number) => {
    const scope = await scopeFor(request);
    const row = await getAssetRow(ctx.db, scope, id);
    if (!row) throw notFound();
    return { scope, row };
  };

  r.get(
    '/api/assets/:id/',
    { config: { access: 'net_assets:read' }, schema: { tags, summary: 'One asset', params: idParams, response: { 200: asset } } },
    async (request) => {
      const { scope, row } = await getOne(request, request.params.id);
      return one(scope.customerId, row);
    },
  );

  const change = async (request: FastifyRequest, id: number, body: Record<string, unknown>, whole: boolean) => {
    const { scope, row } = await getOne(request, id);
    const current = await one(scope.customerId, row);
    const merged = whole
      ? { value: current.value, ...body }
      : {
          value: current.value,
          name: current.name,
          description: current.description,
          criticality: current.criticality,
          owner: current.owner?.id ?? null,
          is_server: current.is_server,
          internet_facing: current.internet_facing,
          pci: current.pci,
          tags: current.tags.map((t) => t.id),
          ...body,
        };
    const input = parseInput(assetInput, merged);
    return one(scope.customerId, await updateAsset(ctx.db, scope, id, input));
  };
  r.put(
    '/api/assets/:id/',
    {
      config: { access: 'net_assets:update' },
      schema: { tags, summary: 'Change an asset', params: idParams, body: patchBody, response: { 200: asset } },
    },
    (request) => change(request, request.params.id, request.body, true),
  );
  r.patch(
    '/api/assets/:id/',
    {
      config: { access: 'net_assets:update' },
      schema: { tags, summary: 'Change some fields of an asset', params: idParams, body: patchBody, response: { 200: asset } },
    },
    (request) => change(request, request.params.id, request.body, false),
  );

  r.get(
    '/api/single-asset/:id/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags,
        summary: 'The asset page: the asset, open findings by severity, the last scan',
        params: idParams,
        response: { 200: singleAsset },
      },
    },
    async (request) => {
      const { scope, row } = await getOne(request, request.params.id);
      const [base, bySeverity, scans] = await Promise.all([
        one(scope.customerId, row),
        openFindingsBySeverity(ctx.db, scope.customerId, row.id),
        assetScans(ctx.db, scope, row.id, 1, 1),
      ]);
      return {
        ...base,
        findings_by_severity: bySeverity.counts,
        open_findings: bySeverity.counts.reduce((a, b) => a + b, 0),
        findings_below_qod: bySeverity.belowQod,
        last_scan: scans.results[0] ?? null,
      };
    },
  );

  // The asset page's paged lists (its open ports, its open findings, the scan runs that saw it), one shape each.
  const perAsset = <T extends z.ZodType>(
    path: string,
    summary: string,
    item: T,
    list: (
      db: AppContext['db'],
      scope: AssetScope,
      id: number,
      page: number,
      size: number,
    ) => Promise<{ count: number; results: z.output<T>[] }>,
  ) =>
    r.get(
      `/api/assets/:id/${path}/`,
      {
        config: { access: 'net_assets:read' },
        schema: { tags, summary, params: idParams, querystring: pageQuery, response: { 200: pagedSchema(item) } },
      },
      async (request) => {
        const { scope, row } = await getOne(request, request.params.id);
        const { page, page_size } = request.query;
        const { count, results } = await list(ctx.db, scope, row.id, page, page_size);
        return paged(request, page, page_size, count, results);
      },
    );
  perAsset('open-ports', "An asset's open ports and their services", assetPort, assetPorts);
  perAsset('vulnerabilities', "An asset's open findings, worst first", appVulnerability, assetFindings);
  perAsset('scans', 'The scan runs that saw an asset, newest first', assetScan, assetScans);

  r.get(
    '/api/assets/basic/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags,
        summary: 'Hosts, networks and ranges for pickers (id, name, type)',
        querystring: pickerQuery,
        response: { 200: pagedSchema(assetBasic) },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, search: s } = request.query;
      const { count, rows } = await basicAssets(ctx.db, scope, ['host', 'network', 'range'], s, page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );
  r.get(
    '/api/assets/webapp/',
    {
      config: { access: 'web_assets:read' },
      schema: {
        tags,
        summary: 'Web applications for pickers (id, name, type)',
        querystring: pickerQuery,
        response: { 200: pagedSchema(assetBasic) },
      },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, search: s } = request.query;
      const { count, rows } = await basicAssets(ctx.db, scope, ['webapp'], s, page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );
  r.get(
    '/api/ips/',
    {
      config: { access: 'net_assets:read' },
      schema: { tags, summary: "The customer's known host addresses", querystring: pickerQuery, response: { 200: pagedSchema(assetIp) } },
    },
    async (request) => {
      const scope = await scopeFor(request);
      const { page, page_size, search: s } = request.query;
      const { count, rows } = await assetIps(ctx.db, scope, s, page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );

  r.get(
    '/api/usage/',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Licensed assets against the subscription', response: { 200: assetUsage } },
    },
    async (request) => {
      const auth = authOf(request);
      // Usage is the customer's, not what a LIMITED member sees: it is what the licence counts.
      const usage = await usageOf(ctx.db, { customerId: auth.customer.id, limitedToTags: null });
      return { ...usage, limit: auth.customer.assetLimit ?? null };
    },
  );

  r.get(
    '/api/count/',
    {
      config: { access: 'net_assets:read' },
      schema: {
        tags,
        summary: 'Assets per tag (with the list filters), the total and the untagged',
        querystring: z.object(assetFilterShape),
        response: { 200: assetCounts },
      },
    },
    async (request) => assetCountsByTag(ctx.db, await scopeFor(request), request.query),
  );
}
