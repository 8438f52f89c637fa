// HTTP routes of network scans (scan/nscans/): create (and start), list, read, change, delete, start a run.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, networkScan, networkScanInput, scanRun, type NetworkScanInput } from '@bulwark/core';
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
  scanBusy,
  toNetworkScans,
  type ScanRow,
} from './scan-repo.ts';
import { StartError, startRun } from './start.ts';

const tags = ['scans'];

/** The scan's columns from a validated input. */
function columns(input: z.output<typeof networkScanInput>) {
  return {
    name: input.name,
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

export function scanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/scan/nscans/',
    {
      config: { access: 'net_scans:create' },
      schema: {
        tags,
        summary: 'Create a network scan; with start (default) a run starts at once',
        body: networkScanInput,
        response: { 201: networkScan },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const input = request.body;
      // Creating is net_scans:create; starting at once is also an execution, which a scan's editor may not have.
      if (input.start && !can(subjectOf(auth), 'net_scans', 'execute'))
        throw forbidden('You may create scans but not start them: save it without starting.');
      const errors = await referenceErrors(ctx.db, customerId, input);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const row = await insertScan(ctx.db, customerId, auth.user.id, columns(input));
      if (input.start) {
        try {
          await startRun(ctx.db, row, { userId: auth.user.id });
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
    '/api/scan/nscans/',
    {
      config: { access: 'net_scans:read' },
      schema: { tags, summary: 'Network scans, newest first', querystring: pageQuery, response: { 200: pagedSchema(networkScan) } },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size } = request.query;
      const { count, rows } = await listScans(ctx.db, auth.customer.id, page, page_size);
      return paged(request, page, page_size, count, await toNetworkScans(ctx.db, auth.customer.id, rows));
    },
  );

  r.get(
    '/api/scan/nscans/:id/',
    {
      config: { access: 'net_scans:read' },
      schema: { tags, summary: 'One network scan', params: idParams, response: { 200: networkScan } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await getScan(ctx.db, auth.customer.id, request.params.id);
      if (!row) throw notFound();
      return (await toNetworkScans(ctx.db, auth.customer.id, [row]))[0]!;
    },
  );

  r.patch(
    '/api/scan/nscans/:id/',
    {
      config: { access: 'net_scans:update' },
      schema: {
        tags,
        summary: 'Change a network scan (runs already made keep what they were started with)',
        params: idParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: networkScan },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const row = await getScan(ctx.db, customerId, request.params.id);
      if (!row) throw notFound();
      const merged = networkScanInput.safeParse({ ...asInput(row), ...request.body, start: false });
      if (!merged.success) throw badRequest(fieldErrors(merged.error.issues));
      const errors = await referenceErrors(ctx.db, customerId, merged.data);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const updated = await updateScan(ctx.db, customerId, row.id, columns(merged.data));
      return (await toNetworkScans(ctx.db, customerId, [updated]))[0]!;
    },
  );

  r.delete(
    '/api/scan/nscans/:id/',
    { config: { access: 'net_scans:delete' }, schema: { tags, summary: 'Delete a network scan and its runs', params: idParams } },
    async (request, reply) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const row = await getScan(ctx.db, customerId, request.params.id);
      if (!row) throw notFound();
      if (await scanBusy(ctx.db, customerId, row.id)) throw conflict({ non_field_errors: ['Cancel the running scan first.'] });
      await deleteScan(ctx.db, customerId, row.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/scan/nscans/:id/start/',
    {
      config: { access: 'net_scans:execute' },
      schema: { tags, summary: 'Start a new run of the scan', params: idParams, response: { 201: scanRun } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await getScan(ctx.db, auth.customer.id, request.params.id);
      if (!row) throw notFound();
      const run = await startRun(ctx.db, row, { userId: auth.user.id }).catch(startFailed);
      return reply.code(201).send((await toRunRows(ctx.db, auth.customer.id, [run]))[0]!);
    },
  );
}
