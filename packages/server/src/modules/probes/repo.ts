// Queries of probes and probe groups, always for one customer: rows with their status and active runs, members.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CLAIMABLE_TASK_STATES,
  FINAL_TASK_STATES,
  ON_PROBE_TASK_STATES,
  QUEUED_TASK_STATES,
  SCAN_TASK_STATE,
  type ProbeStatus,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { probeGroups, probes, scanTasks } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { onlineSince, type ProbeClock } from '../tasks/index.ts';

export type ProbeRow = typeof probes.$inferSelect;
export type ProbeGroupRow = typeof probeGroups.$inferSelect;

const list = (states: readonly number[]) =>
  sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  );

/** States in which a task counts towards a probe's load: waiting for it to claim, or on it. */
const ACTIVE_ON_PROBE = [...CLAIMABLE_TASK_STATES, ...ON_PROBE_TASK_STATES];
/** A group's runs are active while queued anywhere (also delayed until a member comes online) or on a member. */
const ACTIVE_IN_GROUP = [...QUEUED_TASK_STATES, ...ON_PROBE_TASK_STATES];

/**
 * Online when it heart-beat within the offline time; offline when registered but quiet; pending before registering.
 * The offline time and the clock are the context's (a test moves the clock instead of waiting).
 */
export function probeStatus(row: Pick<ProbeRow, 'registeredAt' | 'lastHeartbeatAt'>, timing: ProbeClock): ProbeStatus {
  if (!row.registeredAt) return 'pending';
  if (row.lastHeartbeatAt && row.lastHeartbeatAt.getTime() >= onlineSince(timing).getTime()) return 'online';
  return 'offline';
}

/** Distinct runs with tasks waiting for or held by the probe (the built-in probe for id -1). */
export async function activeRunsOfProbe(db: Tx, customerId: number, probeId: number): Promise<number> {
  const mine =
    probeId === -1 ? sql`t.probe_id is null and t.probe_group_id is null` : sql`(t.probe_id = ${probeId} or t.claimed_by = ${probeId})`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct t.run_id)::int as n from scan_tasks t
        where t.customer_id = ${customerId} and t.state in (${list(ACTIVE_ON_PROBE)}) and ${mine}`,
  );
  return Number(row?.n ?? 0);
}

/** The built-in probe's tasks of a customer: how many run now, and when it last reported on one. */
export async function builtinTaskLoad(db: Tx, customerId: number): Promise<{ running: number; lastReport: Date | null }> {
  const [row] = await queryRows<{ n: number; last: string | Date | null }>(
    db,
    sql`select count(*) filter (where t.state = ${SCAN_TASK_STATE.running} and t.claimed_by = -1)::int as n,
               max(coalesce(t.seen_at, t.finished_at)) as last
        from scan_tasks t where t.customer_id = ${customerId} and t.probe_id is null and t.probe_group_id is null`,
  );
  return { running: Number(row?.n ?? 0), lastReport: row?.last ? new Date(row.last) : null };
}

// Outer columns spelled out: drizzle may write ${probes.id} as a bare "id", which the subquery would read as t.id.
const activeRunsSql = sql<number>`(select count(distinct t.run_id)::int from scan_tasks t
  where t.customer_id = probes.customer_id and t.state in (${list(ACTIVE_ON_PROBE)})
  and (t.probe_id = probes.id or t.claimed_by = probes.id))`;

export interface ProbeListRow {
  probe: ProbeRow;
  group: { id: number; name: string } | null;
  activeRuns: number;
}

export const PROBE_ORDERINGS = { name: sql`lower(${probes.name})`, created: probes.createdAt, last_heartbeat: probes.lastHeartbeatAt };
export type ProbeOrdering = keyof typeof PROBE_ORDERINGS;

function probeQuery(db: Tx, where: SQL | undefined) {
  return db
    .select({ probe: probes, groupId: probeGroups.id, groupName: probeGroups.name, activeRuns: activeRunsSql })
    .from(probes)
    .leftJoin(probeGroups, eq(probeGroups.id, probes.groupId))
    .where(where);
}

type RawProbeRow = { probe: ProbeRow; groupId: number | null; groupName: string | null; activeRuns: number };
const shape = (r: RawProbeRow): ProbeListRow => ({
  probe: r.probe,
  group: r.groupId !== null ? { id: r.groupId, name: r.groupName ?? '' } : null,
  activeRuns: Number(r.activeRuns),
});

export async function listProbes(
  db: Db,
  customerId: number,
  opts: { page: number; pageSize: number; ordering: ProbeOrdering; descending: boolean; search?: string },
): Promise<{ count: number; rows: ProbeListRow[] }> {
  const where = and(
    eq(probes.customerId, customerId),
    opts.search ? sql`${probes.name} ilike ${`%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const key = PROBE_ORDERINGS[opts.ordering];
  const [rows, [{ n }]] = await Promise.all([
    probeQuery(db, where)
      .orderBy(opts.descending ? desc(key) : asc(key), asc(probes.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(probes)
      .where(where),
  ]);
  return { count: Number(n), rows: rows.map(shape) };
}

export async function getProbe(db: Tx, customerId: number, id: number): Promise<ProbeListRow | null> {
  const [row] = await probeQuery(db, and(eq(probes.customerId, customerId), eq(probes.id, id)));
  return row ? shape(row) : null;
}

/** Id and name of every probe of the customer, by name (for pickers). */
export async function probeNames(db: Db, customerId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: probes.id, name: probes.name })
    .from(probes)
    .where(eq(probes.customerId, customerId))
    .orderBy(sql`lower(${probes.name})`, probes.id);
}

export async function probeNameTaken(db: Tx, customerId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: probes.id })
    .from(probes)
    .where(and(eq(probes.customerId, customerId), sql`lower(${probes.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function groupNameTaken(db: Tx, customerId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: probeGroups.id })
    .from(probeGroups)
    .where(and(eq(probeGroups.customerId, customerId), sql`lower(${probeGroups.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function groupExists(db: Tx, customerId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: probeGroups.id })
    .from(probeGroups)
    .where(and(eq(probeGroups.customerId, customerId), eq(probeGroups.id, id)));
  return rows.length > 0;
}

/** Of these probe ids, the ones that are not probes of the customer. */
export async function unknownProbeIds(db: Tx, customerId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: probes.id })
    .from(probes)
    .where(and(eq(probes.customerId, customerId), inArray(probes.id, [...ids])));
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export interface GroupListRow {
  group: ProbeGroupRow;
  members: { id: number; name: string }[];
  activeRuns: number;
}

const groupActiveRunsSql = sql<number>`(select count(distinct t.run_id)::int from scan_tasks t
  where t.customer_id = probe_groups.customer_id and t.probe_group_id = probe_groups.id and t.state in (${list(ACTIVE_IN_GROUP)}))`;

async function withMembers(db: Tx, rows: { group: ProbeGroupRow; activeRuns: number }[]): Promise<GroupListRow[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({ id: probes.id, name: probes.name, groupId: probes.groupId })
    .from(probes)
    .where(
      and(
        eq(probes.customerId, rows[0]!.group.customerId),
        inArray(
          probes.groupId,
          rows.map((r) => r.group.id),
        ),
      ),
    )
    .orderBy(sql`lower(${probes.name})`, probes.id);
  return rows.map((r) => ({
    group: r.group,
    activeRuns: Number(r.activeRuns),
    members: members.filter((m) => m.groupId === r.group.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function listGroups(
  db: Db,
  customerId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: GroupListRow[] }> {
  const where = eq(probeGroups.customerId, customerId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ group: probeGroups, activeRuns: groupActiveRunsSql })
      .from(probeGroups)
      .where(where)
      .orderBy(sql`lower(${probeGroups.name})`, probeGroups.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(probeGroups)
      .where(where),
  ]);
  return { count: Number(n), rows: await withMembers(db, rows) };
}

export async function getGroup(db: Tx, customerId: number, id: number): Promise<GroupListRow | null> {
  const rows = await db
    .select({ group: probeGroups, activeRuns: groupActiveRunsSql })
    .from(probeGroups)
    .where(and(eq(probeGroups.customerId, customerId), eq(probeGroups.id, id)));
  const [row] = await withMembers(db, rows);
  return row ?? null;
}

/** Makes exactly these probes the members of the group (a probe belongs to one group at most). */
export async function setGroupMembers(tx: Tx, customerId: number, groupId: number, probeIds: readonly number[]): Promise<void> {
  await tx
    .update(probes)
    .set({ groupId: null })
    .where(
      and(
        eq(probes.customerId, customerId),
        eq(probes.groupId, groupId),
        probeIds.length ? sql`${probes.id} not in (${list(probeIds)})` : undefined,
      ),
    );
  if (probeIds.length === 0) return;
  await tx
    .update(probes)
    .set({ groupId })
    .where(and(eq(probes.customerId, customerId), inArray(probes.id, [...probeIds])));
}

/**
 * Unfinished tasks that name the probe (or group), hold it, or wait for it: deleting it would send them to the
 * built-in probe (the columns fall back to null), so deletion is refused while there are any.
 */
export async function unfinishedTaskCount(db: Tx, customerId: number, by: { probeId: number } | { groupId: number }): Promise<number> {
  const mine =
    'probeId' in by
      ? sql`(${scanTasks.probeId} = ${by.probeId} or ${scanTasks.claimedBy} = ${by.probeId})`
      : sql`${scanTasks.probeGroupId} = ${by.groupId}`;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scanTasks)
    .where(
      and(
        eq(scanTasks.customerId, customerId),
        mine,
        sql`${scanTasks.state} not in (${list([...FINAL_TASK_STATES, SCAN_TASK_STATE.group_run])})`,
      ),
    );
  return Number(n);
}

/** Scans that use the probe (or group) as their node. */
export async function scanCount(db: Tx, customerId: number, by: { probeId: number } | { groupId: number }): Promise<number> {
  const col = 'probeId' in by ? sql`probe_id = ${by.probeId}` : sql`probe_group_id = ${by.groupId}`;
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from scans where customer_id = ${customerId} and ${col}`);
  return Number(row?.n ?? 0);
}
