// Queries of the web scan routes: a customer's web scans or discovery scans, newest first; the built-in Standard
// web profile.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets, scanProfiles, scans } from '../../db/schema/index.ts';
import type { ScanRow } from '../scans/index.ts';

export async function listWebScans(
  db: Db,
  customerId: number,
  page: number,
  pageSize: number,
  discovery: boolean,
): Promise<{ count: number; rows: ScanRow[] }> {
  const mine = and(eq(scans.customerId, customerId), eq(scans.scanType, 'was'), eq(scans.isWasDiscovery, discovery));
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

/** A discovery scan without a profile crawls with the built-in Standard profile's limits and no sign-in. */
export async function standardProfileId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: scanProfiles.id })
    .from(scanProfiles)
    .where(and(isNull(scanProfiles.customerId), eq(scanProfiles.type, 'was'), eq(scanProfiles.name, 'Standard')));
  return row?.id ?? null;
}

/** The URLs of the customer's web applications among these asset ids, by id. */
export async function webAppUrls(db: Db, customerId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: assets.id, value: assets.value })
    .from(assets)
    .where(and(eq(assets.customerId, customerId), eq(assets.kind, 'webapp'), inArray(assets.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.value]));
}
