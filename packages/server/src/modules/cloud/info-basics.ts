// The profile picker of cloud scans (cloud/cloud_basics/): id, name and provider of each of the customer's cloud profiles.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanProfiles } from '../../db/schema/index.ts';

export async function cloudBasicsOf(db: Db, customerId: number): Promise<{ id: number; name: string; provider: number }[]> {
  const rows = await db
    .select({ id: scanProfiles.id, name: scanProfiles.name, provider: sql<number>`(${scanProfiles.fields} ->> 'provider')::int` })
    .from(scanProfiles)
    .where(and(eq(scanProfiles.customerId, customerId), eq(scanProfiles.type, 'cloud')))
    .orderBy(sql`lower(${scanProfiles.name})`, asc(scanProfiles.id));
  return rows.map((r) => ({ id: r.id, name: r.name, provider: Number(r.provider) }));
}
