// The one entry every engine that changes findings calls afterwards (results processing of network and policy runs,
// the lifecycle archive, ignores and their expiry): the derived data follows in one order — the assets' dynamic tags,
// then their risk, then the counts and risk of the issues their findings belong to.
import type { Tx } from '../../db/client.ts';
import { refreshAssetsDerived } from '../assets/index.ts';
import { issuesOfAssets, refreshIssues } from './issues.ts';

const CHUNK = 5000;

export async function afterFindingsChanged(
  tx: Tx,
  customerId: number,
  assetIds: readonly number[],
  /** The issues whose findings changed, when the caller knows them; otherwise every issue with findings on the assets. */
  issueIds?: readonly number[],
): Promise<void> {
  await refreshAssetsDerived(tx, customerId, assetIds);
  const issues = issueIds ?? (await issuesOfAssets(tx, customerId, assetIds));
  for (let i = 0; i < issues.length; i += CHUNK) await refreshIssues(tx, customerId, issues.slice(i, i + CHUNK));
}
