// Domain asset discovery's calls (feature-areas §7 `app1/customer/{customerId}/{type}/` with type
// `domain-asset-discovery`), superusers of the customer only: the settings (GET, PUT, PATCH), starting a run
// (202, its progress at `celery-progress/{job_id}/`), the runs, one run's host names with filters, and adding the
// chosen names as host assets. Another customer's id or run is answered as one that does not exist.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOMAIN_DISCOVERY_TYPE,
  DOMAIN_HOST_STATUSES,
  DOMAIN_SOURCES,
  domainAddAssetsInput,
  domainAddAssetsResult,
  domainDiscoveryHost,
  domainDiscoveryRun,
  domainDiscoverySettings,
  domainDiscoverySettingsInput,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { ordering, pageQuery, paged, pagedSchema, searchParam } from '../../http/list.ts';
import { consume } from '../../http/rate-limit.ts';
import { addHostAssets, scopeOfCaller } from '../assets/index.ts';
import { ownCustomer } from '../notifications/index.ts';
import { getRun, hostNamesOf, listHosts, listRuns, startDiscoveryRun } from './runs.ts';
import { getDiscoverySettings, saveDiscoverySettings } from './settings.ts';

const tags = ['integrations'];
const base = `/api/app1/customer/:customerId/${DOMAIN_DISCOVERY_TYPE}/`;
const customerParams = z.object({ customerId: z.coerce.number().int().positive() });
const runParams = customerParams.extend({ runId: z.coerce.number().int().positive() });
const hostQuery = pageQuery.extend({
  source: z.enum(DOMAIN_SOURCES, { error: `Choose from: ${DOMAIN_SOURCES.join(', ')}.` }).optional(),
  status: z.enum(DOMAIN_HOST_STATUSES, { error: 'Choose new or asset.' }).optional(),
  domain: z.string().trim().max(253).optional(),
  search: searchParam,
  ordering: ordering(['name', 'domain'] as const, 'name'),
});
/** Runs a superuser may start per hour: each can send thousands of DNS queries and a CT search per domain. */
const RUNS_PER_HOUR = 20;

export function domainDiscoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    base,
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'Domain asset discovery settings', params: customerParams, response: { 200: domainDiscoverySettings } },
    },
    (request) => getDiscoverySettings(ctx.db, ownCustomer(request, request.params.customerId)),
  );
  for (const [method, merge] of [
    ['put', false],
    ['patch', true],
  ] as const) {
    r[method](
      base,
      {
        config: { access: 'superuser' },
        schema: {
          tags,
          summary: merge ? 'Change part of the domain asset discovery settings' : 'Set the domain asset discovery settings',
          params: customerParams,
          body: domainDiscoverySettingsInput,
          response: { 200: domainDiscoverySettings },
        },
      },
      (request) => saveDiscoverySettings(ctx.db, ownCustomer(request, request.params.customerId), request.body, merge, ctx.clock()),
    );
  }

  r.post(
    `${base}runs/`,
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: 'Start a discovery run over the saved domains (a background job)',
        params: customerParams,
        response: { 202: domainDiscoveryRun },
      },
    },
    async (request, reply) => {
      const customerId = ownCustomer(request, request.params.customerId);
      await consume(ctx.db, [{ key: `domain-discovery:customer:${customerId}`, max: RUNS_PER_HOUR, windowSeconds: 3600 }]);
      return reply.code(202).send(await startDiscoveryRun(ctx, customerId, authOf(request).user.id));
    },
  );

  r.get(
    `${base}runs/`,
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: 'Discovery runs, newest first',
        params: customerParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(domainDiscoveryRun) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await listRuns(ctx.db, ownCustomer(request, request.params.customerId), page, page_size);
      return paged(request, page, page_size, count, rows);
    },
  );

  r.get(
    `${base}runs/:runId/`,
    {
      config: { access: 'superuser' },
      schema: { tags, summary: 'One discovery run with its progress and notes', params: runParams, response: { 200: domainDiscoveryRun } },
    },
    async (request) => {
      const run = await getRun(ctx.db, ownCustomer(request, request.params.customerId), request.params.runId);
      if (!run) throw notFound();
      return run;
    },
  );

  r.get(
    `${base}runs/:runId/hosts/`,
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: "A run's host names, where each came from, its addresses and whether it is already an asset",
        params: runParams,
        querystring: hostQuery,
        response: { 200: pagedSchema(domainDiscoveryHost) },
      },
    },
    async (request) => {
      const customerId = ownCustomer(request, request.params.customerId);
      if (!(await getRun(ctx.db, customerId, request.params.runId))) throw notFound();
      const { page, page_size, ...filter } = request.query;
      const { count, results } = await listHosts(ctx.db, customerId, request.params.runId, filter, page, page_size);
      return paged(request, page, page_size, count, results);
    },
  );

  r.post(
    `${base}runs/:runId/add-assets/`,
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: "Add a run's chosen host names as host assets (within the subscription's asset limit)",
        params: runParams,
        body: domainAddAssetsInput,
        response: { 200: domainAddAssetsResult },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const customerId = ownCustomer(request, request.params.customerId);
      if (!(await getRun(ctx.db, customerId, request.params.runId))) throw notFound();
      const { names, missing } = await hostNamesOf(ctx.db, customerId, request.params.runId, request.body.hosts);
      if (missing.length) throw badRequest({ hosts: missing.map((id) => `Invalid pk "${id}" - object does not exist.`) });
      return addHostAssets(ctx.db, await scopeOfCaller(ctx.db, auth), auth.user.id, names, {
        tags: request.body.tags,
        assetLimit: auth.customer.assetLimit ?? null,
        field: 'hosts',
      });
    },
  );
}
