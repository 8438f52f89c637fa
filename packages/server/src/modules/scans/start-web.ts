// Starting a web scan (scan_type 'was'): one task per web-application asset, its target the asset's URL, the web
// profile's settings and the scan's discovery flag and virtual hosts copied onto the run, in one transaction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SCAN_TASK_STATE as S } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { assets, scanRuns, scans, scanTasks } from '../../db/schema/index.ts';
import { tagSetCondition } from '../assets/index.ts';
import { profileForRun } from '../profiles/index.ts';
import { dispatchTask, moveTask, refreshRun, type ProbeClock, type RunRow } from '../tasks/index.ts';
import { notifyTasksQueued } from './notify.ts';
import type { ScanRow } from './scan-repo.ts';
import { StartError, type StartOptions } from './start-error.ts';

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

/** Starts a run of a web or discovery scan; throws StartError when it has no web application or no profile. */
export async function startWebRun(db: Db, timing: ProbeClock, scan: ScanRow, options: StartOptions): Promise<RunRow> {
  const customerId = scan.customerId;
  const run = await db.transaction(async (tx) => {
    const targets = await webRunTargets(tx, customerId, scan);
    if (targets.length === 0) throw new StartError('assets', 'The scan has no web application to scan.');
    const profile = scan.profileId === null ? null : await profileForRun(tx, customerId, scan.profileId, 'was');
    if (!profile) throw new StartError('profile', 'The scan’s profile no longer exists.');
    const [row] = await tx
      .insert(scanRuns)
      .values({
        customerId,
        scanId: scan.id,
        name: scan.name,
        scanType: 'was',
        userId: options.userId,
        profileId: scan.profileId,
        targets,
        profile: profile.fields,
        scannedItems: targets.length,
        probeId: scan.probeId,
        probeGroupId: scan.probeGroupId,
        isExternal: scan.probeId === null && scan.probeGroupId === null,
        scheduled: options.scheduled ?? false,
        isWasDiscovery: scan.isWasDiscovery,
        vhosts: scan.vhosts,
        hostsTotal: targets.length,
      })
      .returning();
    const created = await tx
      .insert(scanTasks)
      .values(
        targets.map((url) => ({
          customerId,
          runId: row!.id,
          probeId: scan.probeId,
          probeGroupId: scan.probeGroupId,
          state: S.new,
          targets: [url],
          hostsTotal: 1,
        })),
      )
      .returning();
    for (const task of created) {
      const started = await moveTask(tx, task.id, [S.new], S.created_start);
      if (started) await dispatchTask(tx, timing, started);
    }
    await tx.update(scans).set({ lastStartedAt: new Date() }).where(eq(scans.id, scan.id));
    return (await refreshRun(tx, row!.id))!;
  });
  notifyTasksQueued();
  return run;
}
