// HTTP routes of a run's results (the run page): the hosts it saw and the findings it saw or closed (net_scans).
import { DETECTION_METHODS, SEVERITY_LABELS, VULNERABILITY_STATE_LABELS, findingRow, runHost } from '@bulwark/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, listParam, ordering, pageQuery, paged, pagedSchema } from '../../http/list.ts';
import {
  RUN_FINDING_ORDERINGS,
  RUN_HOST_ORDERINGS,
  listRunFindings,
  listRunHosts,
  runOfCustomer,
  type RunFindingOrdering,
  type RunHostOrdering,
} from './queries.ts';

const tags = ['scans'];

/** A repeatable integer parameter (`?severity=3&severity=4`) whose values are codes with labels. */
const codes = (labels: Record<number, string>, what: string) => {
  const allowed = Object.keys(labels).map(Number);
  const message = `Choose ${what} from ${allowed.map((c) => `${c} (${labels[c]})`).join(', ')}.`;
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(
      z.array(
        z
          .string()
          .trim()
          .regex(/^\d+$/, message)
          .transform(Number)
          .refine((n) => allowed.includes(n), message),
      ),
    )
    .optional();
};

const searchParam = z.string().trim().max(200, 'Search for at most 200 characters.').optional();

export const runHostsQuery = pageQuery.extend({
  ordering: ordering(Object.keys(RUN_HOST_ORDERINGS) as RunHostOrdering[], 'address' as RunHostOrdering),
  search: searchParam,
});

export const runFindingsQuery = pageQuery.extend({
  ordering: ordering(Object.keys(RUN_FINDING_ORDERINGS) as RunFindingOrdering[], '-risk_score' as `-${RunFindingOrdering}`),
  severity: codes(SEVERITY_LABELS, 'a severity'),
  state: codes(VULNERABILITY_STATE_LABELS, 'a state'),
  search: searchParam,
  host: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive('A valid host id is required.')
    .optional(),
  detection: listParam(z.enum(DETECTION_METHODS, { error: `Choose a detection method: ${DETECTION_METHODS.join(', ')}.` })),
});

export function resultsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/scan/nruns/:id/hosts/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'The hosts a network scan run saw up, with their ports and services then',
        params: idParams,
        querystring: runHostsQuery,
        response: { 200: pagedSchema(runHost) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!(await runOfCustomer(ctx.db, auth.customer.id, request.params.id))) throw notFound();
      const { page, page_size, ordering: order, search } = request.query;
      const { count, results } = await listRunHosts(ctx.db, auth.customer.id, request.params.id, {
        page,
        pageSize: page_size,
        ordering: order,
        search,
      });
      return paged(request, page, page_size, count, results);
    },
  );

  r.get(
    '/api/scan/nruns/:id/findings/',
    {
      config: { access: 'net_scans:read' },
      schema: {
        tags,
        summary: 'The findings a network scan run saw or closed, with the state each came out of the run in',
        params: idParams,
        querystring: runFindingsQuery,
        response: { 200: pagedSchema(findingRow) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!(await runOfCustomer(ctx.db, auth.customer.id, request.params.id))) throw notFound();
      const { page, page_size, ordering: order, severity, state, search, host, detection } = request.query;
      const { count, results } = await listRunFindings(ctx.db, auth.customer.id, request.params.id, {
        page,
        pageSize: page_size,
        ordering: order,
        filters: { severity, state, search, host, detection },
      });
      return paged(request, page, page_size, count, results);
    },
  );
}
