// GET audit/: the change audit log of the caller's organisation, for its superusers (operators also see platform events).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEvent, type AuditEvent } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { dateBound, idParam, listParam, ordering, pageQuery, paged, pagedSchema, searchParam } from '../../http/list.ts';
import { listAuditEvents, type AuditRow } from './repo.ts';

const tags = ['audit'];

const auditQuery = pageQuery.extend({
  resource: listParam(z.string().max(60)),
  action: listParam(z.string().max(20)),
  user: idParam.optional(),
  object_id: z.string().max(100).optional(),
  created_after: dateBound(false),
  created_before: dateBound(true),
  search: searchParam,
  ordering: ordering(['created'], '-created'),
});

export const toAuditEvent = (r: AuditRow): AuditEvent => ({
  id: r.id,
  created: r.createdAt.toISOString(),
  user: r.userId,
  actor: r.actor,
  impersonated: r.impersonated,
  impersonation_source: r.impersonationSource,
  resource: r.resource,
  action: r.action,
  method: r.method,
  route: r.route,
  object_id: r.objectId,
  status: r.status,
  summary: r.summary,
  ip: r.ip,
});

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit/',
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: 'Every change made through the API, newest first (superusers); filter by resource, action, user, dates',
        querystring: auditQuery,
        response: { 200: pagedSchema(auditEvent) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const { count, rows } = await listAuditEvents(ctx.db, {
        customerId: auth.customer.id,
        includePlatform: auth.user.platformOperator,
        page: q.page,
        pageSize: q.page_size,
        resource: q.resource,
        action: q.action,
        user: q.user,
        objectId: q.object_id,
        createdAfter: q.created_after,
        createdBefore: q.created_before,
        search: q.search,
        descending: q.ordering.descending,
      });
      return paged(request, q.page, q.page_size, count, rows.map(toAuditEvent));
    },
  );
}
