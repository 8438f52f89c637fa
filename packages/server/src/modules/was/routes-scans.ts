// HTTP routes of web scans: scan/wscans/ (web scans) and scan/wdscans/ (discovery scans: crawl only), the same table
// with is_was_discovery: create (and start), list, read, change, delete, start a run; targets are web-application assets.
// The routes are the scans module's generic ones (scanCrudRoutes); this file says how a web scan differs.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { WEB_DISCOVERY_SCANS_PATH, WEB_SCAN_KIND, webScan, webScanInput, webScanRun, type WebScan, type WebScanInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { getScan, listScans, referenceErrors, scanCrudRoutes, toNetworkScans, toWebRunRows, type ScanRow } from '../scans/index.ts';
import { standardProfileId, webAppUrls } from './scan-list.ts';

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

/** The routes of one of the two paths: wscans (discovery false) or wdscans (discovery true). */
function webScanRoutes(app: FastifyInstance, ctx: AppContext, discovery: boolean): void {
  scanCrudRoutes(app, ctx, {
    path: discovery ? WEB_DISCOVERY_SCANS_PATH : WEB_SCAN_KIND.api.scans,
    label: discovery ? 'web discovery scan' : 'web scan',
    tags,
    permission: WEB_SCAN_KIND.permission,
    input: webScanInput,
    fixed: { discovery },
    reply: webScan,
    runReply: webScanRun,
    // A web scan is not found on wdscans, nor a discovery scan on wscans.
    load: async (db, customerId, id) => {
      const row = await getScan(db, customerId, id, 'was');
      return row && row.isWasDiscovery === discovery ? row : null;
    },
    list: (db, customerId, page, pageSize) => listScans(db, customerId, page, pageSize, 'was', discovery),
    asInput,
    columns: async (db, customerId, input) => {
      if (!discovery && input.profile === null) throw badRequest({ profile: ['This field is required.'] });
      const profile = input.profile ?? (await standardProfileId(db));
      if (profile === null) throw badRequest({ profile: ['This field is required.'] });
      const errors = await referenceErrors(db, customerId, { ...input, profile }, 'was');
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      return columns(input, profile);
    },
    toReplies: toWebScans,
    toRunReplies: toWebRunRows,
  });
}

export function webScanRouteSets(app: FastifyInstance, ctx: AppContext): void {
  webScanRoutes(app, ctx, false);
  webScanRoutes(app, ctx, true);
}
