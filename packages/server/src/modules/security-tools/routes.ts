// HTTP routes of watched websites and mail servers (feature-areas §7), written once over a kind's descriptor: the
// monitors' CRUD (globalview/websites/, globalview/mailservers/), their scan logs (website-scan-log/,
// mailserver-scan-log/, newest first) and the scan-now calls (scan-website/, scan-mailserver/: the run's new log row).
// Every route needs the kind's flags and a monitoring permission. A member of a LIMITED team reads only the monitors
// whose asset the member sees, and may not change or run any (a monitor's messages go to recipients outside the team).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MONITOR_RUN_STATUSES, monitorScanRequest } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import {
  boolParam,
  dateBound,
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
import type { MonitorKind } from './kinds.ts';
import { mailServers } from './mail-server.ts';
import { getLog, getMonitor, listLogs, listMonitors } from './repo.ts';
import { runMonitor } from './run.ts';
import { deleteMonitor, saveMonitor, type SharedValues } from './service.ts';
import { websites } from './website.ts';

const tags = ['monitoring'];

export const LIMITED_MONITORS =
  'Watched websites and mail servers tell recipients outside your team: a member of a team limited to some assets cannot change or run them.';

const statuses = listParam(z.enum(MONITOR_RUN_STATUSES, { error: `Choose from: ${MONITOR_RUN_STATUSES.join(', ')}.` }));

function kindRoutes<I extends SharedValues, R, L>(app: FastifyInstance, ctx: AppContext, kind: MonitorKind<I, R, L>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const flag = kind.flag;
  const base = `/api/${kind.paths.monitors}/`;
  const one = `${base}:id/`;
  const keys = Object.keys(kind.orderings) as [string, ...string[]];
  const listQuery = pageQuery.extend({
    search: searchParam,
    active: boolParam,
    last_status: statuses,
    ordering: ordering(keys, keys[0]),
  });
  const logFilters = pageQuery.extend({ status: statuses, started_after: dateBound(false), started_before: dateBound(true) });
  const logQuery = logFilters.extend({ [kind.paths.logFilter]: idParam.optional() });
  // Fastify's types cannot resolve a reply through a kind's generic schema: the routes see them as plain zod types,
  // and the handlers keep the kind's own types.
  const input: z.ZodType = kind.input;
  const reply: z.ZodType = kind.reply;
  const logReply: z.ZodType = kind.logReply;

  /** Changing or running a monitor needs sight of every asset. */
  const unlimited = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const scope = await scopeOfCaller(ctx.db, auth);
    if (scope.limitedToTags !== null) throw forbidden(LIMITED_MONITORS);
    return { auth, scope };
  };
  const scopeOf = (request: FastifyRequest) => scopeOfCaller(ctx.db, authOf(request));

  r.get(
    base,
    {
      config: { access: 'monitoring:read', flag },
      schema: { tags, summary: `${kind.label} monitors, paged`, querystring: listQuery, response: { 200: pagedSchema(reply) } },
    },
    async (request) => {
      const q = request.query;
      const { count, rows } = await listMonitors(ctx.db, kind, await scopeOf(request), {
        page: q.page,
        pageSize: q.page_size,
        search: q.search,
        active: q.active,
        lastStatus: q.last_status,
        ordering: q.ordering.key,
        descending: q.ordering.descending,
      });
      return paged(
        request,
        q.page,
        q.page_size,
        count,
        rows.map((row) => kind.toReply(row)),
      );
    },
  );
  r.post(
    base,
    {
      config: { access: 'monitoring:create', flag },
      schema: { tags, summary: `Watch a ${kind.label.toLowerCase()}`, body: input, response: { 201: reply } },
    },
    async (request, res) => {
      const { auth } = await unlimited(request);
      return res.code(201).send(await saveMonitor(ctx, kind, auth.customer.id, request.body as I, auth.user.id));
    },
  );
  r.get(
    one,
    {
      config: { access: 'monitoring:read', flag },
      schema: { tags, summary: `One ${kind.label.toLowerCase()} monitor`, params: idParams, response: { 200: reply } },
    },
    async (request) => {
      const row = await getMonitor(ctx.db, kind, await scopeOf(request), request.params.id);
      if (!row) throw notFound(kind.notFound);
      return kind.toReply(row);
    },
  );
  const change = async (request: FastifyRequest, id: number, body: Record<string, unknown>, whole: boolean) => {
    const { auth, scope } = await unlimited(request);
    const current = await getMonitor(ctx.db, kind, scope, id);
    if (!current) throw notFound(kind.notFound);
    const merged = whole ? body : { ...kind.toInput(current), ...body };
    return saveMonitor(ctx, kind, auth.customer.id, parseInput(kind.input, merged), auth.user.id, id);
  };
  for (const [method, whole] of [
    ['put', true],
    ['patch', false],
  ] as const)
    r[method](
      one,
      {
        config: { access: 'monitoring:update', flag },
        schema: {
          tags,
          summary: whole ? `Change a ${kind.label.toLowerCase()} monitor` : `Change some fields of a ${kind.label.toLowerCase()} monitor`,
          params: idParams,
          body: patchBody,
          response: { 200: reply },
        },
      },
      async (request) => change(request, request.params.id, request.body, whole),
    );
  r.delete(
    one,
    {
      config: { access: 'monitoring:delete', flag },
      schema: { tags, summary: `Stop watching a ${kind.label.toLowerCase()} (its scan log goes with it)`, params: idParams },
    },
    async (request, res) => {
      const { auth } = await unlimited(request);
      await deleteMonitor(ctx, kind, auth.customer.id, request.params.id);
      return res.code(204).send();
    },
  );

  r.get(
    `/api/${kind.paths.log}/`,
    {
      config: { access: 'monitoring:read', flag },
      schema: {
        tags,
        summary: `The scan log of ${kind.label.toLowerCase()} monitors, newest first`,
        querystring: logQuery,
        response: { 200: pagedSchema(logReply) },
      },
    },
    async (request) => {
      const q = request.query as z.output<typeof logFilters> & Record<string, unknown>;
      const { count, rows } = await listLogs(ctx.db, kind, await scopeOf(request), {
        page: q.page,
        pageSize: q.page_size,
        monitorId: q[kind.paths.logFilter] as number | undefined,
        status: q.status,
        startedAfter: q.started_after,
        startedBefore: q.started_before,
      });
      return paged(
        request,
        q.page,
        q.page_size,
        count,
        rows.map((row) => kind.logToReply(row)),
      );
    },
  );
  r.get(
    `/api/${kind.paths.log}/:id/`,
    {
      config: { access: 'monitoring:read', flag },
      schema: { tags, summary: `One run of a ${kind.label.toLowerCase()} monitor`, params: idParams, response: { 200: logReply } },
    },
    async (request) => {
      const row = await getLog(ctx.db, kind, await scopeOf(request), request.params.id);
      if (!row) throw notFound();
      return kind.logToReply(row);
    },
  );
  r.post(
    `/api/${kind.paths.scan}/`,
    {
      config: { access: 'monitoring:execute', flag },
      schema: {
        tags,
        summary: `Check a ${kind.label.toLowerCase()} now (answers the run's scan-log row)`,
        body: monitorScanRequest,
        response: { 200: logReply },
      },
    },
    async (request) => {
      const { scope } = await unlimited(request);
      const row = await getMonitor(ctx.db, kind, scope, request.body.id);
      if (!row) throw notFound(kind.notFound);
      const log = await runMonitor(ctx, kind, row, 'manual');
      if (log === null) throw notFound(kind.notFound);
      return log;
    },
  );
}

export function securityToolRoutes(app: FastifyInstance, ctx: AppContext): void {
  kindRoutes(app, ctx, websites);
  kindRoutes(app, ctx, mailServers);
}
