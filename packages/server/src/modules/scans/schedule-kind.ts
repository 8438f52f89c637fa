// Which kind of scan a schedule runs: the type of the profile it names (a policy profile makes a policy scan, a web
// profile a web scan, a cloud profile a cloud scan of its account), as far as the kind's descriptor says it can be
// scheduled; and whether that kind's schedules name targets.
import { and, eq, isNull, or } from 'drizzle-orm';
import { scanKindOfType, type ScanType } from '@bulwark/core';
import type { Tx } from '../../db/client.ts';
import { scanProfiles } from '../../db/schema/index.ts';

/** The type of a profile the customer may use (its own or a built-in), or null when there is none. */
export async function profileTypeOf(db: Tx, customerId: number, profileId: number): Promise<ScanType | null> {
  const [row] = await db
    .select({ type: scanProfiles.type })
    .from(scanProfiles)
    .where(and(eq(scanProfiles.id, profileId), or(eq(scanProfiles.customerId, customerId), isNull(scanProfiles.customerId))));
  return row?.type ?? null;
}

/** The scan type a schedule with a profile of this type makes: the profile's kind when it is schedulable, else a network scan. */
export const scheduleScanType = (profileType: ScanType | null): ScanType =>
  profileType !== null && scanKindOfType(profileType).schedule !== null ? profileType : 'nvt';

/** Whether a schedule of this scan type names targets (a cloud schedule's profile names its account instead). */
export const scheduleHasTargets = (scanType: ScanType): boolean => scanKindOfType(scanType).schedule?.targets !== false;

/** What a schedule that says its kind is told when its profile is of another: 'A policy schedule needs a policy profile.' */
export function wrongKindMessage(wanted: ScanType): string {
  const kind = scanKindOfType(wanted);
  return `A ${kind.schedule?.label ?? kind.labels.scan} needs a ${kind.labels.profile}.`;
}
