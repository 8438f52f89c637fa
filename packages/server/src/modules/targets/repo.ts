// Queries of scan targets — the host, network and range assets — always for one customer; also what scans use to resolve target ids.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/rows.ts';
import { isPublicAddress, type TargetKind, deleteAssets } from '../assets/index.ts';
import { isIP } from 'node:net';
import { ASSET_KIND_TYPE } from '@bulwark/core';

export type TargetRow = typeof assets.$inferSelect;
/** The assets a network scan targets. */
const TARGET_KINDS: TargetKind[] = ['host', 'network', 'range'];
export type TargetOrdering = 'value' | 'name' | 'created' | 'id';

const ORDER_COLUMNS = { value: assets.value, name: assets.name, created: assets.createdAt, id: assets.id };

export async function listTargets(
  db: Db,
  customerId: number,
  kinds: readonly TargetKind[],
  opts: { page: number; pageSize: number; ordering: TargetOrdering; descending: boolean; search?: string },
): Promise<{ count: number; rows: TargetRow[] }> {
  const pattern = opts.search ? containsPattern(opts.search) : undefined;
  const where = and(
    eq(assets.customerId, customerId),
    inArray(assets.kind, [...kinds]),
    pattern
      ? or(sql`${assets.value} ilike ${pattern}`, sql`${assets.name} ilike ${pattern}`, sql`${assets.description} ilike ${pattern}`)
      : undefined,
  );
  const key = ORDER_COLUMNS[opts.ordering];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(assets)
      .where(where)
      .orderBy(opts.descending ? desc(key) : asc(key), asc(assets.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(assets)
      .where(where),
  ]);
  return { count: Number(n), rows };
}

export async function getTarget(db: Tx, customerId: number, kinds: readonly TargetKind[], id: number): Promise<TargetRow | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.customerId, customerId), inArray(assets.kind, [...kinds]), eq(assets.id, id)));
  return row ?? null;
}

/** The customer's target with this kind and normalised value, if any (the duplicate check). */
export async function findTarget(
  db: Tx,
  customerId: number,
  kind: TargetKind,
  value: string,
  exceptId?: number,
): Promise<TargetRow | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(
      and(
        eq(assets.customerId, customerId),
        eq(assets.kind, kind),
        eq(assets.value, value),
        exceptId !== undefined ? sql`${assets.id} <> ${exceptId}` : undefined,
      ),
    );
  return row ?? null;
}

export interface TargetValues {
  kind: TargetKind;
  value: string;
  name: string;
  description: string;
}

/** The asset columns of a target: its type code, and for a host written as an address, that address. */
function assetColumns(customerId: number, userId: number | null, v: TargetValues) {
  const address = v.kind === 'host' && isIP(v.value) ? v.value : null;
  return {
    customerId,
    createdBy: userId,
    ...v,
    type: ASSET_KIND_TYPE[v.kind],
    address,
    internetFacing: address !== null && isPublicAddress(address),
  };
}

/** Inserts a target; null when the customer already has it (same kind and value). */
export async function insertTarget(db: Tx, customerId: number, userId: number | null, v: TargetValues): Promise<TargetRow | null> {
  const [row] = await db
    .insert(assets)
    .values(assetColumns(customerId, userId, v))
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Inserts many targets, skipping those the customer already has; returns the inserted rows. */
export async function insertTargets(db: Tx, customerId: number, userId: number | null, values: TargetValues[]): Promise<TargetRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(assets)
    .values(values.map((v) => assetColumns(customerId, userId, v)))
    .onConflictDoNothing()
    .returning();
}

export async function updateTarget(db: Tx, customerId: number, id: number, v: TargetValues): Promise<TargetRow | null> {
  const [row] = await db
    .update(assets)
    .set({
      ...v,
      address:
        v.kind === 'host' && isIP(v.value)
          ? v.value
          : sql`case when ${assets.kind} = 'host' and ${assets.value} = ${v.value} then ${assets.address} end`,
      modifiedAt: new Date(),
    })
    .where(and(eq(assets.customerId, customerId), eq(assets.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes a target (an asset of one of `kinds`) and drops its id from the customer's scans, in one transaction. We
 * allow deleting a target a scan uses (rather than refusing) because runs keep the targets they resolved at start, so
 * history is unchanged, while a refusal would make clearing out old assets a chore of editing every scan first. A scan
 * whose only target goes has nothing left to scan; starting it then fails on its empty target list, which says plainly
 * what to fix.
 */
export async function deleteTarget(db: Db, customerId: number, kinds: readonly TargetKind[], id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await getTarget(tx, customerId, kinds, id))) return false;
    return (await deleteAssets(tx, { customerId, limitedToTags: null }, [id])) > 0;
  });
}

/** Asset ids a scan names that the customer does not have: answered as 400 keyed `assets`. */
export class UnknownTargetsError extends ApiError {
  constructor(public readonly ids: number[]) {
    super(400, { assets: [`${ids.length > 1 ? 'These targets do' : 'This target does'} not exist: ${ids.join(', ')}.`] });
  }
}

/**
 * The customer's targets with these ids, in the order asked (duplicates once), for the scans module to turn asset ids
 * into target strings. Throws UnknownTargetsError (a 400 keyed `assets`) naming ids the customer does not have.
 */
export async function resolveTargets(
  db: Tx,
  customerId: number,
  ids: readonly number[],
): Promise<{ id: number; kind: TargetKind; value: string }[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = new Map<number, { id: number; kind: TargetKind; value: string }>();
  // Chunks keep the parameter count well under the protocol's limit for scans with thousands of assets.
  for (let i = 0; i < wanted.length; i += 5000) {
    const rows = await db
      .select({ id: assets.id, kind: assets.kind, value: assets.value })
      .from(assets)
      .where(and(eq(assets.customerId, customerId), inArray(assets.kind, TARGET_KINDS), inArray(assets.id, wanted.slice(i, i + 5000))));
    for (const r of rows) found.set(r.id, { ...r, kind: r.kind as TargetKind });
  }
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw new UnknownTargetsError(missing);
  return wanted.map((id) => found.get(id)!);
}
