// Which assets a profile watches: its assets, the hosts inside its networks and ranges, its tags' assets, minus its
// minus tags' assets, never archived ones. (Pinned signature; built by its helper.)
import type { Tx } from '../../db/client.ts';

/** How many assets each profile watches now. */
export async function countWatched(db: Tx, customerId: number, profileIds: number[]): Promise<Map<number, number>> {
  void db;
  void customerId;
  return new Map(profileIds.map((id) => [id, 0]));
}
