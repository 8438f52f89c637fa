// Queries of the web scan routes: a customer's web scans or discovery scans, newest first; the built-in Standard
// web profile.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanProfiles, scans } from '../../db/schema/index.ts';
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
