// Starting a scan of any kind: the run row with its targets and profile copied, its tasks, each dispatched to its probe,
// in one transaction. A kind's starter says what differs: network and policy runs (here) split their addresses into one
// task or a group run with up to 16 children holding contiguous shares; web runs (start-web.ts) have a task per URL.
import { eq } from 'drizzle-orm';
import { GROUP_RUN_SPLIT_THRESHOLD, MAX_CHILD_TASKS, SCAN_TASK_STATE as S } from '@bulwark/core';
import { expandTargets, formatIp, parseTarget, TargetError, type IpFamily } from '@bulwark/scanner';
import type { Db } from '../../db/client.ts';
import { scanRuns, scans, scanTasks } from '../../db/schema/index.ts';
import { profileForRun } from '../profiles/index.ts';
import { policyName } from '../policies/index.ts';
import { runTargets, type ScanRow } from './scan-repo.ts';
import { dispatchTask, moveTask, refreshRun, type ProbeClock, type RunRow } from '../tasks/index.ts';
import { notifyTasksQueued } from './notify.ts';
import { webStarter } from './start-web.ts';
import { cloudStarter } from './start-cloud.ts';

import { StartError, type RunPlan, type RunStarter, type StartOptions, type TaskPlan } from './start-error.ts';

export { StartError, type RunPlan, type RunStarter, type StartOptions, type TaskPlan } from './start-error.ts';

const fmt = (family: IpFamily, start: bigint, end: bigint): string =>
  start === end ? formatIp(family, start) : `${formatIp(family, start)}-${formatIp(family, end)}`;

/**
 * Counts the addresses and splits them. Names are not resolved here (the probe resolves them where it runs, and
 * may see other addresses); numeric targets are expanded with the exclusions applied.
 */
export async function planRun(targets: readonly string[], exclude: readonly string[]): Promise<Omit<RunPlan, 'group'>> {
  const names: string[] = [];
  const numeric: string[] = [];
  try {
    for (const t of targets) (parseTarget(t).kind === 'name' ? names : numeric).push(t);
  } catch (err) {
    if (err instanceof TargetError) throw new StartError('targets', err.message);
    throw err;
  }
  const numericExclude = exclude.filter((t) => {
    try {
      return parseTarget(t, true).kind === 'interval';
    } catch {
      return false;
    }
  });
  let intervals: { family: IpFamily; start: bigint; end: bigint }[] = [];
  let count = 0;
  if (numeric.length > 0) {
    try {
      const set = await expandTargets(numeric, numericExclude);
      intervals = [...set.intervals];
      count = set.size;
    } catch (err) {
      if (!(err instanceof TargetError)) throw err;
      // Everything excluded is only an error when no host name is left to scan either.
      if (err.code !== 'empty' || names.length === 0) throw new StartError('targets', err.message);
    }
  }
  const hosts = count + names.length;
  if (hosts === 0) throw new StartError('targets', 'The targets contain no host once exclusions are applied.');
  if (count <= GROUP_RUN_SPLIT_THRESHOLD) return { hosts, tasks: [{ targets: [...targets], hosts }] };

  const children = Math.min(MAX_CHILD_TASKS, Math.ceil(count / GROUP_RUN_SPLIT_THRESHOLD));
  const share = Math.ceil(count / children);
  const tasks: TaskPlan[] = [];
  let current: TaskPlan = { targets: [], hosts: 0 };
  for (const { family, start, end } of intervals) {
    let s = start;
    while (s <= end) {
      const room = BigInt(share - current.hosts);
      const e = end - s + 1n > room ? s + room - 1n : end;
      current.targets.push(fmt(family, s, e));
      current.hosts += Number(e - s + 1n);
      s = e + 1n;
      if (current.hosts >= share) {
        tasks.push(current);
        current = { targets: [], hosts: 0 };
      }
    }
  }
  if (current.hosts > 0) tasks.push(current);
  // Names ride with the first child.
  tasks[0]!.targets.push(...names);
  tasks[0]!.hosts += names.length;
  return { hosts, tasks };
}

/** Network and policy runs: the scan's targets split by address; a policy run names its policy and needs a login. */
const networkStarter: RunStarter = {
  targets: runTargets,
  noTargets: 'The scan has no targets.',
  async extras(tx, customerId, scan, profile) {
    if (scan.scanType !== 'oval') return { policy: null, exclude: scan.exclude };
    const name = profile.policy ? await policyName(tx, customerId, profile.policy) : null;
    if (!profile.policy || name === null)
      throw new StartError('profile', 'The profile’s policy is no longer in the library: choose another policy in the profile.');
    if ((profile.fields.lin_auths ?? []).length === 0)
      throw new StartError('profile', 'The profile has no Linux credential: a policy scan needs one to log in.');
    return { policy: { id: profile.policy, name, ignorePlatform: profile.ignorePlatform }, exclude: scan.exclude };
  },
  async plan(targets, scan) {
    const plan = await planRun(targets, scan.exclude);
    return { ...plan, group: plan.tasks.length > 1 };
  },
};

/** The starter of each scan type: a new kind adds its own here. */
const STARTERS: Record<ScanRow['scanType'], RunStarter> = {
  nvt: networkStarter,
  oval: networkStarter,
  was: webStarter,
  cloud: cloudStarter,
};

/** Starts a run of the scan; throws StartError when its targets or profile cannot be used. */
export async function startRun(db: Db, timing: ProbeClock, scan: ScanRow, options: StartOptions): Promise<RunRow> {
  const starter = STARTERS[scan.scanType];
  const customerId = scan.customerId;
  const run = await db.transaction(async (tx) => {
    const targets = await starter.targets(tx, customerId, scan);
    if (targets.length === 0) throw new StartError('assets', starter.noTargets);
    const profile = scan.profileId === null ? null : await profileForRun(tx, customerId, scan.profileId, scan.scanType);
    if (!profile) throw new StartError('profile', 'The scan’s profile no longer exists.');
    const extras = await starter.extras(tx, customerId, scan, profile);
    const plan = await starter.plan(targets, scan);
    const now = new Date();
    const [row] = await tx
      .insert(scanRuns)
      .values({
        customerId,
        scanId: scan.id,
        name: scan.name,
        scanType: scan.scanType,
        userId: options.userId,
        profileId: scan.profileId,
        targets,
        profile: profile.fields,
        scannedItems: plan.hosts,
        probeId: scan.probeId,
        probeGroupId: scan.probeGroupId,
        isExternal: scan.probeId === null && scan.probeGroupId === null,
        scheduled: options.scheduled ?? false,
        hostsTotal: plan.hosts,
        ...extras,
      })
      .returning();
    const common = { customerId, runId: row!.id, probeId: scan.probeId, probeGroupId: scan.probeGroupId };
    let parentId: number | null = null;
    if (plan.group) {
      const [parent] = await tx
        .insert(scanTasks)
        .values({ ...common, state: S.group_run, targets, hostsTotal: plan.hosts })
        .returning({ id: scanTasks.id });
      parentId = parent!.id;
    }
    const created = await tx
      .insert(scanTasks)
      .values(plan.tasks.map((t) => ({ ...common, parentId, state: S.new, targets: t.targets, hostsTotal: t.hosts })))
      .returning();
    for (const task of created) {
      const started = await moveTask(tx, task.id, [S.new], S.created_start);
      if (started) await dispatchTask(tx, timing, started);
    }
    await tx.update(scans).set({ lastStartedAt: now }).where(eq(scans.id, scan.id));
    return (await refreshRun(tx, row!.id))!;
  });
  notifyTasksQueued();
  return run;
}
