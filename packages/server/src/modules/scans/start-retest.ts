// Starting a narrowed run of a scan, for a ticket's re-test (modules/tickets retest.ts): only the given hosts and ports,
// only the given tests (scan_runs.retest, read by the task spec), one task per probe or probe group that found them,
// and only the re-tested findings may close when its results are processed. Same run and task rows as startRun; a web
// re-test (scan type 'was') has one task per web application, as startWebRun, with its web profile as it was.
import { eq } from 'drizzle-orm';
import { SCAN_TASK_STATE as S } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { scanRuns, scans, scanTasks } from '../../db/schema/index.ts';
import type { NetworkProfileFields, RetestScope } from '../../db/schema/scans.ts';
import { dispatchTask, moveTask, refreshRun, type ProbeClock, type RunRow } from '../tasks/index.ts';
import { notifyTasksQueued } from './notify.ts';
import { scanActive } from './scan-repo.ts';
import { StartError } from './start-error.ts';

/** The hosts one probe (or probe group; both null: the built-in probe) looks at again. */
export interface NarrowedShare {
  probeId: number | null;
  probeGroupId: number | null;
  targets: string[];
}

export interface NarrowedRunInput {
  customerId: number;
  /** 'nvt' (default): hosts and ports; 'was': web applications (the targets are their URLs, the ports unused). */
  scanType?: 'nvt' | 'was';
  /** Web re-tests: the virtual hosts of the run that found the findings. */
  vhosts?: string[];
  /** The scan whose run found the findings: the re-test is one of its runs. */
  scanId: number;
  name: string;
  userId: number | null;
  /** The profile row the findings' run used (shown on the run; null when gone). */
  profileId: number | null;
  /** The profile the findings were found with (their run's copy): its credentials and options; the ports are replaced. */
  profile: NetworkProfileFields;
  tcp: readonly number[];
  udp: readonly number[];
  shares: readonly NarrowedShare[];
  retest: RetestScope;
}

/** The profile cut down to exactly the ports: no standard ports, no extra or excluded ranges. */
export function narrowedProfile(profile: NetworkProfileFields, tcp: readonly number[], udp: readonly number[]): NetworkProfileFields {
  return {
    ...profile,
    standard_scan: false,
    ss_tcp_extra_ports: '',
    ss_use_tcp: false,
    custom_tcp_range: [...tcp].join(','),
    custom_tcp_range_exclude: '',
    custom_udp_range: [...udp].join(','),
    custom_udp_range_exclude: '',
  };
}

/**
 * Starts the narrowed run; throws StartError('scan', …) when a run of the scan is still under way (one run of a scan at a
 * time, as for a run started by hand) or when there is nothing to scan.
 */
export async function startNarrowedRun(db: Db, timing: ProbeClock, input: NarrowedRunInput): Promise<RunRow> {
  const shares = input.shares.filter((s) => s.targets.length > 0);
  if (shares.length === 0) throw new StartError('targets', 'There is no host to re-test.');
  const run = await db.transaction(async (tx) => {
    // Serialises starts of the same scan: the one-run-at-a-time check below then sees a run started concurrently.
    const [scan] = await tx.select({ id: scans.id }).from(scans).where(eq(scans.id, input.scanId)).for('update');
    if (!scan) throw new StartError('scan', 'The scan that found these findings no longer exists.');
    if (await scanActive(tx, input.customerId, input.scanId))
      throw new StartError('scan', 'A run of the scan that found these findings is under way: re-test when it ends.');
    const web = input.scanType === 'was';
    const targets = shares.flatMap((s) => s.targets);
    const hosts = targets.length;
    const first = shares[0]!;
    // A web task scans one web application: one per target.
    const taskShares = web ? shares.flatMap((s) => s.targets.map((url) => ({ ...s, targets: [url] }))) : shares;
    const [row] = await tx
      .insert(scanRuns)
      .values({
        customerId: input.customerId,
        scanId: input.scanId,
        name: input.name,
        scanType: web ? 'was' : 'nvt',
        userId: input.userId,
        profileId: input.profileId,
        targets,
        exclude: [],
        profile: web ? input.profile : narrowedProfile(input.profile, input.tcp, input.udp),
        vhosts: input.vhosts ?? [],
        scannedItems: hosts,
        probeId: first.probeId,
        probeGroupId: first.probeGroupId,
        isExternal: shares.every((s) => s.probeId === null && s.probeGroupId === null),
        retest: input.retest,
        hostsTotal: hosts,
      })
      .returning();
    const runId = row!.id;
    // Shares on several probes are the children of a group run, as startRun splits a large run.
    let parentId: number | null = null;
    if (!web && shares.length > 1) {
      const [parent] = await tx
        .insert(scanTasks)
        .values({
          customerId: input.customerId,
          runId,
          probeId: first.probeId,
          probeGroupId: first.probeGroupId,
          state: S.group_run,
          targets,
          hostsTotal: hosts,
        })
        .returning({ id: scanTasks.id });
      parentId = parent!.id;
    }
    const created = await tx
      .insert(scanTasks)
      .values(
        taskShares.map((s) => ({
          customerId: input.customerId,
          runId,
          parentId,
          probeId: s.probeId,
          probeGroupId: s.probeGroupId,
          state: S.new,
          targets: s.targets,
          hostsTotal: s.targets.length,
        })),
      )
      .returning();
    for (const task of created) {
      const started = await moveTask(tx, task.id, [S.new], S.created_start);
      if (started) await dispatchTask(tx, timing, started);
    }
    return (await refreshRun(tx, runId))!;
  });
  notifyTasksQueued();
  return run;
}
