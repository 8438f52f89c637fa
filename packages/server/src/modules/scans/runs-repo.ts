// The read side of scan/nruns/: the §3 filters and orderings as SQL, and run rows with their tasks, labels and actions.
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  SCAN_RESULT_LABELS,
  SCAN_RUN_STATUS_LABELS,
  SCAN_RUN_STATUS,
  SCAN_TASK_STATE as S,
  allowedActions,
  runTiming,
  taskStateLabel,
  type ScanResult,
  type ScanRunRow,
  type ScanRunStatus,
  type ScanTaskState,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import {
  policyHostResults,
  probeGroups,
  probes,
  scanErrors,
  scanProfiles,
  scanRuns,
  scanTaskHosts,
  scanTasks,
  users,
} from '../../db/schema/index.ts';
import { BUILTIN_PROBE_REF } from './scan-repo.ts';
import type { RunRow, TaskRow } from '../tasks/index.ts';

export interface RunFilters {
  states?: ScanTaskState[];
  finishedAfter?: Date;
  finishedBefore?: Date;
  node?: number;
  scheduled?: boolean;
  createdAfter?: Date;
  createdBefore?: Date;
  startedAfter?: Date;
  startedBefore?: Date;
  search?: string;
  scan?: number;
  isExternal?: boolean;
  /** A scan target id: runs of scans that include it. */
  asset?: number;
  /** Network (nvt) or policy (oval) runs. */
  scanType?: ScanType;
}

export type ScanType = 'nvt' | 'oval' | 'was' | 'cloud';

/** Server ordering names (§3 sort keys) → columns. */
export const RUN_ORDERINGS = {
  name: sql`lower(${scanRuns.name})`,
  scan_id: scanRuns.scanId,
  user: sql`lower(coalesce(${users.lastName}, '') || ' ' || coalesce(${users.firstName}, ''))`,
  scanned_items: scanRuns.scannedItems,
  status: scanRuns.status,
  started: scanRuns.startedAt,
  finished: scanRuns.finishedAt,
  cnt_vulns: scanRuns.cntVulns,
  created: scanRuns.createdAt,
} as const;
export type RunOrdering = keyof typeof RUN_ORDERINGS;

function where(customerId: number, f: RunFilters): SQL {
  const parts: (SQL | undefined)[] = [eq(scanRuns.customerId, customerId)];
  if (f.scanType) parts.push(eq(scanRuns.scanType, f.scanType));
  if (f.states) parts.push(f.states.length ? inArray(scanRuns.state, f.states) : sql`false`);
  if (f.finishedAfter) parts.push(gte(scanRuns.finishedAt, f.finishedAfter));
  if (f.finishedBefore) parts.push(lte(scanRuns.finishedAt, f.finishedBefore));
  if (f.node !== undefined) parts.push(f.node === -1 ? eq(scanRuns.isExternal, true) : eq(scanRuns.probeId, f.node));
  if (f.scheduled !== undefined) parts.push(eq(scanRuns.scheduled, f.scheduled));
  if (f.createdAfter) parts.push(gte(scanRuns.createdAt, f.createdAfter));
  if (f.createdBefore) parts.push(lte(scanRuns.createdAt, f.createdBefore));
  if (f.startedAfter) parts.push(gte(scanRuns.startedAt, f.startedAfter));
  if (f.startedBefore) parts.push(lte(scanRuns.startedAt, f.startedBefore));
  if (f.search) parts.push(ilike(scanRuns.name, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.scan !== undefined) parts.push(eq(scanRuns.scanId, f.scan));
  if (f.isExternal !== undefined) parts.push(eq(scanRuns.isExternal, f.isExternal));
  if (f.asset !== undefined)
    parts.push(
      sql`exists (select 1 from scans s where s.id = ${scanRuns.scanId} and s.customer_id = ${customerId} and s.target_ids @> ${JSON.stringify([f.asset])}::jsonb)`,
    );
  return and(...parts)!;
}

export async function listRuns(
  db: Db,
  customerId: number,
  filters: RunFilters,
  ordering: { key: RunOrdering; descending: boolean },
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: RunRow[] }> {
  const col = RUN_ORDERINGS[ordering.key];
  // Nulls (not started, not finished) sort last either way; ties by id, newest first.
  const order = ordering.descending ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;
  const cond = where(customerId, filters);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ run: scanRuns })
      .from(scanRuns)
      .leftJoin(users, eq(users.id, scanRuns.userId))
      .where(cond)
      .orderBy(order, desc(scanRuns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scanRuns)
      .where(cond),
  ]);
  return { count: n, rows: rows.map((r) => r.run) };
}

/** One run of the customer's; with a scan type, only a run of that type. */
export async function getRun(db: Db, customerId: number, id: number, scanType?: ScanType): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(scanRuns)
    .where(and(eq(scanRuns.customerId, customerId), eq(scanRuns.id, id), scanType ? eq(scanRuns.scanType, scanType) : undefined));
  return row ?? null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Hosts a task finished: all of them once it delivered or completed, else what it reported (at most its total). */
const taskHostsDone = (t: TaskRow): number =>
  t.state === S.process_results || t.state === S.completed || t.state === S.completed_with_errors
    ? t.hostsTotal
    : Math.min(t.hostsDone, t.hostsTotal || t.hostsDone);

/** Live hosts the tasks of runs not yet processed delivered so far, by run (what "hosts up" says while a run scans). */
async function liveHostsUp(db: Db, customerId: number, runIds: number[]): Promise<Map<number, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ runId: scanTasks.runId, n: sql<number>`count(distinct ${scanTaskHosts.address})::int` })
    .from(scanTaskHosts)
    .innerJoin(scanTasks, eq(scanTasks.id, scanTaskHosts.taskId))
    .where(and(eq(scanTaskHosts.customerId, customerId), inArray(scanTasks.runId, runIds), eq(scanTaskHosts.alive, true)))
    .groupBy(scanTasks.runId);
  return new Map(rows.map((r) => [r.runId, Number(r.n)]));
}

/**
 * Runs in the reply shape, with their tasks (a group run's children) and the actions those allow; `now` (the app's
 * clock) dates the elapsed time and the estimate of the time left of runs still scanning.
 */
export async function toRunRows(db: Db, customerId: number, runs: RunRow[], now: Date = new Date()): Promise<ScanRunRow[]> {
  if (runs.length === 0) return [];
  const runIds = runs.map((r) => r.id);
  const tasks = await db
    .select()
    .from(scanTasks)
    .where(and(eq(scanTasks.customerId, customerId), inArray(scanTasks.runId, runIds)))
    .orderBy(asc(scanTasks.id));
  const uniq = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null && x > 0))];
  const userIds = uniq(runs.map((r) => r.userId));
  const profileIds = uniq(runs.map((r) => r.profileId));
  const probeIds = uniq([...runs.map((r) => r.probeId), ...tasks.map((t) => t.probeId), ...tasks.map((t) => t.claimedBy)]);
  const groupIds = uniq(runs.map((r) => r.probeGroupId));
  const policyRunIds = runs.filter((r) => r.scanType === 'oval').map((r) => r.id);
  const unprocessed = runs.filter((r) => r.processedAt === null).map((r) => r.id);
  const [userRows, profileRows, probeRows, groupRows, scoreRows, liveUp] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, first_name: users.firstName, last_name: users.lastName }).from(users).where(inArray(users.id, userIds))
      : [],
    profileIds.length
      ? db.select({ id: scanProfiles.id, name: scanProfiles.name }).from(scanProfiles).where(inArray(scanProfiles.id, profileIds))
      : [],
    probeIds.length
      ? db
          .select({ id: probes.id, name: probes.name })
          .from(probes)
          .where(and(eq(probes.customerId, customerId), inArray(probes.id, probeIds)))
      : [],
    groupIds.length
      ? db
          .select({ id: probeGroups.id, name: probeGroups.name })
          .from(probeGroups)
          .where(and(eq(probeGroups.customerId, customerId), inArray(probeGroups.id, groupIds)))
      : [],
    policyRunIds.length
      ? db
          .select({ id: policyHostResults.runId, score: sql<number | null>`avg(${policyHostResults.score})::real` })
          .from(policyHostResults)
          .where(and(eq(policyHostResults.customerId, customerId), inArray(policyHostResults.runId, policyRunIds)))
          .groupBy(policyHostResults.runId)
      : [],
    liveHostsUp(db, customerId, unprocessed),
  ]);
  const scores = new Map(scoreRows.map((r) => [r.id, r.score === null ? null : Math.round(Number(r.score) * 100) / 100]));
  const map = <T extends { id: number }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  const u = map(userRows);
  const p = map(profileRows);
  const pr = map(probeRows);
  const g = map(groupRows);
  const probeRef = (id: number | null) => (id === null ? null : id === -1 ? { ...BUILTIN_PROBE_REF } : (pr.get(id) ?? { id, name: '' }));
  const byRun = new Map<number, TaskRow[]>();
  for (const t of tasks) byRun.set(t.runId, [...(byRun.get(t.runId) ?? []), t]);

  return runs.map((run) => {
    const children = (byRun.get(run.id) ?? []).filter((t) => t.state !== S.group_run);
    const assigned = children.find((t) => t.probeId !== null)?.probeId ?? null;
    const node = run.isExternal
      ? { ...BUILTIN_PROBE_REF }
      : (probeRef(run.probeId ?? assigned) ?? { id: 0, name: run.probeGroupId ? (g.get(run.probeGroupId)?.name ?? '') : '' });
    const result = run.result as ScanResult | null;
    const hostsDone = children.reduce((n, t) => n + taskHostsDone(t), 0);
    const timing = runTiming({
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      hostsDone,
      hostsTotal: run.hostsTotal,
      active: run.status === SCAN_RUN_STATUS.in_progress,
      now,
    });
    return {
      id: run.id,
      scan_id: run.scanId,
      name: run.name,
      user: run.userId !== null ? (u.get(run.userId) ?? null) : null,
      targets: run.targets,
      scanned_items: run.scannedItems,
      state: run.state,
      state_label: taskStateLabel(run.state) ?? 'New',
      status: run.status,
      status_label: SCAN_RUN_STATUS_LABELS[run.status as ScanRunStatus] ?? 'Pending',
      result,
      result_label: result !== null ? (SCAN_RESULT_LABELS[result] ?? null) : null,
      cnt_vulns: run.cntVulns,
      severity_counts: run.severityCounts,
      progress: run.progress,
      hosts_total: run.hostsTotal,
      hosts_up: run.processedAt === null ? Math.max(run.hostsUp, liveUp.get(run.id) ?? 0) : run.hostsUp,
      hosts_done: hostsDone,
      elapsed_seconds: timing.elapsedSeconds,
      remaining_seconds: timing.remainingSeconds,
      open_ports: run.openPorts,
      node,
      probe_group: run.probeGroupId !== null ? (g.get(run.probeGroupId) ?? null) : null,
      is_external: run.isExternal,
      scheduled: run.scheduled,
      profile: run.profileId !== null ? (p.get(run.profileId) ?? null) : null,
      actions: allowedActions(children.map((t) => t.state)),
      created: run.createdAt.toISOString(),
      started: iso(run.startedAt),
      finished: iso(run.finishedAt),
      processing_job: run.processingJobId,
      scan_type: run.scanType,
      policy: run.policy ? { id: run.policy.id, name: run.policy.name } : null,
      score: scores.get(run.id) ?? null,
      children: children.map((t) => ({
        id: t.id,
        parent: t.parentId,
        state: t.state,
        state_label: taskStateLabel(t.state),
        targets: t.targets,
        progress: t.progress,
        hosts_total: t.hostsTotal,
        hosts_done: t.hostsDone,
        probe: probeRef(t.claimedBy ?? t.probeId),
        attempts: t.attempts,
        started: iso(t.startedAt),
        finished: iso(t.finishedAt),
      })),
    };
  });
}

export async function deleteRun(db: Db, customerId: number, id: number): Promise<void> {
  await db.delete(scanRuns).where(and(eq(scanRuns.customerId, customerId), eq(scanRuns.id, id)));
}

/** A run's errors grouped by message in order of first appearance; the first type seen names the group. */
export async function runErrorGroups(
  db: Db,
  customerId: number,
  runId: number,
  hiddenTypes: readonly number[] | null,
): Promise<{ message: string; type: number; count: number }[]> {
  const visible =
    hiddenTypes && hiddenTypes.length > 0
      ? sql`${scanErrors.type} not in (${sql.join(
          hiddenTypes.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql`true`;
  const rows = await db
    .select({
      message: scanErrors.message,
      type: sql<number>`(array_agg(${scanErrors.type} order by ${scanErrors.id}))[1]`,
      count: sql<number>`count(*)::int`,
    })
    .from(scanErrors)
    .where(and(eq(scanErrors.customerId, customerId), eq(scanErrors.runId, runId), visible))
    .groupBy(scanErrors.message)
    .orderBy(sql`min(${scanErrors.id})`);
  return rows.map((r) => ({ message: r.message, type: Number(r.type), count: Number(r.count) }));
}

/** The progress a kind's tasks last reported (web or cloud), per run: the tasks that have not reported give null. */
export async function taskProgressByRun<K extends 'webProgress' | 'cloudProgress'>(
  db: Db,
  customerId: number,
  runIds: number[],
  key: K,
): Promise<Map<number, (typeof scanTasks.$inferSelect)[K][]>> {
  const out = new Map<number, (typeof scanTasks.$inferSelect)[K][]>(runIds.map((id) => [id, []]));
  if (runIds.length === 0) return out;
  const tasks = await db
    .select({ runId: scanTasks.runId, progress: scanTasks[key] })
    .from(scanTasks)
    .where(and(eq(scanTasks.customerId, customerId), inArray(scanTasks.runId, runIds)));
  for (const t of tasks) out.get(t.runId)?.push(t.progress as (typeof scanTasks.$inferSelect)[K]);
  return out;
}
