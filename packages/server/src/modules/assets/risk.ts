// Keeps each asset's risk score (docs/risk-score.md, "An asset"): from its open findings' scores, whether it faces the
// internet and its business criticality (its own, or its tags' business impact when higher). Results processing calls it for the hosts of a batch; changing an asset's
// criticality or exposure calls it for that asset, changing the customer's minimum quality of detection (findings below
// it do not count) for every asset of the customer.
import { sql } from 'drizzle-orm';
import { assetRiskScore } from '@bulwark/intel';
import type { BusinessCriticality } from '@bulwark/core';
import type { Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';

export async function refreshAssetRisk(tx: Tx, customerId: number, assetIds: readonly number[]): Promise<void> {
  if (assetIds.length === 0) return;
  const rows = await queryRows<{ id: number; internet_facing: boolean; criticality: number; scores: number[] | null }>(
    tx,
    // A tag's business impact raises the criticality of the assets carrying it (the highest wins).
    sql`select a.id, a.internet_facing,
               greatest(a.criticality, coalesce((select max(t.business_impact) from asset_tags x join tags t on t.id = x.tag_id
                                                  where x.asset_id = a.id), 0)) as criticality,
               (select array_agg(f.risk_score order by f.risk_score desc) from findings f
                where f.host_id = a.id and f.state <> 3 and f.ignore_kind is null and not f.test_ignored
                  and f.qod >= (select c.min_qod from customers c where c.id = a.customer_id)) as scores
        from assets a where a.customer_id = ${customerId} and a.id = any(${intArray(assetIds)})`,
  );
  const scored = rows.map((r) => ({
    id: Number(r.id),
    risk: Math.round(
      assetRiskScore((r.scores ?? []).map(Number), {
        internetFacing: r.internet_facing,
        criticality: Number(r.criticality) as BusinessCriticality,
      }),
    ),
  }));
  await tx.execute(sql`
    update assets a set risk_score = x.risk
    from jsonb_to_recordset(${JSON.stringify(scored)}::jsonb) as x(id int, risk int)
    where a.id = x.id and a.risk_score is distinct from x.risk`);
}

/** Every asset's risk of the customer again (its minimum quality of detection changed), a chunk at a time. */
export async function refreshAllAssetRisk(tx: Tx, customerId: number, chunk = 5000): Promise<void> {
  const ids = (await queryRows<{ id: number }>(tx, sql`select id from assets where customer_id = ${customerId} order by id`)).map((r) =>
    Number(r.id),
  );
  for (let i = 0; i < ids.length; i += chunk) await refreshAssetRisk(tx, customerId, ids.slice(i, i + chunk));
}
