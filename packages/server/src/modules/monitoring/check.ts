// One round of a profile's own check: look at the watched assets' ports and certificates, compare with the known
// state, confirm changes by a second look, raise, update and resolve alerts. (Pinned signature; built by its helper.)
import type { MonitoringCheckResult } from '@bulwark/core';
import type { AppContext } from '../../context.ts';

export async function runProfileCheck(ctx: AppContext, customerId: number, profileId: number, now: Date): Promise<MonitoringCheckResult> {
  throw new Error(`not built yet (${customerId}/${profileId} at ${now.toISOString()})`);
}
