// HTTP routes of scans, one set per scan kind (network scan/nscans/, policy scan/oscans/): create (and start), list, read, change,
// delete, start a run. Both are the same kind of row (targets, profile, probe); a policy scan names a policy profile.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  can,
  capitalised,
  NETWORK_SCAN_KIND,
  networkScan,
  networkScanInput,
  scanRun,
  type AnyScanKind,
  type NetworkScanInput,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, fieldErrors, forbidden, notFound } from '../../http/errors.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { authOf, subjectOf } from '../../http/guards.ts';
import { toRunRows } from './runs-repo.ts';
import {
  deleteScan,
  getScan,
  insertScan,
  listScans,
  updateScan,
  referenceErrors,
  scanActive,
  scanBusy,
  toNetworkScans,
  type ScanRow,
  type ScanType,
} from './scan-repo.ts';
import { StartError, startRun } from './start.ts';

const tags = ['scans'];

/** The scan's columns from a validated input. */
function columns(input: z.output<typeof networkScanInput>, scanType: ScanType) {
  return {
    name: input.name,
    scanType,
    profileId: input.profile,
    targetIds: [...new Set(input.assets)],
    targets: [...new Set(input.targets)],
    exclude: [...new Set(input.exclude)],
    tagSet: input.unified_tags_set?.inclusion_tags.length ? input.unified_tags_set : null,
    probeId: input.node === -1 ? null : input.node,
    probeGroupId: input.probe_group,
  };
}

/** A scan as the input it would be created from (what a PATCH is merged onto). */
function asInput(row: ScanRow): NetworkScanInput {
  return {
    name: row.name,
    assets: row.targetIds,
    targets: row.targets,
    exclude: row.exclude,
    unified_tags_set: row.tagSet ?? null,
    profile: row.profileId ?? 0,
    node: row.probeId,
    probe_group: row.probeGroupId,
    start: false,
  };
}

function startFailed(err: unknown): never {
  if (err instanceof StartError) throw badRequest({ [err.field]: [err.message] });
  throw err;
}

/** The scan route set of one scan kind (core's scan-kinds): scan/<scans>/ under the kind's permission. */
export function scanRoutes(app: FastifyInstance, ctx: AppContext, kind: AnyScanKind = NETWORK_SCAN_KIND): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/scan/${kind.api.scans}/`;
  const label = kind.labels.scan;
  const Label = capitalised(label);

  r.post(
    base,
    {
      config: { access: `${kind.permission}:create` },
      schema: {
        tags,
        summary: `Create a ${label}; with start (default) a run starts at once`,
        body: networkScanInput,
        response: { 201: networkScan },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const input = request.body;
      // Creating is net_scans:create; starting at once is also an execution, which a scan's editor may not have.
      if (input.start && !can(subjectOf(auth), kind.permission, 'execute'))
        throw forbidden('You may create scans but not start them: save it without starting.');
      const errors = await referenceErrors(ctx.db, customerId, input, kind.type);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const row = await insertScan(ctx.db, customerId, auth.user.id, columns(input, kind.type));
      if (input.start) {
        try {
          await startRun(ctx.db, ctx, row, { userId: auth.user.id });
        } catch (err) {
          // A scan that cannot start is not kept: the form shows why and nothing half-made is left behind.
          await deleteScan(ctx.db, customerId, row.id);
          startFailed(err);
        }
      }
      const [out] = await toNetworkScans(ctx.db, customerId, [row]);
      return reply.code(201).send(out);
    },
  );

  r.get(
    base,
    {
      config: { access: `${kind.permission}:read` },
      schema: { tags, summary: `${Label}s, newest first`, querystring: pageQuery, response: { 200: pagedSchema(networkScan) } },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size } = request.query;
      const { count, rows } = await listScans(ctx.db, auth.customer.id, page, page_size, kind.type);
      return paged(request, page, page_size, count, await toNetworkScans(ctx.db, auth.customer.id, rows));
    },
  );

  r.get(
    `${base}:id/`,
    {
      config: { access: `${kind.permission}:read` },
      schema: { tags, summary: `One ${label}`, params: idParams, response: { 200: networkScan } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await getScan(ctx.db, auth.customer.id, request.params.id, kind.type);
      if (!row) throw notFound();
      return (await toNetworkScans(ctx.db, auth.customer.id, [row]))[0]!;
    },
  );

  r.patch(
    `${base}:id/`,
    {
      config: { access: `${kind.permission}:update` },
      schema: {
        tags,
        summary: `Change a ${label} (runs already made keep what they were started with)`,
        params: idParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: networkScan },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const row = await getScan(ctx.db, customerId, request.params.id, kind.type);
      if (!row) throw notFound();
      const merged = networkScanInput.safeParse({ ...asInput(row), ...request.body, start: false });
      if (!merged.success) throw badRequest(fieldErrors(merged.error.issues));
      const errors = await referenceErrors(ctx.db, customerId, merged.data, kind.type);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const updated = await updateScan(ctx.db, customerId, row.id, columns(merged.data, kind.type));
      return (await toNetworkScans(ctx.db, customerId, [updated]))[0]!;
    },
  );

  r.delete(
    `${base}:id/`,
    { config: { access: `${kind.permission}:delete` }, schema: { tags, summary: `Delete a ${label} and its runs`, params: idParams } },
    async (request, reply) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const row = await getScan(ctx.db, customerId, request.params.id, kind.type);
      if (!row) throw notFound();
      if (await scanBusy(ctx.db, customerId, row.id)) throw conflict({ non_field_errors: ['Cancel the running scan first.'] });
      await deleteScan(ctx.db, customerId, row.id);
      return reply.code(204).send();
    },
  );

  r.post(
    `${base}:id/start/`,
    {
      config: { access: `${kind.permission}:execute` },
      schema: { tags, summary: `Start a new run of the ${label}`, params: idParams, response: { 201: scanRun } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await getScan(ctx.db, auth.customer.id, request.params.id, kind.type);
      if (!row) throw notFound();
      // One run of a scan at a time, as the web app's "Run again" says (two would scan the same hosts twice at once).
      if (await scanActive(ctx.db, auth.customer.id, row.id))
        throw conflict({ non_field_errors: ['This scan is still running: wait for its run to end, or cancel it.'] });
      const run = await startRun(ctx.db, ctx, row, { userId: auth.user.id }).catch(startFailed);
      return reply.code(201).send((await toRunRows(ctx.db, auth.customer.id, [run], ctx.clock()))[0]!);
    },
  );
}
