// HTTP routes of scan runs, one set per scan kind (network scan/nruns/, policy scan/noruns/): the filtered, ordered list with tasks and
// actions, one run, its errors, the actions stop/resume/cancel/cancel-force, deleting a run; and celery-progress/{id}/
// for background jobs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HIDDEN_SCAN_ERROR_TYPES,
  SCAN_ERROR_TYPE_LABELS,
  SCAN_TASK_LABELS,
  isScanTaskLabel,
  jobProgress as jobProgressSchema,
  scanErrorRow,
  scanRun,
  statesForFilters,
  type ScanAction,
  type ScanErrorType,
  type ScanTaskLabel,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { boolParam, dateBound, idParams, listParam, ordering, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { ACTION_MESSAGES, ActionRefused, runAction, runDeletable } from './actions.ts';
import { deleteRun, getRun, listRuns, runErrorGroups, RUN_ORDERINGS, toRunRows, type RunOrdering } from './runs-repo.ts';
import { NETWORK_SCAN_KIND, webScanRun, type AnyScanKind } from '@bulwark/core';
import { toWebRunRows } from './runs-web.ts';
import type { RunRow } from '../tasks/index.ts';
import { jobProgressOf } from '../../jobs/progress.ts';

const tags = ['scans'];

const list = listParam(z.string());

export const runListQuery = pageQuery.extend({
  ordering: ordering(Object.keys(RUN_ORDERINGS) as RunOrdering[], '-created'),
  status: list.superRefine((v, ctx) => {
    for (const s of v ?? [])
      if (!isScanTaskLabel(s))
        ctx.addIssue({ code: 'custom', message: `"${s}" is not a valid status. Choose from ${SCAN_TASK_LABELS.join(', ')}.` });
  }),
  finished_after: dateBound(false),
  finished_before: dateBound(true),
  // The names core's scanFilterParams sends for the "finished from / to" filter.
  finished_from: dateBound(false),
  finished_to: dateBound(true),
  is_external: boolParam,
  asset: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive().optional(),
  created_after: dateBound(false),
  created_before: dateBound(true),
  last_started_assessment_after: dateBound(false),
  last_started_assessment_before: dateBound(true),
  last_finished_assessment_after: dateBound(false),
  last_finished_assessment_before: dateBound(true),
  node: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(-1).optional(),
  scheduled: boolParam,
  search: z.string().trim().max(200).optional(),
  scan: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive().optional(),
});

const ACTION_PATHS: [string, ScanAction][] = [
  ['stop', 'pause'],
  ['resume', 'resume'],
  ['cancel', 'cancel'],
  ['cancel/force', 'force_cancel'],
];

const displayName = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * A scan kind's own run row: the shared row extended with the kind's progress (web: URLs found, requests sent,
 * sign-in state; cloud: the account, calls, resources, regions). The schema must extend scanRun.
 */
export interface RunRowKind {
  schema: typeof scanRun;
  rows(db: AppContext['db'], customerId: number, runs: RunRow[], now: Date): Promise<z.infer<typeof scanRun>[]>;
}

const WEB_ROWS: RunRowKind = { schema: webScanRun as unknown as typeof scanRun, rows: toWebRunRows };
const SHARED_ROWS: RunRowKind = { schema: scanRun, rows: toRunRows };

/** The run route set of one scan kind (core's scan-kinds): scan/<runs>/ under the kind's permission. */
export function runRoutes(app: FastifyInstance, ctx: AppContext, kind: AnyScanKind = NETWORK_SCAN_KIND, rowKind?: RunRowKind): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/scan/${kind.api.runs}/`;
  const label = kind.labels.scan;
  const own = rowKind ?? (kind.type === 'was' ? WEB_ROWS : SHARED_ROWS);
  const rowSchema = own.schema;
  const rowsOf = (customerId: number, runs: RunRow[]) => own.rows(ctx.db, customerId, runs, ctx.clock());
  const actionRow = own.schema.extend({ message: z.string() });

  r.get(
    base,
    {
      config: { access: `${kind.permission}:read` },
      schema: {
        tags,
        summary: `Runs of ${label}s with their tasks, filtered and ordered (§3)`,
        querystring: runListQuery,
        response: { 200: pagedSchema(rowSchema) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const finishedAfter = [q.finished_after, q.finished_from, q.last_finished_assessment_after].filter((d): d is Date => !!d);
      const finishedBefore = [q.finished_before, q.finished_to, q.last_finished_assessment_before].filter((d): d is Date => !!d);
      const { count, rows } = await listRuns(
        ctx.db,
        auth.customer.id,
        {
          states: q.status ? statesForFilters(q.status as ScanTaskLabel[]) : undefined,
          // Both names of the finish bounds apply; the tighter one wins.
          finishedAfter: finishedAfter.length ? new Date(Math.max(...finishedAfter.map(Number))) : undefined,
          finishedBefore: finishedBefore.length ? new Date(Math.min(...finishedBefore.map(Number))) : undefined,
          node: q.node,
          scheduled: q.scheduled,
          createdAfter: q.created_after,
          createdBefore: q.created_before,
          startedAfter: q.last_started_assessment_after,
          startedBefore: q.last_started_assessment_before,
          search: q.search || undefined,
          scan: q.scan,
          isExternal: q.is_external,
          asset: q.asset,
          scanType: kind.type,
        },
        q.ordering,
        q.page,
        q.page_size,
      );
      return paged(request, q.page, q.page_size, count, await rowsOf(auth.customer.id, rows));
    },
  );

  r.get(
    `${base}:id/`,
    {
      config: { access: `${kind.permission}:read` },
      schema: { tags, summary: `One ${label} run with its tasks`, params: idParams, response: { 200: rowSchema } },
    },
    async (request) => {
      const auth = authOf(request);
      const run = await getRun(ctx.db, auth.customer.id, request.params.id, kind.type);
      if (!run) throw notFound();
      return (await rowsOf(auth.customer.id, [run]))[0]!;
    },
  );

  r.delete(
    `${base}:id/`,
    {
      config: { access: `${kind.permission}:delete` },
      schema: { tags, summary: 'Delete a run (not while a probe works on it)', params: idParams },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const run = await getRun(ctx.db, auth.customer.id, request.params.id, kind.type);
      if (!run) throw notFound();
      if (!(await runDeletable(ctx.db, run.id))) throw conflict({ non_field_errors: ['Cancel the scan first.'] });
      await deleteRun(ctx.db, auth.customer.id, run.id);
      return reply.code(204).send();
    },
  );

  for (const [path, action] of ACTION_PATHS) {
    r.post(
      `${base}:id/${path}/`,
      {
        config: { access: `${kind.permission}:execute` },
        schema: { tags, summary: `Action on a run: ${action.replace('_', ' ')}`, params: idParams, response: { 200: actionRow } },
      },
      async (request) => {
        const auth = authOf(request);
        const run = await getRun(ctx.db, auth.customer.id, request.params.id, kind.type);
        if (!run) throw notFound();
        try {
          const updated = await runAction(ctx, run, action, displayName(auth.user));
          return { ...(await rowsOf(auth.customer.id, [updated]))[0]!, message: ACTION_MESSAGES[action] };
        } catch (err) {
          if (err instanceof ActionRefused) throw conflict({ non_field_errors: [err.message] });
          throw err;
        }
      },
    );
  }

  r.get(
    `${base}:id/errors/`,
    {
      config: { access: `${kind.permission}:read` },
      schema: {
        tags,
        summary: 'The run’s errors grouped by message with counts; internal and connection-reset errors only with show_hidden',
        params: idParams,
        querystring: z.object({ show_hidden: boolParam }),
        response: { 200: z.array(scanErrorRow) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const run = await getRun(ctx.db, auth.customer.id, request.params.id, kind.type);
      if (!run) throw notFound();
      const rows = await runErrorGroups(ctx.db, auth.customer.id, run.id, request.query.show_hidden ? null : HIDDEN_SCAN_ERROR_TYPES);
      return rows.map((e) => ({
        type: e.type,
        type_label: SCAN_ERROR_TYPE_LABELS[e.type as ScanErrorType] ?? 'Internal',
        message: e.message,
        count: e.count,
      }));
    },
  );

  if (kind !== NETWORK_SCAN_KIND) return;
  r.get(
    '/api/celery-progress/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Progress of a background job (results processing, imports, reports)',
        params: z.object({ id: z.string() }),
        response: { 200: jobProgressSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(request.params.id)) throw notFound();
      const row = await jobProgressOf(ctx.db, auth.customer.id, request.params.id);
      if (!row) throw notFound();
      const complete = row.state === 'SUCCESS' || row.state === 'FAILURE';
      const percent = row.total > 0 ? Math.round((row.current / row.total) * 1000) / 10 : complete ? 100 : 0;
      return {
        state: row.state,
        complete,
        success: complete ? row.state === 'SUCCESS' : null,
        progress: { current: row.current, total: row.total, percent },
        result: row.state === 'FAILURE' ? (row.message ?? null) : (row.result ?? null),
      };
    },
  );
}
