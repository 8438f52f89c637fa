// Starting a cloud scan (scan_type 'cloud'), what differs from the generic start (start.ts): the target is the
// profile's provider account, read by one task (the engine spreads its calls over the regions itself); the provider and
// the regions to read are copied onto the run.
import { cloudProviderOf, cloudRegionsOf, type CloudFields } from '../../lib/cloud-profile.ts';
import { and, eq, or, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { scanProfiles } from '../../db/schema/index.ts';
import type { ScanRow } from './scan-repo.ts';
import { StartError, type RunStarter } from './start-error.ts';

/** The scan's cloud profile (the customer's own, of type cloud), or a StartError on profile. */
async function cloudProfileOf(db: Tx, customerId: number, scan: ScanRow) {
  if (scan.profileId === null) throw new StartError('profile', 'The scan has no cloud profile.');
  const [row] = await db
    .select({ id: scanProfiles.id, name: scanProfiles.name, type: scanProfiles.type, fields: scanProfiles.fields })
    .from(scanProfiles)
    .where(
      and(
        eq(scanProfiles.id, scan.profileId),
        or(eq(scanProfiles.customerId, customerId), isNull(scanProfiles.customerId)),
        eq(scanProfiles.type, 'cloud'),
      ),
    );
  if (!row) throw new StartError('profile', 'The scan’s cloud profile no longer exists.');
  const key = cloudProviderOf(row.fields as unknown as CloudFields);
  if (!key) throw new StartError('profile', 'The scan’s cloud profile names no provider.');
  return { ...row, key };
}

/** Cloud runs: one task for the profile's account (`aws:<profile name>` until the scan reads the account's id). */
export const cloudStarter: RunStarter = {
  targets: async (db, customerId, scan) => {
    const profile = await cloudProfileOf(db, customerId, scan);
    return [`${profile.key}:${profile.name}`];
  },
  noTargets: 'The scan has no cloud profile to scan.',
  extras: async (db, customerId, scan) => {
    const profile = await cloudProfileOf(db, customerId, scan);
    const regions = cloudRegionsOf(profile.key, profile.fields as unknown as CloudFields);
    if (regions.length === 0)
      throw new StartError('profile', `No region of ${profile.key} is known to scan: choose the regions in the profile.`);
    const provider = (profile.fields as unknown as { provider: number }).provider;
    return { cloud: { provider, account: null, accountName: null, regions } };
  },
  plan: async (targets) => ({ hosts: 1, tasks: [{ targets, hosts: 1 }], group: false }),
};
