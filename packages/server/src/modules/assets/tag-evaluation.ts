// Keeps dynamic tags on the assets their rules match, within seconds rather than the spec's 5 minutes: a tag's rules
// are applied to every asset when they change, and every dynamic tag is applied to the assets a scan or a user just
// changed. Each run is one statement per tag, in the caller's transaction.
import { sql } from 'drizzle-orm';
import type { TagRule, TagSetSelection } from '@bulwark/core';
import type { Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { rulesCondition, tagSetCondition } from './tag-rules.ts';

/** Applies one dynamic tag's rules to every asset of the customer; answers how many carry it now. */
export async function evaluateTag(tx: Tx, customerId: number, tagId: number, rules: readonly TagRule[]): Promise<number> {
  const condition = rulesCondition(rules);
  await tx.execute(sql`
    delete from asset_tags x using assets a
    where x.tag_id = ${tagId} and a.id = x.asset_id and not (${condition})`);
  await tx.execute(sql`
    insert into asset_tags (tag_id, asset_id, customer_id)
    select ${tagId}, a.id, ${customerId} from assets a where a.customer_id = ${customerId} and ${condition}
    on conflict do nothing`);
  await tx.execute(sql`update tags set evaluated_at = now() where id = ${tagId}`);
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from asset_tags where tag_id = ${tagId}`);
  return Number(row?.n ?? 0);
}

/** Applies every dynamic tag of the customer to these assets (after a scan or an edit changed them). */
export async function evaluateAssets(tx: Tx, customerId: number, assetIds: readonly number[]): Promise<void> {
  if (assetIds.length === 0) return;
  const dynamic = await queryRows<{ id: number; rules: TagRule[] }>(
    tx,
    sql`select id, rules from tags where customer_id = ${customerId} and is_dynamic`,
  );
  const ids = intArray(assetIds);
  for (const t of dynamic) {
    const condition = rulesCondition(t.rules);
    await tx.execute(sql`
      delete from asset_tags x using assets a
      where x.tag_id = ${t.id} and x.asset_id = any(${ids}) and a.id = x.asset_id and not (${condition})`);
    await tx.execute(sql`
      insert into asset_tags (tag_id, asset_id, customer_id)
      select ${t.id}, a.id, ${customerId} from assets a where a.customer_id = ${customerId} and a.id = any(${ids}) and ${condition}
      on conflict do nothing`);
  }
}

/** The values of the host, network and range assets a tag set selects now (what a scan by tags scans). */
export async function tagSetTargets(tx: Tx, customerId: number, set: TagSetSelection): Promise<string[]> {
  const rows = await queryRows<{ value: string }>(
    tx,
    sql`select a.value from assets a where a.customer_id = ${customerId} and a.archived_at is null
          and a.kind in ('host', 'network', 'range') and ${tagSetCondition(set)}
        order by a.id`,
  );
  return rows.map((r) => r.value);
}
