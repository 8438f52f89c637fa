// Queries of the web scan routes: the built-in Standard web profile and the URLs of web applications (the scan list
// itself is the scans module's listScans).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets, scanProfiles } from '../../db/schema/index.ts';

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
