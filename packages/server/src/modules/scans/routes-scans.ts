// HTTP routes of scans, one set per scan kind (network scan/nscans/, policy scan/oscans/): create (and start), list, read, change,
// delete, start a run (the routes themselves are scan-crud.ts). Both are the same kind of row (targets, profile, probe); a
// policy scan names a policy profile.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NETWORK_SCAN_KIND, networkScan, networkScanInput, scanRun, type AnyScanKind, type NetworkScanInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { toRunRows } from './runs-repo.ts';
import { scanCrudRoutes } from './scan-crud.ts';
import { getScan, listScans, referenceErrors, toNetworkScans, type ScanRow, type ScanType } from './scan-repo.ts';

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

/** The scan route set of one scan kind (core's scan-kinds): scan/<scans>/ under the kind's permission. */
export function scanRoutes(app: FastifyInstance, ctx: AppContext, kind: AnyScanKind = NETWORK_SCAN_KIND): void {
  scanCrudRoutes(app, ctx, {
    path: kind.api.scans,
    label: kind.labels.scan,
    tags,
    permission: kind.permission,
    input: networkScanInput,
    reply: networkScan,
    runReply: scanRun,
    load: (db, customerId, id) => getScan(db, customerId, id, kind.type),
    list: (db, customerId, page, pageSize) => listScans(db, customerId, page, pageSize, kind.type),
    asInput,
    columns: async (db, customerId, input) => {
      const errors = await referenceErrors(db, customerId, input, kind.type);
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      return columns(input, kind.type);
    },
    toReplies: toNetworkScans,
    toRunReplies: toRunRows,
  });
}
