// Starting a web scan (scan_type 'was'), what differs from the generic start (start.ts): one task per web-application
// asset, its target the asset's URL; the scan's discovery flag and virtual hosts copied onto the run.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { assets } from '../../db/schema/index.ts';
import { tagSetCondition } from '../assets/index.ts';
import type { ScanRow } from './scan-repo.ts';
import type { RunStarter } from './start-error.ts';

/** The URLs of the web applications a web scan targets now: the assets it names, then those its tag set selects. */
export async function webRunTargets(db: Tx, customerId: number, scan: Pick<ScanRow, 'targetIds' | 'tagSet'>): Promise<string[]> {
  const named =
    scan.targetIds.length === 0
      ? []
      : await db
          .select({ value: assets.value })
          .from(assets)
          .where(and(eq(assets.customerId, customerId), eq(assets.kind, 'webapp'), inArray(assets.id, scan.targetIds)))
          .orderBy(assets.id);
  const tagged = scan.tagSet
    ? await queryRows<{ value: string }>(
        db,
        sql`select a.value from assets a where a.customer_id = ${customerId} and a.archived_at is null
              and a.kind = 'webapp' and ${tagSetCondition(scan.tagSet)} order by a.id`,
      )
    : [];
  return [...new Set([...named.map((r) => r.value), ...tagged.map((r) => r.value)])];
}

/** Web and discovery runs: one task per web application, the scan's discovery flag and virtual hosts copied on. */
export const webStarter: RunStarter = {
  targets: webRunTargets,
  noTargets: 'The scan has no web application to scan.',
  extras: async (_tx, _customerId, scan) => ({ isWasDiscovery: scan.isWasDiscovery, vhosts: scan.vhosts }),
  plan: async (targets) => ({ hosts: targets.length, tasks: targets.map((url) => ({ targets: [url], hosts: 1 })), group: false }),
};
