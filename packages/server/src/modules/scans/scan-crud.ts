// The scan routes of any scan kind, written once: create (and start), list, read, change, delete and start a run under
// scan/<path>/. A kind (network and policy in routes-scans.ts, web and web discovery in modules/was) brings only what
// really differs: its payload schemas, how an input becomes the scan's columns, and its reply shapes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, capitalised, type AnyScanKind } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldErrors, forbidden, notFound } from '../../http/errors.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { authOf, subjectOf } from '../../http/guards.ts';
import type { RunRow } from '../tasks/index.ts';
import { deleteScan, insertScan, scanActive, scanBusy, updateScan, type ScanColumns, type ScanRow } from './scan-repo.ts';
import { StartError, startRun } from './start.ts';

/** What one scan path needs to know about its kind. */
export interface ScanRouteSet<I extends z.ZodType<Record<string, unknown>>> {
  /** The path segment under /api/scan/ ('nscans', 'wdscans'). */
  path: string;
  /** The scan in summaries: 'network scan'. */
  label: string;
  tags: string[];
  permission: AnyScanKind['permission'];
  /** The create payload (a PATCH is merged onto asInput and checked with it too). */
  input: I;
  /** Fields the path sets whatever the body says (wdscans: discovery), re-checked with the input schema. */
  fixed?: Record<string, unknown>;
  reply: z.ZodType;
  runReply: z.ZodType;
  /** The customer's scan of this path, or null (another kind's or another customer's scan is not found). */
  load(db: Db, customerId: number, id: number): Promise<ScanRow | null>;
  list(db: Db, customerId: number, page: number, pageSize: number): Promise<{ count: number; rows: ScanRow[] }>;
  /** A scan as the input it would be created from (what a PATCH is merged onto). */
  asInput(row: ScanRow): z.input<I>;
  /** The columns of a valid input; throws a 400 keyed by field when what it names is not the customer's. */
  columns(db: Db, customerId: number, input: z.output<I>): Promise<ScanColumns>;
  toReplies(db: Db, customerId: number, rows: ScanRow[]): Promise<unknown[]>;
  toRunReplies(db: Db, customerId: number, runs: RunRow[], now: Date): Promise<unknown[]>;
}

function startFailed(err: unknown): never {
  if (err instanceof StartError) throw badRequest({ [err.field]: [err.message] });
  throw err;
}

/** The route set of one scan path. */
export function scanCrudRoutes<I extends z.ZodType<Record<string, unknown>>>(
  app: FastifyInstance,
  ctx: AppContext,
  set: ScanRouteSet<I>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/scan/${set.path}/`;
  const { label, tags, permission: perm } = set;
  const own = async (customerId: number, id: number): Promise<ScanRow> => {
    const row = await set.load(ctx.db, customerId, id);
    if (!row) throw notFound();
    return row;
  };
  const parse = (body: unknown): z.output<I> => {
    const parsed = set.input.safeParse(body);
    if (!parsed.success) throw badRequest(fieldErrors(parsed.error.issues));
    return parsed.data;
  };
  const one = async (customerId: number, row: ScanRow): Promise<unknown> => (await set.toReplies(ctx.db, customerId, [row]))[0]!;

  r.post(
    base,
    {
      config: { access: `${perm}:create` },
      schema: {
        tags,
        summary: `Create a ${label}; with start (default) a run starts at once`,
        body: set.input,
        response: { 201: set.reply },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      // The body is valid already; fields the path fixes are checked again with it.
      const input: z.output<I> = set.fixed ? parse({ ...(request.body as object), ...set.fixed }) : (request.body as z.output<I>);
      // Creating is <kind>:create; starting at once is also an execution, which a scan's editor may not have.
      if (input.start && !can(subjectOf(auth), perm, 'execute'))
        throw forbidden('You may create scans but not start them: save it without starting.');
      const row = await insertScan(ctx.db, customerId, auth.user.id, await set.columns(ctx.db, customerId, input));
      if (input.start) {
        try {
          await startRun(ctx.db, ctx, row, { userId: auth.user.id });
        } catch (err) {
          // A scan that cannot start is not kept: the form shows why and nothing half-made is left behind.
          await deleteScan(ctx.db, customerId, row.id);
          startFailed(err);
        }
      }
      return reply.code(201).send(await one(customerId, row));
    },
  );

  r.get(
    base,
    {
      config: { access: `${perm}:read` },
      schema: {
        tags,
        summary: `${capitalised(label)}s, newest first`,
        querystring: pageQuery,
        response: { 200: pagedSchema(set.reply) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size } = request.query;
      const { count, rows } = await set.list(ctx.db, auth.customer.id, page, page_size);
      return paged(request, page, page_size, count, await set.toReplies(ctx.db, auth.customer.id, rows));
    },
  );

  r.get(
    `${base}:id/`,
    { config: { access: `${perm}:read` }, schema: { tags, summary: `One ${label}`, params: idParams, response: { 200: set.reply } } },
    async (request) => {
      const auth = authOf(request);
      return one(auth.customer.id, await own(auth.customer.id, request.params.id));
    },
  );

  r.patch(
    `${base}:id/`,
    {
      config: { access: `${perm}:update` },
      schema: {
        tags,
        summary: `Change a ${label} (runs already made keep what they were started with)`,
        params: idParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: set.reply },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const row = await own(customerId, request.params.id);
      const input = parse({ ...(set.asInput(row) as object), ...request.body, start: false, ...set.fixed });
      const updated = await updateScan(ctx.db, customerId, row.id, await set.columns(ctx.db, customerId, input));
      return one(customerId, updated);
    },
  );

  r.delete(
    `${base}:id/`,
    { config: { access: `${perm}:delete` }, schema: { tags, summary: `Delete a ${label} and its runs`, params: idParams } },
    async (request, reply) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const row = await own(customerId, request.params.id);
      if (await scanBusy(ctx.db, customerId, row.id)) throw conflict({ non_field_errors: ['Cancel the running scan first.'] });
      await deleteScan(ctx.db, customerId, row.id);
      return reply.code(204).send();
    },
  );

  r.post(
    `${base}:id/start/`,
    {
      config: { access: `${perm}:execute` },
      schema: { tags, summary: `Start a new run of the ${label}`, params: idParams, response: { 201: set.runReply } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await own(auth.customer.id, request.params.id);
      // One run of a scan at a time, as the web app's "Run again" says (two would scan the same hosts twice at once).
      if (await scanActive(ctx.db, auth.customer.id, row.id))
        throw conflict({ non_field_errors: ['This scan is still running: wait for its run to end, or cancel it.'] });
      const run = await startRun(ctx.db, ctx, row, { userId: auth.user.id }).catch(startFailed);
      return reply.code(201).send((await set.toRunReplies(ctx.db, auth.customer.id, [run], ctx.clock()))[0]!);
    },
  );
}
