// Which kind of scan a schedule runs: the type of the profile it names (a web profile makes a web scan, a cloud profile
// a cloud scan of its account).
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { scanProfiles } from '../../db/schema/index.ts';

/** The type of a profile the customer may use (its own or a built-in), or null when there is none. */
export async function profileTypeOf(db: Tx, customerId: number, profileId: number): Promise<'nvt' | 'oval' | 'was' | 'cloud' | null> {
  const [row] = await db
    .select({ type: scanProfiles.type })
    .from(scanProfiles)
    .where(and(eq(scanProfiles.id, profileId), or(eq(scanProfiles.customerId, customerId), isNull(scanProfiles.customerId))));
  return row?.type ?? null;
}

/** The scan type a schedule with a profile of this type makes: web and cloud profiles their own kind, the rest network scans. */
export const scheduleScanType = (profileType: 'nvt' | 'oval' | 'was' | 'cloud' | null): 'nvt' | 'was' | 'cloud' =>
  profileType === 'was' || profileType === 'cloud' ? profileType : 'nvt';
