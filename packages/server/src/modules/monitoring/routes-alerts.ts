// HTTP routes of monitoring alerts (feature-areas §7 cm/alerts/ GET and DELETE; need continuous-monitoring and the
// monitoring permission): the list with its filters (profile, trigger, asset, state, first and last seen, severity,
// search; the `show/{profileId}/{profileTriggering}` screen is `?profile=&trigger=`), the open alerts counted by trigger,
// one alert, and dismissing one (204). A member of a LIMITED team sees and dismisses only alerts on assets in its scope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERT_STATES, MONITORING_TRIGGERS, monitoringAlert } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { dateBound, idParam, idParams, listParam, ordering, paged, pagedSchema, pageQuery, searchParam } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { ALERT_ORDERING, countAlertsByTrigger, dismissAlert, getAlert, listAlerts, type AlertFilters } from './alerts-read-model.ts';

const tags = ['monitoring'];
const flag = 'continuous-monitoring' as const;
const BASE = '/api/cm/alerts/';
const SEVERITY = 'Choose a severity from 0 (Info) to 4 (Critical).';
/** An id filter: a larger number than a PostgreSQL integer names nothing, and must not reach the database as one. */
const idFilter = idParam.max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.');

const filterQuery = z.object({
  profile: listParam(idFilter, 100),
  trigger: listParam(z.enum(MONITORING_TRIGGERS, { error: `Choose from: ${MONITORING_TRIGGERS.join(', ')}.` }), MONITORING_TRIGGERS.length),
  asset: listParam(idFilter, 1000),
  state: z.enum(ALERT_STATES, { error: `Choose from: ${ALERT_STATES.join(', ')}.` }).optional(),
  first_seen_after: dateBound(false),
  first_seen_before: dateBound(true),
  last_seen_after: dateBound(false),
  last_seen_before: dateBound(true),
  severity_min: z.coerce.number({ error: SEVERITY }).int(SEVERITY).min(0, SEVERITY).max(4, SEVERITY).optional(),
  search: searchParam,
});
const listQuery = pageQuery.extend({ ...filterQuery.shape, ordering: ordering(ALERT_ORDERING, '-last_seen') });
const countsReply = z.object(Object.fromEntries(MONITORING_TRIGGERS.map((t) => [t, z.number().int()])));

const filtersOf = (q: z.output<typeof filterQuery>): AlertFilters => ({
  profile: q.profile,
  trigger: q.trigger,
  asset: q.asset,
  state: q.state,
  firstSeenAfter: q.first_seen_after,
  firstSeenBefore: q.first_seen_before,
  lastSeenAfter: q.last_seen_after,
  lastSeenBefore: q.last_seen_before,
  severityMin: q.severity_min,
  search: q.search,
});

export function monitoringAlertRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: { access: 'monitoring:read', flag },
      schema: {
        tags,
        summary: 'Monitoring alerts, paged (last seen first)',
        querystring: listQuery,
        response: { 200: pagedSchema(monitoringAlert) },
      },
    },
    async (request) => {
      const { page, page_size, ordering: o } = request.query;
      const scope = await scopeOfCaller(ctx.db, authOf(request));
      const { count, results } = await listAlerts(ctx.db, scope, filtersOf(request.query), {
        page,
        pageSize: page_size,
        ordering: o.key,
        descending: o.descending,
      });
      return paged(request, page, page_size, count, results);
    },
  );
  r.get(
    `${BASE}counts/`,
    {
      config: { access: 'monitoring:read', flag },
      schema: {
        tags,
        summary: 'The alerts the filters keep, counted by trigger (every trigger named; the trigger filter is not applied)',
        querystring: filterQuery,
        response: { 200: countsReply },
      },
    },
    async (request) => countAlertsByTrigger(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), filtersOf(request.query)),
  );
  r.get(
    `${BASE}:id/`,
    {
      config: { access: 'monitoring:read', flag },
      schema: {
        tags,
        summary: 'One monitoring alert: what changed, before and after',
        params: idParams,
        response: { 200: monitoringAlert },
      },
    },
    async (request) => {
      const found = await getAlert(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );
  r.delete(
    `${BASE}:id/`,
    {
      config: { access: 'monitoring:delete', flag },
      schema: { tags, summary: 'Dismiss an alert (it is not raised again until what it is about changes again)', params: idParams },
    },
    async (request, reply) => {
      if (!(await dismissAlert(ctx.db, await scopeOfCaller(ctx.db, authOf(request)), request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
}
