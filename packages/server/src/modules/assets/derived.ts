// What is derived from an asset and its findings, refreshed in one order wherever an asset or its findings change:
// dynamic tags first (their rules read the asset's fields and its open findings' severity), then the risk score (a
// tag's business impact weighs it). Findings changes add the issue counts on top (vulnerabilities' afterFindingsChanged).
import type { Tx } from '../../db/client.ts';
import { refreshAssetRisk } from './risk.ts';
import { evaluateAssets } from './tag-evaluation.ts';

const CHUNK = 5000;

export async function refreshAssetsDerived(tx: Tx, customerId: number, assetIds: readonly number[]): Promise<void> {
  for (let i = 0; i < assetIds.length; i += CHUNK) {
    const chunk = assetIds.slice(i, i + CHUNK);
    await evaluateAssets(tx, customerId, chunk);
    await refreshAssetRisk(tx, customerId, chunk);
  }
}
