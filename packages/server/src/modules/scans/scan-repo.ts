// Queries on network scans, always for one customer: the references a scan names (profile, targets, probe, group),
// reading, writing and deleting scans, and the reply shape of scan/nscans/.
import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { FINAL_TASK_STATES, ON_PROBE_TASK_STATES, SCAN_TASK_STATE as S, type NetworkScan } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { assets, probeGroups, probes, scanProfiles, scanRuns, scans, scanTasks, tags, users } from '../../db/schema/index.ts';
import { tagSetTargets } from '../assets/index.ts';

/** The assets a network scan can target (web applications are for web scans). */
const NETWORK_SCAN_KINDS = ['host', 'network', 'range'] as const;
/** The assets each scan type targets: web scans scan web applications. */
const targetKinds = (scanType: ScanType) => (scanType === 'was' ? (['webapp'] as const) : NETWORK_SCAN_KINDS);
import type { FieldErrors } from '../../http/errors.ts';
import type { Tx } from '../../db/client.ts';

export type ScanRow = typeof scans.$inferSelect;

/** The name the lists give the built-in probe (the external pseudo-entry, id -1). */
export const BUILTIN_PROBE_REF = { id: -1, name: 'External (built-in)' } as const;

const missing = (id: number) => `Invalid pk "${id}" - object does not exist.`;

export type ScanType = 'nvt' | 'oval' | 'was' | 'cloud';

export interface ScanReferences {
  assets: number[];
  unified_tags_set?: { inclusion_tags: number[]; exclusion_tags: number[] } | null;
  profile: number;
  node: number | null;
  probe_group: number | null;
}

/** What is wrong with the ids a scan names: each must be this customer's (a profile may also be built-in). */
export async function referenceErrors(db: Tx, customerId: number, input: ScanReferences, scanType: ScanType = 'nvt'): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [profile] = await db
    .select({ id: scanProfiles.id })
    .from(scanProfiles)
    .where(
      and(
        eq(scanProfiles.id, input.profile),
        eq(scanProfiles.type, scanType),
        or(eq(scanProfiles.customerId, customerId), and(isNull(scanProfiles.customerId), eq(scanProfiles.builtin, true))),
      ),
    );
  if (!profile) errors.profile = [missing(input.profile)];
  const wanted = [...new Set(input.assets)];
  if (wanted.length > 0) {
    const found = await db
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.customerId, customerId), inArray(assets.kind, targetKinds(scanType)), inArray(assets.id, wanted)));
    const have = new Set(found.map((r) => r.id));
    const absent = wanted.filter((id) => !have.has(id));
    if (absent.length > 0) errors.assets = absent.slice(0, 20).map(missing);
  }
  const tagIds = [...new Set([...(input.unified_tags_set?.inclusion_tags ?? []), ...(input.unified_tags_set?.exclusion_tags ?? [])])];
  if (tagIds.length > 0) {
    const found = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.customerId, customerId), inArray(tags.id, tagIds)));
    const have = new Set(found.map((r) => r.id));
    const absent = tagIds.filter((id) => !have.has(id));
    if (absent.length > 0) errors.unified_tags_set = absent.slice(0, 20).map(missing);
  }
  if (input.node !== null && input.node !== -1) {
    const [p] = await db
      .select({ id: probes.id })
      .from(probes)
      .where(and(eq(probes.customerId, customerId), eq(probes.id, input.node)));
    if (!p) errors.node = [missing(input.node)];
  }
  if (input.probe_group !== null) {
    const [g] = await db
      .select({ id: probeGroups.id })
      .from(probeGroups)
      .where(and(eq(probeGroups.customerId, customerId), eq(probeGroups.id, input.probe_group)));
    if (!g) errors.probe_group = [missing(input.probe_group)];
  }
  return errors;
}

/**
 * The targets of a run: the assets (hosts, networks, ranges) the scan names, then those written on it, then those its
 * tag set selects now (so assets tagged since the scan was saved are scanned), each once.
 */
export async function runTargets(db: Tx, customerId: number, scan: Pick<ScanRow, 'targetIds' | 'targets' | 'tagSet'>): Promise<string[]> {
  const saved =
    scan.targetIds.length === 0
      ? []
      : await db
          .select({ value: assets.value })
          .from(assets)
          .where(and(eq(assets.customerId, customerId), inArray(assets.kind, NETWORK_SCAN_KINDS), inArray(assets.id, scan.targetIds)))
          .orderBy(asc(assets.id));
  const tagged = scan.tagSet ? await tagSetTargets(db, customerId, scan.tagSet) : [];
  return [...new Set([...saved.map((r) => r.value), ...scan.targets, ...tagged])];
}

/** One scan of the customer's; with a scan type, only a scan of that type. */
export async function getScan(db: Tx, customerId: number, id: number, scanType?: ScanType): Promise<ScanRow | null> {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.customerId, customerId), eq(scans.id, id), scanType ? eq(scans.scanType, scanType) : undefined));
  return row ?? null;
}

/** Whether a task of one of the scan's runs is in a state the condition names. */
async function scanHasTask(db: Tx, customerId: number, scanId: number, state: SQL): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scanTasks)
    .innerJoin(scanRuns, eq(scanRuns.id, scanTasks.runId))
    .where(and(eq(scanRuns.customerId, customerId), eq(scanRuns.scanId, scanId), state));
  return (row?.n ?? 0) > 0;
}

/** Whether a run of the scan has not ended: a task queued, on a probe, paused (it can resume) or being processed. */
export const scanActive = (db: Tx, customerId: number, scanId: number): Promise<boolean> =>
  scanHasTask(db, customerId, scanId, notInArray(scanTasks.state, [...FINAL_TASK_STATES, S.group_run]));

/** Whether a run of the scan is on a probe or having its results processed (it cannot be deleted then). */
export const scanBusy = (db: Tx, customerId: number, scanId: number): Promise<boolean> =>
  scanHasTask(db, customerId, scanId, inArray(scanTasks.state, [...ON_PROBE_TASK_STATES, S.process_results]));

/** Scans in the reply shape, in the order of `rows`. */
export async function toNetworkScans(db: Db, customerId: number, rows: ScanRow[]): Promise<NetworkScan[]> {
  if (rows.length === 0) return [];
  const ids = (pick: (r: ScanRow) => number | null) => [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
  const [userRows, profileRows, probeRows, groupRows, lastRuns] = await Promise.all([
    ids((r) => r.userId).length
      ? db
          .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
          .from(users)
          .where(
            inArray(
              users.id,
              ids((r) => r.userId),
            ),
          )
      : [],
    ids((r) => r.profileId).length
      ? db
          .select({ id: scanProfiles.id, name: scanProfiles.name, type: scanProfiles.type, builtin: scanProfiles.builtin })
          .from(scanProfiles)
          .where(
            inArray(
              scanProfiles.id,
              ids((r) => r.profileId),
            ),
          )
      : [],
    ids((r) => r.probeId).length
      ? db
          .select({ id: probes.id, name: probes.name })
          .from(probes)
          .where(
            and(
              eq(probes.customerId, customerId),
              inArray(
                probes.id,
                ids((r) => r.probeId),
              ),
            ),
          )
      : [],
    ids((r) => r.probeGroupId).length
      ? db
          .select({ id: probeGroups.id, name: probeGroups.name })
          .from(probeGroups)
          .where(
            and(
              eq(probeGroups.customerId, customerId),
              inArray(
                probeGroups.id,
                ids((r) => r.probeGroupId),
              ),
            ),
          )
      : [],
    db
      .select({ scanId: scanRuns.scanId, id: sql<number>`max(${scanRuns.id})::int` })
      .from(scanRuns)
      .where(
        and(
          eq(scanRuns.customerId, customerId),
          inArray(
            scanRuns.scanId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .groupBy(scanRuns.scanId),
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const u = byId(userRows);
  const p = byId(profileRows);
  const pr = byId(probeRows);
  const g = byId(groupRows);
  const last = new Map(lastRuns.map((r) => [r.scanId, r.id]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    user: r.userId !== null ? (u.get(r.userId) ?? null) : null,
    assets: r.targetIds,
    targets: r.targets,
    exclude: r.exclude,
    unified_tags_set: r.tagSet ?? null,
    profile: r.profileId !== null ? (p.get(r.profileId) ?? null) : null,
    node: r.probeId !== null ? (pr.get(r.probeId) ?? { id: r.probeId, name: '' }) : { ...BUILTIN_PROBE_REF },
    probe_group: r.probeGroupId !== null ? (g.get(r.probeGroupId) ?? null) : null,
    created: r.createdAt.toISOString(),
    last_run: last.get(r.id) ?? null,
    scan_type: r.scanType,
  }));
}

/** A page of the customer's scans of one type, newest first; web scans also by their discovery flag (wscans, wdscans). */
export async function listScans(
  db: Db,
  customerId: number,
  page: number,
  pageSize: number,
  scanType: ScanType = 'nvt',
  discovery?: boolean,
): Promise<{ count: number; rows: ScanRow[] }> {
  const mine = and(
    eq(scans.customerId, customerId),
    eq(scans.scanType, scanType),
    discovery === undefined ? undefined : eq(scans.isWasDiscovery, discovery),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(scans)
      .where(mine)
      .orderBy(desc(scans.createdAt), desc(scans.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scans)
      .where(mine),
  ]);
  return { count: n, rows };
}

export async function deleteScan(db: Tx, customerId: number, id: number): Promise<void> {
  await db.delete(scans).where(and(eq(scans.customerId, customerId), eq(scans.id, id)));
}

export type ScanColumns = Omit<typeof scans.$inferInsert, 'id' | 'customerId' | 'userId' | 'createdAt'>;

export async function insertScan(db: Tx, customerId: number, userId: number, values: ScanColumns): Promise<ScanRow> {
  const [row] = await db
    .insert(scans)
    .values({ ...values, customerId, userId })
    .returning();
  return row!;
}

export async function updateScan(db: Tx, customerId: number, id: number, values: ScanColumns): Promise<ScanRow> {
  const [row] = await db
    .update(scans)
    .set(values)
    .where(and(eq(scans.customerId, customerId), eq(scans.id, id)))
    .returning();
  return row!;
}
