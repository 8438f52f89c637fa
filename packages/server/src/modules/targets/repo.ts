// Queries of scan targets (hosts, networks, ranges), always for one customer; also what scans use to resolve target ids.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanTargets, scans } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/rows.ts';
import type { TargetKind } from './normalise.ts';

export type TargetRow = typeof scanTargets.$inferSelect;
export type TargetOrdering = 'value' | 'name' | 'created' | 'id';

const ORDER_COLUMNS = { value: scanTargets.value, name: scanTargets.name, created: scanTargets.createdAt, id: scanTargets.id };

/** Whether an error is a unique-index violation (node-postgres and PGlite both carry SQLSTATE 23505, maybe under `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return true;
  }
  return false;
}

export async function listTargets(
  db: Db,
  customerId: number,
  kinds: readonly TargetKind[],
  opts: { page: number; pageSize: number; ordering: TargetOrdering; descending: boolean; search?: string },
): Promise<{ count: number; rows: TargetRow[] }> {
  const pattern = opts.search ? containsPattern(opts.search) : undefined;
  const where = and(
    eq(scanTargets.customerId, customerId),
    inArray(scanTargets.kind, [...kinds]),
    pattern
      ? or(
          sql`${scanTargets.value} ilike ${pattern}`,
          sql`${scanTargets.name} ilike ${pattern}`,
          sql`${scanTargets.description} ilike ${pattern}`,
        )
      : undefined,
  );
  const key = ORDER_COLUMNS[opts.ordering];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(scanTargets)
      .where(where)
      .orderBy(opts.descending ? desc(key) : asc(key), asc(scanTargets.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(scanTargets)
      .where(where),
  ]);
  return { count: Number(n), rows };
}

export async function getTarget(db: Tx, customerId: number, kinds: readonly TargetKind[], id: number): Promise<TargetRow | null> {
  const [row] = await db
    .select()
    .from(scanTargets)
    .where(and(eq(scanTargets.customerId, customerId), inArray(scanTargets.kind, [...kinds]), eq(scanTargets.id, id)));
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
    .from(scanTargets)
    .where(
      and(
        eq(scanTargets.customerId, customerId),
        eq(scanTargets.kind, kind),
        eq(scanTargets.value, value),
        exceptId !== undefined ? sql`${scanTargets.id} <> ${exceptId}` : undefined,
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

/** Inserts a target; null when the customer already has it (same kind and value). */
export async function insertTarget(db: Tx, customerId: number, userId: number | null, v: TargetValues): Promise<TargetRow | null> {
  const [row] = await db
    .insert(scanTargets)
    .values({ customerId, createdBy: userId, ...v })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Inserts many targets, skipping those the customer already has; returns the inserted rows. */
export async function insertTargets(db: Tx, customerId: number, userId: number | null, values: TargetValues[]): Promise<TargetRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(scanTargets)
    .values(values.map((v) => ({ customerId, createdBy: userId, ...v })))
    .onConflictDoNothing()
    .returning();
}

export async function updateTarget(db: Tx, customerId: number, id: number, v: TargetValues): Promise<TargetRow | null> {
  const [row] = await db
    .update(scanTargets)
    .set(v)
    .where(and(eq(scanTargets.customerId, customerId), eq(scanTargets.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes a target and drops its id from the customer's scans, in one transaction. We allow deleting a target a scan
 * uses (rather than refusing) because runs keep the targets they resolved at start, so history is unchanged, while a
 * refusal would make clearing out old assets a chore of editing every scan first. A scan whose only target goes has
 * nothing left to scan; starting it then fails on its empty target list, which says plainly what to fix.
 */
export async function deleteTarget(db: Db, customerId: number, kinds: readonly TargetKind[], id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(scanTargets)
      .where(and(eq(scanTargets.customerId, customerId), inArray(scanTargets.kind, [...kinds]), eq(scanTargets.id, id)))
      .returning({ id: scanTargets.id });
    if (!gone) return false;
    await tx
      .update(scans)
      .set({
        targetIds: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${scans.targetIds}) e where e <> to_jsonb(${id}::int))`,
      })
      .where(and(eq(scans.customerId, customerId), sql`${scans.targetIds} @> jsonb_build_array(${id}::int)`));
    return true;
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
      .select({ id: scanTargets.id, kind: scanTargets.kind, value: scanTargets.value })
      .from(scanTargets)
      .where(and(eq(scanTargets.customerId, customerId), inArray(scanTargets.id, wanted.slice(i, i + 5000))));
    for (const r of rows) found.set(r.id, r);
  }
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw new UnknownTargetsError(missing);
  return wanted.map((id) => found.get(id)!);
}
