// HTTP routes of web scans: scan/wscans/ (web scans) and scan/wdscans/ (discovery scans: crawl only), the same table
// with is_was_discovery: create (and start), list, read, change, delete, start a run; targets are web-application assets.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  can,
  WEB_DISCOVERY_SCANS_PATH,
  WEB_SCAN_KIND,
  webScan,
  webScanInput,
  webScanRun,
  type WebScan,
  type WebScanInput,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, fieldErrors, forbidden, notFound } from '../../http/errors.ts';
import { authOf, subjectOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { toWebRunRows } from '../scans/index.ts';
import {
  deleteScan,
  getScan,
  insertScan,
  referenceErrors,
  scanActive,
  scanBusy,
  toNetworkScans,
  updateScan,
  type ScanRow,
} from '../scans/index.ts';
import { listWebScans, standardProfileId, webAppUrls } from './scan-list.ts';
import { StartError, startRun } from '../scans/index.ts';

const tags = ['web scans'];

function columns(input: z.output<typeof webScanInput>, profileId: number) {
  return {
    name: input.name,
    scanType: 'was' as const,
    profileId,
    targetIds: [...new Set(input.assets)],
    targets: [],
    exclude: [],
    tagSet: input.unified_tags_set?.inclusion_tags.length ? input.unified_tags_set : null,
    probeId: input.node === -1 ? null : input.node,
    probeGroupId: input.probe_group,
    isWasDiscovery: input.discovery,
    vhosts: [...new Set(input.vhosts)],
  };
}

function asInput(row: ScanRow): WebScanInput {
  return {
    name: row.name,
    assets: row.targetIds,
    unified_tags_set: row.tagSet ?? null,
    profile: row.profileId,
    node: row.probeId,
    probe_group: row.probeGroupId,
    start: false,
    vhosts: row.vhosts,
    discovery: row.isWasDiscovery,
  };
}

/** Scans in the reply shape: the shared scan row with the web application URLs, the discovery flag and vhosts. */
async function toWebScans(db: Db, customerId: number, rows: ScanRow[]): Promise<WebScan[]> {
  const [shared, urls] = await Promise.all([
    toNetworkScans(db, customerId, rows),
    // One query for the page's web applications, not one per scan.
    webAppUrls(
      db,
      customerId,
      rows.flatMap((r) => r.targetIds),
    ),
  ]);
  return rows.map((row, i) => ({
    ...shared[i]!,
    profile: shared[i]!.profile ? { ...shared[i]!.profile!, type: 'was' as const } : null,
    // As a run names them (webRunTargets): by asset id, each URL once.
    targets: [
      ...new Set(
        [...row.targetIds]
          .sort((a, b) => a - b)
          .map((id) => urls.get(id))
          .filter((u): u is string => u !== undefined),
      ),
    ],
    scan_type: 'was' as const,
    is_was_discovery: row.isWasDiscovery,
    vhosts: row.vhosts,
  }));
}

function startFailed(err: unknown): never {
  if (err instanceof StartError) throw badRequest({ [err.field]: [err.message] });
  throw err;
}

/** The routes of one of the two paths: wscans (discovery false) or wdscans (discovery true). */
function webScanRoutes(app: FastifyInstance, ctx: AppContext, discovery: boolean): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/scan/${discovery ? WEB_DISCOVERY_SCANS_PATH : WEB_SCAN_KIND.api.scans}/`;
  const label = discovery ? 'web discovery scan' : 'web scan';
  const perm = WEB_SCAN_KIND.permission;
  const own = async (customerId: number, id: number) => {
    const row = await getScan(ctx.db, customerId, id, 'was');
    if (!row || row.isWasDiscovery !== discovery) throw notFound();
    return row;
  };
  const check = async (customerId: number, input: z.output<typeof webScanInput>): Promise<number> => {
    if (!discovery && input.profile === null) throw badRequest({ profile: ['This field is required.'] });
    const profile = input.profile ?? (await standardProfileId(ctx.db));
    if (profile === null) throw badRequest({ profile: ['This field is required.'] });
    const errors = await referenceErrors(ctx.db, customerId, { ...input, profile }, 'was');
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    return profile;
  };

  r.post(
    base,
    {
      config: { access: `${perm}:create` },
      schema: {
        tags,
        summary: `Create a ${label}; with start (default) a run starts at once`,
        body: webScanInput,
        response: { 201: webScan },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const customerId = auth.customer.id;
      const parsed = webScanInput.safeParse({ ...(request.body as object), discovery });
      if (!parsed.success) throw badRequest(fieldErrors(parsed.error.issues));
      const input = parsed.data;
      if (input.start && !can(subjectOf(auth), perm, 'execute'))
        throw forbidden('You may create scans but not start them: save it without starting.');
      const profile = await check(customerId, input);
      const row = await insertScan(ctx.db, customerId, auth.user.id, columns(input, profile));
      if (input.start) {
        try {
          await startRun(ctx.db, ctx, row, { userId: auth.user.id });
        } catch (err) {
          await deleteScan(ctx.db, customerId, row.id);
          startFailed(err);
        }
      }
      return reply.code(201).send((await toWebScans(ctx.db, customerId, [row]))[0]!);
    },
  );

  r.get(
    base,
    {
      config: { access: `${perm}:read` },
      schema: {
        tags,
        summary: `${label.charAt(0).toUpperCase()}${label.slice(1)}s, newest first`,
        querystring: pageQuery,
        response: { 200: pagedSchema(webScan) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { page, page_size } = request.query;
      const { count, rows } = await listWebScans(ctx.db, auth.customer.id, page, page_size, discovery);
      return paged(request, page, page_size, count, await toWebScans(ctx.db, auth.customer.id, rows));
    },
  );

  r.get(
    `${base}:id/`,
    { config: { access: `${perm}:read` }, schema: { tags, summary: `One ${label}`, params: idParams, response: { 200: webScan } } },
    async (request) => {
      const auth = authOf(request);
      const row = await own(auth.customer.id, request.params.id);
      return (await toWebScans(ctx.db, auth.customer.id, [row]))[0]!;
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
        response: { 200: webScan },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await own(auth.customer.id, request.params.id);
      const merged = webScanInput.safeParse({ ...asInput(row), ...request.body, start: false, discovery });
      if (!merged.success) throw badRequest(fieldErrors(merged.error.issues));
      const profile = await check(auth.customer.id, merged.data);
      const updated = await updateScan(ctx.db, auth.customer.id, row.id, columns(merged.data, profile));
      return (await toWebScans(ctx.db, auth.customer.id, [updated]))[0]!;
    },
  );

  r.delete(
    `${base}:id/`,
    { config: { access: `${perm}:delete` }, schema: { tags, summary: `Delete a ${label} and its runs`, params: idParams } },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await own(auth.customer.id, request.params.id);
      if (await scanBusy(ctx.db, auth.customer.id, row.id)) throw conflict({ non_field_errors: ['Cancel the running scan first.'] });
      await deleteScan(ctx.db, auth.customer.id, row.id);
      return reply.code(204).send();
    },
  );

  r.post(
    `${base}:id/start/`,
    {
      config: { access: `${perm}:execute` },
      schema: { tags, summary: `Start a new run of the ${label}`, params: idParams, response: { 201: webScanRun } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await own(auth.customer.id, request.params.id);
      if (await scanActive(ctx.db, auth.customer.id, row.id))
        throw conflict({ non_field_errors: ['This scan is still running: wait for its run to end, or cancel it.'] });
      const run = await startRun(ctx.db, ctx, row, { userId: auth.user.id }).catch(startFailed);
      return reply.code(201).send((await toWebRunRows(ctx.db, auth.customer.id, [run], ctx.clock()))[0]!);
    },
  );
}

export function webScanRouteSets(app: FastifyInstance, ctx: AppContext): void {
  webScanRoutes(app, ctx, false);
  webScanRoutes(app, ctx, true);
}
