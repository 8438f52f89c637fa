// HTTP routes of cloud scanning: scan/cscans/ and scan/cruns/ (the generic scan and run routes) with a run's results (the
// resources it saw, as cloud/resources/ answers them) and policy_results (each control of the run with its counts).
// Permission cloud_scans; every route needs the cloud-scanning flag.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CLOUD_SCAN_KIND,
  cloudPolicyResult,
  cloudResource,
  cloudScan,
  cloudScanInput,
  cloudScanRun,
  type scanRun,
  type CloudScan,
  type CloudScanInput,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { idParams, paged, pagedSchema, pageQuery } from '../../http/list.ts';
import { scopeOfCaller } from '../../tenancy/visibility.ts';
import { getRun, getScan, listScans, referenceErrors, runRoutes, scanCrudRoutes, toNetworkScans, type ScanRow } from '../scans/index.ts';
import { CLOUD_SCANNING_FLAG } from './routes-profiles.ts';
import { toCloudRunRows } from './run-rows.ts';
import { listCloudResources } from './resources-repo.ts';
import { providerCodesOf, runPolicyResults } from './scan-results.ts';

const tags = ['cloud scans'];
/** The cloud run row (scan/cruns/) as the shared run routes take it: it extends the shared row. */
const cloudRunRow = cloudScanRun as unknown as typeof scanRun;
const access = { access: `${CLOUD_SCAN_KIND.permission}:read`, flag: CLOUD_SCANNING_FLAG } as const;

function columns(input: z.output<typeof cloudScanInput>) {
  return {
    name: input.name,
    scanType: 'cloud' as const,
    profileId: input.profile,
    targetIds: [],
    targets: [],
    exclude: [],
    tagSet: null,
    probeId: input.node === -1 ? null : input.node,
    probeGroupId: input.probe_group,
    isWasDiscovery: false,
    vhosts: [],
  };
}

function asInput(row: ScanRow): CloudScanInput {
  return { name: row.name, profile: row.profileId ?? 0, node: row.probeId, probe_group: row.probeGroupId, start: false };
}

/** Scans in the reply shape: the shared scan row with the profile's provider. */
async function toCloudScans(db: AppContext['db'], customerId: number, rows: ScanRow[]): Promise<CloudScan[]> {
  const shared = await toNetworkScans(db, customerId, rows);
  const providers = await providerCodesOf(
    db,
    rows.map((r) => r.profileId).filter((id): id is number => id !== null),
  );
  return rows.map((row, i) => {
    const s = shared[i]!;
    return {
      id: row.id,
      name: row.name,
      profile: s.profile ? { id: s.profile.id, name: s.profile.name, provider: providers.get(s.profile.id) ?? 0 } : null,
      node: s.node,
      user: s.user,
      created: s.created,
      last_started: row.lastStartedAt?.toISOString() ?? null,
      last_run: s.last_run,
    };
  });
}

export function cloudScanRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The generic routes declare only their permission: the flag is added to each as it registers, in a scope of their own.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (route.url.startsWith(`/api/scan/${CLOUD_SCAN_KIND.api.scans}/`) || route.url.startsWith(`/api/scan/${CLOUD_SCAN_KIND.api.runs}/`))
        route.config = { ...route.config, flag: CLOUD_SCANNING_FLAG };
    });
    scanCrudRoutes(scope, ctx, {
      path: CLOUD_SCAN_KIND.api.scans,
      label: CLOUD_SCAN_KIND.labels.scan,
      tags,
      permission: CLOUD_SCAN_KIND.permission,
      input: cloudScanInput,
      reply: cloudScan,
      runReply: cloudRunRow,
      load: (db, customerId, id) => getScan(db, customerId, id, 'cloud'),
      list: (db, customerId, page, pageSize) => listScans(db, customerId, page, pageSize, 'cloud'),
      asInput,
      columns: async (db, customerId, input) => {
        const errors = await referenceErrors(
          db,
          customerId,
          { assets: [], profile: input.profile, node: input.node, probe_group: input.probe_group },
          'cloud',
        );
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        return columns(input);
      },
      toReplies: toCloudScans,
      toRunReplies: toCloudRunRows,
    });
    runRoutes(scope, ctx, CLOUD_SCAN_KIND, { schema: cloudRunRow, rows: toCloudRunRows });
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const runs = `/api/scan/${CLOUD_SCAN_KIND.api.runs}/`;

  r.get(
    `${runs}:id/results/`,
    {
      config: access,
      schema: {
        tags,
        summary: 'The resources a cloud run saw (inventoried or evaluated), paged, as cloud/resources/ answers them',
        params: idParams,
        querystring: pageQuery,
        response: { 200: pagedSchema(cloudResource) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const run = await getRun(ctx.db, auth.customer.id, request.params.id, 'cloud');
      if (!run) throw notFound();
      const { page, page_size } = request.query;
      const scope = await scopeOfCaller(ctx.db, auth);
      const { count, results } = await listCloudResources(
        ctx.db,
        scope,
        { run: run.id },
        { page, pageSize: page_size, ordering: { key: 'name', descending: false } },
      );
      return paged(request, page, page_size, count, results);
    },
  );

  r.get(
    `${runs}:id/policy_results/`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Each control a cloud run evaluated: resources passed, failed and unreadable, and its overall status (failed first)',
        params: idParams,
        response: { 200: cloudPolicyResult.array() },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const run = await getRun(ctx.db, auth.customer.id, request.params.id, 'cloud');
      if (!run) throw notFound();
      return runPolicyResults(ctx.db, auth.customer.id, run);
    },
  );
}
